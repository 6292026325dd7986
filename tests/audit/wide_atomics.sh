# audit.wide_atomics: a library whose 16-byte atomics gcc compiles to calls of libatomic
# (__atomic_load_16, __atomic_compare_exchange_16) links its harnesses: every family
# failed with "undefined reference to `__atomic_load_16'" before.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/wide.h" "$AFIX/wide.c"
expect_eq "$(item family 'struct ver' | cut -d: -f1)" "audited" "the family builds and runs"
expect_eq "$(v ver ver_set ver_set)" "snc" "each set returns the version the other replaced"
expect_eq "$(oneway ver ver_set ver_read)" "ver_set->ver_read" "a set changes what a read returns"
finish
