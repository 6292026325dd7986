# Sleeps count against the limit (block.c, sched_slept): under the scheduler a sleep returns
# at once, and the time the op asked for is added up; past the per-op limit as confirmed
# (ten times --timeout) with nothing changed since, the op blocks, as the timer would have
# said, without the time passing. poll_flag sleeps 100 ms fifty times (5 s) before giving
# up: under a limit of 1 s (10 s confirmed) it returns -1, under 0.2 s (2 s) it blocks;
# never after a hundred points, far below the stall bound, so only the sleeps decide.
# wait_flag sleeps 10 ms a look until set: blocks from a fresh state under either limit,
# and the run takes none of that time (each child may use one second of CPU, and the
# whole run is given two minutes).
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures"
outcome() { db=$1; shift; op_result "$db" sleepy-poll "$@"; }   # DB STATE FIRST [SECOND]
for limit in 1 0.2; do
	expect_status 0 "sleepy waits under --timeout $limit" -- timeout 120 "$SNC" run \
		--db l$limit.db --quiet --depth 1 --timeout $limit --cpu-limit 1 \
		"$F/sleepy_poll_harness.c" "$F/sleepy_poll.c"
	expect_eq "$(outcome l$limit.db fresh wait_flag)" blocks "wait_flag blocks (--timeout $limit)"
	expect_eq "$(outcome l$limit.db 'set()' wait_flag)" void "wait_flag returns once set"
	expect_eq "$(outcome l$limit.db fresh set poll_flag)" 0 "poll_flag after set returns 0"
	expect_eq "$(q l$limit.db "SELECT count(*) FROM op_outcomes WHERE harness = 'sleepy-poll'
		AND (first_result LIKE '%limit%' OR second_result LIKE '%limit%')")" 0 \
		"no op ran into its CPU limit (--timeout $limit)"
done
expect_eq "$(outcome l1.db fresh poll_flag)" -1 "5 s of sleeps under a 10 s limit: gives up, -1"
expect_eq "$(outcome l0.2.db fresh poll_flag)" blocks "5 s of sleeps under a 2 s limit: blocks"
expect_eq "$(q l1.db "SELECT f || ' ' || g || ' ' || verdict || ' ' || direction FROM pair_verdicts
	WHERE harness = 'sleepy-poll' AND f = 'poll_flag' AND g = 'set'")" \
	"poll_flag set non-commutative g->f" "set (g) changes what poll_flag (f) returns"
finish
