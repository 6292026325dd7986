# audit.callbacks: a function pointer parameter gets a callback of its own type that agrees
# with the values the harness passes (tokens are identities, strings compare by content),
# chosen by its type and name: a hash, an equality, an order, an allocator. Before, every
# callback did nothing and returned 0: the hash table's equality answered "different", so
# a key put was never found (put and get commuted), and the names' order answered "equal",
# so a second name was taken for the first.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/callbacks.h"
cbt=$(cat "$PWD/emitted/cbt.c")
expect_match "$cbt" 'made = cbt_new\(callback_0, callback_1, callback_2, callback_3\);' \
	"the constructor gets four callbacks, none cast"
expect_match "$cbt" '/\* cbt_hash_fn: hash \*/' "the hash is a hash"
expect_match "$cbt" '/\* cbt_compare_cb_t: equal \*/' "a bool 'compare' is an equality"
expect_match "$cbt" 'static _Bool callback_1\(const void \* a0, const void \* a1\)' "of the parameter's type"
expect_match "$cbt" 'return calloc\(1, size\);' "the allocator allocates"
expect_match "$cbt" '/\* void \(\*\)\(void \*\): does nothing \*/' "the release never frees a token"
expect_eq "$(pair cbt fresh 'cbt_put(token#0, token#0)' 'cbt_get(token#0)')" "0 token#0" "a key put is found"
expect_eq "$(pair cbt fresh 'cbt_put(token#0, token#0)' 'cbt_get(token#1)')" "0 NULL" "another key is not"
expect_eq "$(pair cbt fresh 'cbt_put(token#0, token#0)' 'cbt_put(token#0, token#1)')" "0 1" "a second put replaces"
expect_eq "$(pair cbt fresh 'cbt_put(token#0, token#0)' 'cbt_put(token#1, token#0)')" "0 0" "two keys, two entries"
expect_eq "$(oneway cbt cbt_put cbt_get)" "cbt_put->cbt_get" "put influences get"
expect_eq "$(v cbt cbt_put cbt_put)" "snc" "two puts of one key"
expect_eq "$(pair cbt 'cbt_put(token#0, token#0)' 'cbt_del(token#0)' 'cbt_get(token#0)')" "true NULL" "a deleted key is gone"
# A visitor (the function is named as an iteration) counts its calls into the result: what
# an iteration visits depends on what was put (before, it was taken for a comparison, the
# foreach commuted with every put).
expect_match "$cbt" '/\* int \(\*\)\(const void \*, void \*, void \*\): visit \(counts its calls\) \*/' \
	"the foreach's callback is a visitor"
expect_eq "$(pair cbt fresh 'cbt_put(token#0, token#0)' 'cbt_foreach(token#0)')" "0 0, fn calls = 1" \
	"after a put, the foreach visits one entry"
expect_eq "$(pair cbt fresh 'cbt_foreach(token#0)' 'cbt_put(token#0, token#0)')" "0, fn calls = 0 0" \
	"before it, none"
expect_eq "$(oneway cbt cbt_put cbt_foreach)" "cbt_put->cbt_foreach" "put influences foreach"

names=$(cat "$PWD/emitted/names.c")
expect_match "$names" 'return strcmp\(a0, a1\);' "names are ordered by content"
expect_eq "$(pair names fresh 'names_add("0")' 'names_add("1")')" "1 1" "two names are two entries"
expect_eq "$(pair names fresh 'names_add("1")' 'names_add("1")')" "1 0" "one name twice: found"
expect_eq "$(pair names 'names_add("0")' 'names_rank("1")' 'names_rank("0")')" "1 0" "\"0\" sorts before \"1\""
expect_eq "$(v names names_add names_add)" "snc" "add with itself"

# A struct of function pointers (an allocator) passed to the initializer has its fields
# filled, by their types and names; its pool is not named malloc.
bag=$(cat "$PWD/emitted/bag.c")
expect_match "$bag" 'malloc_pool\[i\]\.malloc = callback_[0-9]+;' "the allocator's malloc is filled"
expect_match "$bag" 'malloc_pool\[i\]\.free = callback_[0-9]+;' "and its free"
expect_match "$bag" 'bag_init\(obj, malloc_pool\);' "the initializer gets the filled allocator"
expect_eq "$(pair bag fresh 'bag_add(1)' 'bag_take()')" "1 1" "a value added is taken out"
expect_eq "$(pair bag fresh 'bag_take()' 'bag_add(0)')" "-1 1" "from an empty bag, nothing"
expect_eq "$(v bag bag_add bag_add)" "snc" "two adds count each other"
expect_eq "$(crashing_pairs)" 0 "nothing crashes"
finish
