# lib.sh: what the audit tests share, on top of tests/lib.sh: running an audit into the
# test's database (a small exploration: one repeat) and reading back what it stored
# (pair_verdicts, audit_items, op_costs).
. "$SNC_SOURCE_DIR/tests/lib.sh"
command -v sqlite3 >/dev/null || { echo "FAIL: sqlite3 is missing (the tests need it: make deps)"; exit 1; }
DB=$PWD/audit.db
AFIX="$SNC_SOURCE_DIR/tests/audit/fixtures"
URCU=/usr/include/x86_64-linux-gnu/urcu

need_ck() { [ -f /usr/include/ck_pr.h ] || skip "libck-dev is not installed"; }
need_urcu() { [ -f "$URCU/wfstack.h" ] || skip "liburcu-dev is not installed"; }
need_apr() { [ -f /usr/include/apr-1.0/apr_queue.h ] || skip "libaprutil1-dev is not installed"; }

# audit ARGS...: runs snc audit into $DB without measuring and without proofs (the
# schedules of SNC pairs that pay nothing: most tests look at verdicts only), keeps its
# output in $out and the run in $run; a failing audit fails the test. audit_proved explores
# those schedules too; audit_measured measures, from a few states (when the snc Valgrind
# tool is not available the audit says so and goes on), and proves.
audit_into_db() {
	expect_status 0 "snc audit $*" -- "$SNC" audit --db "$DB" --repeat 1 "$@"
	run=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'audit'")
}
audit() { audit_into_db --no-measure --no-prove "$@"; }
audit_proved() { audit_into_db --no-measure "$@"; }
audit_measured() { audit_into_db --measure-states 2 "$@"; }

# v HARNESS F G: the verdict of a pair in the latest run (either order).
v() { verdict "$DB" "$1" "$2" "$3"; }

# contract HARNESS F G: the pair's contract, or -.
contract() {
	q "$DB" "SELECT coalesce(contract, '-') FROM pair_verdicts WHERE run_id = $run AND harness = '$1'
	         AND ((f = '$2' AND g = '$3') OR (f = '$3' AND g = '$2'))"
}

# crashing_pairs: how many pairs of the latest run had a state in which an execution crashed.
crashing_pairs() {
	q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND crash_states > 0"
}

# item KIND NAME: the status and detail of what the audit did with it.
item() {
	q "$DB" "SELECT status || ': ' || coalesce(detail, '') FROM audit_items
	         WHERE run_id = $run AND kind = '$1' AND name = '$2' LIMIT 1"
}

# measured HARNESS OP [COLUMN]: the op's RMWs per call in the loop phase (or another
# op_costs column), or nothing when the run has no measurements (the Valgrind tool is not
# available here).
measured() {
	q "$DB" "SELECT printf('%.2f', ${3:-rmw_per_call}) FROM op_costs WHERE run_id = $run
	         AND harness = '$1' AND op = '$2'"
}

# oneway HARNESS A B: "A->B" or "B->A" for a non-commutative pair, else its verdict.
oneway() {
	q "$DB" "SELECT CASE WHEN verdict <> 'non-commutative' THEN verdict
	              WHEN (f = '$2') = (direction = 'f->g') THEN '$2->$3' ELSE '$3->$2' END
	         FROM pair_verdicts WHERE run_id = $run AND harness = '$1'
	         AND ((f = '$2' AND g = '$3') OR (f = '$3' AND g = '$2'))"
}

# pair HARNESS STATE FIRST SECOND: the results stored for the pair "FIRST then SECOND" (calls
# as name(args)) from the state labelled STATE, in the latest run, as "first second".
pair() {
	q "$DB" "SELECT e.first_result || ' ' || e.second_result
	         FROM executions e JOIN states s ON s.id = e.state_id JOIN harnesses h ON h.id = s.harness_id
	         JOIN ops f ON f.id = e.first_op JOIN ops g ON g.id = e.second_op
	         WHERE h.run_id = $run AND h.name = '$1' AND s.label = '$2'
	         AND f.name || '(' || e.first_args || ')' = '$3' AND g.name || '(' || e.second_args || ')' = '$4'"
}
