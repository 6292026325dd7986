# audit.header_only: a header-only library's code is compiled in the harness's own unit,
# which is then built with the scheduler's instrumentation (and its measure twin without):
# racyword.h's swap, a load then a store, is found not linearizable under a schedule that
# interleaves the two (uninstrumented, every schedule ran the swaps one after the other
# and called them linearizable), its costs are the library's own instructions, and its
# schedule replays from a harness kept with --emit-harness (without it, replay says how).
. "$(dirname "$0")/lib.sh"
audit_measured --emit-harness kept "$AFIX/racyword.h"
expect_eq "$(v unsigned_char rw_swap rw_swap)" "snc" "two swaps: SNC"
case $out in *"no operation reached a scheduling point"*) fail "the swaps reach no scheduling point";; esac
expect_eq "$(q "$DB" "SELECT count(*) FROM schedules WHERE run_id = $run AND linearizable = 0
                      AND f_call LIKE 'rw_swap%' AND g_call LIKE 'rw_swap%'")" "1" \
	"a schedule of two swaps is not linearizable (stored as the proof)"
expect_eq "$(q "$DB" "SELECT count(*) FROM findings WHERE run_id = $run AND rule = 'non-linearizable'")" "1" \
	"a non-linearizable finding"
cost=$(measured unsigned_char rw_swap instructions_per_call)
[ -z "$cost" ] || expect_eq "$cost" "4.00" "the swap's own instructions, no hook counted"
id=$(q "$DB" "SELECT schedule_id FROM schedules WHERE run_id = $run AND linearizable = 0 LIMIT 1")
replay=$("$SNC" replay --db "$DB" "$id" 2>&1)
expect_eq "$?" 0 "snc replay of the kept harness"
expect_match "$replay" "outcome reproduced" "the schedule replays"
expect_match "$replay" "write object 1 -> 0  rw_swap racyword.h:11" "step by step, in the header"

audit_proved "$AFIX/racyword.h"
id=$(q "$DB" "SELECT schedule_id FROM schedules WHERE run_id = $run AND linearizable = 0 LIMIT 1")
expect_status 2 "replay of a harness not kept" -- "$SNC" replay --db "$DB" "$id"
expect_match "$out" "run the audit again with --emit-harness DIR" "it says how to keep it"
finish
