# Instructions per call as callgrind counts them. `--measure` runs the harness's build
# without the scheduler's instrumentation (atomic-counter.measure) under the snc tool and
# stores each op's instructions per call; callgrind, on that same binary running the same
# calls (the measure worker with a one-state plan, --toggle-collect=OP: the op's inclusive
# cost), must count the same within 5%. atomic_inc also pays exactly 1 RMW per call.
# Skipped (77) without valgrind or the snc tool.
. "$(dirname "$0")/lib.sh"
command -v valgrind >/dev/null || { echo "valgrind not installed: skipped"; exit 77; }
prog="$EXAMPLE_BIN/atomic-counter"
expect_status 0 "measured" -- "$prog" --db c.db --quiet --depth 1 --measure --measure-states 1
case $out in
*"costs not measured"*) echo "$out"; echo "the measure pass cannot run here: skipped"; exit 77 ;;
esac
expect_eq "$(q c.db "SELECT rmw_per_call || ' ' || first_rmw_per_call FROM op_costs WHERE op = 'atomic_inc'")" \
	"1.0 1.0" "atomic_inc: 1 RMW per call"
expect_eq "$(q c.db "SELECT count(*) FROM op_costs WHERE instructions_per_call < 1")" 0 \
	"every op executes at least its ret"

# callgrind OP INSTANCE: the op's instructions per call by callgrind, on the measure build.
callgrind() {
	rm -f cg.* records
	printf 'state - %s\n' "$2" > plan
	: > records
	SNC_MEASURE_TOOL=callgrind SNC_NO_REEXEC=1 LD_BIND_NOW=1 valgrind --tool=callgrind -q \
		--callgrind-out-file="$SNC_SCRATCH/cg.%p" --toggle-collect="$1" \
		"$prog.measure" --measure-worker 3,4 3<plan 4>>records >/dev/null 2>&1 || return
	local calls total
	# The measured calls run in one child; the probe before the loop (would the next call
	# return?) runs in a child of that child, whose callgrind counts start from a copy of
	# its parent's, so it is left out: the busiest process's count is the measured calls'.
	calls=$(grep -c "^call $2 " records)
	total=$(awk '$1 == "totals:" || $1 == "summary:" { if (!seen[FILENAME]++ && $2 > s) s = $2 } END { print s + 0 }' cg.*)
	[ "$calls" -gt 0 ] && awk -v t="$total" -v c="$calls" 'BEGIN { printf "%.2f\n", t / c }'
}
for op in atomic_inc:0 atomic_add_return:1 atomic_read:3; do
	name=${op%%:*} inst=${op#*:}
	ours=$(q c.db "SELECT instructions_per_call FROM op_costs WHERE op = '$name'")
	theirs=$(callgrind "$name" "$inst")
	expect_match "$theirs" '^[0-9]+\.[0-9]+$' "$name: callgrind counted its calls"
	expect_eq "$(awk -v a="$ours" -v b="${theirs:-0}" 'BEGIN { d = a - b; if (d < 0) d = -d; print (b > 0 && d <= 0.05 * b) ? "agree" : "differ" }')" \
		agree "$name: snc counts $ours instructions per call, callgrind ${theirs:-nothing}"
done
finish
