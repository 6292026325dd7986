/* sched_internal.h: what the files of the scheduler share.
 *
 * One run at a time per process. Only the thread holding the baton touches the run state, so
 * it is plain memory; the baton handoff (baton.c) orders it. A thread executing its operation
 * has `snc_sched_self` set; hooks test that one thread-local pointer and are otherwise plain
 * accesses. It is NULL while the thread is inside the scheduler (so nothing re-enters it) and
 * while a signal handler runs (interpose_signal.c).
 */
#ifndef SNC_SCHED_INTERNAL_H
#define SNC_SCHED_INTERNAL_H

#include <sched.h>
#include <setjmp.h>
#include <stdint.h>
#include "snc_sched.h"

enum sched_thread_state {
	THREAD_NOT_STARTED,      /* runnable: its operation has not begun */
	THREAD_RUNNABLE,
	THREAD_BLOCKED_LOCK,     /* a trylock failed; retried after a release */
	THREAD_BLOCKED_COND,     /* in pthread_cond_wait; runnable once signalled */
	THREAD_SPINNING,         /* spin-waiting; runnable once memory changed */
	THREAD_FINISHED,
};

/* Points passed since the thread last changed memory or was switched in (spin.c). */
enum { SPIN_HISTORY = 16 };

struct sched_thread {
	uint32_t go;             /* baton futex word: the run's epoch when it may run, else 0 */
	uint32_t sleeping;       /* 1 while in futex_wait on `go` */
	int id;                  /* 0: the calling thread, 1: the helper */
	enum sched_thread_state state;
	uint32_t blocked_release_seq;    /* run.release_seq when it blocked on a lock */
	uint32_t blocked_change_seq;     /* run.change_seq when it started spin-waiting */
	const void *cond;
	bool cond_signalled;
	bool timed;              /* blocked in a timed wait: it may time out instead */
	bool must_time_out;      /* woken only to time out */
	uintptr_t stack_hi;      /* accesses in [current frame, stack_hi) are its own locals */
	uint8_t depth;           /* instrumented call depth, for the trace */
	int saved_errno;         /* the operation's errno, kept across scheduler system calls */
	uintptr_t point_pc;      /* the point being passed */
	const void *point_addr;
	uint8_t nquiet, quiet_next;
	uint32_t stalled;        /* repeated quiet points while the other thread cannot run */
	uint64_t slept_ns;       /* solo: time its sleeps asked for since memory last changed */
	uintptr_t quiet_pc[SPIN_HISTORY];
	const void *quiet_addr[SPIN_HISTORY];
	const void *write_addr;  /* a plain write not checked yet: did it change memory? */
	uint32_t write_size;
	uint64_t write_old;
	int64_t write_trace;     /* its trace index, -1 when not traced */
};

struct sched_run {
	uint32_t epoch;          /* distinguishes runs for the baton */
	struct snc_schedule schedule;
	struct snc_sched_options opt;
	struct snc_sched_result *out;
	struct sched_thread *thread[2];
	uint32_t switches_done;  /* scheduled preemptions taken */
	uint32_t remaining;      /* preemptible points left before the next preemption */
	uint32_t consecutive;    /* preemptible points passed since the last switch */
	uint32_t release_seq;    /* counts lock releases, to wake THREAD_BLOCKED_LOCK */
	uint32_t change_seq;     /* counts memory changes, to wake THREAD_SPINNING */
	bool aborting;           /* deadlock/livelock/crash: the calling thread must unwind */
	bool solo;               /* snc_sched_solo: thread 1 never runs */
	jmp_buf unwind;          /* in snc_sched_run, for the calling thread */
};

extern struct sched_run snc_run;
/* run.c: thread 0 of every run, and whether a run (or a solo run) is active. */
extern struct sched_thread sched_calling_thread;
extern bool sched_run_active;
/* Resets the run state for schedule s with `second` as thread 1 (the helper, or in a solo
 * run a thread that never runs); fills in the options' defaults. */
void sched_prepare(const struct snc_schedule *s, const struct snc_sched_options *opt,
		   struct snc_sched_result *out, struct sched_thread *second);
/* Set while the thread runs instrumented code of its operation: the hooks' only test. */
extern __thread struct sched_thread *snc_sched_self __attribute__((tls_model("initial-exec")));
/* Set for the whole time the thread takes part in a run, scheduler code included: tells the
 * crash handler which thread faulted. */
extern __thread struct sched_thread *snc_sched_member __attribute__((tls_model("initial-exec")));

#define SNC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define SNC_IN_RUN() SNC_UNLIKELY(snc_sched_self != NULL)

/* scheduler.c: the calling thread holds the baton; these return when it may go on. */
struct sched_thread *sched_enter(void);      /* hooks: take self, guard against re-entry */
void sched_leave(struct sched_thread *self); /* ... and give it back, errno restored */
/* A scheduling point before an access of `addr` at `pc`; then sched_access_done(). */
void sched_point(struct sched_thread *self, uintptr_t pc, const void *addr);
bool sched_thread_enabled(const struct sched_thread *t);
struct sched_thread *sched_other(const struct sched_thread *self);
void sched_switch_to(struct sched_thread *self, struct sched_thread *to);
_Noreturn void sched_abort(struct sched_thread *self, enum snc_sched_status status);
/* solo.c: in a solo run whose process has threads outside the run (the operation started
 * one), a wait might be ended by one of them: sleeps 1 ms for real and returns true; the
 * caller then resumes as if woken (the timer of the caller stays the limit). */
bool solo_wait_for_outside(void);
void sched_finish(struct sched_thread *self);
bool sched_is_own_stack(const struct sched_thread *self, const void *addr, const void *frame);

/* Spin-waits (spin.c). After the access of a point: did it change memory? */
void sched_access_done(struct sched_thread *self, bool changed);
/* A plain write of `size` bytes at the current point: checked at the next point. */
void sched_note_write(struct sched_thread *self, const void *addr, uint32_t size,
		      int64_t trace_index);
void sched_check_pending_write(struct sched_thread *self);
bool sched_is_spinning(const struct sched_thread *self, uintptr_t pc, const void *addr);
void sched_forget_history(struct sched_thread *self);

/* Blocking (block.c). Return false when the other thread can never unblock us. */
bool sched_block_on_lock(struct sched_thread *self, bool timed);
bool sched_wait_for_signal(struct sched_thread *self, const void *cond, bool timed);
void sched_note_release(struct sched_thread *self);
/* At a point that repeats a quiet one while the other thread cannot run: after stall_bound
 * of them the thread blocks for good (deadlock), unless the other one may time out; returns
 * true when it did (the point is then evaluated again). */
bool sched_stalled(struct sched_thread *self);
/* A sleep of ns nanoseconds that returned at once: in a solo run, past the sleep limit with
 * nothing changed, the thread blocks (sched_abort) unless threads outside might end it. */
void sched_slept(struct sched_thread *self, uint64_t ns);
void sched_yield_point(struct sched_thread *self);   /* after its point: a free switch */

/* Trace (trace_record.c); return the entry or NULL when not tracing or full. */
struct snc_trace_entry *trace_add(struct sched_thread *self, enum snc_trace_kind kind,
				  const void *addr, uint32_t size, uintptr_t pc);
void trace_switch(struct sched_thread *self, enum snc_trace_switch why);
uint64_t trace_peek(const void *addr, uint32_t size);
static inline bool trace_peekable(unsigned long size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

/* Atomic hooks (hooks_atomic.c): count and schedule an atomic operation, then fill its trace
 * entry (e may be NULL) and leave once the caller performed it. */
#define ORDER(mo) ((mo) & 0x7fff)   /* libtsan drops gcc's flag bits (HLE) the same way */
enum { ORDER_SEQ_CST = 5 };
#define BOTH_VALUES (SNC_TRACE_VALUE | SNC_TRACE_VALUE2)
struct sched_thread *atomic_enter(const volatile void *addr, uint32_t size, int mo,
				  enum snc_trace_kind kind, enum snc_trace_rmw op, uintptr_t pc,
				  struct snc_trace_entry **entry);
void atomic_leave(struct sched_thread *self, struct snc_trace_entry *e, uint64_t value,
		  uint64_t value2, uint8_t flags, bool changed);

/* Baton (baton.c). */
void baton_pass(struct sched_thread *to, uint32_t epoch);
void baton_wait(struct sched_thread *self, uint32_t epoch);
void baton_wait_any(struct sched_thread *self);        /* the next run's first handoff */

/* Helper thread (worker.c): runs op1 for each run. Created, if needed, by the calling thread
 * already pinned to `cpu` (-1: not pinned), whose affinity it inherits. */
int worker_ensure(int cpu);
int worker_cpu(void);          /* the CPU of the live helper, -1 if none or unpinned */
void worker_set_job(void (*op)(void *), void *arg);
struct sched_thread *worker_thread(void);
void worker_mark_lost(void);

/* One CPU for both threads (cpu.c). */
int cpu_pin_calling_thread(int cpu, cpu_set_t *previous);
void cpu_restore_calling_thread(const cpu_set_t *previous);

/* Crash capture and the timeout backstop (guard.c). */
void guard_arm(const struct snc_sched_options *opt);
void guard_disarm(const struct snc_sched_options *opt);

/* Interposed blocking calls (acquire.c). A try function returns 0 when it acquired the
 * object, EBUSY when it is taken, another error number otherwise. */
typedef int (*try_acquire_fn)(void *obj);
int sched_acquire(void *obj, enum snc_trace_sync kind, try_acquire_fn try_acquire, bool timed,
		  uintptr_t pc);
int sched_acquire_blocking(struct sched_thread *self, void *obj, enum snc_trace_sync kind,
			   try_acquire_fn try_acquire, bool timed, uintptr_t pc);
int sched_try_acquire(void *obj, enum snc_trace_sync kind, try_acquire_fn try_acquire,
		      uintptr_t pc);
typedef int (*release_fn)(void *obj);
int sched_release(void *obj, enum snc_trace_sync kind, release_fn release, uintptr_t pc);

/* The instrumented code's address: our caller's return address. */
#define SNC_CALLER_PC ((uintptr_t)__builtin_return_address(0))

#endif
