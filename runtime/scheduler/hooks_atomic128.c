/* hooks_atomic128.c: the ThreadSanitizer hooks for 16-byte atomics (gcc emits them for
 * _Atomic __int128 and the __atomic builtins on 16 bytes).
 *
 * Built with -mcx16 so that __sync_val_compare_and_swap on 16 bytes is an inline
 * lock cmpxchg16b (the __atomic builtins would call libatomic); every operation is a
 * compare-and-swap loop, a load included. Inside a run these are scheduling points counted
 * like the narrower atomics (hooks_atomic.c); the trace keeps the low 8 bytes of each value.
 */
#include "sched_internal.h"

/* Unsigned: the type gcc declares for these hooks, and arithmetic that wraps. */
typedef unsigned __int128 a128;

static a128 cas16(volatile a128 *a, a128 expected, a128 desired)
{
	return __sync_val_compare_and_swap(a, expected, desired);
}

/* Applies `op` atomically; returns the old value. */
static a128 rmw16(volatile a128 *a, a128 v, enum snc_trace_rmw op)
{
	a128 old = cas16(a, 0, 0);

	for (;;) {
		a128 next;
		switch (op) {
		case SNC_RMW_ADD: next = old + v; break;
		case SNC_RMW_SUB: next = old - v; break;
		case SNC_RMW_AND: next = old & v; break;
		case SNC_RMW_OR: next = old | v; break;
		case SNC_RMW_XOR: next = old ^ v; break;
		case SNC_RMW_NAND: next = ~(old & v); break;
		default: next = v; break;
		}
		a128 seen = cas16(a, old, next);
		if (seen == old)
			return old;
		old = seen;
	}
}

a128 __tsan_atomic128_load(const volatile void *addr, int mo)
{
	volatile a128 *a = (volatile a128 *)addr;   /* cmpxchg16b needs it writable anyway */
	struct snc_trace_entry *e;
	struct sched_thread *self;
	a128 v;

	if (!SNC_IN_RUN())
		return cas16(a, 0, 0);
	self = atomic_enter(a, 16, mo, SNC_TRACE_ATOMIC_LOAD, 0, SNC_CALLER_PC, &e);
	v = cas16(a, 0, 0);
	atomic_leave(self, e, (uint64_t)v, 0, SNC_TRACE_VALUE, false);
	return v;
}

void __tsan_atomic128_store(volatile void *addr, a128 v, int mo)
{
	volatile a128 *a = addr;
	struct snc_trace_entry *e;
	struct sched_thread *self;
	a128 old;

	if (!SNC_IN_RUN()) {
		rmw16(a, v, SNC_RMW_EXCHANGE);
		return;
	}
	self = atomic_enter(a, 16, mo, SNC_TRACE_ATOMIC_STORE, 0, SNC_CALLER_PC, &e);
	old = rmw16(a, v, SNC_RMW_EXCHANGE);
	atomic_leave(self, e, (uint64_t)old, (uint64_t)v, BOTH_VALUES, old != v);
}

#define RMW16_HOOK(name, rmw)                                                              \
	a128 __tsan_atomic128_##name(volatile void *addr, a128 v, int mo)                  \
	{                                                                                  \
		volatile a128 *a = addr;                                                   \
		struct snc_trace_entry *e;                                                 \
		struct sched_thread *self;                                                 \
		a128 old;                                                                  \
		if (!SNC_IN_RUN())                                                         \
			return rmw16(a, v, rmw);                                           \
		self = atomic_enter(a, 16, mo, SNC_TRACE_ATOMIC_RMW, rmw, SNC_CALLER_PC, &e); \
		old = rmw16(a, v, rmw);                                                    \
		atomic_leave(self, e, (uint64_t)old, (uint64_t)v, BOTH_VALUES,             \
			     cas16(a, 0, 0) != old);                                       \
		return old;                                                                \
	}

RMW16_HOOK(exchange, SNC_RMW_EXCHANGE)
RMW16_HOOK(fetch_add, SNC_RMW_ADD)
RMW16_HOOK(fetch_sub, SNC_RMW_SUB)
RMW16_HOOK(fetch_and, SNC_RMW_AND)
RMW16_HOOK(fetch_or, SNC_RMW_OR)
RMW16_HOOK(fetch_xor, SNC_RMW_XOR)
RMW16_HOOK(fetch_nand, SNC_RMW_NAND)

static bool cas_hook(volatile a128 *a, a128 *expected, a128 desired, int mo, uintptr_t pc)
{
	struct snc_trace_entry *e;
	struct sched_thread *self;
	a128 want = *expected, seen;

	if (!SNC_IN_RUN()) {
		seen = cas16(a, want, desired);
		*expected = seen;
		return seen == want;
	}
	self = atomic_enter(a, 16, mo, SNC_TRACE_ATOMIC_CAS, 0, pc, &e);
	seen = cas16(a, want, desired);
	*expected = seen;
	atomic_leave(self, e, (uint64_t)seen, (uint64_t)desired,
		     BOTH_VALUES | (seen == want ? SNC_TRACE_CAS_OK : 0),
		     seen == want && desired != want);
	return seen == want;
}

bool __tsan_atomic128_compare_exchange_strong(volatile void *a, void *c, a128 v, int mo,
					      int fail_mo)
{
	(void)fail_mo;
	return cas_hook(a, c, v, mo, SNC_CALLER_PC);
}

bool __tsan_atomic128_compare_exchange_weak(volatile void *a, void *c, a128 v, int mo,
					    int fail_mo)
{
	(void)fail_mo;
	return cas_hook(a, c, v, mo, SNC_CALLER_PC);
}

a128 __tsan_atomic128_compare_exchange_val(volatile void *a, a128 c, a128 v, int mo,
					   int fail_mo)
{
	(void)fail_mo;
	cas_hook(a, &c, v, mo, SNC_CALLER_PC);
	return c;
}
