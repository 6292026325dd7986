/* acquire.c: lock-like calls as scheduling points that never block the process.
 *
 * Inside a run, acquiring is: a scheduling point, then tries; when the object is taken the
 * thread blocks (block.c) and the other thread runs until something is released, then the
 * thread retries. A plain lock that can never succeed is a deadlock; a timed one returns
 * ETIMEDOUT instead (time is not modelled: "never" is the only timeout). Releasing is a
 * scheduling point before the real release, which may unblock the other thread.
 */
#include <errno.h>
#include "sched_internal.h"

static void trace_sync(struct sched_thread *self, enum snc_trace_kind kind, void *obj,
		       enum snc_trace_sync sync, uintptr_t pc)
{
	struct snc_trace_entry *e = trace_add(self, kind, obj, 0, pc);
	if (e)
		e->op = sync;
}

int sched_acquire_blocking(struct sched_thread *self, void *obj, enum snc_trace_sync kind,
			   try_acquire_fn try_acquire, bool timed, uintptr_t pc)
{
	int rc;

	while ((rc = try_acquire(obj)) == EBUSY) {
		trace_sync(self, SNC_TRACE_LOCK_BUSY, obj, kind, pc);
		if (!sched_block_on_lock(self, timed)) {
			if (!timed)
				sched_abort(self, SNC_SCHED_DEADLOCK);
			return ETIMEDOUT;
		}
	}
	self->must_time_out = false;
	if (rc == 0) {
		snc_run.out->thread[self->id].lock_acquisitions++;
		trace_sync(self, SNC_TRACE_LOCK, obj, kind, pc);
	}
	sched_access_done(self, rc == 0);
	return rc;
}

int sched_acquire(void *obj, enum snc_trace_sync kind, try_acquire_fn try_acquire, bool timed,
		  uintptr_t pc)
{
	struct sched_thread *self = sched_enter();
	int rc;

	sched_point(self, pc, obj);
	rc = sched_acquire_blocking(self, obj, kind, try_acquire, timed, pc);
	sched_leave(self);
	return rc;
}

int sched_try_acquire(void *obj, enum snc_trace_sync kind, try_acquire_fn try_acquire,
		      uintptr_t pc)
{
	struct sched_thread *self = sched_enter();
	int rc;

	sched_point(self, pc, obj);
	rc = try_acquire(obj);
	if (rc == 0) {
		snc_run.out->thread[self->id].lock_acquisitions++;
		trace_sync(self, SNC_TRACE_LOCK, obj, kind, pc);
	} else {
		trace_sync(self, SNC_TRACE_LOCK_BUSY, obj, kind, pc);
	}
	sched_access_done(self, rc == 0);   /* a trylock loop is a spin-wait */
	sched_leave(self);
	return rc;
}

int sched_release(void *obj, enum snc_trace_sync kind, release_fn release, uintptr_t pc)
{
	struct sched_thread *self = sched_enter();
	int rc;

	sched_point(self, pc, obj);
	trace_sync(self, SNC_TRACE_UNLOCK, obj, kind, pc);
	rc = release(obj);
	sched_note_release(self);
	sched_leave(self);
	return rc;
}
