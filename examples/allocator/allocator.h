/* allocator.h: two allocators of fixed-size blocks over one static pool (quick quiz 3).
 *
 *   global_alloc / global_release   one free list under one lock: every call pays
 *   cache_alloc / cache_release     per-thread caches refilled and drained in batches of
 *                                   CACHE_BATCH blocks: the lock is taken once per batch
 */
#ifndef EXAMPLES_ALLOCATOR_H
#define EXAMPLES_ALLOCATOR_H

#define POOL_BLOCKS 256
#define BLOCK_SIZE 64
#define CACHE_BATCH 8

void *global_alloc(void);
void global_release(void *block);

void *cache_alloc(void);
void cache_release(void *block);

/* Blocks left in the shared pool (not counting per-thread caches). */
int pool_free_blocks(void);

#endif
