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
 * did on one thread. A blocked op leaves the calling thread waiting until the execution's
 * timer fires, unless the op blocks in its own steps (blocking.c, spin_watch.c) or the
 * calling thread, looking now and then, finds it asleep for good in a futex wait
 * (sleep_watch.c). */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "runtime.h"
#include "snc_sched.h"
#include "state_process.h"

struct op_thread_call {
	void (*fn)(void *);
	void *arg;
	sem_t done;
	volatile pid_t tid;
};

static void *op_thread_main(void *arg)
{
	struct op_thread_call *c = arg;
	c->tid = gettid();
	snc_thread_ids_add_self();   /* a lock the op leaves held holds its id */
	c->fn(c->arg);
	sem_post(&c->done);
	while (pause() != 0 || errno == EINTR)
		;          /* parked: its thread-local state lives on until the child exits */
	return NULL;
}

/* Waits until the op thread is done; while it is not, looks after 1, 2, 4 ... 32 ms (then
 * every 32 ms) whether it sleeps for good (sleep_watch.c: the same futex wait at two looks
 * in a row), and if so has its solo run end as blocked, once; when it sleeps in a timed
 * sleep, has the spin watch sample it there (the same state in several sleeps in a row
 * ends the run as blocked). Otherwise, or without the watch, only the executor's timer
 * ends it. */
static void wait_for_op(struct op_thread_call *c, pthread_t t)
{
	long step_ms = 1;
	uintptr_t waiting_on = 0;
	for (;;) {
		struct timespec at;
		clock_gettime(CLOCK_REALTIME, &at);
		at.tv_nsec += step_ms * 1000000;
		at.tv_sec += at.tv_nsec / 1000000000;
		at.tv_nsec %= 1000000000;
		if (sem_timedwait(&c->done, &at) == 0)
			return;
		if (errno == EINTR)
			continue;
		if (errno != ETIMEDOUT)
			break;
		if (c->tid > 0 && sleep_watch_asleep_for_good(c->tid, &waiting_on) &&
		    spin_watch_end_blocked(t))
			break;
		/* a loop of sleeps, perhaps endless; not while threads of the op's own run
		 * (the solo run then sleeps for real between its tries, and could not decide) */
		if (c->tid > 0 && snc_sched_thread_count() - 1 <= snc_sched_quiet_threads &&
		    sleep_watch_timed_sleep_ms(c->tid, NULL) >= 0)
			spin_watch_sample_sleep(t);
		if (step_ms < 32)
			step_ms *= 2;
	}
	while (sem_wait(&c->done) != 0 && errno == EINTR)
		;
}

/* Starts c's op on a new thread. From then on the calling thread only waits, and the
 * thread before it is parked: neither can release what the op waits for, so the blocking
 * rule may still decide (solo.c). */
static pthread_t start_op_thread(struct op_thread_call *c)
{
	pthread_attr_t attr;
	pthread_t t;
	/* counted before it starts: an op thread that found the count behind (the increment
	 * after pthread_create) saw an "outside" thread, slept for real, and its condition
	 * wait woke spuriously (apr_queue_push on a full queue returned APR_EINTR in some
	 * repeats and blocked in others: nondet) */
	snc_sched_quiet_threads++;
	if (sem_init(&c->done, 0, 0) != 0 || pthread_attr_init(&attr) != 0 ||
	    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED) != 0 ||
	    pthread_create(&t, &attr, op_thread_main, c) != 0)
		abort();   /* no thread for the op: the execution is recorded as crashed */
	pthread_attr_destroy(&attr);
	return t;
}

void run_on_own_thread(void (*fn)(void *), void *arg)
{
	struct op_thread_call c = { .fn = fn, .arg = arg };
	pthread_t t = start_op_thread(&c);
	wait_for_op(&c, t);
}

bool run_on_own_thread_within(void (*fn)(void *), void *arg, long limit_ms)
{
	struct op_thread_call c = { .fn = fn, .arg = arg };
	start_op_thread(&c);
	struct timespec at;
	clock_gettime(CLOCK_REALTIME, &at);
	for (;;) {
		at.tv_sec += limit_ms / 1000;
		at.tv_nsec += (limit_ms % 1000) * 1000000;
		at.tv_sec += at.tv_nsec / 1000000000;
		at.tv_nsec %= 1000000000;
		int rc;
		while ((rc = sem_timedwait(&c.done, &at)) != 0 && errno == EINTR)
			;
		if (rc == 0)
			return true;
		/* out of time: given up when it sleeps (a wait the blocking rule cannot see);
		 * while it computes or waits for a CPU, the process's own deadline, which
		 * counts only the time a loaded machine gave it, decides */
		if (c.tid <= 0 || thread_state(c.tid) != 'R')   /* asleep, not computing or starved */
			return false;
	}
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
