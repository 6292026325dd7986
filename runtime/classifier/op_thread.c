/* op_thread.c: calling an instance from a thread of its own (the theorem's processes).
 *
 * The Laws of Order speak of two processes, each with its own local state. The executor
 * runs "f then g" as two of them: f on the thread that built the state (its process, whose
 * thread-local state the state's prefix shaped, as thread 0 of a concurrent schedule) and g
 * on a new thread; and it runs every op alone on a new thread too, so that "g alone" and
 * "g after f" are what the same kind of process sees. A per-thread cache, a per-thread
 * buffer or a split counter's slot of one process is then not the other's: it is not
 * mistaken for shared state (with both ops on one thread, the cache f filled is what g
 * allocates from), while what f changes in shared memory is what g sees.
 *
 * A thread that finished its op is parked for the rest of the execution, never joined and
 * never exited: a thread's exit runs its thread-local destructors (a cache flushed back to
 * a shared pool), which would change the state g runs from. The execution child ends with
 * _exit, which ends the parked threads too. A crash in the op kills the whole child, as it
 * did on one thread; a blocked op leaves the calling thread waiting until the execution's
 * timer fires, as before. */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <unistd.h>
#include "runtime.h"
#include "snc_sched.h"
#include "state_process.h"

struct op_thread_call {
	void (*fn)(void *);
	void *arg;
	sem_t done;
};

static void *op_thread_main(void *arg)
{
	struct op_thread_call *c = arg;
	snc_thread_ids_add_self();   /* a lock the op leaves held holds its id */
	c->fn(c->arg);
	sem_post(&c->done);
	while (pause() != 0 || errno == EINTR)
		;          /* parked: its thread-local state lives on until the child exits */
	return NULL;
}

void run_on_own_thread(void (*fn)(void *), void *arg)
{
	struct op_thread_call c = { .fn = fn, .arg = arg };
	pthread_attr_t attr;
	pthread_t t;
	if (sem_init(&c.done, 0, 0) != 0 || pthread_attr_init(&attr) != 0 ||
	    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) != 0 ||
	    pthread_create(&t, &attr, op_thread_main, &c) != 0)
		abort();   /* no thread for the op: the execution is recorded as crashed */
	pthread_attr_destroy(&attr);
	/* From now on this thread only waits, and the thread before it is parked: neither can
	 * release what the op waits for, so the blocking rule may still decide (solo.c). */
	snc_sched_quiet_threads++;
	while (sem_wait(&c.done) != 0 && errno == EINTR)
		;
}

struct blocking_call {
	const struct harness_model *m;
	const struct instance *in;
	struct result *r;
	bool returned;
};

static void call_one_or_block(void *arg)
{
	struct blocking_call *c = arg;
	struct result r;
	bool returned = call_or_block(c->m, c->in, &r);
	sp_leave_if_copy();   /* an op that forked returns twice: only the execution goes on */
	*c->r = r;
	c->returned = returned;
}

bool call_or_block_on_own_thread(const struct harness_model *m, const struct instance *in,
				 struct result *r)
{
	struct blocking_call c = { m, in, r, false };
	run_on_own_thread(call_one_or_block, &c);
	return c.returned;
}
