# audit.contexts: an API that takes an opaque object of another header beside its own (APR's
# apr_thread_mutex_create(&m, flags, apr_pool_t *pool)). The library's function that makes
# one (arena_create(&a, NULL), not the getter arena_parent_get) makes it once in setup(),
# after the library's initializer (arena_initialize(), without which arena_create aborts),
# and every call that takes one gets it. Before, the parameter was "an incomplete type the
# generator cannot allocate": the constructor was skipped, and with it the family.
. "$(dirname "$0")/lib.sh"
F="$AFIX/arena"
audit --emit-harness "$PWD/emitted" "$F/tally.h" "$F/arena.c" "$F/tally.c"
expect_match "$(item family 'struct tally')" "^audited: tally_create\(&obj, \.\.\.\); calls get a struct arena made by arena_create\(\)" \
	"the constructor builds the tally, in an arena the library made"
emitted=$(cat "$PWD/emitted/tally.c")
expect_match "$emitted" $'arena_initialize\\(\\);\n\tarena_create\\(&snc_context0, NULL\\);\n\ttally_create\\(&obj, snc_context0\\);' \
	"setup() initializes the library, makes the arena, then the tally in it"
expect_no_match "$emitted" "arena_parent_get" "a getter is no maker"
expect_eq "$(v tally tally_add tally_add)" "snc" "add with itself"
expect_eq "$(oneway tally tally_add tally_get)" "tally_add->tally_get" "add influences get"
expect_match "$out" "API: 3 public names \(3 functions, 0 macros\), 2 in a verdict" "both operations in a verdict"
finish
