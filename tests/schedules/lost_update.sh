# The racy counter's add_return (a plain `x += n`) is SNC without any heavyweight
# instruction: within the default bound some schedule loses an update, both concurrent
# calls returning the same value, which no sequential order gives.
. "$(dirname "$0")/../lib.sh"
expect_status 0 "racy counter, schedules" -- "$SNC" run --db r.db --quiet --depth 1 --schedules \
	"$EXAMPLES/counters/racy_harness.c" "$EXAMPLES/counters/counters.c"
pair="state = 'fresh' AND f_call = 'racy_add_return(1)' AND g_call = 'racy_add_return(1)'"
expect_eq "$(q r.db "SELECT max_preemptions || ' ' || exhaustive FROM explorations WHERE $pair")" \
	"2 1" "every schedule within the default bound"
expect_eq "$(q r.db "SELECT outcome FROM schedules WHERE $pair AND linearizable = 0
	ORDER BY preemptions, steps LIMIT 1")" \
	"racy_add_return(1) = 1; racy_add_return(1) = 1; digest 0x0000000000000001" "lost update"
expect_eq "$(q r.db "SELECT min(preemptions) FROM schedules WHERE $pair AND linearizable = 0")" 1 \
	"one preemption suffices"
expect_eq "$(q r.db "SELECT f_then_g FROM explorations WHERE $pair")" \
	"racy_add_return(1) = 1; racy_add_return(1) = 2; digest 0x0000000000000002" "compared with f;g"
expect_eq "$(q r.db "SELECT count(*) FROM schedules WHERE $pair AND linearizable = 1")" 2 \
	"the two sequential outcomes also occur"
expect_eq "$(q r.db "SELECT linearizable || deterministic_under_schedules FROM pair_verdicts
	WHERE f = 'racy_add_return' AND g = f")" 01 "pair: not linearizable, deterministic"
expect_eq "$(q r.db "SELECT failing_schedule_id = (SELECT schedule_id FROM schedules WHERE $pair
	AND linearizable = 0 ORDER BY preemptions, steps, schedule_id LIMIT 1) FROM pair_verdicts
	WHERE f = 'racy_add_return' AND g = f")" 1 "the pair's failing schedule is the smallest"
expect_eq "$(q r.db "SELECT linearizable FROM pair_verdicts WHERE f = 'racy_read' AND g = f")" 1 \
	"reads are linearizable"
# The same run twice stores the same schedules (stable order, stable representatives).
expect_status 0 "again" -- "$SNC" run --db r.db --quiet --depth 1 --schedules \
	"$EXAMPLES/counters/racy_harness.c" "$EXAMPLES/counters/counters.c"
expect_eq "$(q r.db "SELECT group_concat(schedule || outcome, '|') FROM schedules WHERE run_id = 1")" \
	"$(q r.db "SELECT group_concat(schedule || outcome, '|') FROM schedules WHERE run_id = 2")" \
	"deterministic exploration"
finish
