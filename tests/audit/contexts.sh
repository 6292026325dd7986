# audit.contexts: an API that takes an opaque object of another header beside its own (APR's
# apr_thread_mutex_create(&m, flags, apr_pool_t *pool)). The library's function that makes
# one (arena_create(&a, NULL, heap), not the getter arena_parent_get) makes it once in
# setup(), after the library's initializer (arena_initialize(), without which arena_create
# aborts) and after the heap its maker takes in turn (heap_create(&h), as APR's pool takes
# an allocator), and every call that takes one gets it. Before, the parameter was "an incomplete type the
# generator cannot allocate": the constructor was skipped, and with it the family.
. "$(dirname "$0")/lib.sh"
F="$AFIX/arena"
audit --emit-harness "$PWD/emitted" "$F/tally.h" "$F/arena.c" "$F/tally.c"
expect_match "$(item family 'struct tally')" "^audited: tally_create\(&obj, \.\.\.\); calls get a struct heap made by heap_create\(\), struct arena made by arena_create\(\)" \
	"the constructor builds the tally, in an arena the library made"
emitted=$(cat "$PWD/emitted/tally.c")
setup=$(sed -n '/^static void setup(void)/,/^}/p' "$PWD/emitted/tally.c" | tr -d '\t' | tr '\n' ' ')
expect_match "$setup" '\{ arena_initialize\(\); heap_create\(&snc_context0\); arena_create\(&snc_context1, NULL, snc_context0\); tally_create\(&obj, snc_context1\); \}' \
	"setup() initializes the library once, makes the heap, the arena from it, then the tally in it"
expect_no_match "$emitted" "arena_parent_get" "a getter is no maker"
expect_eq "$(v tally tally_add tally_add)" "snc" "add with itself"
expect_eq "$(oneway tally tally_add tally_get)" "tally_add->tally_get" "add influences get"
expect_match "$out" "API: 3 public names \(3 functions, 0 macros\), 2 in a verdict" "both operations in a verdict"
finish
