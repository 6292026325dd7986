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
finish
