# audit.init_storage: a pointer an initializer is given to a scalar or to a pointer
# (ib_init(b, int *cells, cap), pq_init(q, void **slots, cap)) is storage the object keeps:
# a shared static array, not a slot on setup()'s stack that died when it returned.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/storage.h"
expect_match "$(cat "$PWD/emitted/ib.c")" 'ib_init\(obj, cell, 2\);' "the ints are a static array"
expect_match "$(cat "$PWD/emitted/pq.c")" 'pq_init\(obj, cell, 2\);' "and the pointers"
expect_eq "$(pair ib fresh 'ib_put(1)' 'ib_sum()')" "true 1" "a value put is summed"
expect_eq "$(pair ib 'ib_put(1)' 'ib_put(1)' 'ib_sum()')" "true 2" "two values"
expect_eq "$(oneway ib ib_put ib_sum)" "ib_put->ib_sum" "put influences the sum"
expect_eq "$(pair pq fresh 'pq_push(token#1)' 'pq_pop()')" "true token#1" "the item pushed is popped"
expect_eq "$(v pq pq_pop pq_pop)" "snc" "two pops"
expect_eq "$(crashing_pairs)" 0 "nothing crashes"
finish
