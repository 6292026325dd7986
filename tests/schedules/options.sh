# --first-failure stops a pair at its first failure; --pct adds seeded random schedules
# beyond the bound; --schedule-depth chooses the states; --max-schedules caps a pair.
. "$(dirname "$0")/../lib.sh"
prog="$EXAMPLE_BIN/racy-counter"
expect_status 0 "first failure" -- "$prog" --db ff.db --quiet --depth 1 --schedules --first-failure
expect_eq "$(q ff.db "SELECT count(*) FROM explorations WHERE f = 'racy_add_return' AND g = f")" 1 \
	"the pair stops at its first failing pair of calls"
expect_eq "$(q ff.db "SELECT stopped_early || exhaustive FROM explorations WHERE f = 'racy_add_return' AND g = f")" 10 \
	"stopped early, so not exhaustive"
expect_eq "$(q ff.db "SELECT linearizable FROM pair_verdicts WHERE f = 'racy_add_return' AND g = f")" 0 "found"
expect_eq "$(q ff.db "SELECT count(*) FROM explorations WHERE f = 'racy_read' AND g = f")" 4 "other pairs go on"

expect_status 0 "bound 0 finds nothing" -- "$prog" --db p.db --quiet --depth 0 --schedules --preemptions 0
expect_eq "$(q p.db "SELECT linearizable FROM pair_verdicts WHERE f = 'racy_add_return' AND g = f")" 1 "P = 0"
expect_status 0 "PCT beyond the bound" -- "$prog" --db p.db --quiet --depth 0 --schedules --preemptions 0 --pct 50 --seed 3
expect_eq "$(q p.db "SELECT linearizable FROM pair_verdicts WHERE run_id = 2 AND f = 'racy_add_return' AND g = f")" 0 \
	"PCT finds the lost update"
expect_eq "$(q p.db "SELECT pct_samples FROM explorations WHERE run_id = 2 LIMIT 1")" 50 "recorded"
expect_status 0 "the same seed" -- "$prog" --db p.db --quiet --depth 0 --schedules --preemptions 0 --pct 50 --seed 3
expect_eq "$(q p.db "SELECT group_concat(schedule || schedules_with_outcome, ' ') FROM schedules WHERE run_id = 2")" \
	"$(q p.db "SELECT group_concat(schedule || schedules_with_outcome, ' ') FROM schedules WHERE run_id = 3")" \
	"reproducible"

expect_status 0 "schedule depth 0" -- "$prog" --db d.db --quiet --depth 1 --schedules --schedule-depth 0
expect_eq "$(q d.db "SELECT group_concat(DISTINCT state) FROM explorations")" fresh "only the fresh state"
expect_status 0 "max schedules" -- "$prog" --db m.db --quiet --depth 0 --schedules --max-schedules 3
expect_eq "$(q m.db "SELECT schedules || exhaustive FROM explorations WHERE f_call = 'racy_add_return(1)' AND g_call = f_call")" 30 \
	"capped: not exhaustive"
finish
