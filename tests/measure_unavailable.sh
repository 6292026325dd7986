# --measure where the snc Valgrind tool cannot run: one line on stderr saying why, exit 0,
# the verdicts stored as usual, and the reason recorded (cost_measurements) and shown.
. "$(dirname "$0")/lib.sh"
db=none.db
prog="$EXAMPLE_BIN/atomic-counter"
# --depth 1: what is checked is the measure pass saying why it cannot run; the verdict
# checked (atomic_add_return with itself: snc) has its witness in the fresh state.

# No valgrind on PATH (the harness program needs nothing else from it).
mkdir -p empty-bin
expect_status 0 "no valgrind: exit 0" -- env PATH="$SNC_SCRATCH/empty-bin" "$prog" --db $db --quiet --depth 1 --measure
expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "no valgrind: one line"
expect_match "$out" '^atomic-counter: costs not measured: (valgrind is not installed|this harness program is built with a sanitizer)' "no valgrind: says why"
expect_eq "$(verdict $db atomic-counter atomic_add_return atomic_add_return)" snc "no valgrind: verdicts stored"
expect_match "$(q $db "SELECT status || ': ' || reason FROM cost_measurements ORDER BY measurement_id DESC LIMIT 1")" \
	'^unavailable: ' "no valgrind: recorded"
expect_eq "$(q $db "SELECT count(*) FROM op_costs")" 0 "no valgrind: no costs"

# A folder without the tool (--valgrind-lib), through snc run, which forwards --measure.
if command -v valgrind >/dev/null; then
	expect_status 0 "bad --valgrind-lib: exit 0" -- "$prog" --db $db --quiet --depth 1 --measure --valgrind-lib "$SNC_SCRATCH/empty-bin"
	expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "bad --valgrind-lib: one line"
	expect_match "$out" "costs not measured: (the snc Valgrind tool is not in '.*empty-bin'|this harness program is built with a sanitizer)" "bad --valgrind-lib: says why"
fi
# A harness program without its measure build beside it (PROGRAM.measure, the build
# without the scheduler's instrumentation that Valgrind runs): says so, measures nothing.
if command -v valgrind >/dev/null; then
	cp "$prog" alone
	expect_status 0 "no measure build: exit 0" -- ./alone --db $db --quiet --depth 1 --measure
	expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "no measure build: one line"
	expect_match "$out" "costs not measured: (its build without the scheduler's instrumentation, '.*/alone.measure', is missing|this harness program is built with a sanitizer)" \
		"no measure build: says why"
fi
expect_status 0 "snc run --measure without valgrind" -- env PATH="$SNC_SCRATCH/empty-bin" "$SNC" run --db $db --depth 1 --measure "$prog"
expect_eq "$(printf '%s\n' "$out" | grep -c 'costs not measured')" 1 "snc run: one line"
expect_match "$out" 'atomic_add_return x atomic_add_return +snc' "snc run: verdicts printed"
expect_match "$out" 'costs: not measured \(' "snc run: the table says why"
expect_status 0 "show --json" -- "$SNC" show --db $db --json
expect_eq "$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["costs"][0]["status"])')" unavailable "json status"

# A database written before the costs existed (schema 3): `snc show` reads it as it is
# (read-only, no costs), and the next writer adds the measured-cost tables and views.
cp $db old.db
sqlite3 old.db "DROP VIEW cost_measurements; DROP VIEW op_costs; DROP VIEW measured_sites;
	DROP VIEW verdict_evidence; DROP TABLE verdict_patterns; DROP TABLE measured_op_sites;
	DROP TABLE measured_ops; DROP TABLE measurements; PRAGMA user_version = 3;"
expect_status 0 "show an old database" -- "$SNC" show --db old.db
expect_match "$out" 'atomic_add_return x atomic_add_return +snc' "old database: verdicts"
expect_status 0 "measure into an old database" -- env PATH="$SNC_SCRATCH/empty-bin" "$prog" --db old.db --quiet --depth 1 --measure
expect_eq "$(q old.db "PRAGMA user_version") $(q old.db "SELECT count(*) FROM cost_measurements")" \
	"$(q $db "PRAGMA user_version") 1" "old database upgraded"
finish
