/* spin.c: recognize a spin-wait and treat it as blocking.
 *
 * A thread that reaches the same point (same code address, same memory address) again,
 * while no memory changed since it last did and without having been switched out, must read
 * what it read before: it is waiting for the other thread. It then blocks (THREAD_SPINNING)
 * until some memory changes, and the other thread runs; this switch is free, like blocking
 * on a lock. Without it every iteration of a spin on a preempted lock holder would be one
 * more preemptible point, and exhaustive exploration would multiply by the spin's length.
 *
 * "Changed" is exact for atomics (old and new values are compared), for plain writes of 1,
 * 2, 4 or 8 bytes (the old value is peeked at the hook and compared at the thread's next
 * point), and for lock operations (always a change); wider plain writes count as changes.
 * A loop that re-reads one unchanged location a bounded number of times also matches: it
 * gets a free switch, which is still a valid interleaving. Only the last SPIN_HISTORY points
 * are remembered: longer loop bodies are left to the fairness rule.
 *
 * When the other thread cannot run (finished, blocked, itself spinning, or absent in a solo
 * run) nothing can change what a spinning thread reads: each repeated quiet point counts as
 * a *stall* (block.c), and enough of them in a row mean the thread blocks. A change of
 * memory or a switch forgets the history and the count.
 */
#include "sched_internal.h"

void sched_forget_history(struct sched_thread *self)
{
	self->nquiet = 0;
	self->quiet_next = 0;
	self->stalled = 0;
	self->slept_ns = 0;
}

bool sched_is_spinning(const struct sched_thread *self, uintptr_t pc, const void *addr)
{
	for (unsigned i = 0; i < self->nquiet; i++)
		if (self->quiet_pc[i] == pc && self->quiet_addr[i] == addr)
			return true;
	return false;
}

void sched_access_done(struct sched_thread *self, bool changed)
{
	if (changed) {
		snc_run.change_seq++;
		sched_forget_history(self);
		return;
	}
	self->quiet_pc[self->quiet_next] = self->point_pc;
	self->quiet_addr[self->quiet_next] = self->point_addr;
	self->quiet_next = (uint8_t)((self->quiet_next + 1) % SPIN_HISTORY);
	if (self->nquiet < SPIN_HISTORY)
		self->nquiet++;
}

void sched_note_write(struct sched_thread *self, const void *addr, uint32_t size,
		      int64_t trace_index)
{
	if (!trace_peekable(size)) {
		sched_access_done(self, true);
		return;
	}
	self->write_addr = addr;
	self->write_size = size;
	self->write_old = trace_peek(addr, size);
	self->write_trace = trace_index;
	sched_access_done(self, false);    /* until shown otherwise at the next point */
}

void sched_check_pending_write(struct sched_thread *self)
{
	uint64_t now;

	if (!self->write_addr)
		return;
	now = trace_peek(self->write_addr, self->write_size);
	if (self->write_trace >= 0) {
		struct snc_trace_entry *e = &snc_run.opt.trace[self->write_trace];
		e->value2 = now;
		e->flags |= SNC_TRACE_VALUE2;
	}
	if (now != self->write_old) {
		snc_run.change_seq++;
		sched_forget_history(self);
	}
	self->write_addr = NULL;
}
