# audit.derived: an object never built alone, only returned by another family's call from
# its own object (liburcu's struct cds_wfs_head, what __cds_wfs_pop_all(stack) returns):
# the family starts from what that producer returns from a new source object after a call
# that fills it (a push of a new, initialized node), or as it is. Before, the batch was a zeroed struct, whose NULL next reads as a push still
# linking in: every walk waited for good and batch_count and batch_sum gave no result from
# any state (failed; urcu/wfstack.h's cds_wfs_for_each_blocking the same, 88% of its
# names in a verdict). A producer that waits while its source is empty (a mailbox's receive)
# gets a filled source first; one that crashes on every source leaves a zeroed object.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/derived"
audit "$FIX/batch.h" "$FIX/batch.c"
expect_match "$out" "batch: 2 operations, initial state: obj = bstack_pop_all\(a new struct bstack after bstack_push\(\.\.\.\), or as it is\), or a zeroed struct batch" \
	"the batch is what pop_all returns from a new stack, after a push"
expect_eq "$(op_result "$DB" batch fresh batch_count)" 1 "the batch holds the pushed node: count 1"
expect_eq "$(op_result "$DB" batch fresh batch_sum)" 1 "its value, set by the push: sum 1"
expect_eq "$(v batch batch_count batch_sum)" "commutative" "two walks of one batch commute"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'batch'
	AND blocked_states = 0 AND crash_states = 0")" 3 "no walk waited or crashed"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND status = 'failed'")" 0 \
	"no function failed"
expect_eq "$(v bstack bstack_push bstack_push)" "snc" "the stack itself as before: two pushes"
# A producer that waits while its source is empty (a mailbox's receive): the fill comes
# first, so the set-up does not wait for good.
expect_match "$out" "letter: 1 operation, initial state: obj = mbox_receive\(a new struct mbox after mbox_send\(\.\.\.\), or as it is\), or a zeroed struct letter" \
	"the letter is what a receive returns after a send"
expect_eq "$(op_result "$DB" letter fresh letter_len)" 3 "the letter the send wrote: len 3"
# A producer that crashes on every new source (ring_get_slot divides by the size of a ring
# nobody set up): each attempt is abandoned, and the slot starts zeroed, as before. Before
# the attempts were guarded, the set-up crashed and the family failed.
expect_match "$out" "slot: 2 operations, initial state: obj = ring_get_slot\(a new struct ring after ring_submit\(\.\.\.\), or as it is\), or a zeroed struct slot" \
	"the slot would be what ring_get_slot returns"
expect_eq "$(op_result "$DB" slot fresh slot_op)" 0 "it is the zeroed one: op 0"
expect_eq "$(oneway slot slot_prep slot_op)" "slot_prep->slot_op" "a prep changes what op reads"
finish
