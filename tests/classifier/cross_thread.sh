# Pairs run as the theorem's two processes: the first op on the thread that built the
# state, the second (and every op alone) on a thread of its own. A per-thread cache is not
# shared state: its releases do not influence each other, so they are not an unsynchronized
# SNC pair, while allocations still conflict where the cache must be refilled from the
# shared pool (the kmalloc loophole: only from states where the cache is empty).
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures"
db=cache.db
expect_status 0 "thread cache runs" -- "$SNC" run --db $db --quiet --schedules "$F/thread_cache_harness.c" "$F/thread_cache.c"
expect_eq "$(verdict $db thread-cache release release)" commutative "per-thread releases do not influence each other"
expect_eq "$(verdict $db thread-cache alloc alloc)" snc "allocations conflict through the shared pool"
expect_eq "$(q $db "SELECT witness_state || ' ' || conflict_states || '/' || states FROM pair_verdicts
	WHERE harness = 'thread-cache' AND f = 'alloc' AND g = 'alloc'")" "fresh 3/13" \
	"only where the first thread's cache is empty (fresh, release(k); alloc()), not after an alloc filled it"
expect_status 0 "report" -- "$SNC" report --db $db
expect_eq "$(printf '%s\n' "$out" | grep -c 'snc-unsynchronized')" 0 "no snc-unsynchronized finding"

finish
