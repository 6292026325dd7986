# audit.ck_bitmap: Concurrency Kit's ck_bitmap.h. struct ck_bitmap ends in a flexible array
# member: the object gets room after it, and ck_bitmap_init (2 bits, the
# smallest size) builds the state.
# bts (test-and-set) with itself is snc; two sets (void) commute; the initializer is an
# operation too (owner-only); ck_bitmap_size (no object, no state) is in the stateless family.
. "$(dirname "$0")/lib.sh"
need_ck
audit /usr/include/ck_bitmap.h --emit-harness harnesses
expect_eq "$(v ck_bitmap ck_bitmap_bts ck_bitmap_bts)" "snc" "bts with itself"
expect_eq "$(v ck_bitmap ck_bitmap_set ck_bitmap_set)" "commutative" "set with itself"
expect_eq "$(v ck_bitmap ck_bitmap_test ck_bitmap_test)" "commutative" "test with itself"
expect_eq "$(oneway ck_bitmap ck_bitmap_set ck_bitmap_test)" "ck_bitmap_set->ck_bitmap_test" "set influences test"
expect_match "$(cat harnesses/ck_bitmap.c)" "unsigned char room\[ROOM\]" "the object has room for its flexible array"
expect_match "$(cat harnesses/ck_bitmap.c)" "ck_bitmap_init\(obj, 2, 0\)" "initialized with 2 bits, cleared"
expect_eq "$(contract ck_bitmap ck_bitmap_init ck_bitmap_init)" "owner-only" "the initializer is an operation, owner-only"
expect_eq "$(oneway ck_bitmap ck_bitmap_init ck_bitmap_test)" "ck_bitmap_init->ck_bitmap_test" "init clears what test reads"
expect_eq "$(v stateless_ck_bitmap ck_bitmap_size ck_bitmap_size)" "commutative" "a function without an object or state"
expect_match "$out" "API: 19 public names \(19 functions, 0 macros\), 1[89] in a verdict \((9[0-9]|100)%\)" \
	"at least 90% of ck_bitmap.h's public names are in a verdict"
finish
