# The proof by default: `snc audit` explores the schedules of every SNC pair with no
# heavyweight instruction, from its witness state, and stores the non-linearizable outcome
# it finds; the report shows it under the snc-unsynchronized finding. Pairs that are not
# SNC are not explored. --no-prove skips the schedules: the finding stands, and says that
# they were not explored.
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures/racy"
db=audit.db
expect_status 0 "audit of the racy tally" -- "$SNC" audit --db $db --repeat 1 --no-measure "$F/tally.h" "$F/tally.c"
expect_eq "$(verdict $db tally tally_add tally_add)" snc "add with itself"
expect_eq "$(q $db "SELECT group_concat(DISTINCT f || ' x ' || g) FROM explorations WHERE harness = 'tally'")" \
	"tally_add x tally_add" "only the unsynchronized SNC pair is explored"
expect_eq "$(q $db "SELECT DISTINCT state FROM explorations WHERE harness = 'tally'")" fresh "from its witness state"
expect_eq "$(q $db "SELECT count(*) > 0 FROM schedules WHERE harness = 'tally' AND linearizable = 0 AND status = 'completed'")" \
	1 "a non-linearizable outcome is stored"
expect_match "$(q $db "SELECT failing_schedule FROM pair_verdicts WHERE harness = 'tally' AND f = 'tally_add' AND g = 'tally_add'")" \
	'^[01]:[0-9]' "the pair's failing schedule has a preemption"
expect_status 0 "report" -- "$SNC" report --db $db
expect_match "$out" "error: snc-unsynchronized: tally_add x tally_add in tally" "the finding"
expect_match "$out" "the schedule that breaks linearizability:" "with its proof"
expect_match "$out" "error: non-linearizable: tally_add x tally_add in tally" "and the non-linearizable finding"

expect_status 0 "audit without proofs" -- "$SNC" audit --db np.db --repeat 1 --no-measure --no-prove \
	"$F/tally.h" "$F/tally.c"
expect_eq "$(verdict np.db tally tally_add tally_add)" snc "the same verdict"
expect_eq "$(q np.db "SELECT count(*) FROM explorations")" 0 "no schedule explored"
expect_status 0 "report" -- "$SNC" report --db np.db
expect_match "$out" "error: snc-unsynchronized: tally_add x tally_add in tally" "the finding stands"
expect_match "$out" "schedules: not explored \(snc run --schedules, or snc audit without --no-prove" \
	"and says it was not proved"
expect_no_match "$out" "non-linearizable:" "no non-linearizable finding"
finish
