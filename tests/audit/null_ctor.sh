# audit.null_ctor: a family made by a constructor that returns NULL for the arguments the
# audit first gives it (libqb's qb_rb_create_from_file(2, 2) reads a ring buffer from a
# descriptor) is made by the next calls tried: the same constructor with one argument at a
# time changed, then the other constructors (qb_rb_open(name, size, QB_RB_FLAG_CREATE, 0)).
# Before, the object was NULL and every pair of operations on it "commutative". When no
# call makes the object, the family fails with that reason instead.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/null_ctor"
audit "$FIX/box.h" "$FIX/box.c"
expect_match "$out" "box: 4 operations, initial state: obj = box_from_fd\(\.\.\.\), or while NULL box_open\(\.\.\.\)" \
	"says which calls may make the object"
expect_eq "$(v box box_swap box_swap)" "snc" "two swaps: each returns what the other put"
expect_eq "$(oneway box box_swap box_peek)" "box_swap->box_peek" "a swap changes what peek returns"
expect_eq "$(crashing_pairs)" "0" "no call ran on a NULL box"
expect_status 2 "a family no call makes" -- "$SNC" audit --db "$DB" --no-measure --no-prove "$FIX/never.h" "$FIX/never.c"
expect_match "$out" "never: its initial state could not be built \(crash: SIGABRT in never_new, or in one of the 2 calls tried while it returned NULL; a NULL from every one ends the set-up with SIGABRT\)" \
	"says no call made the object"
expect_no_match "$out" "never_get x never_get +commutative" "no verdict on a NULL object"
finish
