# audit.poller: a library thread that waits for work by polling (it wakes every 10 ms, as
# liburcu's call_rcu workers do when real-time, and sleeps again) switches on every round,
# so it never "held still": a state was taken once it was seen asleep at two looks a
# millisecond apart, most often inside one 10 ms sleep, before it had seen the letter just
# posted (mailbox_delivered from the state mailbox_post(0) was 0). It is idle only once it
# went round since the call (woke, and sleeps again in the same call from the same place),
# and then the letter is delivered: 1, in every state that posted one. The mailbox's clock
# thread sleeps a second at a time: a long sleep is asleep as before, and the state is not
# held up for it (taken for a poller, it never went round within half a second).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/poller"
audit "$FIX/mailbox.h" "$FIX/mailbox.c"
alone() {
	q "$DB" "SELECT group_concat(DISTINCT e.first_result) FROM executions e
	         JOIN states s ON s.id = e.state_id JOIN harnesses h ON h.id = s.harness_id
	         JOIN ops o ON o.id = e.first_op
	         WHERE h.run_id = $run AND s.label = '$1' AND o.name = '$2' AND e.second_op IS NULL"
}
expect_eq "$(alone 'mailbox_post(0)' mailbox_delivered)" 1 "the postman delivered the letter before the state was taken"
expect_eq "$(alone 'mailbox_post(1)' mailbox_delivered)" 1 "every letter"
expect_eq "$(alone fresh mailbox_delivered)" 0 "none before"
expect_no_match "$out" "never went to sleep" "the polling postman and the sleeping clock are idle, not busy"
expect_match "$out" "the library runs 2 threads of its own" "both threads are the library's"
finish
