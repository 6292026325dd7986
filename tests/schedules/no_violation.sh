# Implementations that pay for their SNC pairs show no violation over every schedule
# within the bound: the atomic counter (lock xadd), the mutex set, the Treiber stack (CAS).
# The example programs are built by snc_add_harness, which instruments their libraries.
. "$(dirname "$0")/../lib.sh"
for h in atomic-counter mutex-set treiber-stack; do
	expect_status 0 "$h, schedules" -- "$EXAMPLE_BIN/$h" --db ok.db --quiet --depth 1 --schedules
	expect_eq "$(q ok.db "SELECT count(*) FROM schedules WHERE harness = '$h'
		AND (linearizable = 0 OR deterministic = 0 OR status <> 'completed')")" 0 "$h: no violation"
	expect_eq "$(q ok.db "SELECT count(*) FROM explorations WHERE harness = '$h' AND exhaustive = 0")" 0 \
		"$h: every schedule within the bound"
	expect_eq "$(q ok.db "SELECT count(*) FROM pair_verdicts WHERE harness = '$h'
		AND (linearizable IS NOT 1 OR deterministic_under_schedules IS NOT 1)")" 0 "$h: every pair"
	expect_match "$(q ok.db "SELECT sum(schedules) FROM explorations WHERE harness = '$h'")" \
		'^[1-9][0-9]+$' "$h: schedules ran"
done
# The stack's pop x pop from a one-element stack really interleaves (CAS retries) and
# still never lets both pops take the element.
expect_match "$(q ok.db "SELECT max(schedules) FROM explorations WHERE harness = 'treiber-stack'
	AND f = 'pop' AND g = 'pop'")" '^[1-9][0-9]+$' "pop x pop explored beyond level 0"
expect_eq "$(q ok.db "SELECT count(*) FROM schedules WHERE harness = 'treiber-stack'
	AND f = 'pop' AND g = 'pop' AND outcome LIKE 'pop() = 1; pop() = 1;%'")" 0 "never two pops of one push"
finish
