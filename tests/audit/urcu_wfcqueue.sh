# audit.urcu_wfcqueue: liburcu's wait-free concurrent queue (-D_LGPL_SOURCE). A queue is a
# head and a tail: the tail, given to the initializer and never handed out, is one shared
# object; nodes come fresh from a pool. Enqueue returns whether the queue was empty: snc
# with itself; dequeue with itself is snc. The iteration functions (first, next) expect a
# node of the queue; a fresh one makes next wait for a successor that never comes (blocks):
# the config leaves them out to keep the test short. The splice functions take the source
# queue as a transparent union (cds_wfcq_head_ptr_t), as they take the destination: it is
# the queue itself, as for the struct pointer of _cds_wfcq_splice_blocking (before, "a type
# the generator cannot make values of": skipped, wfcqueue.h 87% of its names in a verdict).
. "$(dirname "$0")/lib.sh"
need_urcu
printf 'skip ___cds_wfcq_first*\nskip ___cds_wfcq_next*\n' > queue.conf
audit "$URCU/wfcqueue.h" --family __cds_wfcq_head --config queue.conf --emit-harness harnesses -- -D_LGPL_SOURCE
expect_eq "$(v __cds_wfcq_head cds_wfcq_enqueue cds_wfcq_enqueue)" "snc" "enqueue with itself"
expect_eq "$(v __cds_wfcq_head __cds_wfcq_dequeue_blocking __cds_wfcq_dequeue_blocking)" "snc" "dequeue with itself"
expect_match "$(cat harnesses/__cds_wfcq_head.c)" "shared: every call gets tail" "the tail is shared"
expect_match "$(cat harnesses/__cds_wfcq_head.c)" "fresh_node\(\)" "nodes are handed out fresh"
expect_match "$(item macro __cds_wfcq_splice_blocking)" "^audited" "the splice (a transparent union source) is audited"
expect_match "$(cat harnesses/__cds_wfcq_head.c)" "___cds_wfcq_splice_blocking\(obj, tail, obj, tail\)" \
	"the source queue is the queue itself"
expect_eq "$(oneway __cds_wfcq_head cds_wfcq_enqueue __cds_wfcq_splice_blocking)" \
	"cds_wfcq_enqueue->__cds_wfcq_splice_blocking" "an enqueue gives the splice nodes to move (source empty before)"
finish
