# Bad input never crashes snc and never loses what is stored: each case gets one clear
# line and exit 2, or, for operations that crash, a recorded outcome.
. "$(dirname "$0")/lib.sh"
db=bad.db
# Something to lose: a good run first.
expect_status 0 "a good run" -- "$EXAMPLE_BIN/treiber-stack" --db $db --quiet
before=$(q $db "SELECT count(*) FROM verdicts")

expect_status 2 "missing harness" -- "$SNC" run --db $db missing.c
expect_match "$out" "harness 'missing.c' not found" "missing harness message"
expect_status 2 "not C" -- "$SNC" run --db $db "$FIXTURES/notes.txt"
expect_match "$out" "is not a C source file" "non-C message"
expect_status 2 "missing library" -- "$SNC" run --db $db "$FIXTURES/kinds_harness.c" nolib.c
expect_match "$out" "library source 'nolib.c' not found" "missing library message"
expect_status 2 "does not compile" -- "$SNC" run --db $db "$FIXTURES/broken_harness.c"
expect_match "$out" "undeclared_variable" "the compiler's message is shown"
expect_match "$out" "did not compile" "compile failure line"
expect_status 2 "no ops" -- "$SNC" run --db $db "$FIXTURES/no_ops_harness.c"
expect_match "$out" "declares no operations" "no ops message"
expect_status 2 "duplicate ops" -- "$SNC" run --db $db "$FIXTURES/duplicate_harness.c"
expect_match "$out" "operation name 'a' is declared twice" "duplicate message"
expect_status 2 "missing domain" -- "$SNC" run --db $db "$FIXTURES/missing_domain_harness.c"
expect_match "$out" "op 'twice' takes 1 argument" "domain message"
expect_status 2 "no harness" -- "$SNC" run --db $db
expect_status 2 "unknown option" -- "$SNC" run --frobnicate
expect_match "$out" "unknown option '--frobnicate'" "unknown option message"
expect_status 2 "option without value" -- "$SNC" run --depth
expect_match "$out" "needs a value" "missing value message"
expect_status 2 "bad value" -- "$SNC" run --db $db --depth 99 "$EXAMPLE_BIN/treiber-stack"
expect_match "$out" "depth needs a whole number from 0 to 8" "bad value message"
# Values are checked before anything is compiled or stored: no database, no run row.
expect_status 2 "bad value before compiling" -- "$SNC" run --db early.db --timeout 0 \
	"$EXAMPLES/counters/atomic_harness.c" "$EXAMPLES/counters/counters.c"
expect_match "$out" "timeout needs seconds from 0.001 to 3600" "timeout range message"
[ -e early.db ] && fail "a bad option value created the database"
expect_status 2 "a harness with its own main()" -- "$SNC" run --db main.db "$FIXTURES/own_main_harness.c"
expect_match "$out" "multiple definition of .main" "the link says why"
expect_eq "$(q main.db "SELECT count(*) FROM harnesses" 2>/dev/null || echo 0)" 0 "no harness recorded"
expect_status 2 "a close option is suggested" -- "$SNC" run --shedules "$EXAMPLE_BIN/treiber-stack"
expect_match "$out" "did you mean '--schedules'" "suggestion"
expect_status 2 "a close command is suggested" -- "$SNC" reprot
expect_match "$out" "did you mean 'report'" "command suggestion"
expect_status 2 "--run is checked" -- "$SNC" show --db $db --run 0
expect_match "$out" "run needs a whole number from 1" "run range message"
expect_status 2 "a flag takes no value" -- "$SNC" show --json=yes
expect_match "$out" "takes no value" "flag value message"
expect_status 2 "unknown command" -- "$SNC" frobnicate
expect_status 2 "show unknown run" -- "$SNC" show --db $db --run 999
expect_match "$out" "no run 999" "unknown run message"
expect_status 2 "show without db" -- "$SNC" show --db nothing-here.db
expect_match "$out" "no such file" "missing db message"
[ -e nothing-here.db ] && fail "show created a database"

# Databases that are not ours, or cannot be written.
echo "plain text, not SQLite" > text.db
expect_status 2 "not SQLite" -- "$SNC" run --db text.db "$EXAMPLE_BIN/treiber-stack"
expect_match "$out" "not a database" "not SQLite message"
expect_eq "$(cat text.db)" "plain text, not SQLite" "foreign file untouched"
sqlite3 other.db "CREATE TABLE t(x); INSERT INTO t VALUES (1);"
expect_status 2 "someone else's SQLite" -- "$SNC" run --db other.db "$EXAMPLE_BIN/treiber-stack"
expect_match "$out" "not snc's" "foreign SQLite message"
cp $db ro.db && chmod 0444 ro.db
if [ "$(id -u)" != 0 ]; then
	expect_status 2 "read-only DB" -- "$SNC" run --db ro.db "$EXAMPLE_BIN/treiber-stack"
	expect_match "$out" "readonly|read-only" "read-only message"
else
	# root can write any file: make the folder unwritable for the WAL instead.
	mkdir -p rodir && cp $db rodir/ro.db && chattr +i rodir/ro.db 2>/dev/null
	if lsattr rodir/ro.db 2>/dev/null | grep -q 'i'; then
		expect_status 2 "immutable DB" -- "$SNC" run --db rodir/ro.db "$EXAMPLE_BIN/treiber-stack"
		chattr -i rodir/ro.db
	fi
fi
expect_status 0 "show still works on read-only DB" -- "$SNC" show --db ro.db
expect_eq "$(q $db "SELECT count(*) FROM verdicts")" "$before" "nothing stored was lost"

# Operations that crash, abort, exit or hang are outcomes; the run finishes.
expect_status 0 "crashing ops" -- "$SNC" run --db crash.db --quiet --depth 1 "$FIXTURES/crash_harness.c"
out1() { q crash.db "SELECT first_result FROM op_outcomes WHERE state='fresh' AND first_op='$1' AND second_op IS NULL"; }
expect_eq "$(out1 segfault)" "crash: SIGSEGV" "segfault recorded"
expect_eq "$(out1 aborts)" "crash: SIGABRT" "abort recorded"
expect_eq "$(out1 exits)" "exit 3" "exit recorded"
expect_eq "$(out1 loops)" "blocks" "endless loop recorded as blocks"
expect_eq "$(q crash.db "SELECT second_result FROM op_outcomes WHERE state='fresh' AND first_op='ok' AND second_op='segfault'")" "crash: SIGSEGV" "crash of the second op"
expect_eq "$(q crash.db "SELECT second_result FROM op_outcomes WHERE state='fresh' AND first_op='segfault' AND second_op='ok'")" "not run" "op after a crash not run"
expect_eq "$(verdict crash.db crash ok ok)" snc "the working op is still classified"
expect_eq "$(q crash.db "SELECT status FROM states WHERE label='segfault()'")" "crash: SIGSEGV" "a state that cannot be built"
expect_eq "$(q crash.db "SELECT status FROM states WHERE label='loops()'")" "blocks" "a state that never finishes building"
expect_match "$(q crash.db "SELECT crash_states FROM pair_verdicts WHERE f='ok' AND g='segfault'")" '^[1-9]' "crash states counted"

# A run killed with SIGKILL leaves the database readable and the run unfinished: killed
# once two of its states (of hundreds at depth 3) are stored.
"$EXAMPLE_BIN/mutex-set" --db kill.db --quiet --depth 3 &
pid=$!
for _ in $(seq 600); do   # up to a minute on a loaded machine; at once as a rule
	n=$(q kill.db "SELECT count(*) FROM states" 2>/dev/null || echo 0)
	[ "${n:-0}" -ge 2 ] && break
	sleep 0.1
done
kill -9 $pid
wait $pid 2>/dev/null
expect_eq "$(q kill.db "SELECT status FROM run_summary")" unfinished "killed run is unfinished"
expect_match "$(q kill.db "SELECT count(*) FROM states")" '^[1-9]' "committed states kept"
expect_eq "$(q kill.db "PRAGMA integrity_check")" ok "database intact"
expect_status 0 "a new run after the kill" -- "$EXAMPLE_BIN/treiber-stack" --db kill.db --quiet
finish
