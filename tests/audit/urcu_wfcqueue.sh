# audit.urcu_wfcqueue: liburcu's wait-free concurrent queue (-D_LGPL_SOURCE). A queue is a
# head and a tail: the tail, given to the initializer and never handed out, is one shared
# object; nodes come fresh from a pool. Enqueue returns whether the queue was empty: snc
# with itself; dequeue with itself is snc. The iteration functions (first, next) expect a
# node of the queue; a fresh one makes next wait for a successor that never comes (blocks):
# the config leaves them out to keep the test short.
. "$(dirname "$0")/lib.sh"
need_urcu
printf 'skip ___cds_wfcq_first*\nskip ___cds_wfcq_next*\n' > queue.conf
audit "$URCU/wfcqueue.h" --family __cds_wfcq_head --config queue.conf --emit-harness harnesses -- -D_LGPL_SOURCE
expect_eq "$(v __cds_wfcq_head cds_wfcq_enqueue cds_wfcq_enqueue)" "snc" "enqueue with itself"
expect_eq "$(v __cds_wfcq_head __cds_wfcq_dequeue_blocking __cds_wfcq_dequeue_blocking)" "snc" "dequeue with itself"
expect_match "$(cat harnesses/__cds_wfcq_head.c)" "shared: every call gets tail" "the tail is shared"
expect_match "$(cat harnesses/__cds_wfcq_head.c)" "fresh_node\(\)" "nodes are handed out fresh"
finish
