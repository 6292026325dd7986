/* run.c: snc_sched_run, one schedule of two operations.
 *
 * The calling thread is thread 0 and runs op0; the helper (worker.c) is thread 1 and runs
 * op1, so thread-local state keeps its meaning in both operations; both are kept on one CPU
 * for the run (cpu.c). The run state is reset, the thread that starts gets the baton, and
 * the calling thread returns once both operations finished, or unwinds here with longjmp
 * when the run aborts.
 */
#include <errno.h>
#include <string.h>
#include "real.h"
#include "sched_internal.h"

enum {
	DEFAULT_MAX_STEPS = 1000000,
	DEFAULT_FAIRNESS_BOUND = 1000,
	DEFAULT_STALL_BOUND = 100000,
	DEFAULT_TIMEOUT_MS = 10000,
};

struct sched_thread sched_calling_thread = { .id = 0 };
bool sched_run_active;

/* An archive member is linked only for a symbol still undefined when the archive is scanned.
 * With the library under test after libsnc_sched.a on a link line, or a library that
 * defines the same functions before it (libasan intercepts sem_wait and pthread_mutex_lock),
 * our interposers would silently lose. Every program that runs schedules links this file;
 * these references to symbols only snc_sched defines pull in every hook and interposer. */
void __tsan_read1(void *addr);
uint32_t __tsan_atomic32_load(const volatile void *a, int mo);
unsigned __int128 __tsan_atomic128_load(const volatile void *a, int mo);
extern const char snc_sched_interposes_locks[], snc_sched_interposes_sem[],
	snc_sched_interposes_cond[], snc_sched_interposes_yield[], snc_sched_interposes_signal[],
	snc_sched_interposes_once[];
static const void *const link_all_hooks[] __attribute__((used)) = {
	(const void *)__tsan_read1, (const void *)__tsan_atomic32_load,
	(const void *)__tsan_atomic128_load, snc_sched_interposes_locks, snc_sched_interposes_sem,
	snc_sched_interposes_cond, snc_sched_interposes_yield, snc_sched_interposes_signal,
	snc_sched_interposes_once,
};

const char *snc_sched_status_name(enum snc_sched_status status)
{
	switch (status) {
	case SNC_SCHED_RUNNING: return "running";
	case SNC_SCHED_COMPLETED: return "completed";
	case SNC_SCHED_DEADLOCK: return "deadlock";
	case SNC_SCHED_LIVELOCK: return "livelock";
	case SNC_SCHED_CRASHED: return "crashed";
	}
	return "unknown";
}

static void reset_thread(struct sched_thread *t)
{
	t->state = THREAD_NOT_STARTED;
	t->blocked_release_seq = 0;
	t->blocked_change_seq = 0;
	t->cond = NULL;
	t->cond_signalled = false;
	t->timed = false;
	t->must_time_out = false;
	t->depth = 0;
	t->write_addr = NULL;
	sched_forget_history(t);
}

void sched_prepare(const struct snc_schedule *s, const struct snc_sched_options *opt,
		   struct snc_sched_result *out, struct sched_thread *second)
{
	struct sched_run *r = &snc_run;

	memset(out, 0, sizeof *out);
	r->epoch++;
	if (r->epoch == 0)         /* 0 means "no baton" in a baton word */
		r->epoch = 1;
	r->schedule = *s;
	memset(&r->opt, 0, sizeof r->opt);
	if (opt)
		r->opt = *opt;
	if (!r->opt.max_steps)
		r->opt.max_steps = DEFAULT_MAX_STEPS;
	if (!r->opt.fairness_bound)
		r->opt.fairness_bound = DEFAULT_FAIRNESS_BOUND;
	if (!r->opt.stall_bound)
		r->opt.stall_bound = DEFAULT_STALL_BOUND;
	if (!r->opt.timeout_ms)
		r->opt.timeout_ms = DEFAULT_TIMEOUT_MS;
	if (!r->opt.trace)
		r->opt.trace_capacity = 0;
	r->out = out;
	r->thread[0] = &sched_calling_thread;
	r->thread[1] = second;
	reset_thread(r->thread[0]);
	reset_thread(r->thread[1]);
	r->switches_done = 0;
	r->remaining = s->nswitches ? s->budget[0] : 0;
	r->consecutive = 0;
	r->release_seq = 0;
	r->change_seq = 0;
	r->aborting = false;
	r->solo = false;
}

/* Kept out of snc_sched_run so that nothing live across setjmp is modified. */
static __attribute__((noinline)) void run_calling_thread(void (*op0)(void *), void *arg0)
{
	struct sched_run *r = &snc_run;

	if (r->schedule.first_thread == 1) {
		baton_pass(r->thread[1], r->epoch);
		baton_wait(r->thread[0], r->epoch);
		if (r->aborting)
			return;
	}
	r->thread[0]->state = THREAD_RUNNABLE;
	snc_sched_self = r->thread[0];
	op0(arg0);
	snc_sched_self = NULL;
	sched_finish(r->thread[0]);
}

int snc_sched_run(const struct snc_schedule *s, void (*op0)(void *), void *arg0,
		  void (*op1)(void *), void *arg1, const struct snc_sched_options *opt,
		  struct snc_sched_result *out)
{
	struct sched_run *r = &snc_run;
	cpu_set_t previous_cpus;
	bool pinned;
	int cpu;

	if (!s || s->first_thread > 1 || s->nswitches > SNC_SCHED_MAX_SWITCHES || !op0 || !op1 ||
	    !out) {
		errno = EINVAL;
		return -1;
	}
	if (sched_run_active) {
		errno = EBUSY;
		return -1;
	}
	real_resolve();
	cpu = worker_thread() ? worker_cpu() : sched_getcpu();
	pinned = cpu_pin_calling_thread(cpu, &previous_cpus) == 0;
	if (worker_ensure(pinned ? cpu : -1) != 0) {
		if (pinned)
			cpu_restore_calling_thread(&previous_cpus);
		return -1;
	}
	sched_run_active = true;
	sched_prepare(s, opt, out, worker_thread());
	worker_set_job(op1, arg1);
	sched_calling_thread.stack_hi = (uintptr_t)__builtin_frame_address(0);
	snc_sched_member = &sched_calling_thread;
	guard_arm(&r->opt);
	if (setjmp(r->unwind) == 0)
		run_calling_thread(op0, arg0);
	snc_sched_self = NULL;
	snc_sched_member = NULL;
	guard_disarm(&r->opt);
	if (r->aborting) {
		enum sched_thread_state helper = r->thread[1]->state;
		if (helper != THREAD_NOT_STARTED && helper != THREAD_FINISHED)
			worker_mark_lost();
	} else {
		out->status = SNC_SCHED_COMPLETED;
	}
	if (pinned)
		cpu_restore_calling_thread(&previous_cpus);
	sched_run_active = false;
	return (int)out->status;
}
