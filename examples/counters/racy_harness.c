/* A counter whose add_return is a plain `x += n`: SNC like atomic_add_return, but with no
 * heavyweight instruction; the theorem says it cannot be linearizable. */
#include <snc.h>
#include "counters.h"

static uint64_t digest(void)
{
	return (uint64_t)racy_read();
}

SNC_HARNESS(.name = "racy-counter", .digest = digest,
	    .ops = SNC_OPS(SNC_OP(racy_add_return, SNC_RANGE(1, 2)), SNC_OP(racy_read)));
