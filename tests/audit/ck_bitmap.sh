# audit.ck_bitmap: Concurrency Kit's ck_bitmap.h. struct ck_bitmap ends in a flexible array
# member: the object gets room after it, and ck_bitmap_init (2 bits, the
# smallest size) builds the state.
# bts (test-and-set) with itself is snc; two sets (void) commute; ck_bitmap_size (no
# object, no state) is in the stateless family. The iterator's family and the initializer as
# an operation are left to audit.coverage.
. "$(dirname "$0")/lib.sh"
need_ck
printf 'skip ck_bitmap_init\n' > lifecycle.conf   # audit.coverage has it: keep this one short
audit /usr/include/ck_bitmap.h --emit-harness harnesses --config lifecycle.conf --family ck_bitmap \
	--family stateless_ck_bitmap
expect_eq "$(v ck_bitmap ck_bitmap_bts ck_bitmap_bts)" "snc" "bts with itself"
expect_eq "$(v ck_bitmap ck_bitmap_set ck_bitmap_set)" "commutative" "set with itself"
expect_eq "$(v ck_bitmap ck_bitmap_test ck_bitmap_test)" "commutative" "test with itself"
expect_eq "$(oneway ck_bitmap ck_bitmap_set ck_bitmap_test)" "ck_bitmap_set->ck_bitmap_test" "set influences test"
expect_match "$(cat harnesses/ck_bitmap.c)" "unsigned char room\[ROOM\]" "the object has room for its flexible array"
expect_match "$(cat harnesses/ck_bitmap.c)" "ck_bitmap_init\(obj, 2, 0\)" "initialized with 2 bits, cleared"
expect_eq "$(v stateless_ck_bitmap ck_bitmap_size ck_bitmap_size)" "commutative" "a function without an object or state"
finish
