# The byte-array set (quick quiz 5) pays no heavyweight instruction: two concurrent
# set_add(1) can both return true ("new"), which no sequential order gives.
. "$(dirname "$0")/../lib.sh"
expect_status 0 "byte set, schedules" -- "$SNC" run --db b.db --quiet --depth 1 --schedules \
	"$EXAMPLES/sets/byte_set_harness.c" "$EXAMPLES/sets/byte_set.c"
pair="state = 'fresh' AND f_call = 'set_add(1)' AND g_call = 'set_add(1)'"
expect_eq "$(q b.db "SELECT count(*) FROM schedules WHERE $pair AND linearizable = 0
	AND outcome LIKE 'set_add(1) = true; set_add(1) = true;%'")" 1 "both calls return true"
expect_eq "$(q b.db "SELECT g_then_f FROM explorations WHERE $pair")" \
	"set_add(1) = true; set_add(1) = false; digest 0x0000000000000002" "sequentially one wins"
expect_eq "$(q b.db "SELECT linearizable FROM pair_verdicts WHERE f = 'set_add' AND g = f")" 0 \
	"set_add x set_add not linearizable"
# Different keys touch different bytes: level 0 shows no conflicting access.
expect_eq "$(q b.db "SELECT independent || schedules FROM explorations WHERE state = 'fresh'
	AND f_call = 'set_add(1)' AND g_call = 'set_add(2)'")" 12 "disjoint calls: two schedules"
expect_eq "$(q b.db "SELECT linearizable FROM pair_verdicts WHERE f = 'set_member' AND g = f")" 1 \
	"members are linearizable"
finish
