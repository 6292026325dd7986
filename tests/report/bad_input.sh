# snc report on bad input: a missing, foreign or empty database, an unknown run or option, a
# baseline that is missing or not a report, an output that cannot be written: one line and
# exit 2 each, and the database keeps what it held.
. "$(dirname "$0")/lib_report.sh"
db=r.db
expect_status 0 "a run to report on" -- "$SNC" run --db $db --quiet --depth 0 "$RF/drift_harness.c" "$RF/drift.c"
expect_status 0 "report" -- "$SNC" report --db $db
expect_match "$out" 'findings: 0 error, 2 warning, 0 note outstanding' "the report works on it"
before=$(q $db "SELECT count(*) FROM verdicts")

# refused WHAT REGEX ARGS...: exit 2 and one line matching REGEX.
refused() {
	local what=$1 regex=$2
	shift 2
	expect_status 2 "$what" -- "$SNC" report "$@"
	expect_match "$out" "$regex" "$what: says why"
	expect_eq "$(printf '%s\n' "$out" | grep -c .)" 1 "$what: one line"
}
refused "missing database" "nothere.db.*[Nn]o such file" --db nothere.db
[ -e nothere.db ] && fail "report created a database"
echo "plain text" > text.db
refused "not a database" "not a database" --db text.db
sqlite3 other.db "CREATE TABLE t(x)"
refused "someone else's SQLite" "not snc's" --db other.db
refused "unknown run" "no run 9" --db $db --run 9
refused "unknown option" "unknown option '--frobnicate'" --db $db --frobnicate
refused "option without its value" "needs a value" --db $db --json
refused "unexpected argument" "unexpected argument 'extra'" --db $db extra
refused "missing baseline" "baseline 'old.db': No such file or directory" --db $db --baseline old.db
echo '[1, 2]' > foreign.json
refused "foreign JSON baseline" "not a report written by 'snc report --json'" --db $db --baseline foreign.json
refused "JSON into a missing folder" "no/such/dir/r.json" --db $db --json no/such/dir/r.json
refused "SARIF into a missing folder" "no/such/dir/r.sarif" --db $db --sarif no/such/dir/r.sarif
touch afile
refused "HTML into a file" "afile" --db $db --html afile
expect_eq "$(q $db "SELECT count(*) FROM verdicts")" "$before" "nothing stored was lost"
expect_eq "$(ls no 2>&1 | grep -c 'No such file')" 1 "no folder created for a failed output"
finish
