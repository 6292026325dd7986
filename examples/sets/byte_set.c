/* byte_set.c: the set of quick quiz 5, a dense array of bytes, one per possible member,
 * read and written with plain loads and stores (relaxed atomics, so the C compiler keeps
 * them as they are). No heavyweight instruction anywhere: add with add is still SNC, so
 * by the theorem this set cannot be linearizable, and two concurrent add(1) can both
 * report that they added 1. The article accepts that as loophole 4. */
#include <stdlib.h>
#include "sets.h"

struct byte_set {
	unsigned char present[SET_MAX];
};

struct byte_set *byte_set_new(void)
{
	return calloc(1, sizeof(struct byte_set));
}

static bool set_to(struct byte_set *s, int k, unsigned char value)
{
	unsigned char old = __atomic_load_n(&s->present[k], __ATOMIC_RELAXED);
	__atomic_store_n(&s->present[k], value, __ATOMIC_RELAXED);
	return old != value;
}

bool byte_set_add(struct byte_set *s, int k) { return set_to(s, k, 1); }
bool byte_set_remove(struct byte_set *s, int k) { return set_to(s, k, 0); }

bool byte_set_member(struct byte_set *s, int k)
{
	return __atomic_load_n(&s->present[k], __ATOMIC_RELAXED) != 0;
}

uint64_t byte_set_bits(struct byte_set *s)
{
	uint64_t bits = 0;
	for (int k = 0; k < SET_MAX; k++)
		bits |= (uint64_t)(__atomic_load_n(&s->present[k], __ATOMIC_RELAXED) != 0) << k;
	return bits;
}
