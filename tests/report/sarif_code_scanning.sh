# snc report --sarif as code review sees it: the article's racy counter and byte-array set,
# copied into a repository of their own (a folder with a .git), scanned and run with
# --schedules; the report is written from another folder without --root, so the root must
# be found by walking up from the sources to the .git. sarif_code_scanning.py then reads
# the log as GitHub code scanning does (relative URIs that exist in the checkout, lines and
# columns in the files, fingerprints, related locations the message links to, code flows
# numbered in execution order, helpUri anchors that exist in docs/), and the checks here
# hold it to the examples: the breaking schedule of the database, step by step at the
# examples' own lines; the pair's second function; helpUri into the docs of the snc that
# wrote it (the build tree's, an installed and moved prefix's); absolute URIs outside
# --root; and Microsoft's validator (when `make sarif-validator` installed it) finds no error.
. "$(dirname "$0")/lib_report.sh"
mkdir -p repo/.git out
cp -r "$EXAMPLES/counters" "$EXAMPLES/sets" repo/
expect_status 0 "scan" -- scan s.db repo/counters/counters.c repo/sets/byte_set.c
for h in counters/racy_harness.c:counters/counters.c sets/byte_set_harness.c:sets/byte_set.c; do
	expect_status 0 "run ${h%%:*} --schedules" -- "$SNC" run --db s.db --quiet --depth 1 \
		--schedules --schedule-depth 0 "repo/${h%%:*}" "repo/${h#*:}"
done
(cd out && "$SNC" report --db ../s.db --sarif code.sarif) > /dev/null
expect_status 0 "read as code scanning reads it" -- python3 "$SNC_SOURCE_DIR/tests/report/sarif_code_scanning.py" out/code.sarif repo
seen=$out
printf '%s\n' "$seen" > seen.txt

# Places: the function's name on its definition line, the op's on its SNC_OP line.
line_of() { grep -n -- "$2" "repo/$1" | head -1 | cut -d: -f1; }
column_of() { sed -n "${2}p" "repo/$1" | awk -v w="$3" '{ print index($0, w) }'; }
racy=$(line_of counters/counters.c '^long racy_add_return(')
racy_op=$(line_of counters/racy_harness.c 'SNC_OP(racy_add_return')
remove_op=$(line_of sets/byte_set_harness.c 'SNC_OP(set_remove')
remove_fn=$(line_of sets/byte_set.c '^bool byte_set_remove(')
expect_match "$seen" "^result non-linearizable counters/counters.c:$racy:$(column_of counters/counters.c "$racy" racy_add_return) \| racy_add_return x racy_add_return in racy-counter$" \
	"the racy counter's finding at racy_add_return's name"

# The code flow of racy_add_return x racy_add_return is the database's breaking schedule,
# access by access: the trace schedule_steps stores of it (what `snc replay ID` prints),
# each thread's call at the harness's SNC_OP line before its first access, then one step
# per access (not per preempted stretch) in the order they ran, of its kind, at the
# file:line of counters.c the trace names; the last ends with the stored outcome.
pair="harness = 'racy-counter' AND f = 'racy_add_return' AND g = 'racy_add_return'"
schedule=$(q s.db "SELECT failing_schedule FROM pair_verdicts WHERE $pair")
outcome=$(q s.db "SELECT failing_outcome FROM pair_verdicts WHERE $pair")
id=$(q s.db "SELECT failing_schedule_id FROM pair_verdicts WHERE $pair")
expect_match "$schedule" '^[01]:[0-9]+' "racy_add_return x racy_add_return broke under a preemption"
trace=$(q s.db "SELECT thread || ' ' || kind || ' ' || coalesce(place, '') FROM schedule_steps WHERE outcome_id = $id AND kind NOT IN ('switch', 'call') ORDER BY ordinal")
expect_match "$(printf '%s\n' "$trace" | grep -c ' racy_add_return counters.c:[0-9]*$')" '^[4-9]|[1-9][0-9]+$' "a stored trace with the accesses of both threads"
expected=$(printf '%s\n' "$trace" | awk -v op="counters/racy_harness.c:$racy_op" '
	!called[$1]++ { print "thread-" $1, "call", op }
	{ split($4, at, ":"); print "thread-" $1, $2, "counters/" at[1] ":" at[2] }')
flow=$(printf '%s\n' "$seen" | awk '/^result non-linearizable .*racy-counter$/ { on = 1; next } /^result / { on = 0 } on && /^step /')
got=$(printf '%s\n' "$flow" | awk '{ split($4, at, ":"); print $3, $5, at[1] ":" at[2] }')
expect_eq "$got" "$expected" "one step per access of the trace of schedule $schedule"
expect_eq "$(printf '%s\n' "$flow" | grep -c " call | thread [01] calls racy_add_return([0-9]*) ")" 2 "two calls"
expect_eq "$(printf '%s\n' "$flow" | grep -Ec '^step [0-9]+ thread-[01] counters/counters.c:[0-9]+:[0-9]+ (read|write) \| thread [01]: (read racy_count = [0-9]+|write racy_count [0-9]+ -> [0-9]+) in racy_add_return counters.c:[0-9]+')" \
	"$(printf '%s\n' "$trace" | wc -l)" "each access step says what it did"
expect_eq "$(printf '%s\n' "$flow" | awk '$4 ~ /^counters\/counters.c:/ { split($4, at, ":"); print at[2], at[3] }' | sort -u |
	while read -r line col; do [ "$col" = "$(column_of counters/counters.c "$line" racy_count)" ] || echo "$line:$col"; done)" "" \
	"access steps mark racy_count on their line"
expect_match "$(printf '%s\n' "$flow" | tail -1)" "outcome: $(printf '%s' "$outcome" | sed 's/[().]/\\&/g')" "the last step ends with the stored outcome"
expect_match "$seen" "^flow non-linearizable \| .*under schedule $schedule .*snc replay $id shows every access$" "the flow names the schedule to replay"
# Each thread flow says what the hooks counted on its thread: the schedules view's counts.
for t in 0 1; do
	side=$([ $t = 0 ] && echo f || echo g)
	counts=$(q s.db "SELECT ${side}_points || ' ' || ${side}_rmw || ' ' || ${side}_seq_cst_fences || ' ' || ${side}_lock_acquisitions FROM schedules WHERE schedule_id = $id")
	set -- $counts
	expect_match "$seen" "^thread thread-$t \| thread $t: racy_add_return\([0-9]+\), which passed $1 scheduling points? under this schedule: $2 atomic RMWs?, $3 seq_cst fences?, [0-9]+ seq_cst stores?, $4 lock acquisitions?$" "thread $t's counts"
done
expect_match "$counts" '^[1-9][0-9]* 0 0 0$' "the racy counter passes points and no heavyweight instruction"
# snc-unsynchronized on the same pair rests on the same schedule: the same flow.
expect_eq "$(printf '%s\n' "$seen" | awk '/^result snc-unsynchronized .*racy-counter$/ { on = 1; next } /^result / { on = 0 } on && /^step /')" \
	"$flow" "snc-unsynchronized carries the breaking schedule"

# The pair's second function: set_remove's SNC_OP line (an op the scan does not tie), and
# for the scan's candidate pair, byte_set_remove's definition.
expect_match "$seen" "^related sets/byte_set_harness.c:$remove_op:[0-9]+ set_remove, the pair's second function$" "related: set_remove"
expect_match "$seen" "^related sets/byte_set.c:$remove_fn:$(column_of sets/byte_set.c "$remove_fn" byte_set_remove) byte_set_remove, the pair's second function$" "related: byte_set_remove"
sarif_field() {
	python3 -c 'import json, sys; run = json.load(open(sys.argv[1]))["runs"][0]; print(eval(sys.argv[2]))' "$@"
}
expect_match "$(sarif_field out/code.sarif '[r["message"]["text"] for r in run["results"] if r["properties"]["subject"] == "set_add x set_remove in byte-set"][0]')" \
	'second function: \[set_remove\]\(1\)\)$' "the message links to it"

# Every rule has its helpUri at its section of docs/findings.md (the checker resolved each).
expect_eq "$(sarif_field out/code.sarif '"\n".join(r["id"] + " " + r["helpUri"].split("/docs/")[1] for r in run["tool"]["driver"]["rules"])')" \
	"$(sed -n 's/^\t{ "\([a-z-]*\)", SNC_[A-Z]*,$/\1 findings.md#\1/p' "$SNC_SOURCE_DIR/db/findings/findings_rules.c")" "a helpUri per rule"

# An installed snc, moved after installing, points helpUri at its own copy of the docs
# (PREFIX/share/doc/snc), whose anchors the checker resolves.
expect_status 0 "install" -- cmake --install "$SNC_BUILD_DIR" --prefix "$PWD/installed"
mv installed moved
(cd out && ../moved/bin/snc report --db ../s.db --sarif moved.sarif) > /dev/null
expect_status 0 "the moved snc's SARIF read as code scanning reads it" -- python3 "$SNC_SOURCE_DIR/tests/report/sarif_code_scanning.py" out/moved.sarif repo
expect_eq "$(sarif_field out/moved.sarif 'sorted({r["helpUri"].split("#")[0] for r in run["tool"]["driver"]["rules"]})')" \
	"['file://$PWD/moved/share/doc/snc/findings.md']" "helpUri into the moved prefix's docs"

# With --root elsewhere, the sources are outside it: absolute file URIs, no base id.
(cd out && "$SNC" report --db ../s.db --sarif abs.sarif --root .) > /dev/null
expect_eq "$(python3 - out/abs.sarif "$PWD/repo/" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
for res in run["results"]:
    art = res["locations"][0]["physicalLocation"]["artifactLocation"]
    if not art["uri"].startswith("file://" + sys.argv[2]) or "uriBaseId" in art:
        print("not absolute:", art)
print(len(run["results"]), "results")
PY
)" "$(grep -c '^result ' seen.txt) results" "absolute URIs outside --root"

# Microsoft's validator, against the schema it ships.
tool="$SNC_BUILD_DIR/tools/sarif-multitool"
[ -x "$tool/node_modules/.bin/sarif-multitool" ] ||
	skip "Microsoft's SARIF validator is not installed in $tool (make sarif-validator installs it with npm)"
schema=$(ls "$tool"/node_modules/@microsoft/sarif-multitool-*/sarif-2.1.0.json | head -1)
"$tool/node_modules/.bin/sarif-multitool" validate -j "$schema" --log ForceOverwrite -o validation.sarif out/code.sarif >/dev/null 2>&1
python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["runs"][0].get("results", []):
    print(r.get("level", "warning"), r["ruleId"], r["message"].get("arguments", r["message"].get("text")))' validation.sarif > validation.txt
cat validation.txt
expect_eq "$(grep -c '^error' validation.txt)" 0 "SARIF 2.1.0 valid, code flows and related locations included"
finish
