# A thread preempted inside a mutex-protected critical section makes the other wait for
# the lock: the scheduler hands over instead of blocking, and the run ends normally.
. "$(dirname "$0")/../lib.sh"
start=$(date +%s)
expect_status 0 "mutex set, schedules" -- "$EXAMPLE_BIN/mutex-set" --db m.db --quiet --depth 1 --schedules
pair="harness = 'mutex-set' AND state = 'fresh' AND f_call = 'set_add(1)' AND g_call = 'set_add(1)'"
expect_match "$(q m.db "SELECT blocking_schedules FROM explorations WHERE $pair")" '^[1-9]' \
	"some schedules preempt a lock holder"
expect_eq "$(q m.db "SELECT count(*) FROM schedules WHERE harness = 'mutex-set' AND status <> 'completed'")" 0 \
	"no deadlock, no timeout"
expect_eq "$(q m.db "SELECT group_concat(outcome, '|') FROM schedules WHERE $pair ORDER BY schedule_id")" \
	"set_add(1) = true; set_add(1) = false; digest 0x0000000000000002|set_add(1) = false; set_add(1) = true; digest 0x0000000000000002" \
	"one winner"
expect_match "$(q m.db "SELECT f_lock_acquisitions || ' ' || g_lock_acquisitions FROM schedules WHERE $pair LIMIT 1")" \
	'^[1-9][0-9]* [1-9]' "lock acquisitions counted per thread"
# Well under the 300 s test limit even on a loaded machine: nothing waited for a timer.
[ $(( $(date +%s) - start )) -lt 240 ] || fail "took $(( $(date +%s) - start )) s"
finish
