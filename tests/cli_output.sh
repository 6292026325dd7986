# Where results go (issue 17): -o/--output FILE on every command that prints results (run,
# show, report, gate, scan, audit, replay; demo's -o names its HTML report's folder), '-'
# for stdout, and `report --json -` / `--sarif -` with nothing else on stdout. A command
# that fails leaves an existing output file as it was.
. "$(dirname "$0")/lib.sh"
db=out.db
valid_json() { python3 -c 'import json, sys; json.load(open(sys.argv[1])); print("ok")' "$1" 2>&1; }

# run: the verdicts into the file, nothing on stdout.
"$SNC" run --db $db --depth 0 --repeat 1 --schedules --quiet -o run.txt "$EXAMPLE_BIN/racy-counter" > run.stdout
expect_eq "$(cat run.stdout)" "" "run -o with --quiet: nothing on stdout"
"$SNC" run --db $db --depth 0 --repeat 1 --json --output run.json "$EXAMPLE_BIN/racy-counter" > run.stdout 2> run.err
expect_eq "$?" 0 "run --json --output FILE"
expect_eq "$(cat run.stdout)" "" "run --json -o: nothing on stdout"
expect_eq "$(python3 -c 'import json; d = json.load(open("run.json")); print(d["run_id"], len(d["verdicts"]))')" \
	"2 3" "run -o: the JSON of run 2, three pairs"

# show: the table and the JSON into files, the same as on stdout.
"$SNC" show --db $db --run 1 > show.stdout
expect_status 0 "show -o" -- "$SNC" show --db $db --run 1 -o show.txt
expect_eq "$out" "" "show -o: nothing printed"
expect_eq "$(cat show.txt)" "$(cat show.stdout)" "show -o FILE holds what show prints"
expect_match "$(cat show.txt)" "racy_add_return x racy_add_return +snc" "the verdict is in it"
expect_status 0 "show --json -o -" -- "$SNC" show --db $db --run 1 --json -o -
expect_match "$out" '"verdict": "snc"' "show -o -: stdout"
# A failing command leaves the file it would have replaced alone, and no temporary beside it.
expect_status 2 "show of a run that is not there" -- "$SNC" show --db $db --run 99 -o show.txt
expect_eq "$(cat show.txt)" "$(cat show.stdout)" "the earlier file is kept"
expect_eq "$(ls | grep -c 'show.txt.')" 0 "no temporary file left"
expect_status 2 "-o into a folder that does not exist" -- "$SNC" show --db $db -o no/such/dir/x.txt
expect_match "$out" "^snc show: error: cannot write 'no/such/dir/x.txt'" "says so in one line"

# report: --json - and --sarif - are the only thing on stdout; files are said on stderr.
"$SNC" report --db $db --run 1 --json - > report.json 2> report.err
expect_eq "$?" 0 "report --json -"
expect_eq "$(valid_json report.json)" ok "report --json -: stdout is one JSON document"
expect_eq "$(python3 -c 'import json; print(json.load(open("report.json"))["format"])')" snc-report "the report's JSON"
"$SNC" report --db $db --run 1 --sarif - --html site > report.sarif 2> report.err
expect_eq "$(valid_json report.sarif)" ok "report --sarif - --html DIR: stdout is only the SARIF"
expect_eq "$(python3 -c 'import json; print(json.load(open("report.sarif"))["version"])')" 2.1.0 "SARIF 2.1.0"
expect_match "$(cat report.err)" "HTML report: site/index.html" "where the HTML went is said on stderr"
expect_status 2 "--json - and --sarif - together" -- "$SNC" report --db $db --json - --sarif -
expect_match "$out" "cannot both go to stdout" "refused in one line"
expect_status 0 "report --json - -o FILE" -- "$SNC" report --db $db --run 1 --json - -o report2.json
expect_eq "$(cmp -s report.json report2.json && echo same)" same "-o takes what '-' would print"
expect_status 0 "report -o (the summary)" -- "$SNC" report --db $db --run 1 -o summary.txt
expect_eq "$out" "" "nothing printed"
expect_match "$(cat summary.txt)" "findings: 1 error, 0 warning, 0 note outstanding" "the summary is in the file"
expect_status 0 "report --json FILE" -- "$SNC" report --db $db --run 1 --json r.json
expect_match "$out" "^JSON: r.json" "a file written is said on stdout when stdout carries no format"

# gate: the review comments into the file, the decision on stderr, the exit status kept.
expect_status 1 "gate -o" -- "$SNC" gate --db $db --run 1 -o gate.txt
expect_match "$out" "snc gate: 1 outstanding.*fail" "the decision is printed"
expect_match "$(cat gate.txt)" ": non-linearizable: racy_add_return and racy_add_return" "the comment is in the file"
expect_eq "$(grep -c . gate.txt)" 1 "one comment"

# replay: the harness program's trace into the file.
id=$(q $db "SELECT schedule_id FROM schedules WHERE run_id = 1 AND linearizable = 0 ORDER BY schedule_id LIMIT 1")
expect_status 0 "replay -o" -- "$SNC" replay --db $db -o replay.txt "$id"
expect_eq "$(grep -c 'thread 0' <<<"$out")" 0 "replay -o: no trace on the terminal"
expect_match "$(cat replay.txt)" "thread 0" "the trace is in the file"

# scan: the JSON into the file.
mkdir -p src && cp "$FIXTURES/kinds_lib.c" src/
"$SNC" scan --db scan.db --json -o scan.json src > scan.stdout 2> scan.err
expect_eq "$?" 0 "scan --json -o"
expect_eq "$(cat scan.stdout)" "" "scan -o: nothing on stdout"
expect_match "$(cat scan.err)" "^snc scan: 1 unit parsed" "what it did on stderr"
expect_eq "$(valid_json scan.json)" ok "scan -o: the JSON"
expect_match "$(cat scan.json)" '"reg_cas"' "with the scanned functions"

# audit: the verdicts into the file (the notes and the summary stay on stderr).
expect_status 0 "audit -o" -- "$SNC" audit --db audit.db --repeat 1 --no-measure --depth 0 \
	-o audit.txt "$SNC_SOURCE_DIR/tests/audit/fixtures/ring.h"
expect_match "$(cat audit.txt)" "ring_enqueue x ring_enqueue +snc" "audit -o: the verdicts in the file"
expect_match "$out" "snc audit: 1 family: 1 audited" "the summary on stderr"
expect_eq "$(grep -c 'ring_enqueue x' <<<"$out")" 0 "and no verdict table"

# demo: -o names the HTML report's folder (demo itself is run by fixture.demo).
expect_status 2 "demo -o -" -- "$SNC" demo -o -
expect_match "$out" "^snc demo: error: -o names the HTML report's folder" "a folder, not stdout"

# Killed while the output is being written: a database that is a FIFO keeps `report` waiting
# in its open, after -o made its temporary file; SIGTERM (and SIGINT) then end it as the
# signal does, and the temporary file is gone, an existing output file as it was.
for sig in TERM INT HUP; do
	rm -f slow.db && mkfifo slow.db && echo "before" > killed.txt
	# (a script's background job ignores SIGINT, and the shell cannot undo that: python can)
	"$PYTHON" -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
		"$SNC" report --db slow.db -o killed.txt 2> killed.err &
	pid=$!
	for _ in $(seq 100); do ls killed.txt.* > /dev/null 2>&1 && break; sleep 0.1; done
	expect_eq "$(ls killed.txt.* 2>/dev/null | wc -l)" 1 "SIG$sig: the temporary file while report waits"
	kill -$sig $pid
	for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
	kill -KILL $pid 2>/dev/null   # (it did not die of the signal: the checks below fail)
	wait $pid
	status=$?
	expect_eq "$status" "$((128 + $(kill -l $sig)))" "SIG$sig ends report as the signal does"
	expect_eq "$(ls killed.txt.* 2>/dev/null)" "" "SIG$sig: no temporary file left"
	expect_eq "$(cat killed.txt)" "before" "SIG$sig: the output file as it was"
done
finish
