# snc replay never runs what a database names: a stored compiler with shell syntax is not
# run (nothing is created; it says why and compiles with the user's compiler), and a stored
# flag that would hand the compiler a program of the database's choosing stops the replay.
. "$(dirname "$0")/../lib.sh"
cp "$EXAMPLES/counters/racy_harness.c" "$EXAMPLES/counters/counters.c" "$EXAMPLES/counters/counters.h" .
expect_status 0 "racy counter, schedules" -- "$SNC" run --db r.db --quiet --depth 1 --schedules \
	--max-schedules 50 racy_harness.c counters.c
id=$(q r.db "SELECT failing_schedule_id FROM pair_verdicts WHERE f = 'racy_add_return' AND g = f")
[ -n "$id" ] || fail "no failing schedule stored"
q r.db "UPDATE harness_builds SET compiler = 'touch pwned;cc'"
expect_status 0 "replay of a database naming a hostile compiler" -- "$SNC" replay --db r.db "$id"
expect_eq "$(ls pwned 2>/dev/null)" "" "the stored compiler created nothing"
expect_match "$out" "names the compiler 'touch pwned;cc'; it is not run" "says why"
expect_match "$out" "outcome reproduced" "and replays with the user's compiler"
# A compiler word that the shell would expand, given by the user, is an argv word too.
expect_status 2 "a --cc with shell syntax is not a shell command" -- \
	"$SNC" replay --db r.db --cc 'touch pwned2;cc' "$id"
expect_eq "$(ls pwned2 2>/dev/null)" "" "no shell ran it"
# Stored flags that would run a program of the database's choosing.
for flag in '-wrapper
touch,pwned3' '-fplugin=./evil.so' '-B/tmp/evil' '-Wl,--plugin=/tmp/evil.so'; do
	q r.db "UPDATE harness_builds SET compiler = 'cc', cflags = '$flag'"
	expect_status 2 "stored flag ${flag%%$'\n'*}" -- "$SNC" replay --db r.db "$id"
	expect_match "$out" "could run a program of its choosing: not rebuilt" "refused ${flag%%$'\n'*}"
done
expect_eq "$(ls pwned3 2>/dev/null)" "" "no wrapper ran"
# A library source stored with flags of its own (an audit's compile-database unit: the file,
# a tab before each flag) is held to the same rule.
q r.db "UPDATE harness_builds SET cflags = '', library_sources = 'counters.c' || char(9) || '-DX'
        || char(9) || '-fplugin=./evil.so'"
expect_status 2 "a unit's stored flag" -- "$SNC" replay --db r.db "$id"
expect_match "$out" "could run a program of its choosing: not rebuilt" "refused a unit's -fplugin"
q r.db "UPDATE harness_builds SET library_sources = 'counters.c' || char(9) || '-DX'"
expect_status 0 "a unit with plain flags of its own" -- "$SNC" replay --db r.db "$id"
expect_match "$out" "outcome reproduced" "is compiled with them and replays"
finish
