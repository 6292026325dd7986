# What a terminal gets and a pipe does not (issue 17): colour for verdicts and severities
# (off with NO_COLOR, --color=never, or when the stream is not a terminal; --color=always
# forces it), the updating progress line of harness programs (classification, the schedules
# pass) and of the scan, and -j's default: the CPUs this process may use.
. "$(dirname "$0")/lib.sh"
command -v script >/dev/null || skip "script (util-linux) is not installed"
export TERM=xterm
esc=$'\033'
# on_tty CMD...: runs CMD with a pseudo-terminal as stdin, stdout and stderr; prints what it wrote.
on_tty() { script -q -e -c "$(printf '%q ' "$@")" /dev/null; }
has_esc() { grep -q "$esc" && echo yes || echo no; }

db=term.db
"$SNC" run --db $db --depth 0 --repeat 1 --schedules --quiet "$EXAMPLE_BIN/racy-counter"

# Colour: verdicts in show (the table of run, audit and demo too), severities in report.
expect_match "$(on_tty "$SNC" show --db $db)" "${esc}\[1;31msnc${esc}\[0m" "show on a terminal: snc in red"
expect_match "$(on_tty "$SNC" show --db $db)" "${esc}\[32mcommutative${esc}\[0m" "commutative in green"
expect_eq "$(on_tty env NO_COLOR=1 "$SNC" show --db $db | has_esc)" no "NO_COLOR: no colour"
expect_eq "$(on_tty "$SNC" show --db $db --color=never | has_esc)" no "--color=never: no colour"
expect_eq "$("$SNC" show --db $db | has_esc)" no "piped: no colour"
expect_eq "$("$SNC" show --db $db --color=always | has_esc)" yes "--color=always: colour into a pipe"
expect_eq "$(NO_COLOR= "$SNC" show --db $db --color=always | has_esc)" yes "an empty NO_COLOR does not count"
expect_match "$(on_tty "$SNC" report --db $db)" ": ${esc}\[1;31merror${esc}\[0m: non-linearizable" \
	"report on a terminal: the severity in colour"
expect_eq "$("$SNC" report --db $db | has_esc)" no "report piped: no colour"
expect_match "$(on_tty "$SNC" gate --db $db)" "${esc}\[1;31mfail${esc}\[0m" "gate's decision in colour"
expect_match "$(on_tty "$SNC" show --db no-such.db)" "^snc show: ${esc}\[1;31merror${esc}\[0m: " \
	"an error says so in colour on a terminal"
expect_match "$("$SNC" show --db no-such.db 2>&1)" "^snc show: error: " "and plainly into a pipe"
expect_status 2 "--color takes auto, always or never" -- "$SNC" show --db $db --color=sometimes
expect_match "$out" "^snc show: error: --color takes auto, always or never, not 'sometimes'" "says which"

# The progress line: "\r", clear the line, then the phase; redrawn while the schedules pass
# runs (at most ten times a second: the RCU example's 103 bounded schedules take 0.07 to
# 0.3 s, which can end before a redraw is due, so 200 PCT schedules per pair are added:
# 0.6 s or more); never into a pipe.
tty_out=$(on_tty "$EXAMPLE_BIN/rcu" --db p.db --depth 0 --repeat 1 --schedules --pct 200)
expect_match "$tty_out" $'\r'"${esc}\[Krcu: state 1/1" "a harness program on a terminal: the progress line"
expect_match "$tty_out" "rcu: state 1/1, 0 executions; schedules: [0-9]+ runs" "the schedules pass moves it"
expect_match "$tty_out" "rcu: 1 states, [0-9]+ executions run, stored" "then the summary"
piped=$("$EXAMPLE_BIN/rcu" --db p.db --depth 0 --repeat 1 --schedules 2>&1)
expect_match "$piped" "rcu: 1 states, [0-9]+ executions run, stored" "piped: the summary"
expect_eq "$(printf '%s' "$piped" | grep -c $'\r')" 0 "piped: no progress line"
expect_eq "$(printf '%s' "$piped" | has_esc)" no "piped: no escape sequence"
expect_eq "$(on_tty "$EXAMPLE_BIN/racy-counter" --db p.db --depth 0 --repeat 1 --quiet | grep -c $'\r\033')" 0 \
	"--quiet: no progress line"
expect_match "$(on_tty "$EXAMPLE_BIN/racy-counter" --db p.db --depth 0 --repeat 1 --quiet --progress)" \
	"racy-counter: state 1/1" "--progress (what snc audit passes): the line even with --quiet"

# snc audit: its builds, and each harness program's classification and proof pass.
ring="$SNC_SOURCE_DIR/tests/audit/fixtures/ring.h"
tty_out=$(on_tty "$SNC" audit --db a.db --repeat 1 --no-measure --depth 0 "$ring")
expect_match "$tty_out" $'\r'"${esc}\[Ksnc audit: ring: building the harness program" "audit: a line while it builds"
expect_match "$tty_out" $'\r'"${esc}\[Kring: state 1/" "the harness program's line (--progress)"
expect_match "$tty_out" $'\r'"${esc}\[Kring: looking for the interleavings that break [0-9]+ SNC pairs?: 0 done" \
	"the proof pass has its line"
piped=$("$SNC" audit --db a.db --repeat 1 --no-measure --depth 0 "$ring" 2>&1)
expect_match "$piped" "snc audit: 1 family: 1 audited" "audit piped: the summary"
expect_eq "$(printf '%s' "$piped" | grep -c $'\r')" 0 "audit piped: no progress line"

# -j: the default is the CPUs this process may run on, and the help says so.
mkdir -p src && cp "$FIXTURES/kinds_lib.c" src/
expect_match "$(on_tty "$SNC" scan --db s.db src)" "scanning 1/1 \(-j $(nproc)\) kinds_lib.c" \
	"scan's default -j: every CPU ($(nproc))"
if command -v taskset >/dev/null; then
	echo "/* changed: parsed again */" >> src/kinds_lib.c
	expect_match "$(on_tty taskset -c 0 "$SNC" scan --db s.db src)" "scanning 1/1 \(-j 1\) kinds_lib.c" \
		"on one CPU the default is 1"
fi
expect_eq "$("$SNC" scan --db s2.db src 2>&1 | grep -c 'scanning')" 0 "scan piped: no progress line"
expect_match "$("$SNC" scan --help)" "-j, --jobs N +parse N units at once \(default: the number of CPUs\)" \
	"scan --help: -j and its default"
for cmd in run audit; do
	expect_match "$("$SNC" $cmd --help)" "-j, --jobs N +executions in flight at once \(default: 8 per CPU" \
		"$cmd --help: -j and its default"
done
expect_status 0 "run -j 1" -- "$SNC" run --db j.db --depth 0 --repeat 1 -j 1 --quiet "$EXAMPLE_BIN/racy-counter"
# A harness that does not compile, on a terminal: the progress line ("snc run: compiling
# ...") is erased before the compiler's messages, which start a line of their own, and the
# error line follows them. visible: what each line shows once a terminal has drawn it (the
# text after its last carriage return + erase-line).
visible() { tr -d '\r' <<<"${1//$'\r'${esc}\[K/$'\001'}" | sed "s/.*$(printf '\001')//"; }
printf '#include "snc.h"\nint broken( {\n' > bad_harness.c
shown=$(on_tty "$SNC" run --db bad.db bad_harness.c)
expect_eq "$?" 2 "a harness that does not compile: exit 2"
expect_match "$shown" "snc run: compiling bad_harness.c" "the progress line was drawn"
expect_match "$(visible "$shown" | head -1)" "^bad_harness.c:2:[0-9]+: error: " "the compiler's first message starts its own line"
expect_eq "$(visible "$shown" | grep -c 'compiling')" 0 "no line shows the progress line any more"
expect_match "$(visible "$shown" | tail -1)" "^snc run: .*error.*: 'bad_harness.c' did not compile \(the compiler's messages are above\)$" "then the error line"
finish
