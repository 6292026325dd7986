# audit.release_item: a function named as a destructor that takes a pointer besides its
# object gives an item back to the object (pool_free(p, void *block)); it is an operation,
# its block memory the harness owns (pool_alloc hands out void *: a 256-byte block), not
# the pool's end: it was skipped ("ends the life of the object pool_create() returns").
# pool_destroy(p), which takes nothing else, still is the pool's end. A realloc's block
# is NULL.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/blockpool.h" "$AFIX/blockpool.c"
expect_eq "$(item function pool_free | cut -d: -f1)" "" "pool_free is not skipped"
# named as a destructor with an item's index besides the pool (cJSON_DeleteItemFromArray(
# array, which), cJSON_DeleteItemFromObject(object, key)): the pool stays; it was skipped.
expect_eq "$(oneway pool pool_delete_item_from_list pool_available)" \
	"pool_delete_item_from_list->pool_available" "dropping a free block leaves one fewer"
# named as a destructor of what the pool holds (talloc_free_children(ctx)): the pool stays.
expect_eq "$(oneway pool pool_free_entries pool_available)" "pool_free_entries->pool_available" \
	"dropping every free block leaves none"
expect_match "$(item function pool_destroy)" "^skipped: ends the life of the object pool_create\(\) returns" \
	"pool_destroy ends the pool"
expect_eq "$(oneway pool pool_free pool_alloc)" "pool_free->pool_alloc" "a freed block is what the next alloc returns"
expect_eq "$(pair pool fresh 'pool_free()' 'pool_alloc()')" "void block#0" \
	"the witness names the block given back"
expect_eq "$(oneway pool pool_free pool_available)" "pool_free->pool_available" "a free adds one available block"
expect_eq "$(v pool pool_alloc pool_alloc)" "snc" "two allocations take the same first block"
expect_eq "$(contract pool pool_free pool_alloc)" "-" "giving a block back is no owner-only lifecycle call"
# pool_realloc(p, void *block, size): only what the pool handed out may be resized (a
# harness cell would be written as one of its blocks): it gets NULL, a new block.
expect_eq "$(v pool pool_realloc pool_alloc)" "snc" "realloc(NULL) and alloc take the same first block"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND f = 'pool_realloc' AND crash_states > 0")" \
	"0" "no pair of pool_realloc crashed"
finish
