/* hooks_access.c: the ThreadSanitizer hooks for plain accesses and function entry/exit.
 *
 * Instrumented code calls __tsan_readN / __tsan_writeN just BEFORE each access. Outside a
 * run (snc_sched_self NULL: another thread, no run, or re-entered from a signal handler) a
 * hook does nothing and the instrumented code performs the access itself. Inside a run the
 * access is a scheduling point, unless it is to the thread's own live stack frames: gcc
 * instruments address-taken locals, which no other thread can see in the code we test, so
 * they are neither points nor trace entries. The trace records the value in memory at the
 * hook: for a read that is the value read (nothing runs in between); for a write it is the
 * old value, and the new one is read at the thread's next point (spin.c).
 *
 * Symbols cover gcc 12 and clang 14 with -fsanitize=thread: sized, unaligned, volatile
 * (clang's -tsan-distinguish-volatile), explicit-pc and range variants, C++ vptr accesses,
 * and the memory intrinsics newer clangs call instead of memcpy/memset/memmove.
 */
#include <string.h>
#include "sched_internal.h"

static __attribute__((noinline)) void on_access(const void *addr, unsigned long size,
						bool write, uintptr_t pc)
{
	struct sched_thread *self = sched_enter();

	if (!sched_is_own_stack(self, addr, __builtin_frame_address(0))) {
		uint32_t bytes = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
		struct snc_trace_entry *e;
		sched_point(self, pc, addr);
		e = trace_add(self, write ? SNC_TRACE_WRITE : SNC_TRACE_READ, addr, bytes, pc);
		if (e && trace_peekable(size)) {
			e->value = trace_peek(addr, bytes);
			e->flags |= SNC_TRACE_VALUE;
		}
		if (write)
			sched_note_write(self, addr, bytes, e ? e - snc_run.opt.trace : -1);
		else
			sched_access_done(self, false);
	}
	sched_leave(self);
}

#define ACCESS_HOOKS(n)                                                                    \
	void __tsan_read##n(void *addr)                                                    \
	{ if (SNC_IN_RUN()) on_access(addr, n, false, SNC_CALLER_PC); }                    \
	void __tsan_write##n(void *addr)                                                   \
	{ if (SNC_IN_RUN()) on_access(addr, n, true, SNC_CALLER_PC); }                     \
	void __tsan_unaligned_read##n(const void *addr)                                    \
	{ if (SNC_IN_RUN()) on_access(addr, n, false, SNC_CALLER_PC); }                    \
	void __tsan_unaligned_write##n(void *addr)                                         \
	{ if (SNC_IN_RUN()) on_access(addr, n, true, SNC_CALLER_PC); }                     \
	void __tsan_volatile_read##n(void *addr)                                           \
	{ if (SNC_IN_RUN()) on_access(addr, n, false, SNC_CALLER_PC); }                    \
	void __tsan_volatile_write##n(void *addr)                                          \
	{ if (SNC_IN_RUN()) on_access(addr, n, true, SNC_CALLER_PC); }                     \
	void __tsan_unaligned_volatile_read##n(void *addr)                                 \
	{ if (SNC_IN_RUN()) on_access(addr, n, false, SNC_CALLER_PC); }                    \
	void __tsan_unaligned_volatile_write##n(void *addr)                                \
	{ if (SNC_IN_RUN()) on_access(addr, n, true, SNC_CALLER_PC); }                     \
	void __tsan_read##n##_pc(void *addr, void *pc)                                     \
	{ if (SNC_IN_RUN()) on_access(addr, n, false, (uintptr_t)pc); }                    \
	void __tsan_write##n##_pc(void *addr, void *pc)                                    \
	{ if (SNC_IN_RUN()) on_access(addr, n, true, (uintptr_t)pc); }

ACCESS_HOOKS(1)
ACCESS_HOOKS(2)
ACCESS_HOOKS(4)
ACCESS_HOOKS(8)
ACCESS_HOOKS(16)

void __tsan_read_range(void *addr, long size)
{
	if (SNC_IN_RUN())
		on_access(addr, size, false, SNC_CALLER_PC);
}

void __tsan_write_range(void *addr, long size)
{
	if (SNC_IN_RUN())
		on_access(addr, size, true, SNC_CALLER_PC);
}

void __tsan_read_range_pc(void *addr, long size, void *pc)
{
	if (SNC_IN_RUN())
		on_access(addr, size, false, (uintptr_t)pc);
}

void __tsan_write_range_pc(void *addr, long size, void *pc)
{
	if (SNC_IN_RUN())
		on_access(addr, size, true, (uintptr_t)pc);
}

void __tsan_vptr_read(void *vptr_p)
{
	if (SNC_IN_RUN())
		on_access(vptr_p, sizeof(void *), false, SNC_CALLER_PC);
}

void __tsan_vptr_update(void *vptr_p, void *new_val)
{
	(void)new_val;
	if (SNC_IN_RUN())
		on_access(vptr_p, sizeof(void *), true, SNC_CALLER_PC);
}

void *__tsan_memcpy(void *dst, const void *src, unsigned long size)
{
	if (SNC_IN_RUN()) {
		on_access(src, size, false, SNC_CALLER_PC);
		on_access(dst, size, true, SNC_CALLER_PC);
	}
	return memcpy(dst, src, size);
}

void *__tsan_memmove(void *dst, const void *src, unsigned long size)
{
	if (SNC_IN_RUN()) {
		on_access(src, size, false, SNC_CALLER_PC);
		on_access(dst, size, true, SNC_CALLER_PC);
	}
	return memmove(dst, src, size);
}

void *__tsan_memset(void *dst, int c, unsigned long size)
{
	if (SNC_IN_RUN())
		on_access(dst, size, true, SNC_CALLER_PC);
	return memset(dst, c, size);
}

static __attribute__((noinline)) void on_func_entry(uintptr_t pc)
{
	struct sched_thread *self = sched_enter();

	if (snc_run.opt.trace_calls)
		trace_add(self, SNC_TRACE_FUNC_ENTRY, NULL, 0, pc);
	if (self->depth < UINT8_MAX)
		self->depth++;
	sched_leave(self);
}

/* Not scheduling points (no access): they only feed the trace's call depth and names. */
void __tsan_func_entry(void *caller_pc)
{
	(void)caller_pc;
	if (SNC_IN_RUN())
		on_func_entry(SNC_CALLER_PC);
}

/* gcc declares it with an argument it never passes. */
void __tsan_func_exit(void *unused)
{
	(void)unused;
	struct sched_thread *self = snc_sched_self;
	if (SNC_UNLIKELY(self != NULL) && self->depth > 0)
		self->depth--;
}

/* Called by the constructor of every instrumented object; there is nothing to set up. */
void __tsan_init(void)
{
}
