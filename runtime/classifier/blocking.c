/* blocking.c: whether an operation blocks, decided from its behaviour.
 *
 * An execution child is a forked, single-threaded process: nothing but the operation itself
 * can ever change what it waits for. So the operation runs under the scheduler alone
 * (snc_sched_solo): every instrumented access, atomic and interposed lock, condition
 * variable, semaphore, once, yield or sleep is a step the scheduler sees, and it says
 * `blocks` as soon as the operation waits for something nobody can release (a lock held,
 * a condition never signalled: at once) or re-reads unchanged memory for the stall bound
 * (a spin-wait: about a hundred thousand repeated points, a few milliseconds). A poll that
 * gives up after fewer rounds returns, as it would alone. Decided this way, a block is the
 * same in every run of the execution, so it needs no confirmation.
 *
 * Code without scheduling points (not compiled with -fsanitize=thread: libc, a library built
 * without the instrumentation, inline asm such as Concurrency Kit's loads) cannot be watched
 * step by step. A spin there is told from the thread's machine state instead (spin_watch.c:
 * the same registers and memory, sampled again and again on its CPU clock) and decided the
 * same way, without confirmation. A sleep there in an untimed futex wait on this process's
 * memory (a lock on raw futexes, liburcu's waits, a lock libc takes internally) is read from what the
 * kernel says the op thread waits for (sleep_watch.c), and decided the same way. Any other
 * block inside it, say in another system call, is still caught by the executor's per-op
 * timer (--timeout), confirmed as before.
 *
 * The measure pass calls an instance again and again in one process; its plan says whether
 * the next call blocks, as the classifier decided it; when the plan cannot say,
 * call_would_block lets it find out first, in a throw-away child, whether the next call would
 * ever return (in the measure build, which has no scheduling points, only the timer can tell).
 *
 * SNC_BLOCKING_RULE=timer in the environment restores the timer as the only rule (operations
 * are called directly, not under the scheduler nor watched); bench/schedules_bench uses it
 * to measure what the rule saves. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "runtime.h"
#include "snc_sched.h"
#include "state_process.h"

struct solo_call {
	const struct harness_model *m;
	const struct instance *in;
	uint64_t value;
};

static void run_instance(void *arg)
{
	struct solo_call *c = arg;
	c->value = call_instance(c->m, c->in);
}

/* How an op runs alone: the threads it started are looked at when it waits
 * (outside_idle.c), and its sleeps count against the confirmed limit (blocking_set_limit). */
static struct snc_sched_options alone = { .outside_idle = outside_threads_idle };

void blocking_set_limit(int confirmed_ms)
{
	alone.sleep_limit_ms = confirmed_ms > 0 ? (uint32_t)confirmed_ms : 0;
}

/* The op alone under the scheduler, its thread's machine state sampled meanwhile
 * (spin_watch.c); false when the scheduler could not run it. */
static bool solo_watched(struct solo_call *c, struct snc_sched_result *res)
{
	int status;
	spin_watch_start(&res->steps);
	status = snc_sched_solo(run_instance, c, &alone, res);
	spin_watch_stop();
	return status >= 0;
}

static bool timer_only;

/* SNC_BLOCKING_RULE=timer: the per-op timer is the only rule (benchmarks compare). Read
 * once at start-up: an execution child that wrote the flag would copy its page. */
static void __attribute__((constructor)) read_blocking_rule(void)
{
	const char *rule = getenv("SNC_BLOCKING_RULE");
	timer_only = rule && strcmp(rule, "timer") == 0;
}

bool call_or_block(const struct harness_model *m, const struct instance *in, struct result *r)
{
	struct solo_call c = { m, in, 0 };
	struct snc_sched_result res = { 0 };   /* its step count is watched from the start */
	if (timer_only || !solo_watched(&c, &res)) {
		r->value = call_instance(m, in);
		r->kind = R_VALUE;
		return true;
	}
	if (res.status == SNC_SCHED_DEADLOCK) {
		r->kind = R_BLOCK;
		r->code = SIGALRM;    /* as when the timer decides: the same outcome */
		return false;
	}
	r->value = c.value;
	r->kind = R_VALUE;
	return true;
}

bool call_would_block(const struct harness_model *m, const struct instance *in, int limit_ms)
{
	struct sp_options o = { .deadline_ms = limit_ms };
	struct sp_child child;
	pid_t pid = sp_fork(&child, &o);
	if (pid < 0)
		return false;          /* cannot tell: the caller goes on as it would have */
	if (pid == 0) {
		struct result r;
		_exit(call_or_block(m, in, &r) ? 0 : 1);
	}
	struct sp_end end;
	if (sp_wait(&child, 1, &end) < 0)
		return false;
	return end.how != SP_EXITED || end.code != 0;
}
