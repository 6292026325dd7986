/* scheduler.c: what happens at a scheduling point.
 *
 * The running thread counts the points at which the other thread could run ("preemptible"
 * points). When the schedule's current budget is used up it is preempted there, before the
 * access of that point. A thread found spin-waiting (spin.c) hands over there too. And the
 * fairness rule forces a switch after fairness_bound consecutive preemptible points of one
 * thread, for spins that change memory as they go. Only the schedule's switches count as
 * preemptions; the others are free. A thread that spins while the other cannot run stalls
 * (block.c) and eventually blocks. Finishing hands the baton over; the helper always hands
 * it back to the calling thread, which returns from snc_sched_run once both are done. An abort (deadlock, livelock, crash) makes the calling
 * thread unwind out of its operation with longjmp; a helper that aborts parks for good.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "sched_internal.h"

struct sched_run snc_run;
__thread struct sched_thread *snc_sched_self __attribute__((tls_model("initial-exec")));
__thread struct sched_thread *snc_sched_member __attribute__((tls_model("initial-exec")));

struct sched_thread *sched_enter(void)
{
	struct sched_thread *self = snc_sched_self;
	snc_sched_self = NULL;
	self->saved_errno = errno;
	return self;
}

void sched_leave(struct sched_thread *self)
{
	errno = self->saved_errno;
	snc_sched_self = self;
}

struct sched_thread *sched_other(const struct sched_thread *self)
{
	return snc_run.thread[1 - self->id];
}

bool sched_thread_enabled(const struct sched_thread *t)
{
	switch (t->state) {
	case THREAD_NOT_STARTED:
	case THREAD_RUNNABLE:
		return true;
	case THREAD_BLOCKED_LOCK:
		return snc_run.release_seq != t->blocked_release_seq;
	case THREAD_BLOCKED_COND:
		return t->cond_signalled;
	case THREAD_SPINNING:
		return snc_run.change_seq != t->blocked_change_seq;
	case THREAD_FINISHED:
		return false;
	}
	return false;
}

bool sched_is_own_stack(const struct sched_thread *self, const void *addr, const void *frame)
{
	return (uintptr_t)addr >= (uintptr_t)frame && (uintptr_t)addr < self->stack_hi;
}

_Noreturn void sched_abort(struct sched_thread *self, enum snc_sched_status status)
{
	snc_run.out->status = status;
	snc_run.aborting = true;
	if (self->id == 0)
		longjmp(snc_run.unwind, 1);
	/* The helper is in the middle of its operation: it can never be reused. */
	worker_mark_lost();
	baton_pass(snc_run.thread[0], snc_run.epoch);
	for (;;)
		pause();
}

void sched_switch_to(struct sched_thread *self, struct sched_thread *to)
{
	snc_run.consecutive = 0;
	baton_pass(to, snc_run.epoch);
	baton_wait(self, snc_run.epoch);
	if (snc_run.aborting)      /* only the calling thread is ever woken to abort */
		longjmp(snc_run.unwind, 1);
	sched_forget_history(self);   /* the other thread may have changed anything */
}

/* Takes the schedule's next preemption here if its budget is used up. */
static bool preemption_due(void)
{
	struct sched_run *r = &snc_run;
	if (r->switches_done >= r->schedule.nswitches || r->remaining > 0)
		return false;
	r->switches_done++;
	if (r->switches_done < r->schedule.nswitches)
		r->remaining = r->schedule.budget[r->switches_done];
	r->out->preemptions++;
	r->out->tail_points = 0;
	return true;
}

/* Spin-waiting here: block until memory changes, let the other thread run. */
static void spin_wait(struct sched_thread *self, struct sched_thread *other)
{
	self->state = THREAD_SPINNING;
	self->blocked_change_seq = snc_run.change_seq;
	snc_run.out->spin_switches++;
	trace_switch(self, SNC_SWITCH_SPIN);
	sched_switch_to(self, other);
}

void sched_point(struct sched_thread *self, uintptr_t pc, const void *addr)
{
	struct sched_run *r = &snc_run;
	struct snc_sched_result *out = r->out;

	sched_check_pending_write(self);
	self->point_pc = pc;
	self->point_addr = addr;
	for (;;) {
		struct sched_thread *other = sched_other(self);
		if (!sched_thread_enabled(other)) {
			if (sched_is_spinning(self, pc, addr) && sched_stalled(self))
				continue;   /* the other thread timed out and ran */
			break;
		}
		if (preemption_due()) {
			trace_switch(self, SNC_SWITCH_PREEMPT);
			sched_switch_to(self, other);
			continue;      /* resumed: this point is evaluated afresh */
		}
		if (sched_is_spinning(self, pc, addr)) {
			spin_wait(self, other);
			continue;
		}
		if (r->consecutive >= r->opt.fairness_bound) {
			out->fairness_switches++;
			trace_switch(self, SNC_SWITCH_FAIRNESS);
			sched_switch_to(self, other);
			continue;
		}
		if (r->remaining > 0)
			r->remaining--;
		r->consecutive++;
		out->preemptible_points++;
		out->tail_points++;
		break;
	}
	self->state = THREAD_RUNNABLE;
	out->steps++;
	out->thread[self->id].points++;
	if (out->steps > r->opt.max_steps)
		sched_abort(self, SNC_SCHED_LIVELOCK);
}

void sched_finish(struct sched_thread *self)
{
	struct sched_thread *other = sched_other(self);

	sched_check_pending_write(self);
	self->state = THREAD_FINISHED;
	snc_run.out->thread[self->id].finished = true;
	if (self->id == 1) {
		/* The calling thread continues its operation, or returns if it is done. */
		baton_pass(other, snc_run.epoch);
		return;
	}
	if (other->state != THREAD_FINISHED)
		sched_switch_to(self, other);   /* returns when the helper finishes or aborts */
}
