# The rules that use what `--measure` counted under the snc Valgrind tool: hot-heavyweight
# (a buffer that locks on every flush, and its fix that locks only when full),
# snc-unsynchronized from the witness's solo executions (no scan needed), the measured
# refinement of needless-heavyweight (atomic_inc pays on every call, the split counter's
# registration is not its common path), regression when heavyweight instructions per call
# rise, and the chart of the HTML report. Skipped when the tool cannot measure here.
. "$(dirname "$0")/lib_report.sh"
measure() {
	local prog=$1 source=$2
	shift 2
	"$prog" --db m.db --quiet --measure --source "$source" "$@"
}
expect_status 0 "buffer" -- measure "$SNC_BUILD_DIR/tests/report/bin/buffer" "$RF/buffer/buffer_harness.c" --depth 3
status=$(q m.db "SELECT status || coalesce(': ' || reason, '') FROM cost_measurements")
[ "$status" = measured ] || { echo "SKIP: not measured here ($status)"; exit 77; }
for h in racy-counter atomic-counter split-counter; do
	src=$(awk -F'\t' -v h=$h '$1 == h {print $3}' "$SNC_BUILD_DIR/examples/harnesses.txt")
	expect_status 0 "$h" -- measure "$EXAMPLE_BIN/$h" "$src"
done
expect_status 0 "report" -- "$SNC" report --db m.db --json m.json --html html

# hot-heavyweight: the locking flush, not the fast one.
expect_eq "$(findings m.db "rule = 'hot-heavyweight'")" \
"hot-heavyweight|note|buf_add x buf_flush in buffer
hot-heavyweight|note|buf_flush x buf_flush in buffer" "hot-heavyweight"
expect_eq "$(q m.db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND f LIKE '%_fast' OR g LIKE '%_fast'")" 0 "the fast flush pays only when full"
expect_match "$(q m.db "SELECT message FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'buf_flush x buf_flush in buffer'")" \
	'conflicts in only 1 of 85 states.*buf_flush pays a heavyweight instruction on 100% of its calls.*kmalloc loophole' "hot message"
expect_match "$(q m.db "SELECT evidence FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'buf_flush x buf_flush in buffer'")" \
	'measured: [0-9.]+ heavyweight instructions per call' "hot evidence"

# snc-unsynchronized from the measured solo executions alone (no scan in this database).
expect_eq "$(findings m.db "rule = 'snc-unsynchronized'")" \
	"snc-unsynchronized|error|racy_add_return x racy_add_return in racy-counter" "unsynchronized, measured"
expect_match "$(q m.db "SELECT evidence FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND rule = 'snc-unsynchronized'")" \
	'solo executions from the witness state \(measured\): racy_add_return\(1\): 0 AWAR, 0 fenced RAW' "the patterns"
expect_eq "$(q m.db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND f = 'atomic_add_return' AND rule = 'snc-unsynchronized'")" 0 "atomic_add_return has its AWAR"

# needless-heavyweight, measured: atomic_inc on every call; split_inc not on its common path.
expect_eq "$(findings m.db "rule = 'needless-heavyweight'")" \
	"needless-heavyweight|note|atomic_inc in atomic-counter" "needless, measured"
expect_match "$(q m.db "SELECT evidence FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND rule = 'needless-heavyweight'")" \
	'measured: 1.00 heavyweight instructions per call \(1.00 RMW, 0.00 full fences\) on 100% of' "needless evidence"

# regression: a baseline in which buf_flush paid nothing per call.
python3 -c '
import json
r = json.load(open("m.json"))
for h in r["harnesses"]:
    for op in h["operations"]:
        if op["name"] == "buf_flush":
            op["cost"]["rmw_per_call"] = op["cost"]["fences_per_call"] = 0.0
json.dump(r, open("cheaper.json", "w"))'
expect_status 1 "gate against a cheaper baseline" -- "$SNC" gate --db m.db --baseline cheaper.json
expect_match "$out" "buffer_harness.c:[0-9]+: regression: buf_flush now executes [0-9.]+ heavyweight instructions per call \(the baseline: 0.00\)" "heavyweight rose"
expect_status 0 "gate against itself" -- "$SNC" gate --db m.db --baseline m.json

# The chart: one point per measured pair, each linking to its page.
expect_eq "$(grep -o 'id="chart-points">[0-9]*' html/index.html | cut -d'>' -f2)" \
	"$(q m.db "SELECT count(*) FROM pair_verdicts")" "a point per measured pair"
expect_eq "$(grep -c '<circle class="point"' html/index.html)" "$(q m.db "SELECT count(*) FROM pair_verdicts")" "points drawn"
expect_match "$(cat html/op-*.html)" 'id="rmw-per-call">1.00<' "measured counts on the op page"
finish
