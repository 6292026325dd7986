/* snc_sched.h: controlled interleavings of two operations (docs/design.md §3).
 *
 * The library under test is compiled with -fsanitize=thread (gcc 12 or clang 14; clang also
 * needs -mllvm -tsan-instrument-read-before-write) but linked WITHOUT libtsan: this module
 * defines the __tsan_* hooks itself. Every instrumented memory access, atomic operation and
 * every interposed lock call is a *scheduling point*. snc_sched_run() runs op0 on the
 * calling thread and op1 on one helper thread, lets exactly one of them run at a time, and
 * switches between them where the schedule says. The explorer enumerates schedules (every
 * schedule with at most P preemptions, fewest first, then PCT samples) from the feedback of
 * earlier runs. Runs are meant to happen in a forked, single-threaded child per schedule:
 * heap and stack addresses are then identical across runs, so a schedule replays exactly.
 *
 * This header is internal to the runtime component (the classifier includes it); the
 * user-facing harness API stays in snc.h. See docs/schedules.md.
 */
#ifndef SNC_SCHED_H
#define SNC_SCHED_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- schedules -------------------------------------------------------------------- */

#define SNC_SCHED_MAX_SWITCHES 32

/* A schedule: thread `first_thread` starts; then, for each i < nswitches, budget[i]
 * scheduling points pass and the running thread is preempted at the next one. Only points
 * at which the other thread could run are counted (see docs/schedules.md). After the last
 * preemption the threads run to completion, switching only when one finishes or blocks. */
struct snc_schedule {
	uint8_t first_thread;
	uint16_t nswitches;
	uint32_t budget[SNC_SCHED_MAX_SWITCHES];
};

/* "T" or "T:b1,b2,...": e.g. "0:3,5". Big enough for any schedule plus the NUL. */
#define SNC_SCHEDULE_STRING_MAX (3 + SNC_SCHED_MAX_SWITCHES * 11)

/* Writes the string form; returns its length, or -1 if it does not fit in `size`. */
int snc_schedule_format(const struct snc_schedule *s, char *buf, size_t size);
/* Parses the string form; returns 0, or -1 (and leaves *out unspecified) when malformed. */
int snc_schedule_parse(const char *text, struct snc_schedule *out);

/* ---- traces --------------------------------------------------------------------------- */

enum snc_trace_kind {
	SNC_TRACE_READ = 1,      /* plain read: value = value read (memory peeked at the hook) */
	SNC_TRACE_WRITE,         /* plain write: value = old, value2 = new (SNC_TRACE_VALUE2) */
	SNC_TRACE_ATOMIC_LOAD,   /* value = value loaded */
	SNC_TRACE_ATOMIC_STORE,  /* value = old, value2 = stored */
	SNC_TRACE_ATOMIC_RMW,    /* op = enum snc_trace_rmw; value = old, value2 = operand */
	SNC_TRACE_ATOMIC_CAS,    /* value = old, value2 = desired; SNC_TRACE_CAS_OK on success */
	SNC_TRACE_FENCE,         /* order = the fence's memory order */
	SNC_TRACE_LOCK,          /* acquired: op = enum snc_trace_sync, addr = the object */
	SNC_TRACE_LOCK_BUSY,     /* attempt failed, the thread blocks: op, addr as LOCK */
	SNC_TRACE_UNLOCK,        /* released: op, addr as LOCK */
	SNC_TRACE_COND_WAIT,     /* addr = the condition variable, value = the mutex */
	SNC_TRACE_COND_SIGNAL,   /* addr = the condition variable; op = SIGNAL or BROADCAST */
	SNC_TRACE_YIELD,         /* sched_yield / sleeps: a free switch, time is not modelled */
	SNC_TRACE_FUNC_ENTRY,    /* an instrumented function was entered (not a point) */
	SNC_TRACE_SWITCH,        /* marker: op = enum snc_trace_switch; thread = the one leaving */
};

enum snc_trace_rmw {
	SNC_RMW_EXCHANGE = 1, SNC_RMW_ADD, SNC_RMW_SUB, SNC_RMW_AND, SNC_RMW_OR, SNC_RMW_XOR,
	SNC_RMW_NAND,
};

enum snc_trace_sync {
	SNC_SYNC_MUTEX = 1, SNC_SYNC_SPIN, SNC_SYNC_RWLOCK_READ, SNC_SYNC_RWLOCK_WRITE,
	SNC_SYNC_RWLOCK,         /* unlock of either kind */
	SNC_SYNC_SEM, SNC_SYNC_SIGNAL, SNC_SYNC_BROADCAST,
	SNC_SYNC_ONCE,           /* pthread_once: acquire = claim or wait, release = done */
};

enum snc_trace_switch {
	SNC_SWITCH_PREEMPT = 1,  /* the schedule's preemption */
	SNC_SWITCH_SPIN,         /* a spin-wait was recognized: the spinning thread blocks */
	SNC_SWITCH_FAIRNESS,     /* forced by the fairness rule */
};

enum {
	SNC_TRACE_VALUE = 1,     /* `value` is known */
	SNC_TRACE_VALUE2 = 2,    /* `value2` is known */
	SNC_TRACE_CAS_OK = 4,
};

/* One trace entry per scheduling point passed (plus function entries and switch markers).
 * Values are little-endian zero-extended contents for sizes up to 8 bytes. */
struct snc_trace_entry {
	uintptr_t pc;            /* the instrumented code's address (return address of the hook) */
	uintptr_t addr;          /* memory or synchronization object; 0 for fences */
	uint64_t value;
	uint64_t value2;
	uint32_t step;           /* points passed by both threads so far, this one included */
	uint32_t size;           /* access size in bytes; 0 when not an access */
	uint8_t thread;
	uint8_t kind;            /* enum snc_trace_kind */
	uint8_t op;              /* enum snc_trace_rmw / snc_trace_sync / snc_trace_switch */
	uint8_t order;           /* memory order as passed by the compiler (0..5) */
	uint8_t flags;           /* SNC_TRACE_* flags */
	uint8_t depth;           /* call depth of instrumented functions, for FUNC_ENTRY */
	uint8_t reserved[2];     /* zero: keeps entries byte-comparable */
};

/* Prints the trace as two columns (thread 0 left, thread 1 right), one line per entry, with
 * source lines and global variable names resolved for the running executable; repeated
 * cycles (spin loops) are folded (lines through libdw, in this process); returns 0, or -1 on
 * an output error. */
int snc_trace_print(FILE *out, const struct snc_trace_entry *trace, size_t n);

/* One trace entry in words, as snc_trace_print writes it (for storing a trace). */
struct snc_trace_words {
	const char *kind;          /* read, write, load, store, rmw, cas, fence, lock, lock-busy,
				    * unlock, cond-wait, cond-signal, yield, call, switch */
	char access[160];          /* "read counter = 0", "thread 0 preempted" */
	char place[256];           /* "racy_inc fixtures.c:9"; empty for calls and switches */
	char variable[96];         /* "counter", "bits+3"; empty without memory */
	bool writes;               /* it writes its memory (a lock operation writes its lock) */
};
/* trace[0..n) in words, into words[0..n), resolving the code addresses once. Returns 0, or
 * -1 when out of memory. */
int snc_trace_words(const struct snc_trace_entry *trace, size_t n, struct snc_trace_words *words);

/* ---- running one schedule ---------------------------------------------------------------- */

enum snc_sched_status {
	SNC_SCHED_RUNNING = 0,   /* still running: seen only by a parent reading shared memory */
	SNC_SCHED_COMPLETED,
	SNC_SCHED_DEADLOCK,      /* a thread blocked (or spun without progress) and the other
				  * can never release it */
	SNC_SCHED_LIVELOCK,      /* more than max_steps scheduling points */
	SNC_SCHED_CRASHED,       /* a fatal signal in one of the operations */
};

const char *snc_sched_status_name(enum snc_sched_status status);

struct snc_sched_options {
	uint32_t max_steps;        /* livelock bound on points passed; 0: 1,000,000 */
	uint32_t fairness_bound;   /* a free switch after this many consecutive preemptible
				    * points of one thread; 0: 1000 */
	uint32_t stall_bound;      /* a thread that re-reads unchanged memory this many times,
				    * with the other unable to run, blocks: deadlock; 0: 100,000 */
	uint32_t timeout_ms;       /* backstop: SIGALRM kills the process; 0: 10,000 */
	bool catch_crashes;        /* report a fatal signal as SNC_SCHED_CRASHED and return */
	bool trace_calls;          /* also record FUNC_ENTRY entries */
	struct snc_trace_entry *trace;   /* NULL: no trace */
	uint32_t trace_capacity;   /* entries beyond it are counted in trace_dropped */
	/* Solo runs: asked, each time the op cannot go on while the process has threads
	 * outside the run (which might end its wait), whether those threads can no longer act
	 * (first_look: the first time in this wait); true decides the wait as if the op were
	 * alone. NULL: the op sleeps and tries again until the caller's timer. */
	bool (*outside_idle)(bool first_look);
	/* Solo runs: a thread whose sleeps (which return at once) ask for more than this in
	 * all, with no change of memory between, blocks; 0: only stall_bound decides. */
	uint32_t sleep_limit_ms;
};

struct snc_sched_thread_stats {
	uint32_t points;           /* scheduling points passed */
	uint32_t rmw;              /* atomic read-modify-writes (exchange, fetch_*, CAS) */
	uint32_t seq_cst_fences;   /* __atomic_thread_fence(seq_cst) and __sync_synchronize */
	uint32_t seq_cst_stores;   /* seq_cst atomic stores (an xchg on x86) */
	uint32_t lock_acquisitions;
	bool finished;
	uint8_t reserved[3];
};

struct snc_sched_result {
	uint32_t status;           /* enum snc_sched_status */
	int32_t crash_signal;      /* with SNC_SCHED_CRASHED */
	int32_t crash_thread;
	uint32_t steps;            /* points passed by both threads */
	uint32_t preemptions;      /* preemptions of the schedule actually taken */
	uint32_t blocking_switches;   /* a thread blocked (lock, condition, semaphore) or yielded */
	uint32_t spin_switches;       /* a thread was found spin-waiting */
	uint32_t fairness_switches;
	uint32_t preemptible_points;   /* points at which the other thread could have run */
	uint32_t tail_points;      /* ... of those, after the last preemption: explorer feedback */
	struct snc_sched_thread_stats thread[2];
	uint32_t trace_len;
	uint32_t trace_dropped;
};

/* Runs op0(arg0) on the calling thread and op1(arg1) on a helper thread under schedule `s`.
 * Call it in a forked single-threaded child; `out` (and opt->trace) may live in MAP_SHARED
 * memory: they are updated as the run goes, so a parent can read how far a killed child got.
 * Returns the status (also in out->status), or -1 with errno set (bad schedule, a run already
 * active, no helper thread). After DEADLOCK, LIVELOCK or CRASHED the operations were
 * abandoned mid-way (locks stay held): the process should report and exit. opt may be NULL. */
int snc_sched_run(const struct snc_schedule *s, void (*op0)(void *), void *arg0,
		  void (*op1)(void *), void *arg1, const struct snc_sched_options *opt,
		  struct snc_sched_result *out);

/* Runs op(arg) alone on the calling thread, under the scheduler but with no other thread
 * (no helper is created; the process stays single-threaded), to decide from its behaviour
 * whether it blocks: it does when it waits for a lock, semaphore, condition variable or
 * once-routine that nobody can release, or re-reads unchanged memory stall_bound times
 * (time is not modelled: sleeps and yields return at once; timed waits that can never
 * succeed return ETIMEDOUT). Returns SNC_SCHED_COMPLETED, SNC_SCHED_DEADLOCK (the op blocks;
 * it was abandoned with longjmp and its locks stay held), SNC_SCHED_LIVELOCK (more than
 * max_steps points, when max_steps is set; 0 means no limit here), SNC_SCHED_CRASHED (with
 * catch_crashes), or -1 with errno set (a run already active). Only the thread and its
 * points are counted in out; no backstop timer unless timeout_ms is set; opt may be NULL.
 * Code not compiled with -fsanitize=thread has no
 * points: blocking inside it is left to the caller's timer (or the backstop). */
int snc_sched_solo(void (*op)(void *), void *arg, const struct snc_sched_options *opt,
		   struct snc_sched_result *out);

/* On the thread of a solo run, from a signal handler that interrupted its op (the
 * classifier's spin watch): the op spins in code without scheduling points on memory that
 * nothing else changes. Ends the run as SNC_SCHED_DEADLOCK (snc_sched_solo returns it; this
 * does not return) when a solo run is under way on this thread and the process has no
 * thread outside it that might act; otherwise returns and nothing is decided. */
void snc_sched_solo_blocked(void);

/* The real-time signal the spin watch ticks with, reserved by the runtime: harness code's
 * sigaction() on it fails with EINVAL (glibc reserves its own the same way), so that it can
 * neither take the ticks nor make them kill the process. Installs handler for it (with
 * SA_SIGINFO, SA_NODEFER so that ending a run from it leaves nothing blocked, SA_RESTART)
 * and returns the signal, or -1. */
int snc_sched_watch_signal_install(void (*handler)(int, siginfo_t *, void *));

/* ---- exploring schedules --------------------------------------------------------------- */

struct snc_explore_options {
	uint32_t max_preemptions;  /* P: every schedule with <= P preemptions (<= MAX_SWITCHES) */
	uint32_t max_schedules;    /* cap on the exhaustive phase; 0: none */
	uint32_t pct_samples;      /* PCT schedules sampled after the exhaustive phase */
	uint32_t pct_depth;        /* d: d-1 random change points per sample (>= 1) */
	uint64_t seed;
};

enum snc_explore_step {
	SNC_EXPLORE_DONE = 0,      /* no more schedules */
	SNC_EXPLORE_SCHEDULE,      /* *out holds the next schedule */
	SNC_EXPLORE_WAIT,          /* feed back the runs in flight first */
};

struct snc_explorer;

/* NULL with errno EINVAL when P or d exceed SNC_SCHED_MAX_SWITCHES (d - 1 for PCT). */
struct snc_explorer *snc_explorer_new(const struct snc_explore_options *opt);
void snc_explorer_free(struct snc_explorer *ex);
/* The next schedule, in a fixed order that depends only on the options and the feedback.
 * `ticket` identifies the run for snc_explorer_feedback(). */
enum snc_explore_step snc_explorer_next(struct snc_explorer *ex, struct snc_schedule *out,
					uint32_t *ticket);
/* Feed back each schedule of the exhaustive phase once, in any order (PCT samples need no
 * feedback; it is ignored); res NULL when the run left no result (no children then). */
void snc_explorer_feedback(struct snc_explorer *ex, uint32_t ticket,
			   const struct snc_sched_result *res);
/* true once the exhaustive phase enumerated every schedule within the bound (no cap hit). */
bool snc_explorer_exhaustive(const struct snc_explorer *ex);

/* Threads of the process that cannot act while a solo run is under way (the runtime's own:
 * one waiting for the op's thread, those parked after their op): a solo run decides a block
 * only when the process has no thread beyond these and the op's own. */
extern int snc_sched_quiet_threads;
/* The process's thread count, field 20 of /proc/self/stat (after the command's closing
 * parenthesis); -1 when it cannot be read. Async-signal-safe: the spin watch asks too. */
int snc_sched_thread_count(void);

/* The threads the runtime started in this process (thread_ids.c): the calling thread is
 * one; is id (a kernel thread id) one of them? */
void snc_thread_ids_add_self(void);
bool snc_thread_id_known(int32_t id);

#endif
