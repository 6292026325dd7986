/* settle.c: a state is taken once the library's own threads are idle.
 *
 * A library may start threads of its own: a thread pool's workers (thpool_init starts
 * them, thpool_add_work hands them a job). The state process builds a state (setup, then
 * the prefix's calls) and forks every execution from it; a fork copies the forking thread
 * only, so what the workers had not done yet when the state was taken is never done, and
 * how much they had done depended on timing: the same state differed from one build to the
 * next (jobs_done 0 or 1 after an add_work: nondet verdicts). So after setup and after each
 * call of the prefix, while the process has threads the runtime did not start
 * (thread_ids.c) beyond its quiet ones, the state process waits until all those threads
 * sleep (state S, or stopped) and did not switch (their voluntary and involuntary context
 * switches unchanged) across one look a millisecond later: they wait for work that only a
 * call can give, and the state is the same every time. A thread that waits by polling
 * (liburcu's call_rcu workers sleep `poll(NULL, 0, 10)` between looks at their queue, and
 * every millisecond while paused for a fork) switches on every round and never held
 * still: one found in a short timed sleep (POLL_MS_MAX or less, sleep_watch_timed_sleep_ms)
 * is idle once it woke since it was first seen asleep in this wait and sleeps again (one
 * seen twice inside one sleep is not yet: it has not looked at what the call left it;
 * and on a loaded machine its round may take longer than a look). So that this costs a
 * look or two rather than the rest of its sleep (10 ms a wait, after every call that
 * starts or feeds such a worker), a poller first seen asleep is woken by a signal whose
 * handler does nothing (spin_watch_wake): its sleep ends early (EINTR, as any signal
 * ends poll or nanosleep), and it looks at its queue now. One that blocks the signal, or
 * sleeps its time out again, is waited for as before. A longer sleep (a timer
 * thread's second) is asleep as any other: the state is not held up for it. It waits at most
 * SETTLE_LIMIT_MS; a thread still busy then (a library's timer thread, a busy loop) is
 * left as it is, and the repeats of every execution say whether the verdicts stayed
 * deterministic; and since such threads would cost that half second again in every
 * execution, nothing is waited for any more in that process, in the children it forks,
 * nor (the executor passes it on) in the later state processes. A process with no thread of the library's pays one read of
 * /proc/self/stat.
 *
 * What the executions then classify is the library without its threads: each is forked
 * and has none of them, so work handed to them in an execution is never done (a pool's
 * add_work and jobs_done commute). The runner says so once per harness (executor.c).
 * Threads an operation starts in an execution (g_thread_pool_new as an operation) are
 * waited for the same way, after the first op of a pair and before the digest. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "runtime.h"
#include "snc_sched.h"

#define SETTLE_LIMIT_MS 500

/* Reads a small /proc file into buf (NUL-terminated); false when it cannot. */
static bool read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, len - 1);
	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return true;
}

/* Thread tid's scheduling state letter and its context switches so far (voluntary and
 * not); false when it is gone or cannot be read. */
static bool thread_activity(long tid, char *state, long *switches)
{
	char path[64], buf[4096];
	if (!(*state = thread_state((pid_t)tid)))
		return false;
	snprintf(path, sizeof path, "/proc/self/task/%ld/status", tid);
	if (!read_small(path, buf, sizeof buf))
		return false;
	*switches = 0;
	for (const char *line = buf; line; line = strchr(line, '\n')) {
		line += *line == '\n';
		long n;
		if (sscanf(line, "voluntary_ctxt_switches: %ld", &n) == 1 ||
		    sscanf(line, "nonvoluntary_ctxt_switches: %ld", &n) == 1)
			*switches += n;
	}
	return true;
}

bool for_each_library_thread(bool (*visit)(long tid, char state, long switches, void *arg),
			     void *arg)
{
	DIR *tasks = opendir("/proc/self/task");
	if (!tasks)
		return false;
	long self = (long)syscall(SYS_gettid);
	bool going = true;
	for (struct dirent *e; going && (e = readdir(tasks));) {
		long tid = atol(e->d_name), switches;
		char state;
		if (tid <= 0 || tid == self || tid == getpid() || snc_thread_id_known((int32_t)tid) ||
		    !thread_activity(tid, &state, &switches))
			continue;   /* not the library's, or gone since the listing */
		going = visit(tid, state, switches, arg);
	}
	closedir(tasks);
	return going;
}

#define POLLERS_MAX 64

/* What one look at the library's threads saw. */
struct look {
	bool asleep;                  /* every one of them asleep */
	bool pollers_went_round;      /* every poller woke since it was first seen in its sleep */
	long switches;                /* context switches of those not in a short timed sleep */
};

/* The pollers seen so far in one wait, each with its context switches when first seen in
 * a short timed sleep. */
struct pollers {
	int n;
	long tid[POLLERS_MAX], first_switches[POLLERS_MAX];
};

/* Whether poller tid, now at switches, woke since it was first seen asleep (recorded now
 * when it was not, and woken: its round need not wait for its time to be up). */
static bool went_round(struct pollers *seen, long tid, long switches)
{
	for (int i = 0; i < seen->n; i++)
		if (seen->tid[i] == tid)
			return switches > seen->first_switches[i];
	if (seen->n < POLLERS_MAX) {
		seen->tid[seen->n] = tid;
		seen->first_switches[seen->n++] = switches;
		spin_watch_wake((pid_t)tid);
	}
	return false;
}

/* Looks at every thread of the library's (not the caller, not one the runtime started):
 * whether it sleeps, and how often it switched; a thread in a short timed sleep
 * (sleep_watch_timed_sleep_ms), which wakes every so often to look at its work and sleeps
 * again, is a poller: it is idle once it woke since it was first seen asleep in this wait,
 * however long it then took to be scheduled, and its switches are kept apart. */
struct looking {
	struct look *now;
	struct pollers *seen;
};

static bool look_at_thread(long tid, char state, long switches, void *arg)
{
	struct looking *l = arg;
	long sleep_ms;
	l->now->asleep = thread_sleeps(state);
	if (l->now->asleep && (sleep_ms = sleep_watch_timed_sleep_ms((pid_t)tid, NULL)) >= 0 &&
	    sleep_ms <= POLL_MS_MAX)
		l->now->pollers_went_round &= went_round(l->seen, tid, switches);
	else
		l->now->switches += switches;
	return l->now->asleep;   /* one awake: the look is over */
}

static void look_at_library_threads(struct look *now, struct pollers *seen)
{
	struct looking l = { now, seen };
	memset(now, 0, sizeof *now);
	now->asleep = now->pollers_went_round = true;
	if (!for_each_library_thread(look_at_thread, &l))
		now->asleep = false;   /* one awake, or the list unread */
}

/* Idle since the look before: every thread asleep at both, none but the pollers switched,
 * and every poller went round since it was first seen asleep (it woke, so it saw whatever
 * work the call before had left it, and sleeps again). */
static bool idle_since(const struct look *before, const struct look *now)
{
	return before->asleep && now->asleep && now->switches == before->switches &&
	       now->pollers_went_round;
}

/* Some library thread never went to sleep within the limit: waiting is given up. */
static bool given_up;

void settle_give_up(void)
{
	given_up = true;
}

bool settle_gave_up(void)
{
	return given_up;
}

int settle_library_threads(void)
{
	int threads = snc_sched_thread_count() - 1 - snc_sched_quiet_threads;
	if (threads <= 0 || given_up)
		return threads > 0 ? threads : 0;
	static const struct timespec a_millisecond = { .tv_nsec = 1000000 };
	struct look looks[2] = { { .asleep = false } };
	struct pollers seen = { .n = 0 };
	for (int waited = 0; waited < SETTLE_LIMIT_MS; waited++) {
		struct look *now = &looks[waited % 2], *before = &looks[(waited + 1) % 2];
		look_at_library_threads(now, &seen);
		if (waited > 0 && idle_since(before, now))
			return threads;
		nanosleep(&a_millisecond, NULL);
	}
	given_up = true;
	return threads;
}
