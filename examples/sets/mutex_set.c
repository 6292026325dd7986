/* mutex_set.c: a set whose operations all run under one pthread mutex.
 *
 * add/remove return whether they changed the set, which makes add with add, and remove
 * with remove, SNC: the lock's atomic instructions (a `lock cmpxchg` in
 * pthread_mutex_lock once the process has threads) are the price the theorem names. */
#include <pthread.h>
#include <stdlib.h>
#include "sets.h"

struct mutex_set {
	pthread_mutex_t lock;
	bool present[SET_MAX];
};

struct mutex_set *mutex_set_new(void)
{
	struct mutex_set *s = calloc(1, sizeof *s);
	if (s)
		pthread_mutex_init(&s->lock, NULL);
	return s;
}

static bool set_to(struct mutex_set *s, int k, bool value)
{
	pthread_mutex_lock(&s->lock);
	bool changed = s->present[k] != value;
	s->present[k] = value;
	pthread_mutex_unlock(&s->lock);
	return changed;
}

bool mutex_set_add(struct mutex_set *s, int k) { return set_to(s, k, true); }
bool mutex_set_remove(struct mutex_set *s, int k) { return set_to(s, k, false); }

bool mutex_set_member(struct mutex_set *s, int k)
{
	pthread_mutex_lock(&s->lock);
	bool present = s->present[k];
	pthread_mutex_unlock(&s->lock);
	return present;
}

uint64_t mutex_set_bits(struct mutex_set *s)
{
	uint64_t bits = 0;
	pthread_mutex_lock(&s->lock);
	for (int k = 0; k < SET_MAX; k++)
		bits |= (uint64_t)s->present[k] << k;
	pthread_mutex_unlock(&s->lock);
	return bits;
}
