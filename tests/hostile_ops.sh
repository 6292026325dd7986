# Operations that fight the harness program's control of its children (issue 14, items 1-3):
# one that stops itself, one that disarms SIGALRM and never returns, one that raises SIGALRM,
# one that forks (a sleeper, and a copy that returns into the runtime). The run ends, each
# is recorded as what it did, a state built by the forking op agrees with its executions,
# and nothing the operations forked is left running. An operation that writes over the
# pages the executions share with the runner does not bring the runner down.
. "$(dirname "$0")/lib.sh"

db="hostile-$$.db"
# `timeout`: a run that waits forever fails here instead of at ctest's limit
expect_status 0 "the hostile harness runs to its end" -- \
	timeout 120 "$SNC" run --db "$db" --quiet --depth 1 --timeout 0.05 --repeat 1 \
	"$FIXTURES/hostile_harness.c"

solo() {
	q "$db" "SELECT first_result FROM op_outcomes WHERE state = '$1' AND first_op = '$2'
	         AND second_op IS NULL"
}
expect_eq "$(solo fresh ok)" 1 "a working op"
expect_eq "$(solo fresh stops)" "stopped: SIGSTOP" "raise(SIGSTOP) is killed and recorded"
expect_eq "$(solo fresh disarms)" "blocks" "an op that disarms SIGALRM still times out"
expect_eq "$(solo fresh raises_alarm)" "crash: SIGALRM" "raise(SIGALRM) is a crash, not a block"
expect_eq "$(solo fresh forks)" 1 "the forking op returns once, in the execution"

state() { q "$db" "SELECT status FROM states WHERE label = '$1'"; }
expect_eq "$(state 'stops()')" "stopped: SIGSTOP" "a state whose building stops itself"
expect_eq "$(state 'disarms()')" "blocks" "a state whose building never returns"
expect_eq "$(state 'raises_alarm()')" "crash: SIGALRM" "a state whose building raises SIGALRM"
expect_eq "$(state 'forks()')" "ok" "a state built by an op that forks"
expect_eq "$(solo 'forks()' ok)" 2 "the forked state's executions ran, from its state"
expect_eq "$(q "$db" "SELECT count(*) FROM op_outcomes WHERE state = 'forks()'
	AND first_op IN ('ok', 'forks') AND (first_result = 'not run'
	OR coalesce(second_result, '') = 'not run')")" 0 "no 'not run' after working ops"
expect_eq "$(q "$db" "SELECT count(*) FROM op_outcomes WHERE state = 'forks()'")" 30 \
	"every execution of the forked state is stored"
expect_eq "$(q "$db" "SELECT status FROM run_summary")" ok "the run is finished"

# The same operations run concurrently under controlled schedules.
sdb="hostile-schedules-$$.db"
expect_status 0 "the hostile harness runs to its end under --schedules" -- \
	timeout 120 "$SNC" run --db "$sdb" --quiet --depth 0 --timeout 0.05 --repeat 1 \
	--schedules "$FIXTURES/hostile_harness.c"
outcomes=$(q "$sdb" "SELECT status || ': ' || outcome FROM schedules")
# An op that cannot run alone from a state violates a precondition there: it is recorded
# as such and kept out of that state's schedules (docs/harness.md, preconditions).
pre=$(q "$sdb" "SELECT op || ' ' || state || ': ' || outcome FROM op_preconditions ORDER BY op")
expect_eq "$pre" "disarms fresh: blocks
raises_alarm fresh: crash: SIGALRM
stops fresh: stopped: SIGSTOP" "each hostile op's precondition, with what it did alone"
expect_eq "$(printf '%s\n' "$outcomes" | grep -cE 'stops\(\)|raises_alarm\(\)|disarms\(\)')" 0 \
	"no schedule from a state whose op cannot run alone"
expect_eq "$(printf '%s\n' "$outcomes" | grep -c 'forks() = 7')" 0 \
	"the forked copy of a schedule's run never writes its outcome"

# The sleepers the op forked carry the harness program's command line (with the database).
sleep 0.5
expect_eq "$(pgrep -f -- "hostile-(schedules-)?$$\.db" | wc -l)" 0 "no process an operation forked is left"

# Writing over the shared report pages (0x7f: every copy index past any execution there is;
# before, the runner indexed with it and was killed by SIGSEGV, and the whole run was lost,
# after a warning of 2139062143 library threads): the run ends, says what happened, and
# takes none of those outcomes for deterministic ones.
expect_status 0 "a harness that writes over the shared pages runs to its end" -- \
	timeout 120 "$SNC" run --db scribble.db --quiet --depth 1 --timeout 0.05 --repeat 1 \
	"$FIXTURES/scribble_harness.c"
expect_match "$out" "an operation wrote over the pages where the executions report to the runner" \
	"the run says the report was written over"
expect_no_match "$out" "threads of its own" "no count of threads read from the written-over pages"
expect_eq "$(q scribble.db "SELECT count(*) FROM op_outcomes WHERE state = 'fresh' AND deterministic = 1")" 0 \
	"no outcome of the state is trusted"
finish
