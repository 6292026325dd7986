# The scheduler's hooks count the atomic RMWs, seq_cst fences and seq_cst stores each
# operation executes, for free, in every schedule; stored per instance run alone from a
# state (op_hook_counts). Valgrind's tool (--measure) counts the instructions that really
# executed, in the build without the hooks. The two agree: from the same states, the
# heavyweight instructions per first call executed by the library's own code (sites with
# no caller) are what the hooks counted, for every op, with locks or without; where glibc
# adds none of its own (no lock, no malloc), Valgrind's whole count agrees too.
# Skipped only when valgrind is not installed; a harness left unmeasured fails it.
. "$(dirname "$0")/../lib.sh"
have_valgrind || skip "valgrind is not installed"
# The counts come from each instance's clean level-0 run (no preemption), so a bound of 0
# preemptions stores the same counts for a sixth of the schedules.
harnesses="atomic-counter split-counter racy-counter byte-set treiber-stack mutex-set global-allocator"
for h in $harnesses; do
	expect_status 0 "$h: schedules and measure" -- "$EXAMPLE_BIN/$h" --db hc.db --quiet --depth 1 \
		--schedules --preemptions 0 --measure --measure-states 1000
done
expect_eq "$(q hc.db "SELECT group_concat(harness || ': ' || status || coalesce(' (' || reason || ')', ''), ', ')
	FROM cost_measurements WHERE status <> 'measured'")" "" "every harness measured"
both="FROM hook_counts_vs_measured WHERE calls = measured_calls"
expect_eq "$(q hc.db "SELECT count(*) $both")" 17 "every op counted both ways, from the same states"
expect_eq "$(q hc.db "SELECT harness || ' ' || op || ': hooks ' || hook_heavyweight_per_call ||
	', valgrind in the library ' || valgrind_library_per_call $both
	AND hook_heavyweight_per_call <> valgrind_library_per_call")" "" "hooks and valgrind agree"
expect_eq "$(q hc.db "SELECT group_concat(harness || ' ' || op, ', ') $both
	AND hook_heavyweight_per_call <> valgrind_heavyweight_per_call")" \
	"treiber-stack push, mutex-set set_add, mutex-set set_remove, mutex-set set_member, global-allocator alloc, global-allocator release" \
	"only glibc's locks and malloc make the totals differ"
expect_eq "$(q hc.db "SELECT hook_heavyweight_per_call || ' ' || valgrind_heavyweight_per_call $both
	AND op = 'atomic_add_return'")" "1.0 1.0" "one lock xadd per atomic_add_return"
expect_eq "$(q hc.db "SELECT hook_heavyweight_per_call $both AND op = 'racy_add_return'")" 0.0 \
	"none in the racy one"
expect_match "$(q hc.db "SELECT hook_heavyweight_per_call $both AND op = 'split_inc'")" '^0\.[0-9]+$' \
	"split_inc pays only when a thread registers"
expect_eq "$(q hc.db "SELECT lock_acquisitions_per_call $both AND harness = 'mutex-set' AND op = 'set_add'")" 1.0 \
	"the mutex set's lock is counted as a lock"
finish
