/* solo.c: snc_sched_solo, one operation alone under the scheduler, to tell from its
 * behaviour whether it blocks.
 *
 * The operation runs on the calling thread as thread 0 of a run whose thread 1 never runs
 * (it is "finished" from the start; no helper thread is created, so the process stays
 * single-threaded and libc keeps its single-threaded paths). Every rule of a two-thread run
 * then decides in the operation's own steps what a timer could only guess: a lock, semaphore
 * or once-routine that is taken can never be released, a condition variable never signalled
 * (a deadlock, or ETIMEDOUT for a timed wait), and a spin on unchanged memory stalls until
 * stall_bound repeated points say it blocks (block.c). All of that assumes nothing outside
 * the run can act: when the process has other threads at that moment (the operation
 * started one), one of them might release the lock or set the flag, so nothing is decided:
 * the operation sleeps a millisecond for real and tries again (a condition variable wakes
 * spuriously), for as long as the caller's timer lets it, as without the scheduler; once
 * they are gone it gets one more try before anything is decided, since their last act may
 * have been the store it waits for. Nothing is preempted and there is no
 * step limit unless the caller sets max_steps: an operation that makes progress runs as
 * long as it needs, and no backstop timer unless the caller sets timeout_ms (its own timer
 * stays the fallback for blocking in code without points). The caller may say when those
 * threads can no longer act (snc_sched_options.outside_idle: asleep in the same state look
 * after look): the wait is then decided as if the op were alone. A spin in code without points
 * is told from the thread's machine state instead (the classifier's spin watch,
 * spin_watch.c): snc_sched_solo_blocked, called from its signal handler on the op's thread,
 * ends the run as a deadlock, as the stall rule would, when nothing outside it can act. A
 * blocked operation is unwound with longjmp, as in an aborted run.
 */
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "real.h"
#include "sched_internal.h"

/* Thread 1 of a solo run: never runnable, never signalled, never waiting with a timeout.
 * Zero-initialized, so that it shares a page with the run state: a forked child that runs
 * ops alone then copies one page less. */
static struct sched_thread nobody;

int snc_sched_quiet_threads;

/* A forked child has only the thread that forked: the quiet threads it counts are its
 * parent's (a state process's parked op threads), not its own. Counted on, they hid a
 * thread the child's op started (a pool's worker) from the solo rule and from settle.c. */
static void no_quiet_threads_in_child(void)
{
	snc_sched_quiet_threads = 0;
}

static void __attribute__((constructor)) forget_quiet_threads_at_fork(void)
{
	pthread_atfork(NULL, NULL, no_quiet_threads_in_child);
}

int snc_sched_thread_count(void)
{
	char buf[1024];
	int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
	ssize_t len = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
	char *p;
	int n = 0;

	if (fd >= 0)
		close(fd);
	if (len <= 0)
		return -1;
	buf[len] = '\0';
	p = strrchr(buf, ')');
	for (int field = 2; p && field < 20; field++)
		p = strchr(p + 1, ' ');
	if (!p || p[1] < '0' || p[1] > '9')
		return -1;
	for (p++; *p >= '0' && *p <= '9'; p++)
		n = n * 10 + (*p - '0');
	return n;
}

static bool other_threads(void)
{
	int n = snc_sched_thread_count();

	return n < 0 || n > 1 + snc_sched_quiet_threads;   /* cannot tell: do not decide */
}

/* Were there other threads when the operation last found it could not go on? */
static bool outside_seen;

/* What the op's wait re-reads: the bytes at the addresses of its quiet points, up to 8 at
 * each within the page, read with process_vm_readv (an address of the history that is no
 * longer mapped reads as nothing, never faults). A thread outside the run that changes
 * them is not a change the spin rule sees (it counts the run's own writes), so the outside
 * threads' looks start again (snc_sched_options.outside_idle). */
static uint64_t what_the_wait_reads(const struct sched_thread *t)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (unsigned i = 0; i < t->nquiet; i++) {
		uintptr_t at = (uintptr_t)t->quiet_addr[i];
		unsigned char bytes[8];
		struct iovec local = { bytes, 4096 - (at & 4095) < 8 ? 4096 - (at & 4095) : 8 };
		struct iovec remote = { (void *)at, local.iov_len };
		ssize_t n = at ? process_vm_readv(getpid(), &local, 1, &remote, 1, 0) : 0;
		for (ssize_t b = 0; b < n; b++)
			h = (h ^ bytes[b]) * 0x100000001b3ULL;
	}
	return h;
}

/* Whether the threads outside the run can no longer act, as the caller judges them, with
 * what the wait reads unchanged since the last look; a new wait or a change starts the
 * looks again. */
static bool outside_idle(void)
{
	static uint64_t reads_at_last_look;
	uint64_t reads = what_the_wait_reads(&sched_calling_thread);
	bool first_look = !outside_seen || reads != reads_at_last_look;
	reads_at_last_look = reads;
	return snc_run.opt.outside_idle && snc_run.opt.outside_idle(first_look);
}

bool solo_wait_for_outside(void)
{
	static const struct timespec a_while = { .tv_nsec = 1000000 };

	if (!snc_run.solo)
		return false;
	if (!other_threads()) {
		/* A thread that ended since the last look may have set the flag or released the
		 * lock just before it went (a worker's last act): the operation looks once more,
		 * a whole stall bound, before anything is decided. */
		bool look_again = outside_seen;
		outside_seen = false;
		return look_again;
	}
	if (outside_idle()) {
		outside_seen = false;
		return false;   /* nothing outside can act: decided as if alone */
	}
	outside_seen = true;
	real.nanosleep(&a_while, NULL);
	return true;
}

void snc_sched_solo_blocked(void)
{
	struct sched_thread *self = snc_sched_member;

	if (!sched_run_active || !snc_run.solo || snc_run.aborting ||
	    self != &sched_calling_thread || other_threads())
		return;
	snc_sched_self = NULL;
	sched_abort(self, SNC_SCHED_DEADLOCK);
}

/* Kept out of snc_sched_solo so that nothing live across setjmp is modified. */
static __attribute__((noinline)) void run_alone(void (*op)(void *), void *arg)
{
	sched_calling_thread.state = THREAD_RUNNABLE;
	snc_sched_self = &sched_calling_thread;
	op(arg);
	snc_sched_self = NULL;
	sched_finish(&sched_calling_thread);
}

int snc_sched_solo(void (*op)(void *), void *arg, const struct snc_sched_options *opt,
		   struct snc_sched_result *out)
{
	static const struct snc_schedule alone = { .first_thread = 0 };
	struct sched_run *r = &snc_run;

	if (!op || !out) {
		errno = EINVAL;
		return -1;
	}
	if (sched_run_active) {
		errno = EBUSY;
		return -1;
	}
	real_resolve();
	sched_run_active = true;
	sched_prepare(&alone, opt, out, &nobody);
	if (!opt || !opt->max_steps)
		r->opt.max_steps = UINT32_MAX;
	r->opt.timeout_ms = opt ? opt->timeout_ms : 0;   /* 0: the caller's timer, if any */
	r->solo = true;
	outside_seen = false;
	nobody.id = 1;
	nobody.state = THREAD_FINISHED;
	out->thread[1].finished = true;
	sched_calling_thread.stack_hi = (uintptr_t)__builtin_frame_address(0);
	snc_sched_member = &sched_calling_thread;
	guard_arm(&r->opt);
	if (setjmp(r->unwind) == 0)
		run_alone(op, arg);
	snc_sched_self = NULL;
	snc_sched_member = NULL;
	guard_disarm(&r->opt);
	if (!r->aborting)
		out->status = SNC_SCHED_COMPLETED;
	sched_run_active = false;
	return (int)out->status;
}
