/* bench_racy_counter.c: the operation bench_sched schedules, compiled with
 * -fsanitize=thread like a library under test: an unsynchronized increment that returns
 * the old value (two scheduling points, a read and a write). */
#include "bench_racy_counter.h"

static int counter;

int bench_racy_increment(void)
{
	int old = counter;
	counter = old + 1;
	return old;
}
