/* guard.c: a run never hangs the tool and, on request, survives a crash of an operation.
 *
 * Backstop: an ITIMER_REAL timer with SIGALRM at its default action kills the process if a
 * run outlives timeout_ms (an operation stuck in a real blocking system call, a lock taken
 * by code we do not interpose). The parent sees the child die of SIGALRM. A process has
 * one ITIMER_REAL: if the caller armed it (the classifier's per-execution timeout), the
 * sooner deadline wins during the run and the caller's timer is re-armed afterwards with
 * what is left of it. A solo run without a timeout_ms arms none: the caller's timer is its
 * only backstop.
 *
 * Crashes: with catch_crashes, fatal signals raised by a thread of the run are recorded as
 * SNC_SCHED_CRASHED and the run aborts like a deadlock (the calling thread unwinds, a
 * faulting helper parks). A fault outside a run restores the previous handler and returns,
 * so the instruction faults again under it (default action, or ASan's report). Handlers run
 * with SA_NODEFER so that unwinding with longjmp leaves no signal blocked. There is no
 * alternate signal stack: a stack overflow still kills the process. Installed with the real
 * sigaction: they need no wrapper (interpose_signal.c).
 */
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "real.h"
#include "sched_internal.h"

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP };
enum { NFATAL = sizeof fatal_signals / sizeof fatal_signals[0] };

static struct sigaction saved_fatal[NFATAL];
static struct sigaction saved_alarm;
static struct itimerval saved_timer;
static struct timespec armed_at;

static void restore_fatal(void)
{
	for (int i = 0; i < NFATAL; i++)
		real.sigaction(fatal_signals[i], &saved_fatal[i], NULL);
}

static void on_fatal_signal(int sig, siginfo_t *info, void *context)
{
	struct sched_thread *self = snc_sched_member;

	(void)info;
	(void)context;
	if (!self) {
		restore_fatal();
		return;
	}
	snc_sched_self = NULL;
	snc_run.out->crash_signal = sig;
	snc_run.out->crash_thread = self->id;
	sched_abort(self, SNC_SCHED_CRASHED);
}

void guard_arm(const struct snc_sched_options *opt)
{
	struct sigaction sa;
	struct itimerval timer = { .it_value = {
		.tv_sec = opt->timeout_ms / 1000, .tv_usec = (opt->timeout_ms % 1000) * 1000 } };

	memset(&sa, 0, sizeof sa);
	if (opt->timeout_ms) {
		sa.sa_handler = SIG_DFL;
		real.sigaction(SIGALRM, &sa, &saved_alarm);
		clock_gettime(CLOCK_MONOTONIC, &armed_at);
		setitimer(ITIMER_REAL, &timer, &saved_timer);
		if (timerisset(&saved_timer.it_value) &&
		    timercmp(&saved_timer.it_value, &timer.it_value, <))
			setitimer(ITIMER_REAL, &saved_timer, NULL);
	}
	if (!opt->catch_crashes)
		return;
	sa.sa_sigaction = on_fatal_signal;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	for (int i = 0; i < NFATAL; i++)
		real.sigaction(fatal_signals[i], &sa, &saved_fatal[i]);
}

/* What is left of the caller's timer (at least 1 us: it expired during the run). */
static struct itimerval callers_timer_left(void)
{
	struct itimerval left = saved_timer;
	struct timespec now;
	struct timeval elapsed;

	if (!timerisset(&left.it_value))
		return left;
	clock_gettime(CLOCK_MONOTONIC, &now);
	elapsed.tv_sec = now.tv_sec - armed_at.tv_sec;
	elapsed.tv_usec = (now.tv_nsec - armed_at.tv_nsec) / 1000;
	if (elapsed.tv_usec < 0) {
		elapsed.tv_sec--;
		elapsed.tv_usec += 1000000;
	}
	if (timercmp(&left.it_value, &elapsed, >))
		timersub(&left.it_value, &elapsed, &left.it_value);
	else
		left.it_value = (struct timeval){ .tv_usec = 1 };
	return left;
}

void guard_disarm(const struct snc_sched_options *opt)
{
	if (opt->timeout_ms) {
		struct itimerval left = callers_timer_left();
		setitimer(ITIMER_REAL, &left, NULL);
		real.sigaction(SIGALRM, &saved_alarm, NULL);
	}
	if (opt->catch_crashes)
		restore_fatal();
}
