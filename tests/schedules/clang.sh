# Both compilers: snc run instruments the library with clang (-mllvm
# -tsan-instrument-read-before-write keeps the read of `x += n` a scheduling point) as well
# as with gcc, and the lost update is found either way.
. "$(dirname "$0")/../lib.sh"
command -v clang >/dev/null || skip "clang is not installed"
for cc in gcc clang; do
	expect_status 0 "$cc: racy counter" -- env CC=$cc "$SNC" run --db $cc.db --quiet --depth 1 --schedules \
		"$EXAMPLES/counters/racy_harness.c" "$EXAMPLES/counters/counters.c"
	expect_eq "$(q $cc.db "SELECT linearizable FROM pair_verdicts WHERE f = 'racy_add_return' AND g = f")" 0 \
		"$cc: lost update"
	expect_eq "$(q $cc.db "SELECT points_per_call FROM op_hook_counts WHERE op = 'racy_add_return'")" 2.0 \
		"$cc: read and write are points"
	expect_eq "$(q $cc.db "SELECT compiler FROM harness_builds")" $cc "$cc: recorded"
	id=$(q $cc.db "SELECT failing_schedule_id FROM pair_verdicts WHERE f = 'racy_add_return' AND g = f")
	expect_status 0 "$cc: replay" -- "$SNC" replay --db $cc.db "$id"
	expect_match "$out" "outcome reproduced" "$cc: reproduced"
done
expect_status 0 "clang: atomic counter" -- env CC=clang "$SNC" run --db ca.db --quiet --depth 1 --schedules \
	"$EXAMPLES/counters/atomic_harness.c" "$EXAMPLES/counters/counters.c"
expect_eq "$(q ca.db "SELECT count(*) FROM schedules WHERE linearizable = 0")" 0 "clang: atomic counter linearizable"
expect_eq "$(q ca.db "SELECT rmw_per_call FROM op_hook_counts WHERE op = 'atomic_add_return'")" 1.0 \
	"clang: one RMW per add_return"
finish
