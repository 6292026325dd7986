/* rcu.c: the read side of RCU, as the article discusses it.
 *
 * rcu_read_lock and rcu_read_unlock only touch the calling thread's own nesting counter,
 * with plain loads and stores: they return nothing, so no pair that contains them can be
 * SNC, and they need no heavyweight instruction. All the cost is on the update side:
 * synchronize_rcu issues a full fence and then waits until no registered reader is
 * inside a critical section. A thread registers its counter on its first read_lock (once
 * per thread, the rare heavyweight path). Called by a thread that is itself inside a
 * critical section, synchronize_rcu waits forever, as the real one does: snc records that
 * as the outcome `blocks`, which is how read_lock influences synchronize_rcu. */
#include "rcu.h"

#define MAX_READERS 64

struct config {
	long value;
};

static struct config configs[4];
static struct config *current;
static long reader_nesting[MAX_READERS];
static int readers;
static _Thread_local int my_slot = -1;

void rcu_read_lock(void)
{
	if (my_slot < 0)
		my_slot = __atomic_fetch_add(&readers, 1, __ATOMIC_RELAXED) % MAX_READERS;
	long *n = &reader_nesting[my_slot];
	__atomic_store_n(n, __atomic_load_n(n, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);   /* a compiler barrier only */
}

void rcu_read_unlock(void)
{
	if (my_slot < 0)
		return;
	long *n = &reader_nesting[my_slot];
	long now = __atomic_load_n(n, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	if (now > 0)
		__atomic_store_n(n, now - 1, __ATOMIC_RELAXED);
}

long rcu_dereference(void)
{
	struct config *c = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
	return c ? c->value : -1;
}

void rcu_assign(long value)
{
	struct config *c = &configs[value & 3];
	c->value = value;
	__atomic_store_n(&current, c, __ATOMIC_RELEASE);
}

void synchronize_rcu(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	int n = __atomic_load_n(&readers, __ATOMIC_ACQUIRE);
	for (int i = 0; i < n && i < MAX_READERS; i++)
		while (__atomic_load_n(&reader_nesting[i], __ATOMIC_ACQUIRE) > 0)
			__builtin_ia32_pause();
}
