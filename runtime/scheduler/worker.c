/* worker.c: the helper thread that runs op1.
 *
 * Created by the first run in a process and reused by later runs in the same process, since
 * creating a thread is the largest cost of a run after fork itself. It idles on its baton
 * word until a run hands it the baton for the first time, runs op1, finishes, and idles
 * again. A helper abandoned mid-operation (an aborted run) is "lost": it stays parked and the
 * next run creates a new one. A forked child has no helper even if its parent had one.
 * It is created by the calling thread once that one is pinned to its CPU (cpu.c), and
 * inherits the pinning: an affinity attribute would make glibc start it stopped and wake
 * it once more.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include "sched_internal.h"

static struct sched_thread *worker;
static int pinned_cpu = -1;
static void (*job_op)(void *);
static void *job_arg;
static bool atfork_registered;

static void *worker_main(void *arg)
{
	snc_thread_ids_add_self();   /* its id may end up in a state (thread_ids.c) */
	struct sched_thread *self = arg;

	for (;;) {
		baton_wait_any(self);
		self->stack_hi = (uintptr_t)__builtin_frame_address(0);
		self->state = THREAD_RUNNABLE;
		snc_sched_member = self;
		snc_sched_self = self;
		job_op(job_arg);
		snc_sched_self = NULL;
		snc_sched_member = NULL;
		sched_finish(self);
	}
	return NULL;
}

static void forget_worker_in_child(void)
{
	worker = NULL;
}

int worker_ensure(int cpu)
{
	pthread_attr_t attr;
	pthread_t tid;
	struct sched_thread *t;
	int rc;

	if (worker)
		return 0;
	if (!atfork_registered) {
		if (pthread_atfork(NULL, NULL, forget_worker_in_child) != 0)
			return -1;
		atfork_registered = true;
	}
	t = calloc(1, sizeof *t);
	if (!t)
		return -1;
	t->id = 1;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	rc = pthread_create(&tid, &attr, worker_main, t);
	pthread_attr_destroy(&attr);
	if (rc != 0) {
		free(t);
		errno = rc;
		return -1;
	}
	worker = t;
	pinned_cpu = cpu;
	return 0;
}

int worker_cpu(void)
{
	return worker ? pinned_cpu : -1;
}

void worker_set_job(void (*op)(void *), void *arg)
{
	job_op = op;
	job_arg = arg;
}

struct sched_thread *worker_thread(void)
{
	return worker;
}

void worker_mark_lost(void)
{
	worker = NULL;
}
