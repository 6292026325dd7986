# audit.ck_bitmap: Concurrency Kit's ck_bitmap.h. struct ck_bitmap ends in a flexible array
# member: the object gets room after it, and ck_bitmap_init (2 bits, the
# smallest size) builds the state.
# bts (test-and-set) with itself is snc; two sets (void) commute; the iterator family has
# no operation besides its initializer and is reported.
. "$(dirname "$0")/lib.sh"
need_ck
audit /usr/include/ck_bitmap.h --emit-harness harnesses
expect_eq "$(v ck_bitmap ck_bitmap_bts ck_bitmap_bts)" "snc" "bts with itself"
expect_eq "$(v ck_bitmap ck_bitmap_set ck_bitmap_set)" "commutative" "set with itself"
expect_eq "$(v ck_bitmap ck_bitmap_test ck_bitmap_test)" "commutative" "test with itself"
expect_eq "$(oneway ck_bitmap ck_bitmap_set ck_bitmap_test)" "ck_bitmap_set->ck_bitmap_test" "set influences test"
expect_match "$(cat harnesses/ck_bitmap.c)" "unsigned char room\[ROOM\]" "the object has room for its flexible array"
expect_match "$(cat harnesses/ck_bitmap.c)" "ck_bitmap_init\(obj, 2, 0\)" "initialized with 2 bits, cleared"
expect_match "$(item family 'struct ck_bitmap_iterator')" "^skipped: no operations" "the iterator family is reported"
expect_match "$(item function ck_bitmap_size)" "^skipped: takes no object \(only scalar parameters\) and touches no global state" \
	"a function without an object or global state is reported"
finish
