# reliability.loaded: an operation is never called blocked for time a loaded machine did
# not give it. The crunch harness's op computes for about 12 ms under a 40 ms limit (400 ms
# when a block is confirmed); here it shares one core with 48 busy loops, so it needs many
# times that in wall time (about 600 ms an op, more than the confirmed limit). Runnable and short of CPU time at its deadline, it gets more time
# (docs/harness.md, step 3); the old wall-clock limit alone called it
# blocked. A real block (pause) is still decided at its limit, loaded or not.
. "$(dirname "$0")/../lib.sh"
command -v taskset >/dev/null || skip "taskset (util-linux) is not installed"
hogs=()
for i in $(seq 48); do
	timeout 120 taskset -c 0 sh -c 'while :; do :; done' &
	hogs+=($!)
done
expect_status 0 "crunch on a loaded core" -- taskset -c 0 "$SNC" run --db loaded.db --quiet --depth 0 \
	--repeat 1 --jobs 1 "$SNC_BUILD_DIR/tests/reliability/bin/crunch"
kill "${hogs[@]}" 2>/dev/null
wait 2>/dev/null
expect_eq "$(q loaded.db "SELECT group_concat(DISTINCT first_result) FROM op_outcomes WHERE first_op = 'crunch'")" 1 \
	"crunch returned every time, never 'blocks'"
expect_eq "$(verdict loaded.db crunch crunch crunch)" snc "crunch with itself: each changes the other's count"
finish
