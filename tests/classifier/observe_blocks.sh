# Observations that block: without a digest a pair's state is observed through the
# harness's ops, and when those wait for good (held_lock_harness.c: grab keeps the mutex
# that peek takes) the pair has no digest. grab itself does not observe (peek blocks after
# it: it leaves a state others cannot run in); peek does, and blocks after any pair that
# ran grab. Under the blocking rule that is decided at once. Under the timer alone
# (SNC_BLOCKING_RULE=timer) each such observation takes its whole deadline (the time limit
# times 2 + the observers), confirmed at ten times it: the state process must be given
# that long between two finished executions: the fresh state is built and run (status
# ok, every pair stored, no digest where the observation blocked), not given up as
# `blocks` (what liburcu's globals family got with --timeout 0.1).
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures"
db=observe_blocks.db
grab_pairs="grab||grab| grab||peek|0 grab||peek|1 grab||peek|2 grab||peek|3 grab||peek|4 grab||peek|5 peek|0|grab| peek|1|grab| peek|2|grab| peek|3|grab| peek|4|grab| peek|5|grab|"
for rule in behaviour timer; do
	rm -f $db
	expect_status 0 "held lock runs ($rule)" -- env SNC_BLOCKING_RULE=$rule "$SNC" run --db $db --quiet --depth 0 \
		--repeat 1 --timeout 0.05 --jobs 64 "$F/held_lock_harness.c"
	expect_eq "$(q $db "SELECT status FROM states")" ok "the fresh state ran to its end ($rule)"
	expect_eq "$(q $db "SELECT count(*) || ' ' || sum(digest IS NULL) FROM op_outcomes WHERE second_op IS NOT NULL")" \
		"49 13" "every pair stored; the blocked observations give no digest ($rule)"
	expect_eq "$(q $db "SELECT group_concat(first_op || '|' || first_args || '|' || second_op || '|' || second_args, ' ')
		FROM (SELECT * FROM op_outcomes WHERE second_op IS NOT NULL AND digest IS NULL
		ORDER BY first_op, first_args, second_op, second_args)")" "$grab_pairs" \
		"those are the pairs that ran grab ($rule)"
	expect_eq "$(verdict $db held-lock grab grab)" "unknown" "grab after grab blocks: unknown, from an ok state ($rule)"
done
finish
