# A counter behind a hand-written test-and-set spin lock: a lock holder preempted leaves
# the other thread spinning; the scheduler recognizes the spin and hands over, so every
# schedule terminates and every outcome is linearizable.
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/schedules/fixtures"
expect_status 0 "spin lock, schedules" -- "$SNC" run --db s.db --quiet --depth 1 --schedules \
	"$F/spinlock_harness.c" "$F/spinlock.c"
expect_eq "$(q s.db "SELECT count(*) FROM schedules WHERE status <> 'completed' OR linearizable = 0")" 0 \
	"terminates, linearizable"
expect_match "$(q s.db "SELECT sum(blocking_schedules) FROM explorations")" '^[1-9]' \
	"some schedules preempt the holder"
expect_eq "$(q s.db "SELECT exhaustive FROM explorations WHERE state = 'fresh'
	AND f_call = 'spin_add_return(1)' AND g_call = 'spin_add_return(1)'")" 1 "within the bound"
expect_eq "$(q s.db "SELECT verdict || ' ' || linearizable FROM pair_verdicts
	WHERE f = 'spin_add_return' AND g = f")" "snc 1" "snc and linearizable"
finish
