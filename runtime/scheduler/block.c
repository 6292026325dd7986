/* block.c: a thread that cannot go on hands the baton to the other one.
 *
 * A thread whose trylock failed is blocked until some lock is released (any release counts:
 * with two threads a spurious retry is cheap and rare). A thread in pthread_cond_wait is
 * blocked until the other thread signals that condition variable; spurious wake-ups are not
 * produced. These switches are free: they are not preemptions of the schedule.
 *
 * A thread found spin-waiting (spin.c) still runs when nothing else can: its loop may be
 * bounded (a poll that gives up after some rounds). If it goes on re-reading unchanged
 * memory for stall_bound repeated points while the other thread still cannot run, nothing
 * will ever change what it reads: it blocks for good, a deadlock like waiting for a lock
 * nobody can release (the bound is what tells a bounded poll from a wait; a poll longer
 * than it is called blocked, one that writes as it goes is never). When the other thread
 * cannot run at all (finished, or blocked with nothing released since) no step can ever
 * unblock us. If the other thread waits with a timeout, it is woken to time out (time is
 * not modelled: "never" is the only timeout); otherwise the caller reports a deadlock, or
 * returns ETIMEDOUT if it is a timed wait itself. In a solo run whose operation started
 * threads of its own, those might end the wait: it sleeps for real instead (solo.c).
 *
 * A solo run's sleeps return at once, but the time they asked for is counted: once a
 * thread has slept past sleep_limit_ms with no change of memory since (the caller's timer,
 * confirmed: what it would have decided), it blocks. A wait that sleeps 10 ms between looks
 * is then decided after a second or so of time it never spends, not after stall_bound
 * points (a hundred thousand of them, some 50 ms of CPU); a bounded poll that sleeps less
 * than the limit in all returns, as under the timer.
 */
#include "sched_internal.h"

void sched_note_release(struct sched_thread *self)
{
	snc_run.release_seq++;
	sched_access_done(self, true);
}

/* The other thread cannot run: if it waits with a timeout, let it time out. */
static bool wake_to_time_out(struct sched_thread *self, struct sched_thread *other)
{
	if (!other->timed ||
	    (other->state != THREAD_BLOCKED_LOCK && other->state != THREAD_BLOCKED_COND))
		return false;
	other->must_time_out = true;
	snc_run.out->blocking_switches++;
	sched_switch_to(self, other);
	return true;
}

static bool hand_over(struct sched_thread *self)
{
	struct sched_thread *other = sched_other(self);

	if (sched_thread_enabled(other) || other->state == THREAD_SPINNING) {
		snc_run.out->blocking_switches++;
		sched_switch_to(self, other);
		return true;
	}
	return wake_to_time_out(self, other) || solo_wait_for_outside();
}

bool sched_stalled(struct sched_thread *self)
{
	if (++self->stalled < snc_run.opt.stall_bound)
		return false;
	self->stalled = 0;
	if (solo_wait_for_outside())
		return false;
	if (wake_to_time_out(self, sched_other(self)))
		return true;
	sched_abort(self, SNC_SCHED_DEADLOCK);
}

void sched_slept(struct sched_thread *self, uint64_t ns)
{
	uint64_t limit_ns = (uint64_t)snc_run.opt.sleep_limit_ms * 1000000;

	if (!snc_run.solo || !limit_ns || !ns)
		return;
	self->slept_ns += ns;
	if (self->slept_ns <= limit_ns)
		return;
	self->slept_ns = 0;
	if (solo_wait_for_outside())
		return;
	sched_abort(self, SNC_SCHED_DEADLOCK);
}

bool sched_block_on_lock(struct sched_thread *self, bool timed)
{
	bool resumed;

	if (self->must_time_out) {
		self->must_time_out = false;
		return false;
	}
	self->state = THREAD_BLOCKED_LOCK;
	self->timed = timed;
	self->blocked_release_seq = snc_run.release_seq;
	resumed = hand_over(self);
	/* Resumed: a lock was released, the other thread finished, or we must time out. */
	self->state = THREAD_RUNNABLE;
	return resumed;
}

bool sched_wait_for_signal(struct sched_thread *self, const void *cond, bool timed)
{
	bool signalled = true;

	self->state = THREAD_BLOCKED_COND;
	self->timed = timed;
	self->cond = cond;
	self->cond_signalled = false;
	while (!self->cond_signalled) {
		if (solo_wait_for_outside())
			break;             /* a spurious wake-up: the caller checks its predicate */
		if (self->must_time_out || !hand_over(self)) {
			self->must_time_out = false;
			signalled = false;
			break;
		}
	}
	self->state = THREAD_RUNNABLE;
	self->cond = NULL;
	return signalled;
}

void sched_yield_point(struct sched_thread *self)
{
	struct sched_thread *other = sched_other(self);

	if (!sched_thread_enabled(other)) {
		/* Waiting with nobody to wait for: a quiet point, so that a loop of yields or
		 * sleeps stalls like a spin. */
		sched_access_done(self, false);
		return;
	}
	snc_run.out->blocking_switches++;
	sched_switch_to(self, other);
}
