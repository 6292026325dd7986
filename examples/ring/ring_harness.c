/* The SPSC ring, two slots: dequeue with dequeue is SNC and so is enqueue with enqueue
 * (one slot left: whichever runs first gets it); both pairs carry their contract, since
 * the API allows one producer and one consumer at a time. */
#include <snc.h>
#include "ring.h"

static struct spsc_ring *ring;

static void setup(void) { ring = spsc_ring_new(2); }
static uint64_t digest(void) { return spsc_hash(ring); }
static bool enqueue(long v) { return spsc_enqueue(ring, v); }
static long dequeue(void) { return spsc_dequeue(ring); }

SNC_HARNESS(.name = "spsc-ring", .setup = setup, .digest = digest,
	    .ops = SNC_OPS(SNC_OP_CONTRACT(enqueue, SNC_SINGLE_PRODUCER, SNC_RANGE(1, 2)),
			   SNC_OP_CONTRACT(dequeue, SNC_SINGLE_CONSUMER)));
