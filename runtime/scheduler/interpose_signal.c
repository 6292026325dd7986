/* interpose_signal.c: instrumented code run by a signal handler is not scheduled.
 *
 * A handler interrupts whichever thread the kernel picks, at any instruction: its accesses
 * are not part of either operation, and scheduling them would make a run depend on signal
 * timing. Every handler installed through sigaction() or signal() is wrapped: the wrapper
 * clears the thread's hook gate (snc_sched_self) for the duration of the handler, so hooks
 * reached from it just perform their access. sigaction() reports the caller's handler, not
 * the wrapper. Handlers installed by raw system calls (sanitizer runtimes) are not wrapped;
 * they are not instrumented either.
 *
 * One real-time signal is the runtime's own: the classifier's spin watch ticks with it
 * (spin_watch.c). Its handler is installed here with the real sigaction, and the harness's
 * sigaction() on that signal fails with EINVAL, as on the signals glibc reserves.
 */
#include <errno.h>
#include <signal.h>
#include "real.h"
#include "sched_internal.h"

const char snc_sched_interposes_signal[] = "sigaction signal";

struct user_handler {
	void (*action)(int, siginfo_t *, void *);
	void (*handler)(int);   /* used when the caller did not ask for SA_SIGINFO */
};

static struct user_handler handlers[_NSIG];

static int watch_signal(void)
{
	return SIGRTMIN + 7;
}

int snc_sched_watch_signal_install(void (*handler)(int, siginfo_t *, void *))
{
	struct sigaction act = { .sa_sigaction = handler,
				 .sa_flags = SA_SIGINFO | SA_NODEFER | SA_RESTART };

	real_resolve();
	sigemptyset(&act.sa_mask);
	return real.sigaction(watch_signal(), &act, NULL) == 0 ? watch_signal() : -1;
}

static void run_unscheduled(int sig, siginfo_t *info, void *context)
{
	struct sched_thread *gate = snc_sched_self;
	struct user_handler h = handlers[sig];

	snc_sched_self = NULL;
	if (h.action)
		h.action(sig, info, context);
	else if (h.handler)
		h.handler(sig);
	snc_sched_self = gate;
}

static bool is_function(const struct sigaction *act)
{
	if (act->sa_flags & SA_SIGINFO)
		return act->sa_sigaction != NULL;
	return act->sa_handler != SIG_DFL && act->sa_handler != SIG_IGN;
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	struct user_handler previous;
	struct sigaction wrapped;
	int rc;

	real_resolve();
	if (sig == watch_signal()) {
		errno = EINVAL;
		return -1;
	}
	if (sig <= 0 || sig >= _NSIG)
		return real.sigaction(sig, act, old);
	previous = handlers[sig];
	if (act && is_function(act)) {
		/* Recorded first: the signal may arrive as soon as the wrapper is installed. */
		if (act->sa_flags & SA_SIGINFO)
			handlers[sig] = (struct user_handler){ .action = act->sa_sigaction };
		else
			handlers[sig] = (struct user_handler){ .handler = act->sa_handler };
		wrapped = *act;
		wrapped.sa_sigaction = run_unscheduled;
		wrapped.sa_flags |= SA_SIGINFO;
		act = &wrapped;
	}
	rc = real.sigaction(sig, act, old);
	if (rc == 0 && old && (old->sa_flags & SA_SIGINFO) &&
	    old->sa_sigaction == run_unscheduled) {
		if (previous.action) {
			old->sa_sigaction = previous.action;
		} else {
			old->sa_handler = previous.handler;
			old->sa_flags &= ~SA_SIGINFO;
		}
	}
	return rc;
}

/* glibc's signal(): BSD semantics, through sigaction, so through the wrapper. */
sighandler_t signal(int sig, sighandler_t handler)
{
	struct sigaction act = { .sa_handler = handler, .sa_flags = SA_RESTART }, old;

	sigemptyset(&act.sa_mask);
	sigaddset(&act.sa_mask, sig);
	if (sigaction(sig, &act, &old) != 0)
		return SIG_ERR;
	return old.sa_handler;
}
