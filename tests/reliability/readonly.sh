# Readers work on a database they cannot write, and write nothing: report, show and gate
# run as an unprivileged user (root ignores permissions) on a read-only file in a read-only
# folder, where a WAL database's -shm cannot be made. The findings they show were stored
# by the commands that produced the results (scan, run), not by them.
. "$(dirname "$0")/../lib.sh"
command -v setpriv > /dev/null || { echo "setpriv is not installed: skipped"; exit 77; }
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
RF="$SNC_SOURCE_DIR/tests/report/fixtures"
mkdir ro out && chmod 777 out
expect_status 0 "scan tally" -- "$SNC" scan --db ro/t.db --quiet -I "$SNC_SOURCE_DIR/runtime/include" "$RF/tally"
expect_status 0 "run tally" -- "$SNC" run --db ro/t.db --quiet --depth 1 "$RF/tally/tally_harness.c" "$RF/tally/tally.c"
expect_eq "$(q ro/t.db "SELECT count(*) FROM findings WHERE run_id = 2 AND rule = 'snc-unsynchronized' AND severity = 'error'")" \
	1 "the run stored its findings"
chmod a-w ro ro/t.db
sum=$(md5sum ro/t.db)
files=$(ls -a ro)
expect_status 0 "show, read-only" -- as_nobody "$SNC" show --db ro/t.db
expect_match "$out" "tally_take x tally_take +snc" "show prints the verdicts"
expect_status 0 "report, read-only" -- as_nobody "$SNC" report --db ro/t.db
expect_match "$out" "findings: 1 error" "report counts the findings"
expect_status 0 "report --json, read-only" -- as_nobody "$SNC" report --db ro/t.db --json out/r.json
expect_status 1 "gate, read-only" -- as_nobody "$SNC" gate --db ro/t.db
expect_match "$out" "snc-unsynchronized: .*tally_take" "gate prints the finding"
expect_status 0 "gate with itself as the baseline, read-only" -- as_nobody "$SNC" gate --db ro/t.db \
	--baseline ro/t.db --fail-on note
expect_match "$out" "0 outstanding" "nothing new against itself"
expect_eq "$(md5sum ro/t.db)" "$sum" "the database is unchanged"
expect_eq "$(ls -a ro)" "$files" "no file was added next to it"
# A reader never writes even where it could: the findings of an older run stay as stored.
chmod u+w ro ro/t.db
q ro/t.db "DELETE FROM finding_records WHERE run_id = 1"
expect_status 0 "report on run 1" -- "$SNC" report --db ro/t.db --run 1
expect_eq "$(q ro/t.db "SELECT count(*) FROM finding_records WHERE run_id = 1")" 0 "report stored nothing"
finish
