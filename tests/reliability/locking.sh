# A long `snc run` never makes another command wait: readers (report, show, gate) open the
# database read-only and return at once, and a second run writes between the first one's
# short per-state transactions. The first run, killed, is then said to be unfinished.
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/reliability/fixtures"
# minutes of executions (364 states, one execution at a time, 20 ms per call: sleeps, so
# it outlasts the other commands however busy the machine); it is killed once they have run
setsid "$SNC" run --db l.db --quiet --jobs 1 --depth 5 "$F/slow_harness.c" "$F/slow.c" -- -I"$F" \
	> run.out 2>&1 &
runner=$!
for _ in $(seq 600); do
	[ "$(q l.db "SELECT count(*) FROM states" 2>/dev/null)" -ge 2 ] 2>/dev/null && break
	sleep 0.1
done
expect_eq "$(q l.db "SELECT status FROM runs WHERE id = 1")" "running" "the first run is writing"
# elapsed COMMAND...: runs it like expect_status does and sets $ms to the time it took
elapsed() {
	local t0=$(date +%s%N)
	"$@"
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
}
elapsed expect_status 0 "report during the run" -- "$SNC" report --db l.db
expect_match "$out" "run 1 is unfinished" "report says the run is unfinished"
[ "$ms" -lt 3000 ] || fail "report waited ${ms} ms for the run (the busy timeout is 10 s)"
elapsed expect_status 0 "show during the run" -- "$SNC" show --db l.db
expect_match "$out" "run 1 is unfinished" "show says so"
[ "$ms" -lt 3000 ] || fail "show waited ${ms} ms"
elapsed expect_status 2 "gate during the run" -- "$SNC" gate --db l.db
expect_match "$out" "run 1 is unfinished .*no decision" "gate refuses partial results"
[ "$ms" -lt 3000 ] || fail "gate waited ${ms} ms"
expect_status 0 "a second run while the first writes" -- "$SNC" run --db l.db --quiet \
	"$EXAMPLE_BIN/atomic-counter"
expect_eq "$(q l.db "SELECT count(*) FROM runs WHERE id = 2 AND status = 'ok'")" 1 "the second run finished"
expect_eq "$(q l.db "SELECT status FROM runs WHERE id = 1")" "running" "while the first still ran"
kill -KILL -- -"$runner" 2>/dev/null
wait "$runner" 2>/dev/null
# The killed run: unfinished, whatever it stored is kept.
expect_status 2 "gate on the killed run" -- "$SNC" gate --db l.db --run 1
expect_match "$out" "run 1 is unfinished" "gate names the killed run"
# A run killed before it stored anything is newer than the newest results: no pass either.
q l.db "INSERT INTO runs (command, args, tool_version, started_at) VALUES ('run', 'killed', '0', 'now')"
expect_status 2 "gate on the newest results while a newer run is unfinished" -- "$SNC" gate --db l.db
expect_match "$out" "run 3 is unfinished" "names the newer run"
q l.db "DELETE FROM runs WHERE id = 3"
expect_status 0 "report on the killed run" -- "$SNC" report --db l.db --run 1
expect_match "$out" "warning: run 1 is unfinished" "report warns"
expect_status 0 "show on the killed run" -- "$SNC" show --db l.db --run 1
expect_match "$out" "run 1 is unfinished \(killed, or still running\)" "show says so on stdout"
# A run that finished with nothing to decide on does not pass either.
q l.db "UPDATE runs SET finished_at = started_at, status = 'ok' WHERE id = 1"
expect_status 2 "gate on a run without verdicts" -- "$SNC" gate --db l.db --run 1
expect_match "$out" "run 1 holds no verdicts" "gate says there is nothing"
expect_status 0 "gate on the finished run" -- "$SNC" gate --db l.db --run 2
finish
