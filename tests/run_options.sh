# The options of `snc run` a user reaches for: --timeout (an op busy for 0.5 s returns within
# 2 s, blocks under 0.01 s: an op that blocks is confirmed with ten times the limit), --jobs (any number of executions in flight stores the same
# outcomes), --json (the verdicts on stdout, as the database has them), compiler flags after
# `--` (an include folder and a macro), and their bad values (exit 2, one line).
. "$(dirname "$0")/lib.sh"
db=opt.db
spin="$FIXTURES/spin_harness.c"
expect_status 0 "--timeout 2" -- "$SNC" run --db $db --quiet --depth 0 --repeat 1 --timeout 2 "$spin"
expect_eq "$(q $db "SELECT first_result FROM op_outcomes WHERE run_id = 1 AND second_op IS NULL")" 7 "returns within 2 s"
expect_status 0 "--timeout 0.01" -- "$SNC" run --db $db --quiet --depth 0 --repeat 1 --timeout 0.01 "$spin"
expect_eq "$(q $db "SELECT first_result FROM op_outcomes WHERE run_id = 2 AND second_op IS NULL")" blocks "blocks under 0.01 s"
expect_eq "$(q $db "SELECT verdict FROM pair_verdicts WHERE run_id = 2")" unknown "nothing to compare when it blocks"

# --jobs: one at a time or many, the same outcomes.
kinds="$FIXTURES/kinds_harness.c $FIXTURES/kinds_lib.c"
expect_status 0 "--jobs 1" -- "$SNC" run --db jobs.db --quiet --depth 0 --jobs 1 $kinds
expect_status 0 "--jobs 7" -- "$SNC" run --db jobs.db --quiet --depth 0 --jobs 7 $kinds
outcomes() {
	q jobs.db "SELECT group_concat(state || ' ' || first_op || coalesce(' ' || first_args, '') || ' ' || coalesce(second_op, '-') || ' '
		|| first_result || ' ' || coalesce(second_result, '-'), '; ') FROM (SELECT * FROM op_outcomes
		WHERE run_id = $1 AND first_op <> 'object' AND coalesce(second_op, '') <> 'object' ORDER BY 1, 2, 3, 4, 5, 6)"
}
expect_eq "$(outcomes 2)" "$(outcomes 1)" "--jobs 7 stores what --jobs 1 stores"
expect_eq "$(q jobs.db "SELECT count(*) FROM op_outcomes WHERE run_id = 2")" 90 "every execution: 9 alone and 81 pairs"
expect_eq "$(verdict jobs.db kinds reg_cas reg_cas)" snc "and the verdicts"

# --max-executions: a harness whose states could run more stops starting states once it
# ran that many, the fresh state first and then a sample the seed shuffled; it says so.
states() { q budget.db "SELECT group_concat(label, '; ') FROM (SELECT s.label FROM states s
	JOIN harnesses h ON h.id = s.harness_id WHERE h.run_id = $1 ORDER BY s.id)"; }
expect_status 0 "--max-executions 200" -- "$SNC" run --db budget.db --quiet --depth 1 --max-executions 200 $kinds
expect_match "$out" "^kinds: [0-9] of 10 states run: --max-executions 200 was reached" "the run says it stopped early"
tried=$(q budget.db "SELECT states_tried FROM harnesses WHERE run_id = 1")
expect_match "$tried" "^[2-9]$" "some states of the 10, not all"
expect_eq "$(q budget.db "SELECT count(*) FROM states s JOIN harnesses h ON h.id = s.harness_id WHERE h.run_id = 1")" "$tried" "as many stored"
expect_match "$(states 1)" "^fresh; " "the fresh state first"
expect_status 0 "the report of the budgeted run" -- "$SNC" report --db budget.db --run 1 --html budget-html --json budget.json
expect_match "$(cat budget-html/harness-0.html)" "run 1, $tried states \\(a sample of the 10 up to its depth\\)" \
	"the harness's page says the states were a sample"
expect_eq "$(python3 -c 'import json; h = json.load(open("budget.json"))["harnesses"][0]; print(h["states"], h["state_space"])')" \
	"$tried 10" "and the JSON report"
expect_status 0 "the same seed" -- "$SNC" run --db budget.db --quiet --depth 1 --max-executions 200 $kinds
expect_eq "$(states 2)" "$(states 1)" "the same seed runs the same states"
expect_status 0 "a budget the states fit" -- "$SNC" run --db budget.db --quiet --depth 1 --max-executions 100000 $kinds
expect_no_match "$out" "max-executions" "nothing to say"
expect_eq "$(q budget.db "SELECT states_tried FROM harnesses WHERE run_id = 3")" 10 "every state, in order"
expect_match "$(states 3)" "^fresh; reg_set\\(1\\); reg_set\\(2\\); reg_get_int\\(\\)" "in the enumeration's order"
first=$(q budget.db "SELECT group_concat(label, '; ') FROM (SELECT s.label FROM states s
	JOIN harnesses h ON h.id = s.harness_id WHERE h.run_id = 3 ORDER BY s.id LIMIT $tried)")
[ "$(states 1)" != "$first" ] || fail "the budgeted run took the enumeration's first states: $first"

# Under the budget the states are shuffled: the proof pass (--prove) builds a witness
# state again from its label, not from its ordinal in a list rebuilt in enumeration order
# (where ordinal 1 is take(), an empty slot, and take with take broke nothing).
expect_status 0 "--prove under a budget" -- "$SNC" run --db slot.db --quiet --depth 1 --prove \
	--max-executions 40 --seed 1 "$FIXTURES/slot_harness.c"
expect_eq "$(q slot.db "SELECT ordinal || ' ' || label FROM states WHERE ordinal = 1")" "1 put(2)" \
	"the second state run is put(2), the fourth of the enumeration"
expect_eq "$(q slot.db "SELECT s.label || ' ' || count(*) FROM schedule_outcomes o
	JOIN schedule_explorations e ON e.id = o.exploration_id JOIN states s ON s.id = e.state_id
	WHERE o.linearizable = 0 AND e.f_call = 'take()' AND e.g_call = 'take()'")" "put(2) 1" \
	"the proof of take with take: a non-linearizable schedule from the full slot"

# --json: the verdicts on stdout, nothing else.
"$SNC" run --db json.db --depth 0 --json $kinds > json.out 2> json.err
expect_eq "$?" 0 "--json"
out=$(cat json.out)
expect_eq "$(printf '%s' "$out" | python3 -c 'import json, sys
d = json.load(sys.stdin)
print(len(d["verdicts"]), " ".join(sorted(v["f"] + "/" + v["g"] + "=" + v["verdict"] for v in d["verdicts"] if v["verdict"] in ("snc", "state-only"))))')" \
	"15 reg_cas/reg_cas=snc reg_set/reg_set=state-only" "--json: every pair, the verdicts"
expect_eq "$(printf '%s' "$out" | python3 -c 'import json, sys; print(sum(1 for v in json.load(sys.stdin)["verdicts"] if v["verdict"] == "non-commutative"))')" \
	"$(q json.db "SELECT count(*) FROM pair_verdicts WHERE verdict = 'non-commutative'")" "--json: what the database holds"

# Compiler flags after --: a macro and an include folder the harness needs.
mkdir -p inc && printf '#define STEP_SIZE 3\n' > inc/step.h
printf '#include <snc.h>\n#include "step.h"\nstatic long v;\nstatic long bump(void) { return v += STEP_SIZE * SCALE; }\nSNC_HARNESS(.name = "flags", .ops = SNC_OPS(SNC_OP(bump)));\n' > flags_harness.c
expect_status 2 "without the flags" -- "$SNC" run --db flags.db --quiet --depth 0 flags_harness.c
expect_match "$out" "step.h" "the compiler's complaint is shown"
expect_status 0 "with -I and -D after --" -- "$SNC" run --db flags.db --quiet --depth 0 flags_harness.c -- -Iinc -DSCALE=2
expect_eq "$(q flags.db "SELECT f_alone || ' ' || f_after_g FROM pair_verdicts WHERE harness = 'flags'")" "6 12" "the flags took effect"

# Bad values (on a built harness program: nothing to compile).
for bad in "--timeout 0" "--timeout abc" "--timeout 4000" "--jobs 0" "--jobs 257" "--jobs x"; do
	expect_status 2 "$bad" -- "$SNC" run --db $db $bad "$EXAMPLE_BIN/atomic-counter"
	expect_match "$out" "^snc run: error: ${bad%% *} needs .*, not '${bad#* }'" "$bad: says why"
	expect_eq "$(printf '%s\n' "$out" | grep -c .)" 1 "$bad: one line"
done
expect_eq "$(q $db "SELECT count(*) FROM pair_verdicts WHERE run_id > 2")" 0 "nothing classified with a refused option"
expect_eq "$(q $db "SELECT count(*) FROM runs WHERE id > 2")" 0 "no run row for a refused option: checked before anything is stored"
# Temporary folders go under $TMPDIR: one that does not exist is said to be the problem.
expect_status 2 "TMPDIR is honoured" -- env TMPDIR="$SNC_SCRATCH/no-such-folder" \
	"$SNC" run --db tmp.db --quiet --depth 0 flags_harness.c -- -Iinc -DSCALE=2
expect_match "$out" "cannot make a temporary folder in $SNC_SCRATCH/no-such-folder" "the folder named"
mkdir -p mytmp
expect_status 0 "a run with its own TMPDIR" -- env TMPDIR="$SNC_SCRATCH/mytmp" \
	"$SNC" run --db tmp.db --quiet --depth 0 flags_harness.c -- -Iinc -DSCALE=2
expect_eq "$(ls -A mytmp)" "" "and nothing left in it"
finish
