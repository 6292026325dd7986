# lib.sh: what the shell tests share: a scratch folder, assertions that print what
# differed, and queries on a test database. Source it; then call `finish` at the end.
set -u
: "${SNC:?run through ctest}" "${SNC_SOURCE_DIR:?}" "${SNC_BUILD_DIR:?}" "${SNC_SCRATCH:?}"
rm -rf "$SNC_SCRATCH" && mkdir -p "$SNC_SCRATCH" && cd "$SNC_SCRATCH" || exit 1
FIXTURES="$SNC_SOURCE_DIR/tests/fixtures"
EXAMPLES="$SNC_SOURCE_DIR/examples"
EXAMPLE_BIN="$SNC_BUILD_DIR/examples/bin"
failures=0
checks=0
# python3: the interpreter the build found (SNC_PYTHON, tests/CMakeLists.txt), not a shim.
# (A job whose pid a test signals runs "$PYTHON" itself: the function runs in a subshell.)
PYTHON=${SNC_PYTHON:-python3}
python3() { command "$PYTHON" "$@"; }

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# A script that ends without `finish`, or exits early, still fails when a check failed.
trap '[ "$failures" = 0 ] || { echo "$checks checks, $failures failed"; exit 1; }' EXIT

# expect_eq ACTUAL EXPECTED WHAT
expect_eq() {
	checks=$((checks + 1))
	[ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"
}

# clip TEXT: the text for a failure message: whole when short, else its first 600 and last
# 2000 characters (a sanitizer's report or the error that ended a command comes last).
clip() {
	if [ "${#1}" -le 2800 ]; then
		printf '%s' "$1"
	else
		printf '%s\n[... %d characters ...]\n%s' "${1:0:600}" "$((${#1} - 2600))" "${1: -2000}"
	fi
}

# expect_match TEXT REGEX WHAT (REGEX on one line: grep takes each line of a pattern as an
# alternative, so a multi-line one would match when any of its lines did)
expect_match() {
	checks=$((checks + 1))
	case $2 in *$'\n'*) fail "$3: a regular expression of several lines: '$2'"; return;; esac
	printf '%s' "$1" | grep -Eq -- "$2" || fail "$3: '$2' not in: $(clip "$1")"
}

# expect_no_match TEXT REGEX WHAT
expect_no_match() {
	checks=$((checks + 1))
	case $2 in *$'\n'*) fail "$3: a regular expression of several lines: '$2'"; return;; esac
	! printf '%s' "$1" | grep -Eq -- "$2" || fail "$3: '$2' found in: $(clip "$1")"
}

# expect_status EXPECTED WHAT -- COMMAND...: runs it, keeps its output in $out.
expect_status() {
	local want=$1 what=$2
	shift 3
	out=$("$@" 2>&1)
	local got=$?
	checks=$((checks + 1))
	[ "$got" = "$want" ] || fail "$what: exit $got, expected $want; output: $(clip "$out")"
}

# q DB SQL: one query, values separated by |
# (a busy timeout: tests read the shared demo database at once, and the first reader of a
# WAL database recovers its index under a lock)
q() { sqlite3 -batch -noheader -cmd ".timeout 10000" "$1" "$2"; }

# verdict DB HARNESS F G: the latest verdict of the pair, either order.
verdict() {
	q "$1" "SELECT verdict || coalesce(' ' || direction, '') FROM pair_verdicts
	        WHERE harness = '$2' AND ((f = '$3' AND g = '$4') OR (f = '$4' AND g = '$3'))
	        ORDER BY run_id DESC LIMIT 1"
}

# op_result DB HARNESS STATE FIRST [SECOND]: FIRST's result alone from STATE, or, with
# SECOND, SECOND's result after FIRST (the first execution stored).
op_result() {
	if [ -z "${5:-}" ]; then
		q "$1" "SELECT first_result FROM op_outcomes WHERE harness = '$2' AND state = '$3'
		        AND first_op = '$4' AND second_op IS NULL LIMIT 1"
	else
		q "$1" "SELECT second_result FROM op_outcomes WHERE harness = '$2' AND state = '$3'
		        AND first_op = '$4' AND second_op = '$5' LIMIT 1"
	fi
}

# skip REASON: the test cannot go on because an optional tool is absent on this machine
# (the only reason to skip): exit 77, listed by `make test`. A check that already failed
# still fails the test.
skip() {
	echo "SKIP: $*"
	[ "$failures" = 0 ] || finish
	exit 77
}

# have_valgrind: is the optional Valgrind installed? (the snc tool is built with it)
have_valgrind() { command -v valgrind >/dev/null; }

# refused WHAT REGEX SHARD.db...: `snc merge out.db SHARDS...` refuses in one line matching
# REGEX, exit 2, and writes nothing (no out.db, no temporary file beside it).
refused() {
	local what=$1 regex=$2
	shift 2
	rm -f out.db
	expect_status 2 "$what" -- "$SNC" merge out.db "$@"
	expect_match "$out" "$regex" "$what: the reason"
	expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "$what: one line"
	checks=$((checks + 1))
	[ ! -e out.db ] && [ -z "$(ls out.db.* 2>/dev/null)" ] || fail "$what: something was written"
}

# need_demo_db: the test reads $SNC_DEMO_DB, the database of the fixture.demo test (it
# reads it only; a test that writes works on a copy).
need_demo_db() {
	[ -s "${SNC_DEMO_DB:?}" ] || { echo "FAIL: no demo database at $SNC_DEMO_DB (fixture.demo)"; exit 1; }
}

# finish: the count of checks and failures, and the CPU time of the test's processes (the
# children it waited for: bench/suite_bench.py reads it per test from ctest's output).
finish() {
	trap - EXIT
	echo "$checks checks, $failures failed"
	echo "cpu (user and system time of the test's shell, then of its processes):"
	times
	[ "$failures" = 0 ]
	exit $?
}
