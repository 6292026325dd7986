# audit.urcu_lfstack: liburcu's lock-free stack (-D_LGPL_SOURCE). push returns whether the
# stack was empty (snc with itself); the pop that needs the caller's exclusion (__cds_lfs_pop)
# is snc with itself as well.
. "$(dirname "$0")/lib.sh"
need_urcu
audit "$URCU/lfstack.h" --family __cds_lfs_stack -- -D_LGPL_SOURCE
expect_eq "$(v __cds_lfs_stack cds_lfs_push cds_lfs_push)" "snc" "push with itself"
expect_eq "$(v __cds_lfs_stack __cds_lfs_pop __cds_lfs_pop)" "snc" "pop with itself"
expect_eq "$(v __cds_lfs_stack cds_lfs_empty cds_lfs_empty)" "commutative" "empty only reads"
finish
