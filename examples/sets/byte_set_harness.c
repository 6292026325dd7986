/* The byte-array set of quick quiz 5: the same verdicts as the mutex set, since the
 * verdicts belong to the API, not to the implementation; what differs is the price paid
 * (none here) and, with schedules, linearizability. */
#include <snc.h>
#include "sets.h"

static struct byte_set *set;

static void setup(void) { set = byte_set_new(); }
static uint64_t digest(void) { return byte_set_bits(set); }
static bool set_add(long k) { return byte_set_add(set, (int)k); }
static bool set_remove(long k) { return byte_set_remove(set, (int)k); }
static bool set_member(long k) { return byte_set_member(set, (int)k); }

SNC_HARNESS(.name = "byte-set", .setup = setup, .digest = digest,
	    .digest_complete = true,   /* the bits are all a set op can observe */
	    .ops = SNC_OPS(SNC_OP(set_add, SNC_RANGE(1, 2)),
			   SNC_OP(set_remove, SNC_RANGE(1, 2)),
			   SNC_OP(set_member, SNC_RANGE(1, 2))));
