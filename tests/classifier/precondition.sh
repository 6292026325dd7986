# Preconditions: unlock without lock aborts, lock after lock spins forever. Those states
# violate the ops' preconditions: recorded as such, kept out of their schedules, shown in
# the report as "requires ...", and a non-linearizable outcome whose sequential orders
# fail (unlock after unlock aborts) is reported apart from real ones.
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures"
db=lock.db
# Its crashing executions leave no core file behind, whatever the user's ulimit -c (core
# files go to the working folder with the default core_pattern).
ulimit -c unlimited 2>/dev/null || ulimit -c "$(ulimit -Hc)"
expect_status 0 "checked lock runs" -- "$SNC" run --db $db --quiet --depth 1 --schedules "$F/checked_lock_harness.c" "$F/checked_lock.c"
expect_eq "$(ls | grep -c '^core')" 0 "no core file from the crashing executions"
ulimit -c 0
expect_eq "$(q $db "SELECT op || '|' || violated_states || '/' || states || '|' || state || '|' || call || '|' || outcome || '|' || satisfied_state
	FROM op_preconditions WHERE harness = 'checked-lock' ORDER BY op")" \
	"lock|2/4|lock()|lock()|blocks|fresh
unlock|1/4|fresh|unlock()|crash: SIGABRT|lock()" "unlock requires the lock held, lock requires it free"
expect_eq "$(q $db "SELECT count(*) FROM op_preconditions WHERE op = 'trylock'")" 0 "trylock has no precondition"
# (The state unlock() is never built: building it aborts.) Not explored from the states
# that violate them: unlock from fresh, lock where the lock is held.
expect_eq "$(q $db "SELECT count(*) FROM explorations WHERE harness = 'checked-lock'
	AND ((state = 'fresh' AND (f = 'unlock' OR g = 'unlock'))
	  OR (state IN ('lock()', 'trylock()') AND (f = 'lock' OR g = 'lock')))")" 0 "no schedules where a precondition fails"
expect_eq "$(q $db "SELECT count(*) FROM explorations WHERE harness = 'checked-lock' AND state = 'lock()' AND f = 'unlock' AND g = 'unlock'")" \
	1 "unlock with unlock is explored where the lock is held"
# A pair whose first op crashes where it runs (unlock from fresh, on the state's thread) is
# that crash with its second op never run, whatever the second op is: the executor probes
# unlock there once per repeat and copies the three pairs from the probe instead of running
# each twice (a crash is repeated: executor.c): 52 executions, where running them took 56.
expect_eq "$(q $db "SELECT group_concat(DISTINCT first_result || ' / ' || second_result || ' / ' || deterministic)
	FROM op_outcomes WHERE harness = 'checked-lock' AND state = 'fresh' AND first_op = 'unlock'
	AND second_op IS NOT NULL")" "crash: SIGABRT / not run / 1" "unlock then anything from fresh: the crash"
expect_eq "$(q $db "SELECT executions FROM harnesses WHERE name = 'checked-lock'")" 52 "the crashing pairs were not run"
expect_status 0 "report" -- "$SNC" report --db $db
expect_match "$out" "note: precondition: unlock in checked-lock" "a precondition finding"
expect_match "$out" 'unlock requires a state like `lock\(\)`: alone from `fresh`, unlock\(\) = crash: SIGABRT' "shown as requires"
expect_match "$out" 'lock requires a state like `fresh`: alone from `lock\(\)`, lock\(\) = blocks' "lock requires it free"
# unlock || unlock from lock(): both return, which no sequential order gives (the second
# aborts): a note apart, never an error.
expect_eq "$(printf '%s\n' "$out" | grep -c 'error: non-linearizable: unlock x unlock')" 0 "not a real non-linearizable error"
expect_match "$out" "note: non-linearizable: unlock x unlock in checked-lock" "reported apart, as a note"
expect_match "$out" "a sequential order itself fails" "and says why"
finish
