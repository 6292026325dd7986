/* interrupt.c: catching SIGTERM, SIGINT and SIGHUP and passing them on (interrupt.h).
 *
 * The handler only records the signal and sends it to the program being waited for, both
 * async-signal-safe; the waits see EINTR (no SA_RESTART) and the command then does the rest:
 * it records the run as interrupted, removes its temporary folder, says so in one line and
 * exits with 128 + the signal. */
#include <signal.h>
#include "interrupt.h"

static volatile sig_atomic_t caught;
static volatile pid_t forward_to;

static void on_signal(int sig)
{
	caught = sig;
	if (forward_to > 0)
		kill(forward_to, sig);
}

void interrupt_catch(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

void interrupt_forward_to(pid_t pid)
{
	forward_to = pid;
	if (pid > 0 && caught)
		kill(pid, caught);   /* caught before the program was there to pass it to */
}

int interrupt_caught(void)
{
	return caught;
}
