# audit.context_family: an opaque type that only a header the API includes makes
# (arena.h's arena_new, as apr_pools.h's apr_pool_create_ex for apr_tables.h) is made by
# that maker, found as a context, when functions of the named header take it first
# (vec_reserve(arena, n), as apr_array_copy(pool, arr)). Before, its family was skipped
# ("incomplete (opaque) and no constructor returns it"): apr_tables.h had 20 of 31 names
# in a verdict, now 28.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/context_family"
audit "$FIX/vec.h" "$FIX/vec.c" "$FIX/arena.c"
expect_match "$out" "arena: 1 operation, initial state: obj = arena_new\(\.\.\.\)" "the arena is made by arena.h's maker"
expect_match "$(item family 'struct arena')" "^audited" "the arena's family is audited"
expect_eq "$(v arena vec_reserve vec_reserve)" "snc" "two reservations: each sees the other's bytes"
expect_eq "$(pair arena fresh 'vec_reserve(1)' 'vec_reserve(1)')" "4 8" "4 bytes, then 8"
expect_eq "$(v vec vec_push vec_push)" "snc" "the vector, made in a context arena, as before"
finish
