# audit.object_second: a function whose object comes after a scalar (ring_push(value, r))
# is called on the family's object. Before, a pointer to the object's type after the first
# parameter was "another object", made as the initial one was: every push went to a fresh
# ring, and every pair of the ring was commutative.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/object_second"
audit --emit-harness "$PWD/emitted" "$FIX/ring.h" "$FIX/ring.c"
expect_match "$(cat "$PWD/emitted/ring.c")" 'return ring_push\(value, obj\);' "the push gets the ring"
expect_eq "$(v ring ring_push ring_push)" "snc" "two pushes into a ring of two: the last slot"
expect_eq "$(pair ring 'ring_push(0)' 'ring_push(0)' 'ring_push(0)')" "true false" "the second push finds the ring full"
expect_eq "$(oneway ring ring_push ring_size)" "ring_push->ring_size" "a push changes the size"
expect_eq "$(v ring ring_pop ring_pop)" "snc" "two pops of the last item"
finish
