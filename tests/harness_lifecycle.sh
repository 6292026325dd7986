# What a harness declares besides its operations: .teardown runs after every execution (the
# fixture logs a line each time), .digest_complete (set by a compiler flag after `--`) runs
# each group of states with equal digests once and stores the same verdicts and conflict
# counts, and the limits on domains (64 values) and instances (400) refuse a harness with
# one clear line and exit 2.
. "$(dirname "$0")/lib.sh"
db=life.db
harness="$FIXTURES/lifecycle_harness.c"
export SNC_TEST_TEARDOWN_LOG
SNC_TEST_TEARDOWN_LOG=$PWD/all.log
expect_status 0 "every state run" -- "$SNC" run --db $db "$harness"
full=$out
SNC_TEST_TEARDOWN_LOG=$PWD/complete.log
expect_status 0 "digest complete, by a flag after --" -- "$SNC" run --db $db "$harness" -- -DDIGEST_COMPLETE=1
complete=$out

# 3 instances, depth 2: 1 + 3 + 9 = 13 states, each with 3 calls alone and 9 pairs: 156
# executions. Run again (--repeat 2): the calls alone (39) and the pairs that show
# something (executor.c, is_evidence): put(a);put(b) with a != b, put with take in either
# order (the final states differ), take;take where reg is not 0 (the second take returns
# 0): 6 pairs in each of the 5 states where reg is 0, 7 in each of the 8 others (86).
# 156 + 39 + 86 = 281 executions, each ending with the teardown.
expect_match "$full" 'lifecycle: 13 states, 281 executions run, stored' "executions stored"
expect_eq "$(wc -l < all.log)" 281 "a teardown per execution"
# The register holds 0, 1 or 2: three digests, so three states are run. In each, the 3
# calls alone and a probe of each call as a pair's first op run twice (12); the pairs of a
# call that leaves a state already run are copied: from reg 0, take leaves 0 (put(1) and
# put(2) run their 3 pairs, and again the 2 that show something: 10); from 1, put(1)
# leaves 1 and take 0 (put(2)'s pairs: 3 + 2); from 2, every call leaves a state run
# (none): 12 + 10, 12 + 5, 12 = 51.
expect_eq "$(wc -l < complete.log)" 51 "a teardown per execution and probe of the 3 distinct states"
expect_eq "$(q $db "SELECT group_concat(n, ' ') FROM (SELECT count(*) AS n FROM op_outcomes GROUP BY run_id ORDER BY run_id)")" \
	"156 156" "the outcomes of the others stored as if run (13 states, 12 executions each)"

for run in 1 2; do
	expect_eq "$(q $db "SELECT group_concat(f || ' ' || g || ' ' || verdict || coalesce(' ' || direction, '') || ' ' || conflict_states || '/' || states, ', ')
		FROM (SELECT * FROM pair_verdicts WHERE run_id = $run ORDER BY f, g)")" \
		"reg_put reg_put state-only 13/13, reg_put reg_take non-commutative f->g 13/13, reg_take reg_take snc 8/13" "run $run: verdicts"
done
expect_eq "$(q $db "SELECT group_concat(n, ' ') FROM (SELECT count(*) AS n FROM states s JOIN harnesses h ON h.id = s.harness_id
	GROUP BY h.run_id ORDER BY h.run_id)")" "13 13" "every state built in both runs"

# Limits: the flags make the harness cross one of them.
expect_status 2 "a domain of 65 values" -- "$SNC" run --db $db "$FIXTURES/instance_limits_harness.c" -- -DDOMAIN_HI=64 -DSECOND_HI=0
expect_match "$out" "op 'store': domain of argument 1 has more than 64 values" "domain limit message"
expect_status 2 "401 instances" -- "$SNC" run --db $db "$FIXTURES/instance_limits_harness.c" -- -DDOMAIN_HI=19 -DSECOND_HI=19
expect_match "$out" "harness 'limits' has 402 operation instances .*at most 400 are supported" "instance limit message"
expect_eq "$(q $db "SELECT group_concat(run_id || ' ' || status, ', ') FROM run_summary WHERE run_id > 2")" \
	"3 failed, 4 failed" "a refused harness's run is recorded as failed"
expect_eq "$(q $db "SELECT count(*) FROM pair_verdicts WHERE run_id > 2")" 0 "with nothing in it"
finish
