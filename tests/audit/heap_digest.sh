# audit.heap_digest: a family whose operations allocate (malloc, or an allocator callback
# the harness gives them) keeps state outside the harness's memory, so its digest is not
# complete and states that digest alike still run each (before: the state after
# hlist_push(1) was taken for the one after hlist_push(0), and the pop after it returned 0).
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/heaplist.h"
expect_no_match "$(cat "$PWD/emitted/hlist.c")" 'digest_complete' "the digest is not said complete"
expect_eq "$(pair hlist fresh 'hlist_push(1)' 'hlist_pop()')" "1 1" "the value pushed is popped"
expect_eq "$(pair hlist fresh 'hlist_push(0)' 'hlist_pop()')" "1 0" "and the other"
expect_eq "$(pair hlist 'hlist_push(1)' 'hlist_pop()' 'hlist_pop()')" "1 -1" "from the state after push(1)"
expect_eq "$(v hlist hlist_push hlist_pop)" "snc" "push and pop"
# A family whose only calls are to memory functions of the C library keeps a complete
# digest (audit.strings' keymap: memcmp and memcpy into its own struct).
audit --emit-harness "$PWD/emitted" "$AFIX/keymap.h"
expect_match "$(cat "$PWD/emitted/keymap.c")" 'digest_complete = true' "memcmp and memcpy keep it complete"
finish
