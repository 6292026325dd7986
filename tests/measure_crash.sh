# measure.crash: a measured call that crashes under Valgrind (take_once_harness.c: `take`
# works twice, its next call dereferences NULL) is told in one line, its signal and the
# function it hit, instead of Valgrind's stack report for every process; the other calls
# are measured, the measurement is stored as measured; --verbose prints Valgrind's report.
# From a state where the classifier saw the op crash when called again (take() built it),
# only its first call is measured: two processes crash (from fresh and peek()), not three.
# A pass that counted no call at all is a failed measurement.
. "$(dirname "$0")/lib.sh"
have_valgrind || skip "valgrind is not installed"
expect_status 0 "a harness whose op crashes on its second call, measured" -- \
	"$SNC" run --db t.db --quiet --depth 1 --repeat 1 --measure "$FIXTURES/take_once_harness.c"
expect_match "$out" "take-once: 2 measured processes crashed under valgrind \(SIGSEGV in take\); the calls they had not made are not counted" \
	"the crash in one line, from the two states where take was called again"
expect_eq "$(printf '%s\n' "$out" | grep -c '^==[0-9]*==')" 0 "none of Valgrind's report"
expect_eq "$(q t.db "SELECT status FROM cost_measurements")" "measured" "the measurement is stored"
expect_eq "$(q t.db "SELECT count(*) > 0 FROM op_costs WHERE op = 'peek' AND calls > 0")" 1 "peek measured"
expect_status 0 "the same, --verbose" -- \
	"$SNC" run --db v.db --verbose --depth 1 --repeat 1 --measure "$FIXTURES/take_once_harness.c"
expect_match "$out" "==[0-9]+== Process terminating with default action of signal 11 \(SIGSEGV\)" \
	"--verbose: Valgrind's report"

# An op that never returns under Valgrind: every measured call runs past its limit, no call
# is counted, and that is no measurement: failed, with why, never an empty "measured".
expect_status 0 "an op that never returns under valgrind, measured" -- \
	"$SNC" run --db stall.db --depth 0 --repeat 1 --measure --measure-states 1 "$FIXTURES/valgrind_stall_harness.c"
expect_eq "$(q stall.db "SELECT status || ': ' || reason FROM cost_measurements")" \
	"failed: no call of any op finished under valgrind within its limit (1400 ms a call)" \
	"nothing counted is a failed measurement"
expect_match "$out" "valgrind-stall: costs not measured: no call of any op finished" "said in one line"
finish
