/* interpose_cond.c: condition variables under the scheduler.
 *
 * With two threads, a waiter can only be woken by the other one, so the model is exact
 * enough: pthread_cond_wait releases the mutex, blocks until the other thread signals that
 * condition variable (no spurious wake-ups), then re-acquires the mutex like
 * pthread_mutex_lock. A signal with no waiter is lost, as in the real thing. Waiting when the
 * other thread can never signal is a deadlock (a lost wake-up); the timed wait returns
 * ETIMEDOUT there instead, with the mutex re-acquired.
 */
#include <errno.h>
#include "real.h"
#include "sched_internal.h"

/* What this file replaces; run.c refers to it so that the file is always linked. */
const char snc_sched_interposes_cond[] = "pthread_cond_{wait,timedwait,signal,broadcast}";

static int try_mutex(void *m) { return real.mutex_trylock(m); }

static int cond_wait(pthread_cond_t *c, pthread_mutex_t *m, bool timed, uintptr_t pc)
{
	struct sched_thread *self = sched_enter();
	struct snc_trace_entry *e;
	int rc = 0;

	sched_point(self, pc, c);
	e = trace_add(self, SNC_TRACE_COND_WAIT, c, 0, pc);
	if (e) {
		e->value = (uintptr_t)m;
		e->flags |= SNC_TRACE_VALUE;
	}
	real.mutex_unlock(m);
	sched_note_release(self);
	if (!sched_wait_for_signal(self, c, timed)) {
		if (!timed)
			sched_abort(self, SNC_SCHED_DEADLOCK);
		rc = ETIMEDOUT;
	}
	sched_acquire_blocking(self, m, SNC_SYNC_MUTEX, try_mutex, false, pc);
	sched_leave(self);
	return rc;
}

static int cond_wake(pthread_cond_t *c, enum snc_trace_sync how, uintptr_t pc)
{
	struct sched_thread *self = sched_enter();
	struct sched_thread *other = sched_other(self);
	struct snc_trace_entry *e;
	int rc;

	sched_point(self, pc, c);
	e = trace_add(self, SNC_TRACE_COND_SIGNAL, c, 0, pc);
	if (e)
		e->op = how;
	if (other->state == THREAD_BLOCKED_COND && other->cond == c)
		other->cond_signalled = true;
	sched_access_done(self, true);
	rc = how == SNC_SYNC_SIGNAL ? real.cond_signal(c) : real.cond_broadcast(c);
	sched_leave(self);
	return rc;
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.cond_wait(c, m);
	return cond_wait(c, m, false, SNC_CALLER_PC);
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.cond_timedwait(c, m, t);
	return cond_wait(c, m, true, SNC_CALLER_PC);
}

int pthread_cond_signal(pthread_cond_t *c)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.cond_signal(c);
	return cond_wake(c, SNC_SYNC_SIGNAL, SNC_CALLER_PC);
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.cond_broadcast(c);
	return cond_wake(c, SNC_SYNC_BROADCAST, SNC_CALLER_PC);
}
