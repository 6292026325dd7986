/* outside_idle.c: whether the threads an op started can still act, while the op waits for
 * them alone.
 *
 * An op that runs alone under the scheduler and cannot go on (a lock taken, a flag that
 * never changes) is blocked when nothing outside its run can act; while the process has
 * threads the op started (liburcu's call_rcu workers, a pool's), the solo rule sleeps a
 * millisecond and tries again until the executor's timer, then its confirmation at ten
 * times the limit, ends it (solo.c): liburcu's call_rcu_before_fork, run after an op that
 * started workers, waits for every worker of the state's list to pause, and those of the
 * state were not copied by the fork: every such execution cost the timer and its
 * confirmation. The scheduler asks here instead, at each of those sleeps
 * (snc_sched_options.outside_idle): the threads outside the run are looked at, and once
 * SAME_LOOKS_TO_IDLE looks in a row after the first found every one of them as before,
 * they are idle for good and the op's wait is decided as if it were alone. As before means:
 * asleep in a wait with no time-out (a futex, a read) and not switched since (it did not
 * run), or, for a poller (a short timed sleep, POLL_MS_MAX or less: it wakes by itself and
 * looks at its work), asleep again in the same state as at the look before, sampled inside
 * its sleep (spin_watch_sample_poller: registers, the memory they point at, its stack),
 * having gone round since (the sample's signal ends its sleep, so each look sees a new
 * round). A poller that does a piece of work per round changes its state; a thread that
 * runs, or sleeps longer (a timer's second), may still act: the wait goes on, as before.
 * Without the watch (under Valgrind) nothing is decided here. */
#include "runtime.h"
#include "snc_sched.h"

#define OUTSIDE_MAX 64
#define SAME_LOOKS_TO_IDLE 2

/* One thread outside the run, at one look. */
struct outside_thread {
	long tid;
	long switches;
	bool poller;
	uint64_t state;   /* a poller's, sampled inside its sleep */
};

struct look {
	int n;            /* -1: no look yet */
	struct outside_thread thread[OUTSIDE_MAX];
};

/* Sees thread tid, in state with switches so far, into the look's next slot; false when it
 * may still act (running, in a long timed sleep, a poller that could not be sampled). */
static bool see_thread(long tid, char state, long switches, void *arg)
{
	struct look *now = arg;
	if (now->n >= OUTSIDE_MAX || !thread_sleeps(state))
		return false;
	struct outside_thread *t = &now->thread[now->n++];
	long sleep_ms = sleep_watch_timed_sleep_ms((pid_t)tid, NULL);
	t->tid = tid;
	t->switches = switches;
	t->poller = sleep_ms >= 0;
	t->state = 0;
	if (sleep_ms > POLL_MS_MAX)
		return false;   /* it wakes by itself later and may act then */
	return !t->poller || spin_watch_sample_poller((pid_t)tid, &t->state);
}

/* Looks at every thread outside the run (for_each_library_thread); false when one of them
 * may still act. */
static bool look_outside(struct look *now)
{
	now->n = 0;
	return for_each_library_thread(see_thread, now);
}

/* Thread t as it was at look before, or NULL when it was not there. */
static const struct outside_thread *as_before(const struct look *before, long tid)
{
	for (int i = 0; i < before->n; i++)
		if (before->thread[i].tid == tid)
			return &before->thread[i];
	return NULL;
}

/* Every thread of now was there at before and did nothing since: a sleeper did not run, a
 * poller went round and is back in the same state. */
static bool nothing_done(const struct look *before, const struct look *now)
{
	if (before->n != now->n)
		return false;
	for (int i = 0; i < now->n; i++) {
		const struct outside_thread *t = &now->thread[i], *was = as_before(before, t->tid);
		if (!was || was->poller != t->poller)
			return false;
		if (t->poller ? t->state != was->state || t->switches <= was->switches
			      : t->switches != was->switches)
			return false;
	}
	return true;
}

bool outside_threads_idle(bool first_look)
{
	static struct look looks[2];
	static int last, same_looks;
	if (first_look) {
		looks[last].n = -1;
		same_looks = 0;
	}
	struct look *before = &looks[last], *now = &looks[!last];
	if (!look_outside(now)) {
		now->n = -1;
		same_looks = 0;
	} else if (before->n >= 0 && nothing_done(before, now)) {
		same_looks++;
	} else {
		same_looks = 0;
	}
	last = !last;
	return same_looks >= SAME_LOOKS_TO_IDLE;
}
