/* The RCU-like read side. read_lock and read_unlock return nothing: no pair with them is
 * SNC. With blocking observable (the demo runs it so), read_lock influences
 * synchronize_rcu (it blocks while a reader is inside) but is never influenced by it;
 * rcu_assign influences rcu_dereference one way. */
#include <snc.h>
#include "rcu.h"

static uint64_t digest(void)
{
	return (uint64_t)rcu_dereference();
}

SNC_HARNESS(.name = "rcu", .digest = digest, .timeout_ms = 50,
	    .ops = SNC_OPS(SNC_OP(rcu_read_lock), SNC_OP(rcu_read_unlock),
			   SNC_OP(synchronize_rcu), SNC_OP(rcu_dereference),
			   SNC_OP(rcu_assign, SNC_RANGE(1, 2))));
