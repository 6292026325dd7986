# Two writers on one database: two harness programs and a scan writing into the same file at
# the same time all succeed, each into a run of its own, and every run is complete (the
# database waits for its lock rather than failing or mixing runs).
. "$(dirname "$0")/lib.sh"
db=shared.db
"$EXAMPLE_BIN/mutex-set" --db $db --quiet --depth 1 > mutex.out 2>&1 &
mutex=$!
"$EXAMPLE_BIN/atomic-counter" --db $db --quiet --depth 1 > atomic.out 2>&1 &
atomic=$!
"$SNC" scan --db $db --quiet -I "$SNC_SOURCE_DIR/runtime/include" "$EXAMPLES/counters" > scan.out 2>&1 &
scan=$!
wait $mutex
expect_eq "$? $(cat mutex.out)" "0 " "the mutex set's run succeeds"
wait $atomic
expect_eq "$? $(cat atomic.out)" "0 " "the counter's run succeeds, at the same time"
wait $scan
expect_eq "$? $(cat scan.out)" "0 " "and the scan"

expect_eq "$(q $db "SELECT count(*) || ' ' || group_concat(DISTINCT status) FROM run_summary")" "3 ok" "three runs, all finished"
expect_eq "$(q $db "SELECT group_concat(harness, ' ') FROM (SELECT DISTINCT run_id, harness FROM pair_verdicts ORDER BY harness)")" \
	"atomic-counter mutex-set" "each harness in a run of its own"
expect_eq "$(q $db "SELECT count(DISTINCT run_id) FROM pair_verdicts")" 2 "two classifying runs"
expect_eq "$(verdict $db mutex-set set_add set_add) / $(verdict $db atomic-counter atomic_add_return atomic_add_return)" \
	"snc / snc" "both runs' verdicts"
expect_eq "$(q $db "SELECT count(*) FROM pair_verdicts WHERE harness = 'mutex-set'") $(q $db "SELECT count(*) FROM pair_verdicts WHERE harness = 'atomic-counter'")" \
	"6 6" "every pair of both"
expect_eq "$(q $db "SELECT count(*) FROM scan_functions WHERE name = 'atomic_add_return'")" 1 "the scan's facts"
expect_eq "$(q $db "PRAGMA integrity_check")" ok "the file is intact"
finish
