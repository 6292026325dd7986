/* hooks_atomic.c: the ThreadSanitizer hooks for atomic operations on 1 to 8 bytes.
 *
 * Instrumented code hands every atomic operation to these hooks, so each one PERFORMS the
 * operation. Only one thread of a run executes at a time, so a seq_cst builtin gives the
 * sequentially consistent interleaving; stores and fences keep their weaker order when asked
 * (a seq_cst store is an xchg on x86, a weaker one a mov), so that the executed instructions
 * stay faithful for measurement tools. The memory order arrives as the compiler passes it:
 * 0 relaxed, 1 consume (gcc), 2 acquire, 3 release, 4 acq_rel, 5 seq_cst (__sync_* too);
 * flag bits above 0x7fff (HLE) are dropped as libtsan does.
 *
 * Inside a run an atomic access is a scheduling point (unless to the thread's own stack) and
 * is counted: every RMW (exchange, fetch_*, compare-exchange, failed or not) and every
 * seq_cst store per thread. gcc passes `T *expected` to compare_exchange_strong/weak and
 * expects a bool; clang calls compare_exchange_val, which returns the old value. Weak
 * compare-exchange never fails spuriously here.
 */
#include "sched_internal.h"

__attribute__((noinline)) struct sched_thread *
atomic_enter(const volatile void *addr, uint32_t size, int mo, enum snc_trace_kind kind,
	     enum snc_trace_rmw op, uintptr_t pc, struct snc_trace_entry **entry)
{
	struct sched_thread *self = sched_enter();
	struct snc_sched_thread_stats *stats = &snc_run.out->thread[self->id];

	if (kind == SNC_TRACE_ATOMIC_RMW || kind == SNC_TRACE_ATOMIC_CAS)
		stats->rmw++;
	else if (kind == SNC_TRACE_ATOMIC_STORE && ORDER(mo) == ORDER_SEQ_CST)
		stats->seq_cst_stores++;
	*entry = NULL;
	self->point_addr = NULL;   /* stays NULL when not a point: atomic_leave checks it */
	if (!sched_is_own_stack(self, (const void *)addr, __builtin_frame_address(0))) {
		sched_point(self, pc, (const void *)addr);
		*entry = trace_add(self, kind, (const void *)addr, size, pc);
		if (*entry) {
			(*entry)->op = (uint8_t)op;
			(*entry)->order = (uint8_t)ORDER(mo);
		}
	}
	return self;
}

void atomic_leave(struct sched_thread *self, struct snc_trace_entry *e, uint64_t value,
		  uint64_t value2, uint8_t flags, bool changed)
{
	if (e) {
		e->value = value;
		e->value2 = value2;
		e->flags |= flags;
	}
	if (self->point_addr)
		sched_access_done(self, changed);
	sched_leave(self);
}

#define STORE_WITH_ORDER(a, v, mo)                                                         \
	do {                                                                               \
		if (ORDER(mo) == ORDER_SEQ_CST)                                            \
			__atomic_store_n(a, v, __ATOMIC_SEQ_CST);                          \
		else                                                                       \
			__atomic_store_n(a, v, __ATOMIC_RELEASE);                          \
	} while (0)

#define RMW_HOOK(bits, T, name, rmw, builtin)                                              \
	T __tsan_atomic##bits##_##name(volatile void *addr, T v, int mo)                   \
	{                                                                                  \
		volatile T *a = addr;                                                      \
		struct snc_trace_entry *e;                                                 \
		struct sched_thread *self;                                                 \
		T old;                                                                     \
		if (!SNC_IN_RUN())                                                         \
			return builtin(a, v, __ATOMIC_SEQ_CST);                            \
		self = atomic_enter(a, sizeof(T), mo, SNC_TRACE_ATOMIC_RMW, rmw,           \
				    SNC_CALLER_PC, &e);                                    \
		old = builtin(a, v, __ATOMIC_SEQ_CST);                                     \
		atomic_leave(self, e, old, v, BOTH_VALUES,                                 \
			     __atomic_load_n(a, __ATOMIC_RELAXED) != old);                 \
		return old;                                                                \
	}

#define ATOMIC_HOOKS(bits, T)                                                              \
	T __tsan_atomic##bits##_load(const volatile void *addr, int mo)                    \
	{                                                                                  \
		const volatile T *a = addr;                                                \
		struct snc_trace_entry *e;                                                 \
		struct sched_thread *self;                                                 \
		T v;                                                                       \
		if (!SNC_IN_RUN())                                                         \
			return __atomic_load_n(a, __ATOMIC_SEQ_CST);                       \
		self = atomic_enter(a, sizeof(T), mo, SNC_TRACE_ATOMIC_LOAD, 0,            \
				    SNC_CALLER_PC, &e);                                    \
		v = __atomic_load_n(a, __ATOMIC_SEQ_CST);                                  \
		atomic_leave(self, e, v, 0, SNC_TRACE_VALUE, false);                       \
		return v;                                                                  \
	}                                                                                  \
	void __tsan_atomic##bits##_store(volatile void *addr, T v, int mo)                 \
	{                                                                                  \
		volatile T *a = addr;                                                      \
		struct snc_trace_entry *e;                                                 \
		struct sched_thread *self;                                                 \
		T old;                                                                     \
		if (!SNC_IN_RUN()) {                                                       \
			STORE_WITH_ORDER(a, v, mo);                                        \
			return;                                                            \
		}                                                                          \
		self = atomic_enter(a, sizeof(T), mo, SNC_TRACE_ATOMIC_STORE, 0,           \
				    SNC_CALLER_PC, &e);                                    \
		old = __atomic_load_n(a, __ATOMIC_RELAXED);                                \
		STORE_WITH_ORDER(a, v, mo);                                                \
		atomic_leave(self, e, old, v, BOTH_VALUES, old != v);                      \
	}                                                                                  \
	RMW_HOOK(bits, T, exchange, SNC_RMW_EXCHANGE, __atomic_exchange_n)                 \
	RMW_HOOK(bits, T, fetch_add, SNC_RMW_ADD, __atomic_fetch_add)                      \
	RMW_HOOK(bits, T, fetch_sub, SNC_RMW_SUB, __atomic_fetch_sub)                      \
	RMW_HOOK(bits, T, fetch_and, SNC_RMW_AND, __atomic_fetch_and)                      \
	RMW_HOOK(bits, T, fetch_or, SNC_RMW_OR, __atomic_fetch_or)                         \
	RMW_HOOK(bits, T, fetch_xor, SNC_RMW_XOR, __atomic_fetch_xor)                      \
	RMW_HOOK(bits, T, fetch_nand, SNC_RMW_NAND, __atomic_fetch_nand)                   \
	static bool cas##bits(volatile T *a, T *expected, T desired, uintptr_t pc, int mo) \
	{                                                                                  \
		struct snc_trace_entry *e;                                                 \
		struct sched_thread *self;                                                 \
		T want = *expected;                                                        \
		bool ok;                                                                   \
		if (!SNC_IN_RUN())                                                         \
			return __atomic_compare_exchange_n(a, expected, desired, false,    \
				__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                       \
		self = atomic_enter(a, sizeof(T), mo, SNC_TRACE_ATOMIC_CAS, 0, pc, &e);    \
		ok = __atomic_compare_exchange_n(a, expected, desired, false,              \
						 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);      \
		atomic_leave(self, e, ok ? want : *expected, desired,                      \
			     BOTH_VALUES | (ok ? SNC_TRACE_CAS_OK : 0), ok && desired != want); \
		return ok;                                                                 \
	}                                                                                  \
	bool __tsan_atomic##bits##_compare_exchange_strong(volatile void *a, void *c, T v, \
							    int mo, int fail_mo)           \
	{                                                                                  \
		(void)fail_mo;                                                             \
		return cas##bits(a, c, v, SNC_CALLER_PC, mo);                              \
	}                                                                                  \
	bool __tsan_atomic##bits##_compare_exchange_weak(volatile void *a, void *c, T v,   \
							  int mo, int fail_mo)             \
	{                                                                                  \
		(void)fail_mo;                                                             \
		return cas##bits(a, c, v, SNC_CALLER_PC, mo);                              \
	}                                                                                  \
	T __tsan_atomic##bits##_compare_exchange_val(volatile void *a, T c, T v, int mo,   \
						      int fail_mo)                         \
	{                                                                                  \
		(void)fail_mo;                                                             \
		cas##bits(a, &c, v, SNC_CALLER_PC, mo);                                    \
		return c;                                                                  \
	}

/* The types gcc declares for these hooks as builtins (it checks them whenever a sanitizer
 * is enabled); libtsan's header says char/short/int/long, the same registers. */
ATOMIC_HOOKS(8, uint8_t)
ATOMIC_HOOKS(16, uint16_t)
ATOMIC_HOOKS(32, uint32_t)
ATOMIC_HOOKS(64, uint64_t)

static __attribute__((noinline)) void on_fence(int mo, uintptr_t pc)
{
	struct sched_thread *self = sched_enter();
	struct snc_trace_entry *e;

	if (ORDER(mo) == ORDER_SEQ_CST)
		snc_run.out->thread[self->id].seq_cst_fences++;
	/* Not a scheduling point: a fence changes no sequentially consistent interleaving. */
	e = trace_add(self, SNC_TRACE_FENCE, NULL, 0, pc);
	if (e)
		e->order = (uint8_t)ORDER(mo);
	sched_leave(self);
}

void __tsan_atomic_thread_fence(int mo)
{
	if (SNC_IN_RUN())
		on_fence(mo, SNC_CALLER_PC);
	if (ORDER(mo) == ORDER_SEQ_CST)
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	else
		__atomic_thread_fence(__ATOMIC_ACQ_REL);
}

/* Orders a thread against its own signal handlers only: nothing to schedule or count. */
void __tsan_atomic_signal_fence(int mo)
{
	(void)mo;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}
