# Bad schedule options and replays of what is not there: one line, exit 2, nothing stored.
. "$(dirname "$0")/../lib.sh"
prog="$EXAMPLE_BIN/racy-counter"
for bad in 33 -1 x ""; do
	expect_status 2 "--preemptions '$bad'" -- "$SNC" run --db x.db --schedules --preemptions "$bad" "$prog"
	expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "one line for --preemptions '$bad'"
	expect_match "$out" "preemptions needs a whole number from 0 to 32" "says the range"
done
expect_status 2 "--pct-depth 0" -- "$SNC" run --db x.db --schedules --pct 5 --pct-depth 0 "$prog"
expect_match "$out" "pct-depth needs a whole number from 1 to 33" "pct-depth range"
expect_status 2 "--schedule-depth 9" -- "$SNC" run --db x.db --schedules --schedule-depth 9 "$prog"
expect_match "$out" "schedule-depth needs a whole number from 0 to 8" "schedule-depth range"
expect_status 2 "program: --preemptions 99" -- "$prog" --db x.db --schedules --preemptions 99
expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "the program says it in one line too"
expect_eq "$(q x.db "SELECT count(*) FROM schedules" 2>/dev/null || echo 0)" 0 "nothing stored"

expect_status 0 "a run with schedules" -- "$prog" --db r.db --quiet --depth 0 --schedules
expect_status 2 "replay of a missing id" -- "$SNC" replay --db r.db 424242
expect_eq "$out" "snc replay: error: there is no schedule 424242 in 'r.db'" "missing id message"
expect_status 2 "replay of a non-number" -- "$SNC" replay --db r.db 12abc
expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "one line for a non-number"
expect_status 2 "replay without an id" -- "$SNC" replay --db r.db
expect_status 2 "replay without a database" -- "$SNC" replay --db nothing.db 1
expect_match "$out" "no such file" "missing database"
[ -e nothing.db ] && fail "replay created a database"
expect_status 2 "program replay of a missing id" -- "$prog" --db r.db --replay 424242
expect_eq "$(printf '%s\n' "$out" | wc -l)" 1 "one line from the program"
id=$(q r.db "SELECT min(schedule_id) FROM schedules")
expect_status 2 "replay by another harness's program" -- "$EXAMPLE_BIN/byte-set" --db r.db --replay "$id"
expect_match "$out" "belongs to harness 'racy-counter', not to 'byte-set'" "wrong program message"
finish
