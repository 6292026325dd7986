# lib_report.sh: what the report tests share, on top of ../lib.sh: the fixtures, scanning
# them the way a user would (with the harness header on the include path), and reading
# the findings view.
. "$(dirname "$0")/../lib.sh"
RF="$SNC_SOURCE_DIR/tests/report/fixtures"
SNC_INCLUDE="$SNC_SOURCE_DIR/runtime/include"

# scan DB PATH...: a quiet scan of the fixtures.
scan() {
	local db=$1
	shift
	"$SNC" scan --db "$db" --quiet -I "$SNC_INCLUDE" "$@"
}

# findings DB [WHERE]: "rule|severity|subject" lines of the newest run's findings, sorted.
findings() {
	q "$1" "SELECT rule || '|' || severity || '|' || subject FROM findings
	        WHERE run_id = (SELECT max(run_id) FROM findings) ${2:+AND $2}
	        ORDER BY rule, subject"
}
