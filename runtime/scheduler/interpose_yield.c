/* interpose_yield.c: sched_yield and sleeps under the scheduler.
 *
 * Time is not modelled inside a run: a thread that yields or sleeps is waiting for the other
 * one, so the call is a scheduling point followed by a free switch (when the other thread
 * can run) and returns at once, as if the whole sleep had elapsed. Spin-waits that yield
 * therefore end without the fairness rule. A poll, ppoll or select given no descriptor
 * only sleeps (liburcu waits `poll(NULL, 0, 10)` between rounds of re-reading a pointer) and
 * is one of these sleeps; given descriptors it waits for the kernel and is left alone.
 * In a solo run the time each sleep asked for is added up (sched_slept): a wait that sleeps
 * past the caller's limit with nothing changing blocks, as the caller's timer would have
 * said, without the time passing.
 */
#include <time.h>
#include <unistd.h>
#include "real.h"
#include "sched_internal.h"

/* What this file replaces; run.c refers to it so that the file is always linked. */
const char snc_sched_interposes_yield[] = "sched_yield nanosleep clock_nanosleep usleep sleep poll ppoll select";

/* A yield, or a sleep of ns nanoseconds (0 for a yield) that returns at once. */
static void yield_here(uintptr_t pc, uint64_t ns)
{
	struct sched_thread *self = sched_enter();

	sched_point(self, pc, NULL);
	trace_add(self, SNC_TRACE_YIELD, NULL, 0, pc);
	sched_yield_point(self);
	sched_slept(self, ns);
	sched_leave(self);
}

/* The length of a relative sleep, in nanoseconds (0 when there is none to read). */
static uint64_t ns_of(const struct timespec *t)
{
	return t && t->tv_sec >= 0 && t->tv_nsec >= 0 ?
		       (uint64_t)t->tv_sec * 1000000000u + (uint64_t)t->tv_nsec : 0;
}

int sched_yield(void)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.sched_yield();
	yield_here(SNC_CALLER_PC, 0);
	return 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.nanosleep(req, rem);
	yield_here(SNC_CALLER_PC, ns_of(req));
	if (rem)
		*rem = (struct timespec){ 0 };
	return 0;
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *req, struct timespec *rem)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.clock_nanosleep(clock, flags, req, rem);
	yield_here(SNC_CALLER_PC, flags & TIMER_ABSTIME ? 0 : ns_of(req));
	if (rem)
		*rem = (struct timespec){ 0 };
	return 0;
}

int usleep(useconds_t usec)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.usleep(usec);
	yield_here(SNC_CALLER_PC, (uint64_t)usec * 1000);
	return 0;
}

unsigned sleep(unsigned seconds)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.sleep(seconds);
	yield_here(SNC_CALLER_PC, (uint64_t)seconds * 1000000000u);
	return 0;
}

int poll(struct pollfd *fds, nfds_t nfds, int timeout_ms)
{
	real_resolve();
	if (!SNC_IN_RUN() || nfds != 0)
		return real.poll(fds, nfds, timeout_ms);
	yield_here(SNC_CALLER_PC, timeout_ms > 0 ? (uint64_t)timeout_ms * 1000000 : 0);
	return 0;
}

int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *mask)
{
	real_resolve();
	if (!SNC_IN_RUN() || nfds != 0)
		return real.ppoll(fds, nfds, timeout, mask);
	yield_here(SNC_CALLER_PC, ns_of(timeout));
	return 0;
}

int select(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds, struct timeval *timeout)
{
	real_resolve();
	if (!SNC_IN_RUN() || nfds != 0)
		return real.select(nfds, readfds, writefds, exceptfds, timeout);
	yield_here(SNC_CALLER_PC, timeout && timeout->tv_sec >= 0 && timeout->tv_usec >= 0 ?
					  (uint64_t)timeout->tv_sec * 1000000000u +
						  (uint64_t)timeout->tv_usec * 1000 : 0);
	if (timeout)
		*timeout = (struct timeval){ 0 };
	return 0;
}
