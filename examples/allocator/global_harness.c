/* The global allocator: alloc with alloc is SNC (two allocations must return different
 * blocks); release(k) gives back the k-th block this state allocated, if it still holds it. */
#include <snc.h>
#include "allocator.h"

#define HELD_MAX 8

static void *held[HELD_MAX];
static int nheld;

static void *alloc(void)
{
	void *p = global_alloc();
	if (p && nheld < HELD_MAX)
		held[nheld++] = p;
	return p;
}

static bool release(long k)
{
	if (k >= nheld || !held[k])
		return false;
	global_release(held[k]);
	held[k] = NULL;
	return true;
}

/* The blocks the state holds, as a set: in which order two concurrent calls recorded theirs
 * in held[] is the harness's bookkeeping, not the allocator's state. */
static uint64_t digest(void)
{
	uintptr_t set[HELD_MAX];
	int n = 0;
	for (int i = 0; i < nheld; i++) {
		int j = n++;
		for (; j > 0 && set[j - 1] > (uintptr_t)held[i]; j--)
			set[j] = set[j - 1];
		set[j] = (uintptr_t)held[i];
	}
	return snc_hash(0, set, (size_t)n * sizeof set[0]);
}

/* The pool's one-time initialization happens before any state: the pairs are about
 * allocating and releasing, not about pthread_once. */
static void setup(void)
{
	pool_free_blocks();
}

SNC_HARNESS(.name = "global-allocator", .setup = setup, .digest = digest,
	    .ops = SNC_OPS(SNC_OP(alloc), SNC_OP(release, SNC_RANGE(0, 1))));
