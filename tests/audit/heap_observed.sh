# audit.heap_observed: a family whose state is partly outside the harness's memory (a queue
# of malloc'd nodes) has its pairs' states observed through its own ops, hashed into the
# digest (.observe_ops): its length reads, its try_pop drains. Before, push(0); push(1) and
# push(1); push(0) left the same struct (same head, tail and count) and the pair was
# `commutative`, where the queues differ by what a pop returns: `state-only`.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/heapqueue.h"
expect_match "$(cat "$PWD/emitted/hqueue.c")" 'observe_ops = true' "the generated harness asks for observation"
expect_eq "$(v hqueue hq_push hq_push)" "state-only" "push(0) and push(1) in either order"
expect_eq "$(q "$DB" "SELECT state || ': ' || digest_fg || ' / ' || digest_gf FROM witnesses w
	JOIN pair_verdicts p ON p.verdict_id = w.verdict_id
	WHERE p.run_id = $run AND p.harness = 'hqueue' AND p.f = 'hq_push' AND p.g = 'hq_push' AND w.role = 'state-only'" |
	sed 's/0x[0-9a-f]*, //g')" \
	"fresh: observed: hq_length() = 2; hq_try_pop() = 0 / observed: hq_length() = 2; hq_try_pop() = 1" \
	"the witness says what the pop saw after each order (the length first: an op named as a read observes first)"
expect_eq "$(oneway hqueue hq_push hq_length)" "hq_push->hq_length" "push influences length"
expect_eq "$(v hqueue hq_try_pop hq_try_pop)" "snc" "two pops from one item"
expect_eq "$(v hqueue hq_length hq_length)" "commutative" "reads commute"
# hq_close returns a value alone but every call after it aborts: it does not observe (it
# would leave every later observation without a result, and the pushes without a digest).
expect_eq "$(q "$DB" "SELECT count(*) FROM witnesses w JOIN pair_verdicts p ON p.verdict_id = w.verdict_id
	WHERE p.run_id = $run AND p.harness = 'hqueue' AND (w.digest_fg LIKE '%hq_close%' OR w.digest_gf LIKE '%hq_close%')")" 0 \
	"closing observes nothing"
# --family names the family by the typedef its functions take (glib's GAsyncQueue is
# struct _GAsyncQueue): before, only "struct hqueue" or the harness's name did.
audit "$AFIX/heapqueue.h" --family hqueue_t --depth 0 --boundary 0
expect_eq "$(oneway hqueue hq_push hq_length)" "hq_push->hq_length" "the family named by its typedef is audited"
finish
