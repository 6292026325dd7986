# snc replay re-runs a stored failing schedule and reproduces its outcome byte for byte:
# for a program snc run compiled into a temporary folder (compiled again from the recorded
# recipe) and for a prebuilt program. The trace names the variable, the values, the lines.
. "$(dirname "$0")/../lib.sh"
cp "$EXAMPLES/counters/racy_harness.c" "$EXAMPLES/counters/counters.c" "$EXAMPLES/counters/counters.h" .
expect_status 0 "racy counter, schedules" -- "$SNC" run --db r.db --quiet --depth 1 --schedules \
	racy_harness.c counters.c
id=$(q r.db "SELECT failing_schedule_id FROM pair_verdicts WHERE f = 'racy_add_return' AND g = f")
stored=$(q r.db "SELECT outcome FROM schedules WHERE schedule_id = $id")
expect_status 0 "replay, temporary program rebuilt" -- "$SNC" replay --db r.db "$id"
expect_match "$out" "outcome reproduced \(byte for byte as stored\)" "reproduced"
expect_eq "$(printf '%s\n' "$out" | sed -n 's/^outcome: *//p')" "$stored" "the same outcome text"
expect_match "$out" "read racy_count = 0 +racy_add_return counters.c:57" "trace: variable, value, line"
expect_match "$out" "write racy_count 0 -> 1" "trace: write with old and new value"
expect_match "$out" "---- thread [01] preempted ----" "trace: the preemption"
expect_match "$out" "NOT linearizable" "says why it fails"
# Replaying from another folder works too: the program is compiled where it was.
mkdir -p elsewhere
expect_status 0 "replay from another folder" -- bash -c "cd elsewhere && '$SNC' replay --db ../r.db $id"
expect_match "$out" "outcome reproduced" "reproduced from elsewhere"
# The sources changed since: the replay says it did not reproduce, exit 1.
sed -i 's/racy_count += n;/racy_count += n + 1;/' counters.c
expect_status 1 "replay after the source changed" -- "$SNC" replay --db r.db "$id"
expect_match "$out" "outcome NOT reproduced" "not reproduced"
# A prebuilt program (snc_add_harness) replays itself.
expect_status 0 "byte set, schedules" -- "$EXAMPLE_BIN/byte-set" --db b.db --quiet --depth 1 --schedules
id=$(q b.db "SELECT failing_schedule_id FROM pair_verdicts WHERE f = 'set_add' AND g = f")
expect_status 0 "replay, prebuilt program" -- "$SNC" replay --db b.db "$id"
expect_match "$out" "outcome reproduced" "prebuilt reproduced"
expect_match "$out" "byte_set.c:[0-9]+" "prebuilt trace has source lines"
# Every stored schedule of the byte set replays to its outcome.
for id in $(q b.db "SELECT schedule_id FROM schedules ORDER BY schedule_id LIMIT 40"); do
	"$SNC" replay --db b.db "$id" > replay.out 2>&1 || fail "schedule $id: $(tail -2 replay.out)"
done
finish
