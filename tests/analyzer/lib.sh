# lib.sh: what the analyzer tests share. Each test runs in its own scratch folder and
# asserts exact values read back with sqlite3 (the documented scan_* views) or from --json.
set -u
fail=0
mkdir -p "$SNC_SCRATCH"
cd "$SNC_SCRATCH" || exit 1
rm -rf ./*
FIXTURES="$SNC_SOURCE_DIR/tests/analyzer/fixtures"
command -v sqlite3 >/dev/null || { echo "FAIL: sqlite3 is missing (the tests need it: make deps)"; exit 1; }

# q SQL: one query on $DB, rows on lines, columns separated by '|'.
q() { sqlite3 -batch -noheader "$DB" "$1"; }

# expect NAME EXPECTED ACTUAL
expect() {
	if [ "$2" == "$3" ]; then
		echo "ok: $1"
	else
		echo "FAIL: $1"
		echo "  expected: $2"
		echo "  actual:   $3"
		fail=1
	fi
}

finish() {
	[ "$fail" = 0 ] && echo "all passed"
	exit "$fail"
}
