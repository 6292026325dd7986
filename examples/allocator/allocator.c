/* allocator.c: the kmalloc discussion of quick quiz 3 as two real allocators.
 *
 * Two concurrent allocations must not return the same block, so alloc with alloc is SNC
 * whatever the implementation. global_alloc pays for it on every call (a mutex around one
 * free list). cache_alloc uses the loophole the article describes: each thread keeps a
 * private cache and only touches the shared pool, under the lock, to refill or drain a
 * whole batch, so the heavyweight instructions run about once per CACHE_BATCH calls. */
#include <pthread.h>
#include <stddef.h>
#include "allocator.h"

struct block {
	struct block *next;
	char payload[BLOCK_SIZE - sizeof(struct block *)];
};

static struct block pool[POOL_BLOCKS];
static struct block *shared_free;
static int shared_count;
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t pool_once = PTHREAD_ONCE_INIT;

static void pool_init(void)
{
	for (int i = POOL_BLOCKS - 1; i >= 0; i--) {
		pool[i].next = shared_free;
		shared_free = &pool[i];
	}
	shared_count = POOL_BLOCKS;
}

/* Moves up to n blocks from the shared list onto *list; returns how many moved. */
static int take_shared(struct block **list, int n)
{
	pthread_once(&pool_once, pool_init);
	pthread_mutex_lock(&shared_lock);
	int moved = 0;
	while (moved < n && shared_free) {
		struct block *b = shared_free;
		shared_free = b->next;
		b->next = *list;
		*list = b;
		moved++;
	}
	shared_count -= moved;
	pthread_mutex_unlock(&shared_lock);
	return moved;
}

static void give_shared(struct block *first, struct block *last, int n)
{
	pthread_mutex_lock(&shared_lock);
	last->next = shared_free;
	shared_free = first;
	shared_count += n;
	pthread_mutex_unlock(&shared_lock);
}

void *global_alloc(void)
{
	struct block *b = NULL;
	take_shared(&b, 1);
	return b;
}

void global_release(void *block)
{
	if (block)
		give_shared(block, block, 1);
}

static _Thread_local struct block *cache;
static _Thread_local int cached;

void *cache_alloc(void)
{
	if (!cache)
		cached += take_shared(&cache, CACHE_BATCH);
	struct block *b = cache;
	if (b) {
		cache = b->next;
		cached--;
	}
	return b;
}

void cache_release(void *block)
{
	struct block *b = block;
	if (!b)
		return;
	b->next = cache;
	cache = b;
	if (++cached < 2 * CACHE_BATCH)
		return;
	/* Too many cached: hand a batch back so other threads can have it. */
	struct block *first = cache, *last = cache;
	for (int i = 1; i < CACHE_BATCH; i++)
		last = last->next;
	cache = last->next;
	cached -= CACHE_BATCH;
	give_shared(first, last, CACHE_BATCH);
}

int pool_free_blocks(void)
{
	pthread_once(&pool_once, pool_init);
	pthread_mutex_lock(&shared_lock);
	int n = shared_count;
	pthread_mutex_unlock(&shared_lock);
	return n;
}
