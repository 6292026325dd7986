# audit.coverage: the public names (functions and function-like macros) of the headers
# audited here are in a verdict (at least 90%), and
# the rest are listed with a reason. Which
# names are in a verdict does not depend on the states explored, so the audits run from the
# fresh state only (--depth 0, no boundary states): quick. What brings them in: the
# initializers and destructors are operations with the owner-only contract (ck_fifo);
# functions without an object or state form the stateless family (ck_bitmap_size); macros
# that call no single function get wrappers typed from their expansions
# (cds_wfs_for_each_blocking(head, node) calls cds_wfs_first(head) and
# cds_wfs_next_blocking(node); node, the loop's cursor, is declared in the wrapper, which
# counts the iterations).
. "$(dirname "$0")/lib.sh"
need_ck
cover() { audit --depth 0 --boundary 0 "$@"; }
cover /usr/include/ck_fifo.h
expect_match "$out" "API: 18 public names \(18 functions, 0 macros\), 18 in a verdict \(100%\)" \
	"every public name of ck_fifo.h is in a verdict"
expect_eq "$(contract ck_fifo_spsc ck_fifo_spsc_deinit ck_fifo_spsc_deinit)" "owner-only" "deinit is an operation, owner-only"
expect_eq "$(contract ck_fifo_spsc ck_fifo_spsc_init ck_fifo_spsc_init)" "owner-only" "so is init"
cover /usr/include/ck_bitmap.h
expect_match "$out" "API: 19 public names \(19 functions, 0 macros\), 1[89] in a verdict \((9[0-9]|100)%\)" \
	"at least 90% of ck_bitmap.h's public names are in a verdict"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND kind IN ('function', 'macro')
                      AND status <> 'audited' AND coalesce(detail, '') = ''")" "0" "every name not in a verdict says why"
need_urcu
cover "$URCU/wfstack.h" -- -D_LGPL_SOURCE
# A head is what __cds_wfs_pop_all hands out: the head family starts from what it returns
# from a new stack after a push (audit_derive.c), so the iterators give a result. Before,
# from a zeroed head they waited for a successor for good (88%). _cds_wfs_next_blocking on
# a zeroed node (a node is pushed, not made) waits too, from every state of the node
# family: it is audited again on a node a push linked into a new stack (audit_plan_relink;
# 96% before that).
expect_match "$out" "API: 25 public names \\(4 functions, 21 macros\\), 25 in a verdict \\(100%\\), 0 build an initial state, 0 skipped, 0 failed" \
	"wfstack.h: every public name in a verdict"
expect_match "$out" "cds_wfs_head: 3 operations, initial state: obj = ___cds_wfs_pop_all\\(a new struct __cds_wfs_stack after _cds_wfs_push\\(\\.\\.\\.\\), or as it is\\), or a zeroed struct cds_wfs_head" \
	"the head is what a pop-all returns from a stack after a push"
expect_match "$out" "cds_wfs_node_linked: 1 operation, initial state: obj = a new struct cds_wfs_node after _cds_wfs_push\\(a new struct __cds_wfs_stack, obj\\)" \
	"the node's next is audited on a pushed node"
expect_match "$(item function _cds_wfs_next_blocking)" "^audited: gave no result alone from the object _cds_wfs_node_init\\(\\) makes \\(blocks\\): audited from the one _cds_wfs_push\\(\\) makes \\(harness cds_wfs_node_linked\\)" \
	"with why"
expect_eq "$(q "$DB" "SELECT target || '(' || args || ')' FROM api_aliases WHERE run_id = $run AND name = 'cds_wfs_for_each_blocking'")" \
	"snc_macro_cds_wfs_for_each_blocking(struct cds_wfs_head *head)" \
	"the iterator macro is typed from the functions its expansion calls; its cursor node is a local of its wrapper"
expect_eq "$(q "$DB" "SELECT verdict || ' ' || (blocked_states > 0) FROM pair_verdicts WHERE run_id = $run
                      AND f = 'cds_wfs_for_each_blocking' AND g = 'cds_wfs_for_each_blocking'")" "commutative 0" \
	"and is an operation of the family of what it iterates over: two walks of one popped chain commute"
expect_eq "$(op_result "$DB" cds_wfs_head fresh cds_wfs_for_each_blocking)" "1" \
	"the walk visits the one pushed node"
finish
