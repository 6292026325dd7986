# The suite's checks can fail: the demo database with one verdict, one witness value and one
# measured count broken, read by the tests that check them (article.verdicts,
# measure.costs), must turn each of them red with a FAIL line naming what broke (the FAIL
# line, not just the exit status: a script that failed for another reason proves nothing).
. "$(dirname "$0")/lib.sh"
need_demo_db
cp "$SNC_DEMO_DB" broken.db

# run_on DB SCRIPT: runs a test script of the suite on DB instead of the demo database, in
# a scratch folder of its own; sets $out and $rc.
run_on() {
	rc=0
	out=$(SNC_SCRATCH="$PWD/inner" SNC_DEMO_DB="$PWD/$1" bash "$SNC_SOURCE_DIR/tests/$2" 2>&1) || rc=$?
}

# Quick quiz 1's verdict: atomic_add_return with itself, made commutative.
q broken.db "UPDATE verdicts SET verdict = 'commutative' WHERE id = (SELECT verdict_id FROM pair_verdicts
	WHERE harness = 'atomic-counter' AND f = 'atomic_add_return' AND g = f)"
run_on broken.db article_verdicts.sh
[ "$rc" -ne 0 ] || fail "article.verdicts passed with atomic_add_return x itself commutative"
expect_match "$out" "FAIL: QQ1 add_return" "the broken verdict is named"

# A witness value: after the other call, add_return(1) returned 2; make it 1.
cp "$SNC_DEMO_DB" broken.db
q broken.db "UPDATE witnesses SET f_after_g = '1' WHERE verdict_id = (SELECT verdict_id FROM pair_verdicts
	WHERE harness = 'atomic-counter' AND f = 'atomic_add_return' AND g = f)"
run_on broken.db article_verdicts.sh
[ "$rc" -ne 0 ] || fail "article.verdicts passed with a wrong witness value"
expect_match "$out" "FAIL: QQ1 witness" "the broken witness is named"

# A measured count: two lock adds per atomic_inc instead of one.
if have_valgrind; then
	cp "$SNC_DEMO_DB" broken.db
	q broken.db "UPDATE measured_ops SET rmw = 2 * rmw WHERE id IN (SELECT measured_op_id FROM op_costs
		WHERE harness = 'atomic-counter' AND op = 'atomic_inc')"
	run_on broken.db measure_costs.sh
	[ "$rc" -ne 0 ] || fail "measure.costs passed with 2 RMWs per atomic_inc"
	expect_match "$out" "FAIL: atomic_inc: 1 RMW per call" "the broken count is named"
fi

# A script that records a failure and ends without `finish` (or exits early) still fails.
printf '%s\n' ". \"\$SNC_SOURCE_DIR/tests/lib.sh\"" 'expect_eq 1 2 "one and two"' 'true' > no_finish.sh
rc=0
out=$(SNC_SCRATCH="$PWD/inner" bash no_finish.sh 2>&1) || rc=$?
expect_eq "$rc" 1 "a failed check without finish fails the script"
expect_match "$out" "FAIL: one and two" "and names the check"
finish
