# audit.urcu_wfstack: liburcu's wait-free stack with -D_LGPL_SOURCE (the functions are the
# header's static inline _cds_wfs_* bodies). Its functions take a transparent union of
# the two stack types, so they join both families. push returns whether the stack was
# empty: push with itself is snc; so is the caller-synchronized pop with itself. The
# verdicts name the operations as users call them: the macros cds_wfs_push and
# __cds_wfs_pop_blocking, whose functions the alias table keeps.
. "$(dirname "$0")/lib.sh"
need_urcu
audit "$URCU/wfstack.h" --family cds_wfs_stack --family __cds_wfs_stack -- -D_LGPL_SOURCE
expect_eq "$(v cds_wfs_stack cds_wfs_push cds_wfs_push)" "snc" "push with itself (returns was-empty)"
expect_eq "$(v cds_wfs_stack __cds_wfs_pop_blocking __cds_wfs_pop_blocking)" "snc" "pop with itself"
expect_eq "$(v __cds_wfs_stack cds_wfs_push cds_wfs_push)" "snc" "the lock-free stack type too"
expect_match "$(item family 'struct cds_wfs_stack')" "^audited: a zeroed struct cds_wfs_stack, then _cds_wfs_init" \
	"the initializer builds it"
expect_match "$(q "$DB" "SELECT f_alone FROM pair_verdicts WHERE run_id = $run AND harness = 'cds_wfs_stack'
                         AND f = '__cds_wfs_pop_blocking' AND g = '__cds_wfs_pop_blocking'")" "^node#0$" \
	"pops return the pool node pushed"
expect_eq "$(q "$DB" "SELECT kind || ' ' || target || ' ' || status FROM api_aliases WHERE run_id = $run AND name = 'cds_wfs_push'")" \
	"object-like _cds_wfs_push audited" "the verdicts name the macro users call; the alias table keeps its function"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run
                      AND f IN (SELECT target FROM api_aliases WHERE run_id = $run)")" \
	"0" "no verdict names an implementation function by its own name"
finish
