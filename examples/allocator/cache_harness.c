/* The cache allocator: alloc with alloc is SNC (two allocations must return different
 * blocks); release(k) gives back the k-th block this state allocated, if it still holds it. */
#include <snc.h>
#include "allocator.h"

#define HELD_MAX 8

static void *held[HELD_MAX];
static int nheld;

static void *alloc(void)
{
	void *p = cache_alloc();
	if (p && nheld < HELD_MAX)
		held[nheld++] = p;
	return p;
}

static bool release(long k)
{
	if (k >= nheld || !held[k])
		return false;
	cache_release(held[k]);
	held[k] = NULL;
	return true;
}

static uint64_t digest(void)
{
	return snc_hash(0, held, sizeof held);
}

SNC_HARNESS(.name = "cache-allocator", .digest = digest,
	    .ops = SNC_OPS(SNC_OP(alloc), SNC_OP(release, SNC_RANGE(0, 1))));
