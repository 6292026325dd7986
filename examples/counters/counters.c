/* counters.c: the article's counters.
 *
 * atomic_inc returns nothing, so two calls can never influence each other: it is not SNC
 * (quick quiz 1), yet it pays a `lock add` because concurrent increments must not be lost.
 * atomic_add_return returns the new value, so two calls influence each other from any
 * state: SNC, and a `lock xadd` is required. The split counter (quick quiz 2) gives each
 * thread its own slot and increments it with plain loads and stores; the reader sums the
 * slots. A thread registers its slot once, the only heavyweight step (rare by design).
 * racy_add_return is the mistake the theorem predicts: SNC without any heavyweight
 * instruction, hence not linearizable (two concurrent calls can return the same value). */
#include <pthread.h>
#include "counters.h"

static long atomic_count;

void atomic_inc(void)
{
	__atomic_fetch_add(&atomic_count, 1, __ATOMIC_SEQ_CST);
}

long atomic_add_return(long n)
{
	return __atomic_add_fetch(&atomic_count, n, __ATOMIC_SEQ_CST);
}

long atomic_read(void)
{
	return __atomic_load_n(&atomic_count, __ATOMIC_RELAXED);
}

#define MAX_THREADS 64

static long split_slots[MAX_THREADS];
static int split_threads;
static _Thread_local int split_slot = -1;

void split_inc(void)
{
	if (split_slot < 0)
		split_slot = __atomic_fetch_add(&split_threads, 1, __ATOMIC_RELAXED) % MAX_THREADS;
	long *mine = &split_slots[split_slot];
	__atomic_store_n(mine, __atomic_load_n(mine, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
}

long split_read(void)
{
	long sum = 0;
	for (int i = 0; i < MAX_THREADS; i++)
		sum += __atomic_load_n(&split_slots[i], __ATOMIC_RELAXED);
	return sum;
}

static long racy_count;

long racy_add_return(long n)
{
	racy_count += n;
	return racy_count;
}

long racy_read(void)
{
	return racy_count;
}
