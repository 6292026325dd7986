# audit.derived: an object never built alone, only returned by another family's call from
# its own object (liburcu's struct cds_wfs_head, what __cds_wfs_pop_all(stack) returns):
# the family starts from what that producer returns from a new source object after a call
# that fills it (a push of a new, initialized node), or as it is. Before, the batch was a zeroed struct, whose NULL next reads as a push still
# linking in: every walk waited for good and batch_count and batch_sum gave no result from
# any state (failed; urcu/wfstack.h's cds_wfs_for_each_blocking the same, 88% of its
# names in a verdict). A producer that waits while its source is empty (a mailbox's receive)
# gets a filled source first; one that crashes on every source leaves a zeroed object. An
# operation on a node that waits for good on every unlinked one is audited on a pushed one.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/derived"
audit "$FIX/batch.h" "$FIX/batch.c"
expect_match "$out" "batch: 2 operations, initial state: obj = bstack_pop_all\(a new struct bstack after bstack_push\(\.\.\.\), or as it is\), or a zeroed struct batch" \
	"the batch is what pop_all returns from a new stack, after a push"
expect_eq "$(op_result "$DB" batch fresh batch_count)" 1 "the batch holds the pushed node: count 1"
expect_eq "$(op_result "$DB" batch fresh batch_sum)" 1 "its value, set by the push: sum 1"
expect_eq "$(v batch batch_count batch_sum)" "commutative" "two walks of one batch commute"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'batch'
	AND blocked_states = 0 AND crash_states = 0")" 3 "no walk waited or crashed"
# A node's next waits for good on a node no push linked (a zeroed, initialized one: its NULL
# next is a push still linking in), from every state of the node's family: it is audited
# again on a node pushed onto a new stack (audit_plan_relink), where it is the last one.
expect_match "$out" "bnode_linked: 1 operation, initial state: obj = a new struct bnode after bstack_push\(a new struct bstack, obj\)" \
	"the node family started again from a pushed node"
expect_eq "$(op_result "$DB" bnode_linked fresh bnode_next)" "NULL" "the pushed node is the last: next is NULL"
expect_eq "$(q "$DB" "SELECT group_concat(name, ', ') FROM (SELECT name FROM audit_items
	WHERE run_id = $run AND status = 'failed' ORDER BY name)")" "bnode_init, struct bnode" \
	"what failed is the node family as first started, and its initializer with it: not bnode_next"
expect_eq "$(v bnode_linked bnode_next bnode_next)" "commutative" "two nexts of the last node commute"
finish
