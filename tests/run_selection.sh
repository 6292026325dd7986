# --run N on the commands that read results (show, report, gate): the run asked for, not
# the latest; the latest without it; and one line with exit 2 for a run that does not
# exist or a value that is not a run number.
. "$(dirname "$0")/lib.sh"
db=two.db
RF="$SNC_SOURCE_DIR/tests/report/fixtures"
expect_status 0 "run 1: split counter" -- "$EXAMPLE_BIN/split-counter" --db $db --quiet --depth 1
expect_status 0 "run 2: results that drift with time" -- "$SNC" run --db $db --quiet --depth 0 "$RF/drift_harness.c" "$RF/drift.c"

expect_status 0 "show" -- "$SNC" show --db $db
expect_match "$out" '^drift ' "show: the latest run"
expect_eq "$(printf '%s\n' "$out" | grep -c split_inc)" 0 "show: nothing of run 1"
expect_status 0 "show --run 1" -- "$SNC" show --db $db --run 1
expect_match "$out" '^split-counter ' "show --run 1: run 1"
expect_match "$out" 'split_inc x split_read +non-commutative ' "show --run 1: its verdicts"
expect_eq "$(printf '%s\n' "$out" | grep -c drift_)" 0 "show --run 1: nothing of run 2"
expect_status 0 "show --run 1 --json" -- "$SNC" show --db $db --run 1 --json
expect_eq "$(printf '%s' "$out" | python3 -c 'import json, sys
d = json.load(sys.stdin)
print(sorted({v["harness"] for v in d["verdicts"]}), sorted(v["f"] + "/" + v["g"] + " " + v["verdict"] for v in d["verdicts"] if v["verdict"] != "commutative"))')" \
	"['split-counter'] ['split_inc/split_read non-commutative']" "show --json --run 1"

# report --run N: the facts as of run N (each harness's latest run up to N).
expect_status 0 "report --run 1" -- "$SNC" report --db $db --run 1 --json r1.json
expect_status 0 "report (latest)" -- "$SNC" report --db $db --json r2.json
names() { python3 -c 'import json, sys; print(" ".join(sorted(h["name"] for h in json.load(open(sys.argv[1]))["harnesses"])))' "$1"; }
expect_eq "$(names r1.json) | $(names r2.json)" "split-counter | drift split-counter" "report: as of the run asked for"
expect_eq "$(q $db "SELECT group_concat(run_id || ' ' || rule || ' ' || subject, ', ') FROM (SELECT * FROM findings ORDER BY run_id, subject)")" \
	"2 non-deterministic drift_arm x drift_read in drift, 2 non-deterministic drift_now in drift" "findings stored with their run"

# gate --run N: nothing as of run 1; the drifting results as of run 2.
expect_status 0 "gate --run 1" -- "$SNC" gate --db $db --run 1 --fail-on note
expect_match "$out" 'snc gate: 0 outstanding' "gate --run 1: nothing"
expect_status 1 "gate (latest)" -- "$SNC" gate --db $db --fail-on warning
expect_eq "$(printf '%s\n' "$out" | grep -c ': non-deterministic: ')" 2 "gate: run 2's findings"
expect_status 1 "gate --run 2" -- "$SNC" gate --db $db --run 2 --fail-on warning

# A run that does not exist, and values that are not run numbers.
for cmd in show report gate; do
	expect_status 2 "$cmd --run 3" -- "$SNC" $cmd --db $db --run 3
	expect_match "$out" 'no run 3' "$cmd: no run 3"
	for bad in 0 -1 abc 1x ""; do
		expect_status 2 "$cmd --run '$bad'" -- "$SNC" $cmd --db $db --run "$bad"
		expect_match "$out" "--run needs a whole number from 1 to [0-9]+, not '$bad'" "$cmd --run '$bad': says why"
	done
done
expect_eq "$(q $db "SELECT count(*) FROM runs")" 2 "no run added by a refused command"
finish
