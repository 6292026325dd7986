# An op that waits while threads it started run (outside_idle.c): a polling pool's worker,
# started by `start` in the execution, sleeps poll(NULL, 0, 10) between looks, as liburcu's
# call_rcu workers do. `wait_ack` waits for an answer no worker gives: once the worker went
# round in the same state look after look, nothing outside the op can end its wait and it
# blocks, decided from behaviour. The per-op limit is ten minutes and the run is given five
# in all: a block left to the timer (with its confirmation at ten times the limit) cannot
# finish, so every `blocks` below was decided by the rule. `drain` waits for the worker to
# do eight jobs, one per round: a worker that makes progress is never taken for idle.
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures"
db=poll_pool.db
expect_status 0 "the polling pool runs" -- timeout 300 "$SNC" run --db $db --quiet --depth 1 \
	--timeout 600 "$F/poll_pool_harness.c" "$F/poll_pool.c"
outcome() { op_result $db poll-pool "$@"; }   # STATE FIRST [SECOND]
for state in fresh 'add()' 'start()'; do
	expect_eq "$(outcome "$state" start wait_ack)" blocks \
		"wait_ack after start (a worker of the execution's own) from $state blocks"
	expect_eq "$(outcome "$state" wait_ack)" blocks "wait_ack alone from $state blocks"
done
expect_eq "$(outcome 'add()' start drain)" 8 "drain after start waits for the eight jobs"
expect_eq "$(outcome fresh start drain)" 0 "drain with nothing queued returns"
expect_eq "$(q $db "SELECT count(*) FROM op_outcomes WHERE harness = 'poll-pool'
	AND deterministic = 0")" 0 "every execution repeated alike"
expect_eq "$(verdict $db poll-pool start wait_ack)" unknown \
	"start and wait_ack: every wait_ack blocks, so the pair has no verdict"
finish
