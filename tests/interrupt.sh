# SIGTERM to `snc run`, and Ctrl-C (SIGINT to its process group), in the middle of a run
# (issue 14, item 4): snc exits with 128 + the signal after one line, the run is recorded as
# interrupted, no process of the run is left, and the temporary folder is gone.
. "$(dirname "$0")/lib.sh"

# interrupt NAME SIGNAL TARGET: runs the hostile harness (ops that block for --timeout and
# fork sleepers), then sends SIGNAL to snc (TARGET pid) or its process group (TARGET group).
interrupt() {
	local name=$1 sig=$2 target=$3 db="interrupt-$1-$$.db"
	setsid "$SNC" run --db "$db" --depth 1 --timeout 5 "$FIXTURES/hostile_harness.c" \
		>"$name.out" 2>&1 &
	local pid=$! program=""
	for _ in $(seq 300); do
		program=$(pgrep -af -- "--db $db --run-id" | awk 'NR == 1 { print $2 }')
		[ -n "$program" ] && [ "$(pgrep -f -- "$db" | wc -l)" -ge 4 ] && break
		sleep 0.1
	done
	checks=$((checks + 1))
	[ -n "$program" ] || fail "$name: the harness program never started"
	if [ "$target" = group ]; then kill -s "$sig" -- "-$pid"; else kill -s "$sig" "$pid"; fi
	wait "$pid"
	local status=$? code
	code=$((128 + $(kill -l "$sig")))
	expect_eq "$status" "$code" "$name: exit status"
	expect_match "$(cat "$name.out")" "^snc run: interrupted by SIG$sig: run 1 recorded as interrupted" \
		"$name: the one line"
	expect_eq "$(wc -l <"$name.out")" 1 "$name: one line only"
	expect_eq "$(q "$db" "SELECT status || ' ' || exit_code FROM run_summary")" \
		"interrupted $code" "$name: the run is recorded as interrupted"
	expect_eq "$(q "$db" "SELECT signal FROM run_interruptions")" "SIG$sig" "$name: the signal"
	sleep 0.5
	expect_eq "$(pgrep -f -- "$db" | wc -l)" 0 "$name: no process of the run is left"
	checks=$((checks + 1))
	[ ! -e "$(dirname "$program")" ] || fail "$name: $(dirname "$program") was not removed"
}

interrupt sigterm TERM pid
interrupt ctrl-c INT group
interrupt hangup HUP pid
finish
