# audit.init_macro: an intrusive list head initialized by a statement macro in capitals
# (NODE_INIT_HEAD(ptr), as urcu/list.h's CDS_INIT_LIST_HEAD), beside a function named like
# an initializer that first unlinks (node_del_init, as cds_list_del_init). The macro is
# API, audited through its wrapper, and starts the family; node_del_init does not (on a
# zeroed head its unlinking crashed, and the family had no initial state: urcu/list.h
# audited nothing, 12 of its 21 names are in a verdict now).
. "$(dirname "$0")/lib.sh"
audit "$AFIX/nodelist.h"
expect_eq "$(item family 'struct node')" "audited: a zeroed struct node, then NODE_INIT_HEAD(obj, ...)" \
	"the list head starts from its initializing macro"
expect_eq "$(oneway node node_add node_empty)" "node_add->node_empty" "an add makes the list non-empty"
expect_eq "$(oneway node node_del_init node_empty)" "node_del_init->node_empty" \
	"node_del_init is an operation: taking the head out of a ring of two leaves it empty"
expect_eq "$(oneway node NODE_INIT_HEAD node_empty)" "NODE_INIT_HEAD->node_empty" "and so is the macro"
expect_eq "$(crashing_pairs)" 0 "no pair crashed"
finish
