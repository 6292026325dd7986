# The rules that use what `--measure` counted under the snc Valgrind tool, on a copy of the
# demo database (fixture.demo: every example measured) with a buffer harness measured into
# it: hot-heavyweight (a buffer that locks on every flush, and its fix that locks only when
# full), snc-unsynchronized with the witness's measured solo executions as evidence, the
# measured refinement of needless-heavyweight (atomic_inc pays on every call, the split
# counter's registration is not its common path), regression when heavyweight
# instructions per call rise, and the chart of the HTML report. Skipped only when valgrind
# is not installed.
. "$(dirname "$0")/lib_report.sh"
have_valgrind || skip "valgrind is not installed"
need_demo_db
cp "$SNC_DEMO_DB" m.db
expect_status 0 "buffer" -- "$SNC_BUILD_DIR/tests/report/bin/buffer" --db m.db --quiet --measure \
	--source "$RF/buffer/buffer_harness.c" --depth 3
expect_eq "$(q m.db "SELECT group_concat(harness || ': ' || status || coalesce(' (' || reason || ')', ''), ', ')
	FROM cost_measurements WHERE status <> 'measured'")" "" "everything measured"
expect_status 0 "report" -- "$SNC" report --db m.db --json m.json --html html

# hot-heavyweight: the locking flush, not the fast one.
expect_eq "$(findings m.db "rule = 'hot-heavyweight'")" \
"hot-heavyweight|note|buf_add x buf_flush in buffer
hot-heavyweight|note|buf_flush x buf_flush in buffer
hot-heavyweight|note|rcu_read_unlock x synchronize_rcu in rcu" "hot-heavyweight"
expect_eq "$(q m.db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND f LIKE '%_fast' OR g LIKE '%_fast'")" 0 "the fast flush pays only when full"
expect_match "$(q m.db "SELECT message FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'buf_flush x buf_flush in buffer'")" \
	'conflicts in only 1 of 85 states.*buf_flush pays a heavyweight instruction on 100% of its calls.*kmalloc loophole' "hot message"
expect_match "$(q m.db "SELECT evidence FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'buf_flush x buf_flush in buffer'")" \
	'measured: [0-9.]+ heavyweight instructions per call' "hot evidence"

# snc-unsynchronized, with the measured solo executions as evidence. (The cache allocator's
# release with itself is not one: each thread releases into its own cache.)
expect_eq "$(findings m.db "rule = 'snc-unsynchronized'")" \
"snc-unsynchronized|error|racy_add_return x racy_add_return in racy-counter
snc-unsynchronized|error|set_add x set_add in byte-set
snc-unsynchronized|error|set_remove x set_remove in byte-set" "unsynchronized, measured"
expect_match "$(q m.db "SELECT evidence FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND rule = 'snc-unsynchronized' AND run_id = 2 AND f = 'racy_add_return'")" \
	'solo executions from the witness state \(measured\): racy_add_return\(1\): 0 AWAR, 0 fenced RAW' "the patterns"
expect_eq "$(q m.db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND f = 'atomic_add_return' AND rule = 'snc-unsynchronized'")" 0 "atomic_add_return has its AWAR"

# needless-heavyweight, measured (and from the scan for functions no harness calls):
# atomic_inc on every call; split_inc not on its common path.
expect_eq "$(findings m.db "rule = 'needless-heavyweight'")" \
"needless-heavyweight|note|atomic_inc in atomic-counter
needless-heavyweight|note|mutex_set_bits
needless-heavyweight|note|pool_free_blocks
needless-heavyweight|note|push in treiber-stack
needless-heavyweight|note|set_member in mutex-set" "needless, measured"
expect_eq "$(q m.db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND f = 'split_inc' OR g = 'split_inc'")" 0 "split_inc pays only when a thread registers"
expect_match "$(q m.db "SELECT evidence FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND rule = 'needless-heavyweight' AND run_id = 2 AND subject = 'atomic_inc in atomic-counter'")" \
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

# The chart: one point per measured pair (the demo's 51 and the buffer's 10).
expect_eq "$(grep -o 'id="chart-points">[0-9]*' html/index.html | cut -d'>' -f2)" 61 "a point per measured pair"
expect_eq "$(grep -c '<circle class="point"' html/index.html)" 61 "points drawn"
# op PAGE-TITLE: the RMW per call on the page of that op.
op_rmw() { grep -o 'id="rmw-per-call">[0-9.]*<' $(grep -l "<h1>$1</h1>" html/op-*.html) | tr -dc '0-9.\n' | paste -sd' '; }
expect_eq "$(op_rmw buf_flush)" "2.00" "measured counts on the op page: buf_flush"
expect_eq "$(op_rmw atomic_add_return)" "1.00" "atomic_add_return"
expect_eq "$(op_rmw split_inc)" "0.00" "split_inc"
# An op measured only in its first calls (a lock's acquire: a second call from a state
# blocks): atomic_inc's loop calls taken out of a copy. The JSON and its op page give the
# first calls' counts and sites instead of nothing.
cp m.db first.db
q first.db "UPDATE measured_ops SET calls = 0, instructions = 0, rmw = 0, fences = 0, heavyweight_calls = 0
	WHERE id IN (SELECT measured_op_id FROM op_costs WHERE harness = 'atomic-counter' AND op = 'atomic_inc')"
expect_status 0 "report --json on first calls only" -- "$SNC" report --db first.db --json -
expect_eq "$(printf '%s' "$out" | python3 -c '
import json, sys
for h in json.load(sys.stdin)["harnesses"]:
    for op in h["operations"]:
        if h["name"] == "atomic-counter" and op["name"] == "atomic_inc":
            c = op["cost"]
            print(c["calls"], c["first_calls"] > 0, c["first_rmw_per_call"], c["first_fences_per_call"],
                  "rmw_per_call" in c, c["sites"].split(" (")[0])')" \
	"0 True 1.0 0.0 False lock add in atomic_inc" "first calls' cost and site in the JSON"
expect_status 0 "report --html on first calls only" -- "$SNC" report --db first.db --html first-html
expect_eq "$(grep -o 'id="first-rmw-per-call">[0-9.]*<' $(grep -l "<h1>atomic_inc</h1>" first-html/op-*.html) | tr -dc '0-9.')" \
	"1.00" "first calls' RMW on the op page"
finish
