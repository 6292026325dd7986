# Blocking decided from behaviour (docs/schedules.md, "Blocking in sequential executions"):
# lock harnesses whose ops block do so in their own steps, with verdicts and outcomes equal
# to the timer rule's; a bounded poll is never called blocked; an untimed wait on a private
# futex in code without scheduling points is read from /proc; any other block in a system
# call is still caught by the timer.
. "$(dirname "$0")/lib.sh"
run() { "$SNC" run --quiet --blocking-observable --depth 1 "$@"; }
outcome() {   # DB STATE FIRST SECOND: the second op's result ("" when FIRST alone: its own)
	if [ -z "$4" ]; then
		q "$1" "SELECT first_result FROM op_outcomes WHERE state = '$2' AND first_op = '$3' AND second_op IS NULL"
	else
		q "$1" "SELECT second_result FROM op_outcomes WHERE state = '$2' AND first_op = '$3' AND second_op = '$4'"
	fi
}

# The longest limit there is: a block left to the timer would cost an hour per execution
# (and the test's own limit), so finishing at all shows the behaviour decided every one.
for h in spin mutex; do
	expect_status 0 "$h lock, an hour per op" -- run --db $h.db --timeout 3600 \
		"$FIXTURES/${h}_lock_harness.c" "$FIXTURES/locks.c"
	expect_eq "$(verdict $h.db $h-lock ${h}_lock ${h}_lock)" snc "$h lock;lock blocks: snc"
	expect_eq "$(verdict $h.db $h-lock ${h}_trylock ${h}_trylock)" snc "$h trylock/trylock"
	expect_eq "$(verdict $h.db $h-lock ${h}_lock ${h}_read)" "non-commutative f->g" "$h lock -> read"
	expect_eq "$(verdict $h.db $h-lock ${h}_lock ${h}_unlock)" "non-commutative g->f" "$h unlock -> lock"
	expect_eq "$(outcome $h.db fresh ${h}_lock ${h}_lock)" blocks "$h lock after lock"
	expect_eq "$(outcome $h.db fresh ${h}_lock ${h}_read)" blocks "$h read after lock"
	expect_eq "$(outcome $h.db fresh ${h}_lock ${h}_trylock)" false "$h trylock after lock"
	expect_eq "$(outcome $h.db "${h}_lock()" ${h}_unlock ${h}_lock)" void "$h lock after unlock"
	expect_eq "$(q $h.db "SELECT count(*) FROM op_outcomes WHERE deterministic = 0")" 0 "$h deterministic"
done
# The bounded poll reads the held lock word 2000 times and gives up: false, never blocks.
expect_eq "$(outcome spin.db fresh spin_lock spin_poll)" false "poll after lock returns"
expect_eq "$(outcome spin.db "spin_lock()" spin_poll "")" false "poll of a held lock returns"
expect_eq "$(q spin.db "SELECT count(*) FROM op_outcomes WHERE (first_op = 'spin_poll' AND first_result = 'blocks') OR (second_op = 'spin_poll' AND second_result = 'blocks')")" 0 "poll never blocks"

# The old rule (the timer alone, kept for benchmarks) agrees outcome for outcome.
expect_status 0 "mutex lock, timer rule" -- env SNC_BLOCKING_RULE=timer \
	"$SNC" run --db timer.db --quiet --blocking-observable --depth 1 --timeout 0.05 \
	"$FIXTURES/mutex_lock_harness.c" "$FIXTURES/locks.c"
all() { q "$1" "SELECT state, first_op, first_args, first_result, coalesce(second_op, '-'), coalesce(second_result, '-'), coalesce(digest, '-') FROM op_outcomes ORDER BY 1, 2, 3, 5"; }
expect_eq "$(all timer.db)" "$(all mutex.db)" "timer rule, same outcomes"
expect_match "$(all timer.db)" 'blocks' "the timer rule saw the blocks too"

# A lock on the futex system call itself, in an archive built without the instrumentation
# (no step is a scheduling point, and a sleeping thread uses no CPU for the spin watch):
# lock;lock sleeps in an untimed FUTEX_WAIT on a word in private memory (liburcu's kind of
# wait) that nothing in the child can end, which the
# thread waiting for the op reads from /proc and decides at once (sleep_watch.c): an hour
# per op, and it finishes.
cc -O1 -c "$FIXTURES/futex_lock.c" -o futex_lock.o && ar rcs libfutexlock.a futex_lock.o ||
	fail "building the futex lock's archive"
expect_status 0 "futex lock, an hour per op" -- run --db futex.db --timeout 3600 \
	"$FIXTURES/futex_lock_harness.c" -- libfutexlock.a
expect_eq "$(outcome futex.db fresh futex_lock futex_lock)" blocks "futex lock after lock"
expect_eq "$(outcome futex.db "futex_lock()" futex_lock "")" blocks "futex lock of a held lock"
expect_eq "$(outcome futex.db "futex_lock()" futex_unlock futex_lock)" void "futex lock after unlock"
expect_eq "$(verdict futex.db futex-lock futex_lock futex_lock)" snc "futex lock;lock blocks: snc"
expect_eq "$(printf '%s\n' "$out" | grep -c 'linker input file unused')" 0 \
	"the archive after -- is given to the link only"

# A wait that sleeps between its looks at a flag (as liburcu's call_rcu_before_fork polls),
# with C11's thrd_sleep, which the scheduler cannot interpose, in an archive built without
# the instrumentation: no step is a scheduling point and a sleeping thread uses no CPU for
# the spin watch. The thread waiting for the op sees it in a timed sleep and has it sampled
# there: the same state in four sleeps in a row is a loop nothing in the child can end
# (spin_watch.c). An hour per op, and it finishes; the bounded wait counts its rounds, its
# samples differ, and it returns (depth 0: a state's prefix and a pair's first op run on
# the state's thread, where only the timer can say a sleeping loop blocks).
cc -O1 -c "$FIXTURES/sleep_wait.c" -o sleep_wait.o && ar rcs libsleepwait.a sleep_wait.o ||
	fail "building the sleeping waits' archive"
expect_status 0 "sleeping waits, an hour per op" -- "$SNC" run --quiet --depth 0 --db sleep.db \
	--timeout 3600 "$FIXTURES/sleep_wait_harness.c" -- libsleepwait.a
expect_eq "$(outcome sleep.db fresh wait_ready "")" blocks "a wait nobody ends blocks"
expect_eq "$(outcome sleep.db fresh wait_ready_a_while wait_ready)" blocks "after the bounded one too"
expect_eq "$(outcome sleep.db fresh set_ready wait_ready)" 1 "the flag set, it returns"
expect_eq "$(outcome sleep.db fresh wait_ready_a_while "")" 0 "the bounded wait gives up and returns"
expect_eq "$(outcome sleep.db fresh wait_ready_a_while wait_ready_a_while)" 0 "twice"
expect_eq "$(q sleep.db "SELECT count(*) FROM op_outcomes WHERE deterministic = 0")" 0 "sleeping waits deterministic"

# Blocked in a system call, where no step can be watched: the timer says it.
expect_status 0 "pause" -- run --db pause.db "$FIXTURES/pause_harness.c"
expect_eq "$(outcome pause.db fresh wait_for_signal "")" blocks "pause blocks by the timer"
expect_eq "$(outcome pause.db fresh slept wait_for_signal)" blocks "pause after a read"
# A spin on a flag a thread of the op's own will set: not decided from behaviour (another
# thread could act), so the timer, confirmed, sees the op return. The op returns in about
# 20 ms; a limit of 10 s costs nothing then, and keeps a busy machine (the worker thread not
# scheduled for a second: a fresh-clone CI run at ctest -j4) from turning it into a block.
expect_status 0 "worker" -- run --db worker.db --timeout 10 "$FIXTURES/worker_harness.c" "$FIXTURES/worker.c"
expect_eq "$(outcome worker.db fresh wait_for_worker "")" 1 "waits for its own thread, returns"
expect_eq "$(outcome worker.db fresh wait_for_worker wait_for_worker)" 1 "twice"
finish
