# The example's cache allocator, as the demo classified it (fixture.demo: --schedules
# --preemptions 1, the run this test made for itself before): release(k) gives back the
# k-th block the harness holds, so release with itself is SNC through the harness's own
# bookkeeping, which its schedules show shares no instrumented memory: no
# snc-unsynchronized error. The report writes findings: it works on a copy.
. "$(dirname "$0")/../lib.sh"
need_demo_db
db=example.db
cp "$SNC_DEMO_DB" $db
expect_eq "$(verdict $db cache-allocator release release)" snc "release/release is SNC through held[]"
expect_eq "$(q $db "SELECT independent FROM explorations WHERE harness = 'cache-allocator'
	AND f = 'release' AND g = 'release' AND state = 'alloc()' AND f_call = 'release(0)' AND g_call = 'release(0)'")" \
	1 "its witness's calls share no instrumented memory"
expect_status 0 "report on the example" -- "$SNC" report --db $db
expect_eq "$(printf '%s\n' "$out" | grep -c 'snc-unsynchronized: release x release')" 0 "release/release is not an snc-unsynchronized error"
finish
