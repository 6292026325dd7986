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

# The example's cache allocator: release(k) gives back the k-th block the harness holds, so
# release with itself is SNC through the harness's own bookkeeping, which its schedules
# show shares no instrumented memory: no snc-unsynchronized error.
db=example.db
expect_status 0 "cache allocator runs" -- "$EXAMPLE_BIN/cache-allocator" --db $db --quiet --schedules --preemptions 1
expect_eq "$(verdict $db cache-allocator release release)" snc "release/release is SNC through held[]"
expect_eq "$(q $db "SELECT independent FROM explorations WHERE harness = 'cache-allocator'
	AND f = 'release' AND g = 'release' AND state = 'alloc()' AND f_call = 'release(0)' AND g_call = 'release(0)'")" \
	1 "its witness's calls share no instrumented memory"
expect_status 0 "report on the example" -- "$SNC" report --db $db
expect_eq "$(printf '%s\n' "$out" | grep -c 'snc-unsynchronized: release x release')" 0 "release/release is not an snc-unsynchronized error"
finish
