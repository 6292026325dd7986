# audit.spawned_threads: an operation that hands work to a thread it starts (spawn_bump,
# as a pool's first submit) is followed by its pair's second op only once that thread is
# done or asleep, in the execution and in the probe whose digest decides which pairs are
# copied; a forked child counts none of its parent's quiet threads (they are not there).
# Before, the second op raced the thread: spawn_value read 0 or 1 after spawn_bump (nondet),
# or the probe's digest, taken before the thread's store, made every such pair a copy of
# spawn_value alone (state-only).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/spawn"
audit --repeat 4 "$FIX/spawn.h" "$FIX/spawn.c"
expect_eq "$(oneway spawn_counter spawn_bump spawn_value)" "spawn_bump->spawn_value" \
	"a bump changes the value, once its thread is done"
expect_eq "$(pair spawn_counter fresh 'spawn_bump()' 'spawn_value()')" "0 1" "the value after a bump"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND deterministic = 0")" "0" \
	"no verdict is nondet"
finish
