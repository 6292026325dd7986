/* interpose_sem.c: POSIX semaphores under the scheduler.
 *
 * sem_wait is an acquisition (sem_trywait failing with EAGAIN means "taken"), sem_post a
 * release. They report errors through errno, unlike the pthread calls.
 */
#include <errno.h>
#include "real.h"
#include "sched_internal.h"

/* What this file replaces; run.c refers to it so that the file is always linked. */
const char snc_sched_interposes_sem[] = "sem_wait sem_timedwait sem_trywait sem_post";

static int try_sem(void *s)
{
	if (real.sem_trywait(s) == 0)
		return 0;
	return errno == EAGAIN ? EBUSY : errno;
}

static int post_sem(void *s)
{
	return real.sem_post(s) == 0 ? 0 : errno;
}

static int as_errno_result(int rc)
{
	if (rc == 0)
		return 0;
	errno = rc == EBUSY ? EAGAIN : rc;
	return -1;
}

int sem_wait(sem_t *s)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.sem_wait(s);
	return as_errno_result(sched_acquire(s, SNC_SYNC_SEM, try_sem, false, SNC_CALLER_PC));
}

int sem_timedwait(sem_t *s, const struct timespec *abstime)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.sem_timedwait(s, abstime);
	return as_errno_result(sched_acquire(s, SNC_SYNC_SEM, try_sem, true, SNC_CALLER_PC));
}

int sem_trywait(sem_t *s)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.sem_trywait(s);
	return as_errno_result(sched_try_acquire(s, SNC_SYNC_SEM, try_sem, SNC_CALLER_PC));
}

int sem_post(sem_t *s)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.sem_post(s);
	return as_errno_result(sched_release(s, SNC_SYNC_SEM, post_sem, SNC_CALLER_PC));
}
