# audit.drained: boundary states one level further. The handle queue's first boundary is
# hq_open's (a handle made); from it, hq_push fills the queue (8 values); from the full
# queue, hq_pop is saturated in turn: drained, and one value left, where two pops differ.
# Before, the way back went from the first boundary only: no state held exactly one value,
# and pop with itself read commutative (every pop found 8 values or none).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/handle_queue"
audit "$FIX/hq.h" "$FIX/hq.c"
seven_pops="hq_pop(0); hq_pop(0); hq_pop(0); hq_pop(0); hq_pop(0); hq_pop(0); hq_pop(0)"
eight_pushes="hq_push(0, 0); hq_push(0, 0); hq_push(0, 0); hq_push(0, 0); hq_push(0, 0); hq_push(0, 0); hq_push(0, 0); hq_push(0, 0)"
one_left="hq_open(0); $eight_pushes; $seven_pops"
expect_eq "$(q "$DB" "SELECT count(*) FROM states s JOIN harnesses h ON h.id = s.harness_id
                      WHERE h.run_id = $run AND s.label = '$one_left'")" "1" "the queue with one value left is a state"
expect_eq "$(v globals_lock hq_pop hq_pop)" "snc" "two pops of the last value"
expect_eq "$(pair globals_lock "$one_left" 'hq_pop(0)' 'hq_pop(0)')" "0, *out = 0 -1, *out = 0" \
	"the first pop takes it, the second finds the queue empty"
expect_eq "$(v globals_lock hq_push hq_push)" "snc" "two pushes, as before"
finish
