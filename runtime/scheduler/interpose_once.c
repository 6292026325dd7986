/* interpose_once.c: pthread_once under the scheduler.
 *
 * glibc makes a caller that finds the init routine running in another thread wait in a
 * futex. Inside a run that other thread may be the one preempted in the routine, and the
 * waiter, holding the baton, would wait forever. So inside a run a once control is a
 * lock-like object (acquire.c): the first caller marks it in progress, runs the routine and
 * marks it done (the release); a caller that finds it in progress blocks, a free switch,
 * until then. The control word keeps glibc's encoding (1 in progress, 2 done), so calls
 * outside the run, before or after it, agree with what happened inside.
 */
#include <errno.h>
#include "real.h"
#include "sched_internal.h"

/* What this file replaces; run.c refers to it so that the file is always linked. */
const char snc_sched_interposes_once[] = "pthread_once";

enum { ONCE_IN_PROGRESS = 1, ONCE_DONE = 2 };

/* 0 when the caller may go on (done, or claimed just now: one thread runs at a time). */
static int try_once(void *control)
{
	int *word = control;
	int v = __atomic_load_n(word, __ATOMIC_ACQUIRE);
	if (v & ONCE_DONE)
		return 0;
	if (v & ONCE_IN_PROGRESS)
		return EBUSY;
	__atomic_store_n(word, ONCE_IN_PROGRESS, __ATOMIC_RELAXED);
	return 0;
}

static int finish_once(void *control)
{
	__atomic_store_n((int *)control, ONCE_DONE, __ATOMIC_RELEASE);
	return 0;
}

int pthread_once(pthread_once_t *control, void (*init)(void))
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.once(control, init);
	if (__atomic_load_n((int *)control, __ATOMIC_ACQUIRE) & ONCE_DONE)
		return 0;   /* glibc's fast path has no point either */
	sched_acquire(control, SNC_SYNC_ONCE, try_once, false, SNC_CALLER_PC);
	if (__atomic_load_n((int *)control, __ATOMIC_ACQUIRE) & ONCE_DONE)
		return 0;
	init();
	sched_release(control, SNC_SYNC_ONCE, finish_once, SNC_CALLER_PC);
	return 0;
}
