# audit.entry_first: an operation that takes the entry first and its container after it
# (llist_add(new, head), kernel style) belongs to the container's family when the API hands
# entries out of it (llist_del_first returns one): the node is a fresh one from the pool,
# the list is the object. A pool's hand-out is not instrumented, so two calls running at
# once under schedules never get one node; and the thread that forked the execution (f's)
# takes the even nodes, g's the odd ones, so a schedule where g's add takes its node second
# but links it first ends as "g then f" does: before, g's node was whichever came second,
# and such a schedule of llist_add with itself was called not linearizable.
. "$(dirname "$0")/lib.sh"
audit_proved --emit-harness "$PWD/emitted" "$AFIX/llist.h"
expect_eq "$(q "$DB" "SELECT group_concat(name) FROM harnesses WHERE run_id = $run")" "llist_head" \
	"one family: the list's"
emitted=$(cat "$PWD/emitted/llist_head.c")
expect_match "$emitted" 'return llist_add\(fresh_node\(\), obj\);' "a fresh node into the list"
expect_match "$emitted" '__attribute__\(\(no_sanitize\("thread"\), noinline\)\)' "the hand-out is not instrumented"
expect_eq "$(pair llist_head fresh 'llist_add()' 'llist_add()')" "true false" "the second add finds the list non-empty"
expect_eq "$(pair llist_head fresh 'llist_add()' 'llist_del_first()')" "true node#0" "the node added is taken"
expect_eq "$(v llist_head llist_add llist_del_first)" "snc" "add and take"
expect_eq "$(oneway llist_head llist_add llist_empty)" "llist_add->llist_empty" "add influences empty"
expect_eq "$(q "$DB" "SELECT group_concat(f || ' x ' || g || ' ' || linearizable, ', ') FROM pair_verdicts
                      WHERE run_id = $run AND f = 'llist_add' AND linearizable IS NOT NULL")" \
	"llist_add x llist_add 1, llist_add x llist_del_all 1, llist_add x llist_del_first 1" \
	"the proofs of the adds find every schedule linearizable"
expect_eq "$(q "$DB" "SELECT sum(schedules) > 2 FROM explorations WHERE run_id = $run AND f = 'llist_add' AND g = 'llist_add'")" \
	1 "after exploring the adds' interleavings"
expect_match "$emitted" 'int k = 2 \* node_used\[other\]\+\+ \+ other;' "even nodes for f, odd for g"
finish
