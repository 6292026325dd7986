# snc gate: passes on the baseline itself, fails on a change that turns atomic_inc into an
# atomic_add_return in a copy of examples/counters (the regression rule), with the
# baseline as a database or as the JSON of `snc report --json`; intentional findings and
# findings already in the baseline do not count; bad input exits 2.
# The counter runs classify from states up to depth 1: the verdicts the gate compares
# (commutative, snc, non-commutative) are those of the default depth.
. "$(dirname "$0")/lib_report.sh"
cp -r "$EXAMPLES/counters" base
cp -r "$EXAMPLES/counters" change
# The change: atomic_inc returns the new value (it becomes atomic_add_return(1)).
sed -i 's/^void atomic_inc(void);/long atomic_inc(void);/' change/counters.h
sed -i 's/^void atomic_inc(void)$/long atomic_inc(void)/; s/^\t__atomic_fetch_add(&atomic_count, 1, __ATOMIC_SEQ_CST);/\treturn __atomic_add_fetch(\&atomic_count, 1, __ATOMIC_SEQ_CST);/' change/counters.c
expect_eq "$(grep -c 'long atomic_inc\|return __atomic_add_fetch(&atomic_count, 1' change/counters.h change/counters.c | paste -sd' ')" \
	"change/counters.h:1 change/counters.c:2" "the change is made"

for side in base change; do
	expect_status 0 "scan $side" -- scan $side.db $side
	expect_status 0 "run $side" -- "$SNC" run --db $side.db --quiet --depth 1 $side/atomic_harness.c $side/counters.c
done
expect_eq "$(verdict base.db atomic-counter atomic_inc atomic_inc)" commutative "atomic_inc commutes"
expect_eq "$(verdict change.db atomic-counter atomic_inc atomic_inc)" snc "the changed atomic_inc is SNC"

# Without a baseline every outstanding finding counts: the counter has notes only.
expect_status 0 "gate base, no baseline" -- "$SNC" gate --db base.db
expect_match "$out" 'needless-heavyweight' "notes are printed"
expect_status 1 "gate base --fail-on note" -- "$SNC" gate --db base.db --fail-on note
# The baseline itself passes, even at the lowest threshold: nothing is new.
expect_status 0 "gate base against itself" -- "$SNC" gate --db base.db --baseline base.db --fail-on note
expect_match "$out" 'snc gate: 0 outstanding, 0 at or above note; 0 intentional, [1-9][0-9]* already in the baseline: pass' "nothing new"
expect_status 0 "gate change against itself" -- "$SNC" gate --db change.db --baseline change.db --fail-on note

# The change fails against the baseline, with a review comment at the op's function.
expect_status 1 "gate change against base" -- "$SNC" gate --db change.db --baseline base.db
expect_match "$out" "^change/counters.c:$(grep -n '^long atomic_inc' change/counters.c | cut -d: -f1): regression: atomic_inc x atomic_inc became snc \\(the baseline says commutative\\)" "regression comment"
expect_match "$out" 'loophole 1' "regression names the loophole"
expect_match "$out" 'fail$' "decision"
# atomic_inc now also influences atomic_add_return and back: that pair became SNC too.
expect_eq "$(printf '%s\n' "$out" | grep -c ': regression: ')" 2 "two regressions"
expect_match "$out" ': regression: atomic_inc x atomic_add_return became snc \(the baseline says non-commutative\)' "second regression"
# The same with the baseline as JSON: CI keeps no database.
expect_status 0 "baseline JSON" -- "$SNC" report --db base.db --json base.json
expect_status 1 "gate change against base.json" -- "$SNC" gate --db change.db --baseline base.json
expect_match "$out" ': regression: atomic_inc x atomic_inc became snc' "regression from JSON"
expect_status 0 "gate base against base.json" -- "$SNC" gate --db base.db --baseline base.json --fail-on note
# A regression is also a finding in the report; the report stores nothing (readers never
# write: the findings view holds what the run stored, computed without a baseline).
expect_status 0 "report with a baseline" -- "$SNC" report --db change.db --baseline base.db
expect_match "$out" "error: regression: atomic_inc x atomic_add_return in atomic-counter" "regression reported"
expect_match "$out" "error: regression: atomic_inc x atomic_inc in atomic-counter" "both regressions reported"
expect_eq "$(findings change.db "rule = 'regression'")" "" "the report stored no regression"

# A pair that stays SNC but loses its heavyweight instruction: atomic_add_return made plain.
cp -r base plain
sed -i 's/^\treturn __atomic_add_fetch(&atomic_count, n, __ATOMIC_SEQ_CST);/\treturn atomic_count += n;/' plain/counters.c
expect_eq "$(grep -c 'return atomic_count += n;' plain/counters.c)" 1 "the plain change is made"
expect_status 0 "scan plain" -- scan plain.db plain
expect_status 0 "run plain" -- "$SNC" run --db plain.db --quiet --depth 1 plain/atomic_harness.c plain/counters.c
expect_status 1 "gate plain against base" -- "$SNC" gate --db plain.db --baseline base.db
expect_match "$out" ': regression: atomic_add_return x atomic_add_return is still snc but no longer reaches a heavyweight instruction \(the baseline reached 2\)' "lost heavyweight"
expect_match "$out" ': snc-unsynchronized: atomic_add_return x atomic_add_return is SNC' "and it is unsynchronized"

# Intentional findings are shown by the report but do not count for the gate; a marker
# names its rule, so the regression marker next to drift_read silences nothing.
expect_status 0 "run intentional" -- "$SNC" run --db int.db --quiet --depth 0 "$RF/intentional_harness.c" "$RF/drift.c"
expect_status 1 "gate intentional" -- "$SNC" gate --db int.db --fail-on warning
expect_eq "$(printf '%s\n' "$out" | grep -c ': non-deterministic: ')" 1 "only the pair is outstanding"
expect_match "$out" 'drift_arm and drift_read in sequence' "the pair"
expect_match "$out" '1 intentional' "one intentional"
expect_eq "$(q int.db "SELECT intentional || '|' || reason FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'drift_now in intentional'")" \
	"1|it is a clock, callers want the time" "reason kept"
expect_status 0 "report intentional" -- "$SNC" report --db int.db
expect_match "$out" 'intentional: it is a clock, callers want the time' "reason shown"

# A suppressions file: the regressions at the op's line pass the gate; at another line they
# do not; a bad line is refused with its file and line.
line=$(grep -n '^long atomic_inc' change/counters.c | cut -d: -f1)
printf '# known\nregression:change/counters.c:%s\n' "$line" > here.supp
expect_status 0 "both regressions are at that line" -- "$SNC" gate --db change.db --baseline base.db --suppressions here.supp
expect_match "$out" "0 outstanding, 0 at or above error; 2 intentional" "both suppressed"
printf 'regression:counters.c\n' > file.supp
expect_status 0 "every regression in the file suppressed" -- "$SNC" gate --db change.db --baseline base.db --suppressions file.supp
printf 'regression:counters.c:%s\n' $((line + 1)) > wrong.supp
expect_status 1 "another line suppresses nothing" -- "$SNC" gate --db change.db --baseline base.db --suppressions wrong.supp
expect_match "$out" "0 intentional" "nothing suppressed"
printf 'regression:fun:atomic_*\n' > fun.supp
expect_status 0 "suppressed by function" -- "$SNC" gate --db change.db --baseline base.db --suppressions fun.supp
expect_status 0 "the report shows why" -- "$SNC" report --db change.db --baseline base.db --suppressions fun.supp
expect_match "$out" "suppressed by fun.supp:1 \\(regression:fun:atomic_\\*\\)" "reason in the report"
printf '\nfrobnicate:counters.c\n' > bad.supp
expect_status 2 "unknown rule" -- "$SNC" gate --db change.db --suppressions bad.supp
expect_match "$out" "bad.supp:2: 'frobnicate' is not a rule" "unknown rule message"
printf 'no colon here\n' > bad2.supp
expect_status 2 "malformed line" -- "$SNC" gate --db change.db --suppressions bad2.supp
expect_match "$out" "bad2.supp:1: expected RULE:WHERE" "malformed message"

# Bad input: exit 2 with one line.
expect_status 2 "bad threshold" -- "$SNC" gate --db base.db --fail-on fatal
expect_match "$out" "--fail-on takes error, warning or note, not 'fatal'" "threshold message"
expect_status 2 "missing baseline" -- "$SNC" gate --db base.db --baseline nothere.db
expect_match "$out" "baseline 'nothere.db': No such file or directory" "missing baseline message"
echo '{"a": 1}' > other.json
expect_status 2 "foreign JSON baseline" -- "$SNC" gate --db base.db --baseline other.json
expect_match "$out" "not a report written by 'snc report --json'" "foreign JSON message"
# A baseline from a newer snc (or hand-edited) is refused, not half-read.
sed 's/"format_version": *1/"format_version": 99/' base.json > newer.json
grep -q '"format_version": *99' newer.json || fail "newer.json was not made"
expect_status 2 "newer baseline format" -- "$SNC" gate --db base.db --baseline newer.json
expect_match "$out" "format_version 99; this snc reads 1 to 1" "newer format message"
expect_status 2 "missing db" -- "$SNC" gate --db nothere.db
expect_status 2 "unknown option" -- "$SNC" gate --db base.db --frobnicate
finish
