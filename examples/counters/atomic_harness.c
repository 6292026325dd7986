/* The atomic counter of quick quiz 1: atomic_add_return is SNC with itself, atomic_inc is
 * not (it returns nothing), and atomic_read is only influenced, never influencing. */
#include <snc.h>
#include "counters.h"

static uint64_t digest(void)
{
	return (uint64_t)atomic_read();
}

SNC_HARNESS(.name = "atomic-counter", .digest = digest,
	    .ops = SNC_OPS(SNC_OP(atomic_inc),
			   SNC_OP(atomic_add_return, SNC_RANGE(1, 2)),
			   SNC_OP(atomic_read)));
