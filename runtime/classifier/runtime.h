/* runtime.h: what the files of the runtime share (not part of the public harness API).
 *
 * The runtime is the main() of every harness program. It turns the declared operations
 * into *instances* (an op with concrete argument values), enumerates *states* (instance
 * sequences applied to a fresh setup), runs every instance alone and every ordered pair
 * of instances from each state in forked children, and folds the outcomes into one
 * verdict per pair of operations (classify.c), stored through the db component.
 */
#ifndef SNC_RUNTIME_H
#define SNC_RUNTIME_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include "snc.h"

#define SNC_VERSION_STRING "0.1.0"

struct runtime_options {
	const char *db_path;
	int64_t run_id;            /* 0: this program records its own run */
	const char *source;        /* harness source, for the record */
	const char *run_args;      /* command line to record when recording our own run */
	int depth;
	int max_states;
	int64_t max_executions;    /* start no state after this many executions (0: none) */
	int boundary;              /* saturate each op up to this many calls (0: no boundary
				      states; boundary.c) */
	uint64_t seed;
	int timeout_ms;            /* 0: the harness's or the default */
	int repeats;
	int jobs;                  /* executions in flight at once */
	bool blocking_observable;
	bool private_folders;      /* each child in a copy of its parent's folder (sp_folder.c) */
	bool verbose;              /* let executions write to stdout/stderr */
	bool quiet;                /* no progress line, no summary lines */
	bool progress;             /* the progress line even when quiet (snc audit asks) */
	/* The schedules pass (schedules.h): concurrent interleavings of every pair. */
	bool schedules;
	int preemptions;           /* every schedule with at most this many preemptions */
	int pct_samples, pct_depth;   /* then this many PCT samples of depth d */
	int schedule_depth;        /* from states up to this length */
	int max_schedules;         /* cap per pair of instances and state; 0: none */
	bool first_failure;        /* stop a pair of ops at its first failing schedule */
	int schedule_shard_index, schedule_shard_count;   /* --schedule-shard K/N (snc run
				      --shard with --schedules): explore only the pairs of ops that
				      fall to shard K; 0/0: all */
	bool prove;                /* explore the SNC pairs without a heavyweight instruction
				      from their witness states (prove.c) */
	int64_t replay_id;         /* > 0: replay this stored schedule instead of classifying */
	/* The measure pass (measure.h): costs under the snc Valgrind tool. */
	bool measure;
	const char *valgrind_lib;  /* the tool's folder (VALGRIND_LIB); NULL: the default */
	int measure_states;        /* states measured from, at most */
	int worker_plan_fd;        /* >= 0: this process is a measure worker */
	int worker_records_fd;
	/* Resource limits of every child that runs harness code (state_process.h). */
	long memory_limit_mib, cpu_limit_s, process_limit, file_size_limit_mib;
};

int parse_runtime_options(int argc, char **argv, struct runtime_options *opt);

/* An operation with concrete argument values. */
struct instance {
	int op;                    /* index into the harness's ops */
	long args[SNC_MAX_ARGS];
	char call[256];            /* how it reads: add(1); never cut (harness_model_build) */
};

/* Room for a state's label: up to 8 calls (--depth) joined by "; ". */
#define STATE_LABEL_MAX (8 * (sizeof ((struct instance *)0)->call + 2))

struct harness_model {
	const struct snc_harness *def;
	int nops;
	int arity[64];
	bool keeps_no_state[64];   /* the op is named in .stateless_ops */
	bool keeps_no_own_state[64];   /* ... or in .local_ops */
	struct instance *inst;
	int ninst;
};

/* Checks the definition and expands the instances; on error writes a one-line reason. */
int harness_model_build(const struct snc_harness *def, struct harness_model *m, char *err,
			size_t errlen);
void harness_model_free(struct harness_model *m);
int op_arity(enum snc_op_kind kind);
const char *op_returns(enum snc_op_kind kind);
const char *contract_name(enum snc_contract c);
void op_domains_text(const struct snc_op *op, int arity, char *buf, size_t len);

/* What one op did. A crash whose code is a stop signal (SIGSTOP, SIGTSTP, ...) is an op
 * that stopped itself and was killed for it; R_LIMIT's code is an enum sp_limit. */
enum result_kind { R_NOT_RUN = 0, R_VALUE, R_CRASH, R_EXIT, R_BLOCK, R_LIMIT };
struct result {
	uint8_t kind;
	int32_t code;              /* signal number, exit status or limit */
	uint64_t value;
};

/* How a child that ran the op ended (state_process.h), as a result. */
struct sp_end;
void result_from_end(const struct sp_end *end, struct result *r);

/* Calls an instance in this process and returns its raw value (0 for void ops). */
uint64_t call_instance(const struct harness_model *m, const struct instance *in);
/* Runs fn(arg) on a new thread of its own (op_thread.c) and returns once it returned; the
 * thread stays parked until the process ends. */
void run_on_own_thread(void (*fn)(void *), void *arg);
/* The same, waiting at most limit_ms while fn sleeps (computing, or waiting for a CPU, it
 * is waited for): false when fn has not returned by then (it goes on, and the caller must
 * end the process without touching what fn uses). */
bool run_on_own_thread_within(void (*fn)(void *), void *arg, long limit_ms);
/* call_or_block (blocking.c) on a new thread of its own: false when the op blocks. */
bool call_or_block_on_own_thread(const struct harness_model *m, const struct instance *in,
				 struct result *r);
void format_result(const struct harness_model *m, int op, const struct result *r, char *buf,
		   size_t len);
bool results_equal(const struct result *a, const struct result *b);

/* One op alone or two in sequence, from a state; written by the child that ran it. An op
 * alone and the second op of a pair run on a new thread, the first op of a pair on the
 * thread that built the state (op_thread.c). */
#define OBSERVE_SHOWN 8     /* observations kept with an execution, for witnesses */
struct execution {
	volatile uint8_t stage;    /* 1: first op running, 2: second, 3: digest, 4: done */
	struct result first, second;
	uint64_t digest;
	uint8_t has_digest;
	uint8_t block_observed;    /* an op blocks, decided from its behaviour (no timer) */
	uint8_t settle_gave_up;    /* a thread the library started never slept (settle.c) */
	/* Without a harness digest, a pair's digest hashes what the read-like ops returned
	 * after it (observe.c); the first OBSERVE_SHOWN of those values are kept here. */
	uint8_t nobserved;
	uint64_t observed[OBSERVE_SHOWN];
};

/* blocking.c: calls an instance in this forked, single-threaded process under the
 * scheduler alone; true with its value in *r when it returned, false with *r = blocks when
 * its behaviour shows it can never return (a block in code without scheduling points is
 * left to the caller's timer). */
bool call_or_block(const struct harness_model *m, const struct instance *in, struct result *r);
/* The limit an op's sleeps (which return at once under the scheduler) may add up to before
 * it blocks: the per-op limit as confirmed (the executor's, CONFIRM_FACTOR times it). */
void blocking_set_limit(int confirmed_ms);
/* spin_watch.c: while the calling thread runs an op alone under the scheduler, samples its
 * machine state on its CPU clock and ends the solo run as blocked (snc_sched_solo_blocked)
 * when the same state comes back again and again; points is the run's count of scheduling
 * points. Nothing under Valgrind. */
void spin_watch_start(const volatile uint32_t *points);
void spin_watch_stop(void);
/* Reads n bytes of this process at addr into buf without faulting (process_vm_readv):
 * false when they are not all mapped. Async-signal-safe. */
bool read_own_memory(void *buf, uintptr_t addr, size_t n);
/* Has thread t (running an op alone) end its solo run as blocked, through the watch's
 * signal; false when there is no watch (under Valgrind) or the signal cannot be sent. */
bool spin_watch_end_blocked(pthread_t t);
/* sleep_watch.c: thread tid of this process sleeps in an untimed wait on a process-private futex
 * whose word still holds the value it waits on (only a thread of this process can wake
 * it), the same word as at the previous look (*word_at, 0 at the first). */
bool sleep_watch_asleep_for_good(pid_t tid, uintptr_t *word_at);
/* When thread tid of this process sleeps in a system call that waits for time only
 * (nanosleep, a relative clock_nanosleep, poll/ppoll/select/pselect6 without descriptors):
 * how long the sleep is, in milliseconds (LONG_MAX when that cannot be read), and *where
 * (when not NULL) a hash of the call, its arguments, stack pointer and return address; -1
 * when it does not. */
long sleep_watch_timed_sleep_ms(pid_t tid, uint64_t *where);
/* Has thread t (running an op alone, in a timed sleep) sample its state inside the sleep;
 * the same state in SAME_SLEEPS_TO_BLOCK sleeps in a row ends its solo run as blocked. False
 * when there is no watch or the signal cannot be sent. */
bool spin_watch_sample_sleep(pthread_t t);
/* Wakes thread tid of this process (a library's poller, in a short timed sleep) with the
 * watch's signal, whose handler does nothing for it: the sleep ends early, as with any
 * signal, and the thread goes round its loop now rather than when its time is up. False
 * when there is no watch (under Valgrind) or the signal cannot be sent. */
bool spin_watch_wake(pid_t tid);
/* Has thread tid of this process (a library's poller, in a short timed sleep) sample its
 * own state inside that sleep (registers, the memory they point at, its stack), which the
 * signal ends early; *state is a hash of it. False when there is no watch, the signal
 * cannot be sent, or the thread did not answer from inside a system call within 5 ms. */
bool spin_watch_sample_poller(pid_t tid, uint64_t *state);
/* The state letter of thread tid of this process (R running or runnable, S asleep, D, T,
 * t, ...), from /proc/self/task/TID/stat; '\0' when it is gone. Async-signal-safe. */
char thread_state(pid_t tid);
/* Whether a thread in that state letter sleeps (S) or is stopped (t, T). */
bool thread_sleeps(char state);
/* settle.c: waits (at most half a second) until the threads the library started (a pool's
 * workers) sleep and stay asleep, so that the state forked from this process is the same
 * every time; returns at once when there are none. Returns how many there are. */
int settle_library_threads(void);
/* Calls visit for every thread of this process the library started (not the caller, not
 * the process's first thread, which built the state, not one the runtime started), with
 * its state letter and its context switches so far (voluntary and not), until visit
 * returns false; false then, or when the threads cannot be listed. */
bool for_each_library_thread(bool (*visit)(long tid, char state, long switches, void *arg),
			     void *arg);
/* A timed sleep this short (milliseconds) is a round of a polling loop: a thread found in
 * one is a poller (settle.c, outside_idle.c). */
#define POLL_MS_MAX 50
/* outside_idle.c: while an op that runs alone waits for threads it started (a pool's
 * workers): whether those threads can no longer act, so that the op's wait is decided as if
 * it were alone (snc_sched_options.outside_idle); first_look starts a new wait. */
bool outside_threads_idle(bool first_look);
/* Whether a wait ran out (a library thread that never sleeps): no later wait in this process
 * or its children; settle_give_up passes that on to a process that did not see it. */
bool settle_gave_up(void);
void settle_give_up(void);
/* Whether calling the instance now (from this process's state) would block, crash or run
 * past limit_ms: tried in a forked child, this process is left as it was. */
bool call_would_block(const struct harness_model *m, const struct instance *in, int limit_ms);

/* States are sequences of instance indices applied after setup. */
struct state_space {
	int depth;
	int ninst;
	int64_t total;             /* states up to depth, saturating at INT64_MAX */
	int64_t count;             /* states that will be tried */
	int *seq;                  /* count * width entries, -1 padded */
	int *len;
	int width;                 /* entries per state: depth (at least 1), or the longest
				      boundary state */
	int boundary;              /* boundary states added (boundary.c) */
};

int state_space_build(struct state_space *sp, int ninst, int depth, int max_states,
		      uint64_t seed);
void state_space_free(struct state_space *sp);
/* Puts the states after the fresh one in an order the seed decides (a budget of executions
 * then ends on a sample of them, not on the first operations' states). */
void state_space_shuffle(struct state_space *sp, uint64_t seed);
/* boundary.c: saturates each op (its first instance, at most `calls` times from a fresh
 * setup) and adds the states at and one call before the boundary it reaches; then, from the
 * first op's boundary (a full ring), saturates every other op (the drain) and adds its
 * states too. Returns -1 when out of memory. */
int boundary_states_add(struct state_space *sp, const struct harness_model *m, int calls,
			int timeout_ms);
void state_label(const struct harness_model *m, const int *seq, int len, char *buf,
		 size_t len_buf);
/* In a state process (state_process.h): setup(), then the instance sequence. A copy that an
 * operation forked and that returns into the runtime ends there. */
void state_build(const struct harness_model *m, const int *seq, int len);
/* The same with every op under the blocking rule (blocking.c): false as soon as one blocks.
 * *library_threads: the most threads of the library's own seen meanwhile (settle.c). */
bool state_build_or_block(const struct harness_model *m, const int *seq, int len,
			  int *library_threads);
/* The time limit per operation: --timeout, else the harness's .timeout_ms, else 1 s. */
int runtime_timeout_ms(const struct runtime_options *opt, const struct snc_harness *def);
/* The resource limits of the run's children, from its options. */
struct sp_limits;
void runtime_limits(const struct runtime_options *opt, struct sp_limits *limits);

/* The outcome of every execution from one state. Solo executions of instance i are
 * solo[i]; the pair "i then j" is pair[i * ninst + j]. A repeat that disagreed clears
 * deterministic[...] for that execution. */
struct state_outcome {
	enum { STATE_OK, STATE_CRASH, STATE_EXIT, STATE_BLOCK, STATE_LIMIT } status;
	int code;
	uint64_t digest;
	bool has_digest;
	struct execution *solo, *pair;
	uint8_t *solo_det, *pair_det;
	const int *observe;        /* the instances that observed the pairs (observe.c) */
	int nobserve;
};

struct executor;
struct executor *executor_new(const struct harness_model *m, const struct runtime_options *opt,
			      int timeout_ms);
void executor_free(struct executor *ex);
/* Builds the state in a forked process and runs every execution from it. */
const struct state_outcome *executor_run_state(struct executor *ex, const int *seq, int len);
int64_t executor_executions(const struct executor *ex);
/* The most threads of the library's own a state process held once its state was built. */
int executor_library_threads(const struct executor *ex);

/* Which instances observe the state when the harness has no digest, or one that is not
 * complete with .observe_ops (observe.c): those of the *read-like* ops, found by running
 * them (a non-void op that, in every state seen so far, returned a value alone, repeated
 * it, and changed what no op run after it returns), then those that *drain* (returned a
 * value alone and repeated it in every state, not a heap pointer, but change something). */
struct observer;
struct observer *observer_new(const struct harness_model *m);
void observer_free(struct observer *o);
void observer_add_state(struct observer *o, const struct state_outcome *so);
/* Points inst at the observing instances (valid until the next call), returns how many. */
int observer_instances(struct observer *o, const int **inst);
/* The executor runs them, in this order, after the second op of every pair (on a new
 * thread; with .observe_ops after every execution) and hashes their results into the
 * pair's digest. */
void executor_observe(struct executor *ex, const int *inst, int n);
/* The discovery run (runner.c): only the pairs begun by the instances marked in firsts run,
 * and only the solo executions repeat: all that observer_add_state reads. NULL: every
 * execution again. */
void executor_discover(struct executor *ex, const bool *firsts);
/* Per instance: could it be read-like (observer_add_state reads the pairs it begins)? Valid
 * until the observer is freed. */
const bool *observer_candidates(struct observer *o);
/* "member(0) = false; member(1) = true" for an execution's kept observations. */
void observed_text(const struct harness_model *m, const int *inst, int n,
		   const struct execution *e, char *buf, size_t len);

/* Preconditions (preconditions.c): does an op's result alone from a state say the state
 * violates its precondition (crash, exit, or a block that is not observable)? */
bool precondition_violated(const struct result *alone, bool blocking_observable);
struct preconditions;
struct preconditions *preconditions_new(const struct harness_model *m, bool blocking_observable);
void preconditions_free(struct preconditions *p);
void preconditions_add_state(struct preconditions *p, const char *label,
			     const struct state_outcome *so);
struct snc_db;
int preconditions_store(const struct preconditions *p, struct snc_db *db, int64_t harness_id,
			const int64_t *op_ids);

/* Folds per-state outcomes into verdicts. */
struct classifier;
struct classifier *classifier_new(const struct harness_model *m, bool blocking_observable);
void classifier_add_state(struct classifier *c, const char *label,
			  const struct state_outcome *so);
struct snc_db;
int classifier_store(struct classifier *c, struct snc_db *db, int64_t harness_id,
		     const int64_t *op_ids);
void classifier_free(struct classifier *c);

/* A single line on stderr, redrawn in place, only when stderr is a terminal (progress.c):
 * progress_update sets the pass's phase, progress_detail adds what the pass is waiting
 * for to the newest line (nothing when there is none or it is off). */
struct progress;
struct progress *progress_new(bool enabled);
void progress_update(struct progress *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void progress_detail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void progress_done(struct progress *p);
/* Whether the options ask for the progress line (it is drawn only on a terminal). */
#define progress_wanted(opt) (!(opt)->quiet || (opt)->progress)

#endif
