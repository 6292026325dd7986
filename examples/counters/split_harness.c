/* The split counter of quick quiz 2: increments return nothing, so they commute, and the
 * implementation needs no heavyweight instruction on its common path. */
#include <snc.h>
#include "counters.h"

static uint64_t digest(void)
{
	return (uint64_t)split_read();
}

SNC_HARNESS(.name = "split-counter", .digest = digest,
	    .ops = SNC_OPS(SNC_OP(split_inc), SNC_OP(split_read)));
