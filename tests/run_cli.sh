# `snc run` on harnesses a user could write: every kind of operation, the verdicts they
# get, determinism, blocking, and the output a user reads.
. "$(dirname "$0")/lib.sh"
db=run.db
# (one run per execution: determinism is checked below, with the clock harness)
expect_status 0 "kinds harness runs" -- "$SNC" run --db $db --quiet --depth 1 --repeat 1 "$FIXTURES/kinds_harness.c" "$FIXTURES/kinds_lib.c"
expect_eq "$(verdict $db kinds reg_set reg_set)" state-only "set/set only changes the state"
expect_eq "$(verdict $db kinds reg_cas reg_cas)" snc "cas/cas"
expect_eq "$(verdict $db kinds reg_set reg_get_int)" "non-commutative f->g" "set -> get"
expect_eq "$(verdict $db kinds reg_get_int reg_get_unsigned)" commutative "two reads commute"
expect_eq "$(q $db "SELECT f_alone FROM pair_verdicts WHERE f='reg_get_int' AND g='reg_get_int'")" "" "commutative has no witness"
expect_eq "$(q $db "SELECT first_result FROM op_outcomes WHERE harness='kinds' AND state='fresh' AND first_op='reg_get_int' AND second_op IS NULL")" -1 "int results are signed"
expect_eq "$(q $db "SELECT first_result FROM op_outcomes WHERE harness='kinds' AND state='fresh' AND first_op='reg_get_unsigned' AND second_op IS NULL")" 4000000000 "unsigned results"
expect_eq "$(q $db "SELECT first_result FROM op_outcomes WHERE harness='kinds' AND state='fresh' AND first_op='reg_cas' AND first_args='0, 2' AND second_op IS NULL")" true "bool results, two arguments"
expect_match "$(q $db "SELECT first_result FROM op_outcomes WHERE harness='kinds' AND state='fresh' AND first_op='object' AND second_op IS NULL")" '^0x[0-9a-f]+$' "pointer results"
expect_eq "$(q $db "SELECT returns || ':' || arity || ':' || domains FROM ops WHERE name='reg_cas'")" "bool:2:0..1, 1..2" "op record"
# States: depth 1 over 2+1+1+4+1 = 9 instances: 1 + 9.
expect_eq "$(q $db "SELECT states_tried || '/' || state_space FROM harnesses WHERE name='kinds'")" "10/10" "all states tried"
expect_eq "$(q $db "SELECT status FROM run_summary ORDER BY run_id DESC LIMIT 1")" ok "run recorded as ok"

# The table a user reads: the witness of cas/cas, in words.
expect_status 0 "show" -- "$SNC" show --db $db
expect_match "$out" 'reg_cas x reg_cas +snc ' "show lists the SNC pair"
expect_match "$out" 'fresh: reg_cas\(0, 1\) = true \(false after reg_cas\(0, 1\)\)' "show explains the witness"
expect_status 0 "show --json" -- "$SNC" show --db $db --json
expect_match "$out" '"verdict": "snc"' "json verdicts"
expect_eq "$(printf '%s' "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["verdicts"]))')" 15 "json has every pair"

# Depth and sampling: the same seed samples the same states, the fresh one always (6 of
# the 820: every state sampled is classified, so few keep the test short, and each
# execution runs once: what is checked is which states were chosen).
expect_status 0 "sampled run" -- "$SNC" run --db sample.db --quiet --depth 3 --max-states 6 --seed 7 --repeat 1 "$FIXTURES/kinds_harness.c" "$FIXTURES/kinds_lib.c"
expect_status 0 "sampled again" -- "$SNC" run --db sample.db --quiet --depth 3 --max-states 6 --seed 7 --repeat 1 "$FIXTURES/kinds_harness.c" "$FIXTURES/kinds_lib.c"
expect_eq "$(q sample.db "SELECT count(*) FROM states s JOIN harnesses h ON h.id = s.harness_id WHERE h.run_id = 1")" 6 "max-states"
expect_eq "$(q sample.db "SELECT state_space FROM harnesses WHERE run_id = 1")" 820 "state space up to depth 3"
expect_eq "$(q sample.db "SELECT group_concat(label, '|') FROM states s JOIN harnesses h ON h.id = s.harness_id WHERE h.run_id = 1")" \
	"$(q sample.db "SELECT group_concat(label, '|') FROM states s JOIN harnesses h ON h.id = s.harness_id WHERE h.run_id = 2")" "same seed, same states"
expect_eq "$(q sample.db "SELECT label FROM states s JOIN harnesses h ON h.id = s.harness_id WHERE h.run_id = 1 AND s.ordinal = 0")" fresh "fresh state kept"

# Blocking: lock;lock influence each other only when blocking is observable.
expect_status 0 "lock" -- "$SNC" run --db lock.db --quiet --depth 1 --repeat 1 "$FIXTURES/lock_harness.c" "$FIXTURES/kinds_lib.c"
# Not observable: the second lock never returns, so nothing can be compared.
expect_eq "$(verdict lock.db lock reg_lock reg_lock)" unknown "blocking not observable"
expect_match "$(q lock.db "SELECT blocked_states FROM pair_verdicts")" '^[1-9]' "blocked states counted"
expect_status 0 "lock observable" -- "$SNC" run --db lock.db --quiet --depth 1 --repeat 1 --blocking-observable "$FIXTURES/lock_harness.c" "$FIXTURES/kinds_lib.c"
expect_eq "$(verdict lock.db lock reg_lock reg_lock)" snc "lock;lock with blocking observable"
expect_eq "$(q lock.db "SELECT f_alone || ' ' || f_after_g FROM pair_verdicts ORDER BY run_id DESC LIMIT 1")" "void blocks" "blocking witness"

# Determinism: an op that reads the clock is caught by the repeat.
expect_status 0 "clock" -- "$SNC" run --db clock.db --quiet --depth 1 "$FIXTURES/clock_harness.c" "$FIXTURES/kinds_lib.c"
expect_eq "$(q clock.db "SELECT deterministic FROM pair_verdicts")" 0 "non-deterministic op"
expect_eq "$(q clock.db "SELECT count(*) FROM witnesses WHERE role = 'nondeterminism'")" 1 "nondeterminism witness"
expect_status 0 "clock, one repeat" -- "$SNC" run --db clock.db --quiet --depth 1 --repeat 1 "$FIXTURES/clock_harness.c" "$FIXTURES/kinds_lib.c"
expect_eq "$(q clock.db "SELECT deterministic FROM pair_verdicts ORDER BY run_id DESC LIMIT 1")" 1 "--repeat 1 checks nothing"

# A harness program built elsewhere (as snc_add_harness builds it) runs as well.
expect_status 0 "prebuilt program" -- "$SNC" run --db prebuilt.db --quiet --depth 1 "$EXAMPLE_BIN/treiber-stack"
expect_eq "$(verdict prebuilt.db treiber-stack pop pop)" snc "prebuilt harness"
finish
