# audit.urcu_wfstack: liburcu's wait-free stack with -D_LGPL_SOURCE (the functions are the
# header's static inline _cds_wfs_* bodies). Its functions take a transparent union of
# the two stack types, so they join both families. push returns whether the stack was
# empty: push with itself is snc; so is the caller-synchronized pop with itself.
. "$(dirname "$0")/lib.sh"
need_urcu
audit "$URCU/wfstack.h" --family cds_wfs_stack --family __cds_wfs_stack -- -D_LGPL_SOURCE
expect_eq "$(v cds_wfs_stack _cds_wfs_push _cds_wfs_push)" "snc" "push with itself (returns was-empty)"
expect_eq "$(v cds_wfs_stack ___cds_wfs_pop_blocking ___cds_wfs_pop_blocking)" "snc" "pop with itself"
expect_eq "$(v __cds_wfs_stack _cds_wfs_push _cds_wfs_push)" "snc" "the lock-free stack type too"
expect_match "$(item family 'struct cds_wfs_stack')" "^audited: a zeroed struct cds_wfs_stack, then _cds_wfs_init" \
	"the initializer builds it"
expect_match "$(q "$DB" "SELECT f_alone FROM pair_verdicts WHERE run_id = $run AND harness = 'cds_wfs_stack'
                         AND f = '___cds_wfs_pop_blocking' AND g = '___cds_wfs_pop_blocking'")" "^node#0$" \
	"pops return the pool node pushed"
finish
