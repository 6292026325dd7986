/* ring.c: a single-producer/single-consumer ring (Lamport's queue with C11 orders).
 *
 * The producer owns `tail`, the consumer owns `head`; each publishes its index with a
 * release store and reads the other's with an acquire load, which on x86 are plain moves:
 * no heavyweight instruction at all. dequeue with dequeue is still SNC (whichever runs
 * first gets the oldest value), and so is enqueue with enqueue on a nearly full ring: the
 * API escapes the theorem only because its contract forbids two consumers (or two
 * producers) at once, the single-owner loophole. */
#include <stdlib.h>
#include "ring.h"

struct spsc_ring {
	unsigned mask;
	unsigned head;     /* next slot to read: written by the consumer */
	unsigned tail;     /* next slot to write: written by the producer */
	long slots[];
};

struct spsc_ring *spsc_ring_new(unsigned capacity)
{
	struct spsc_ring *r = calloc(1, sizeof *r + capacity * sizeof(long));
	if (r)
		r->mask = capacity - 1;
	return r;
}

bool spsc_enqueue(struct spsc_ring *r, long value)
{
	unsigned tail = r->tail;
	unsigned head = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);
	if (tail - head > r->mask)
		return false;
	r->slots[tail & r->mask] = value;
	__atomic_store_n(&r->tail, tail + 1, __ATOMIC_RELEASE);
	return true;
}

long spsc_dequeue(struct spsc_ring *r)
{
	unsigned head = r->head;
	unsigned tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	if (head == tail)
		return RING_EMPTY;
	long value = r->slots[head & r->mask];
	__atomic_store_n(&r->head, head + 1, __ATOMIC_RELEASE);
	return value;
}

uint64_t spsc_hash(struct spsc_ring *r)
{
	unsigned head = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);
	unsigned tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	uint64_t h = 0xcbf29ce484222325ULL;
	for (unsigned i = head; i != tail; i++)
		h = (h ^ (uint64_t)r->slots[i & r->mask]) * 0x100000001b3ULL;
	return h ^ (tail - head);
}
