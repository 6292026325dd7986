# A spin in code without scheduling points (an inline-asm load, as in Concurrency Kit) is
# decided from the op thread's machine state (spin_watch.c): `lock` from a held lock
# blocks, as the behaviour rule says, never timed out. The run's per-op limit is a minute
# and each child may use one second of CPU: a spin the watch missed would end as `cpu limit`,
# never as `blocks`, so every `blocks` below was decided without the timer and its
# confirmation. The bounded poll spins a million rounds (many ticks of the watch, its counter
# changing) and returns -1; held, a plain read, returns. The watch's signal is reserved.
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures"
db=asm_spin.db
expect_status 0 "asm spin lock runs" -- "$SNC" run --db $db --quiet --depth 1 --repeat 2 \
	--timeout 60 --cpu-limit 1 "$F/asm_spin_harness.c" "$F/asm_spin.c"
outcome() { op_result $db asm-spin "$@"; }   # STATE FIRST [SECOND]
expect_eq "$(outcome 'lock()' lock)" blocks "lock alone from a held lock blocks"
expect_eq "$(outcome fresh lock lock)" blocks "lock after lock blocks"
expect_eq "$(outcome 'lock()' poll_lock)" -1 "the bounded poll gives up and returns -1"
expect_eq "$(outcome fresh lock poll_lock)" -1 "... after lock too: not blocked"
expect_eq "$(outcome fresh poll_lock)" 0 "the poll of a free lock returns at once"
expect_eq "$(outcome 'lock()' held)" true "held reads the lock"
expect_eq "$(q $db "SELECT count(*) FROM op_outcomes WHERE harness = 'asm-spin'
	AND (first_result LIKE '%limit%' OR second_result LIKE '%limit%')")" 0 \
	"no op ran into its CPU limit: no spin was left to the timer"
expect_eq "$(q $db "SELECT count(*) FROM op_outcomes WHERE harness = 'asm-spin'
	AND deterministic = 0")" 0 "every execution repeated alike"
expect_eq "$(outcome fresh reserved)" true "the harness cannot take the watch's signal (EINVAL)"
expect_eq "$(verdict $db asm-spin lock lock)" unknown \
	"lock after lock blocks: unknown (blocking not observable)"
expect_eq "$(verdict $db asm-spin poll_lock held)" commutative "poll_lock and held only read"
finish
