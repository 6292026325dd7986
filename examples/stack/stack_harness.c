/* The Treiber stack: pop with pop is SNC, push with pop one-way (push -> pop), push with
 * push only state-only (the order of the two values differs, no return is influenced). */
#include <snc.h>
#include "stack.h"

static struct treiber_stack *stack;

static void setup(void) { stack = treiber_new(); }
static void push(long v) { treiber_push(stack, v); }
static long pop(void) { return treiber_pop(stack); }

static uint64_t digest(void)
{
	long values[16];
	int n = treiber_snapshot(stack, values, 16);
	return snc_hash(snc_hash_u64(0, (uint64_t)n), values, (size_t)n * sizeof values[0]);
}

SNC_HARNESS(.name = "treiber-stack", .setup = setup, .digest = digest,
	    .ops = SNC_OPS(SNC_OP(push, SNC_RANGE(1, 2)), SNC_OP(pop)));
