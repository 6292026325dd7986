/* The mutex-protected set: add/add and remove/remove are SNC, add/remove only snc-split
 * (each influences the other, but from different states), add/member one-way, and
 * member/member commute. */
#include <snc.h>
#include "sets.h"

static struct mutex_set *set;

static void setup(void) { set = mutex_set_new(); }
static uint64_t digest(void) { return mutex_set_bits(set); }
static bool set_add(long k) { return mutex_set_add(set, (int)k); }
static bool set_remove(long k) { return mutex_set_remove(set, (int)k); }
static bool set_member(long k) { return mutex_set_member(set, (int)k); }

SNC_HARNESS(.name = "mutex-set", .setup = setup, .digest = digest,
	    .digest_complete = true,   /* the bits are all a set op can observe */
	    .ops = SNC_OPS(SNC_OP(set_add, SNC_RANGE(1, 2)),
			   SNC_OP(set_remove, SNC_RANGE(1, 2)),
			   SNC_OP(set_member, SNC_RANGE(1, 2))));
