# reliability.guard: harness code may not signal init, every process (-1), or (in a fresh
# pid namespace) the tool's ancestors: libuv's uv_kill(1, 1), audited zero-config as root,
# sent SIGHUP to init. Those calls fail with EPERM in every child that runs harness code
# (sp_guard.c); signals to the child's own group and to itself still pass.
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/reliability/fixtures"
expect_status 0 "run" -- "$SNC" run --db g.db --quiet --depth 0 --repeat 1 "$F/signals_harness.c"
solo() { q g.db "SELECT first_result FROM op_outcomes WHERE first_op = '$1' AND second_op IS NULL"; }
expect_eq "$(solo ask_init)" 1 "kill(1, 0): EPERM"
expect_eq "$(solo ask_everyone)" 1 "kill(-1, 0): EPERM"
expect_eq "$(solo ask_group)" 0 "kill(0, 0): its own group"
expect_eq "$(solo ask_self)" 0 "kill(getpid(), 0): itself"
# In pairs too, on the op thread the second op runs on.
expect_eq "$(q g.db "SELECT group_concat(DISTINCT second_result) FROM op_outcomes WHERE second_op = 'ask_everyone'")" 1 \
	"kill(-1, 0) after another op: EPERM"
# In a schedule's run too: a child of the state process, whose filter it inherits (it
# installs none of its own, sp_guard.c).
expect_status 0 "run --schedules" -- "$SNC" run --db gs.db --quiet --depth 0 --repeat 1 --schedules \
	"$F/signals_harness.c"
expect_eq "$(q gs.db "SELECT count(*) FROM schedule_outcomes WHERE outcome LIKE '%ask_init() = 0%'
	OR outcome LIKE '%ask_everyone() = 0%'")" 0 "no schedule's run signalled init or everyone"
expect_eq "$(q gs.db "SELECT count(*) > 0 FROM schedule_outcomes WHERE outcome LIKE '%ask_init() = 1; ask_everyone() = 1%'")" 1 \
	"both refused in one run"
# In a fresh pid namespace (a container), snc is process 1 and its children have small
# numbers: the guard must not stop the tool from managing its own children. Classified,
# explored and measured there as anywhere (needs unshare and the right to use it).
if unshare --pid --fork --mount-proc true 2>/dev/null; then
	expect_status 0 "run in a fresh pid namespace" -- unshare --pid --fork --mount-proc "$SNC" run --db ns.db \
		--quiet --depth 1 --schedules "$SNC_SOURCE_DIR/examples/counters/racy_harness.c" \
		"$SNC_SOURCE_DIR/examples/counters/counters.c"
	expect_eq "$(q ns.db "SELECT verdict || ' ' || linearizable FROM pair_verdicts
		WHERE f = 'racy_add_return' AND g = 'racy_add_return'")" "snc 0" \
		"its verdict, and the lost update its schedules found"
	expect_status 0 "signals in a fresh pid namespace" -- unshare --pid --fork --mount-proc "$SNC" run \
		--db ns-signals.db --quiet --depth 0 --repeat 1 "$F/signals_harness.c"
	expect_eq "$(q ns-signals.db "SELECT group_concat(first_op || '=' || first_result, ' ') FROM
		(SELECT * FROM op_outcomes WHERE second_op IS NULL ORDER BY first_op)")" \
		"ask_everyone=1 ask_group=0 ask_init=1 ask_self=0" "init and everyone refused there too"
else
	echo "SKIPPED CHECK: unshare --pid is not available here (the fresh pid namespace)"
fi
finish
