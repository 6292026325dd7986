/* ring.h: a single-producer/single-consumer ring buffer of long values. */
#ifndef EXAMPLES_RING_H
#define EXAMPLES_RING_H

#include <stdbool.h>
#include <stdint.h>

#define RING_EMPTY (-1L)

struct spsc_ring;
/* capacity must be a power of two. */
struct spsc_ring *spsc_ring_new(unsigned capacity);
/* Producer side only: false when the ring is full. */
bool spsc_enqueue(struct spsc_ring *r, long value);
/* Consumer side only: the oldest value, or RING_EMPTY. */
long spsc_dequeue(struct spsc_ring *r);
uint64_t spsc_hash(struct spsc_ring *r);

#endif
