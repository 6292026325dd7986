/* trace_record.c: appending to a run's trace.
 *
 * The caller provides the buffer (possibly shared with a parent process); entries past its
 * capacity are counted, not stored, so a long spin keeps its beginning. Only the thread
 * holding the baton appends. A plain write's new value is not known at its hook (called
 * before the access): spin.c reads it back at the same thread's next point or at its end,
 * when only that thread has run since, and fills it in.
 */
#include <string.h>
#include "sched_internal.h"

struct snc_trace_entry *trace_add(struct sched_thread *self, enum snc_trace_kind kind,
				  const void *addr, uint32_t size, uintptr_t pc)
{
	struct sched_run *r = &snc_run;
	struct snc_trace_entry *e;

	if (r->out->trace_len >= r->opt.trace_capacity) {
		if (r->opt.trace)
			r->out->trace_dropped++;
		return NULL;
	}
	e = &r->opt.trace[r->out->trace_len++];
	memset(e, 0, sizeof *e);
	e->pc = pc;
	e->addr = (uintptr_t)addr;
	e->step = r->out->steps;
	e->size = size;
	e->thread = (uint8_t)self->id;
	e->kind = (uint8_t)kind;
	e->depth = self->depth;
	return e;
}

void trace_switch(struct sched_thread *self, enum snc_trace_switch why)
{
	struct snc_trace_entry *e = trace_add(self, SNC_TRACE_SWITCH, NULL, 0, 0);
	if (e)
		e->op = (uint8_t)why;
}

/* Reads what the instrumented code is about to access: not an access of ours to check. */
__attribute__((no_sanitize_address)) uint64_t trace_peek(const void *addr, uint32_t size)
{
	uint8_t v1;
	uint16_t v2;
	uint32_t v4;
	uint64_t v8;

	switch (size) {
	case 1: __builtin_memcpy(&v1, addr, 1); return v1;
	case 2: __builtin_memcpy(&v2, addr, 2); return v2;
	case 4: __builtin_memcpy(&v4, addr, 4); return v4;
	case 8: __builtin_memcpy(&v8, addr, 8); return v8;
	default: return 0;
	}
}
