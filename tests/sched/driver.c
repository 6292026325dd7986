/* driver.c: scheduler tests that run instrumented fixtures (built by gcc or by clang).
 *
 * Usage: sched_driver_<compiler> <test>. Each test explores or replays schedules of a pair
 * of fixture operations, one forked child per schedule, and checks the outcomes. Exit
 * status 0 on success; failures are explained on stderr.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "child.h"
#include "fixtures.h"

static const char *text(const struct snc_schedule *s)
{
	static char buf[SNC_SCHEDULE_STRING_MAX];
	if (snc_schedule_format(s, buf, sizeof buf) < 0)
		return "?";
	return buf;
}

static struct snc_schedule parse(const char *t)
{
	struct snc_schedule s;
	if (snc_schedule_parse(t, &s) != 0) {
		fprintf(stderr, "bad schedule %s\n", t);
		exit(2);
	}
	return s;
}

/* What an exploration saw. */
struct tally {
	unsigned runs, by_status[SNC_SCHED_CRASHED + 1], not_exited;
	unsigned both_zero, both_one, ret0_timedout, fairness, spins, blocked;
	char first_both_zero[SNC_SCHEDULE_STRING_MAX];
	char first_deadlock[SNC_SCHEDULE_STRING_MAX];
	unsigned max_preemptions_seen;
	bool rmw_each_one;            /* every run: thread stats rmw == 1 each */
	unsigned lock_acq_mismatch;
};

static bool count_run(const struct snc_schedule *s, const struct outcome *o, void *ctx)
{
	struct tally *t = ctx;
	const struct snc_sched_result *r = &o->result;

	t->runs++;
	if (!WIFEXITED(o->wait_status) || WEXITSTATUS(o->wait_status) != 0) {
		t->not_exited++;
		return true;
	}
	if (r->status <= SNC_SCHED_CRASHED)
		t->by_status[r->status]++;
	if (r->status == SNC_SCHED_COMPLETED && o->ret[0] == 0 && o->ret[1] == 0) {
		if (!t->both_zero++)
			snprintf(t->first_both_zero, sizeof t->first_both_zero, "%s", text(s));
	}
	if (r->status == SNC_SCHED_COMPLETED && o->ret[0] == 1 && o->ret[1] == 1)
		t->both_one++;
	if (r->status == SNC_SCHED_DEADLOCK && !t->first_deadlock[0])
		snprintf(t->first_deadlock, sizeof t->first_deadlock, "%s", text(s));
	if (r->status == SNC_SCHED_COMPLETED && o->ret[0] == ETIMEDOUT)
		t->ret0_timedout++;
	t->fairness += r->fairness_switches > 0;
	t->spins += r->spin_switches > 0;
	t->blocked += r->blocking_switches > 0;
	if (r->preemptions > t->max_preemptions_seen)
		t->max_preemptions_seen = r->preemptions;
	if (r->thread[0].rmw != 1 || r->thread[1].rmw != 1)
		t->rmw_each_one = false;
	if (r->status == SNC_SCHED_COMPLETED &&
	    (r->thread[0].lock_acquisitions != 1 || r->thread[1].lock_acquisitions != 1))
		t->lock_acq_mismatch++;
	return true;
}

static struct tally explore_pair(int (*f)(void), int (*g)(void), unsigned preemptions)
{
	struct pair p = { { f, g } };
	struct snc_explore_options eo = { .max_preemptions = preemptions };
	struct snc_sched_options opt = { .catch_crashes = true };
	struct tally t = { .rmw_each_one = true };

	explore(&p, &eo, &opt, count_run, &t);
	return t;
}

static void print_tally(const char *name, const struct tally *t)
{
	printf("%s: %u schedules: %u completed, %u deadlock, %u livelock, %u crashed, "
	       "%u children lost; both returned 0 in %u (first %s)\n", name, t->runs,
	       t->by_status[SNC_SCHED_COMPLETED], t->by_status[SNC_SCHED_DEADLOCK],
	       t->by_status[SNC_SCHED_LIVELOCK], t->by_status[SNC_SCHED_CRASHED],
	       t->not_exited, t->both_zero, t->first_both_zero[0] ? t->first_both_zero : "-");
}

/* (a) x = x + 1; return old: a lost update within <= 2 preemptions. */
static void test_lost_update(void)
{
	struct tally t = explore_pair(racy_increment, racy_increment, 2);
	print_tally("racy counter", &t);
	check(t.both_zero > 0, "no lost update found within 2 preemptions");
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");
}

/* (b) byte-array set: add(1) twice, both "new" in some schedule. */
static void test_set_double_add(void)
{
	struct tally t = explore_pair(set_add_1, set_add_1, 2);
	print_tally("byte-array set add(1) x2", &t);
	check(t.both_one > 0, "no schedule where both add(1) return new");
}

/* (c) __atomic_fetch_add: never a lost update, exactly one RMW per call. */
static void test_atomic_counter(void)
{
	struct tally t = explore_pair(atomic_increment, atomic_increment, 2);
	print_tally("atomic counter", &t);
	check(t.runs >= 2, "too few schedules");
	check(t.both_zero == 0, "atomic counter lost an update (%s)", t.first_both_zero);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");
	check(t.rmw_each_one, "expected exactly 1 RMW per call in every schedule");
}

/* (d) a mutex-protected counter preempted inside its critical section. */
static void test_mutex_counter(void)
{
	struct tally t = explore_pair(locked_increment, locked_increment, 2);
	print_tally("mutex counter", &t);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");
	check(t.both_zero == 0, "the mutex counter lost an update (%s)", t.first_both_zero);
	check(t.lock_acq_mismatch == 0, "expected one lock acquisition per call");
	/* Preempted in the section, the other thread blocks; the mutex leaves no schedule with
	 * two preemptions: after a block only one thread can move. */
	check(t.blocked > 0, "expected schedules preempting in the section");
}

/* (e) a spin lock from __atomic_exchange, holder preempted: the spin-wait is recognized
 * and hands over, so the exploration stays as small as for the mutex. */
static void test_spin_lock(void)
{
	struct tally t = explore_pair(spin_increment, spin_increment, 2);
	print_tally("exchange spin lock", &t);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");
	check(t.both_zero == 0, "the spin lock lost an update (%s)", t.first_both_zero);
	check(t.spins > 0, "expected spin-waits while the holder is preempted");
	check(t.runs < 100, "the spin should not multiply the schedules (%u)", t.runs);
}

/* A bounded loop taken for a spin-wait still runs when the other thread blocks on it. */
static void test_bounded_spin(void)
{
	struct tally t = explore_pair(lock_and_unlock, poll_under_lock, 2);
	print_tally("bounded poll under a lock", &t);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");
	check(t.spins > 0, "expected the poll to be taken for a spin-wait");
}

/* The fairness rule ends a spin that is not recognized: one that writes as it waits. */
static void test_fairness(void)
{
	struct pair p = { { counting_spin_until_ready, set_ready_flag } };
	struct snc_schedule s = parse("0");
	struct outcome *out = shared_outcome();

	check(run_schedule(&p, &s, NULL, out), "child failed");
	printf("counting spin: %s, %u fairness switches, %u steps, returned %d\n",
	       snc_sched_status_name(out->result.status), out->result.fairness_switches,
	       out->result.steps, out->ret[0]);
	check(out->result.status == SNC_SCHED_COMPLETED, "expected completion");
	check(out->result.fairness_switches == 1, "expected one fairness switch");
	check(out->ret[0] > 300, "the spinner should have run up to the fairness bound");
}

/* (f) two mutexes in opposite orders: a deadlock outcome, never a hang. */
static void test_abba_deadlock(void)
{
	struct tally t = explore_pair(lock_a_then_b, lock_b_then_a, 2);
	print_tally("ABBA locks", &t);
	printf("first deadlock: %s\n", t.first_deadlock[0] ? t.first_deadlock : "-");
	check(t.by_status[SNC_SCHED_DEADLOCK] > 0, "no deadlock reported");
	check(t.by_status[SNC_SCHED_COMPLETED] > 0, "some schedules should complete");
	check(t.not_exited == 0, "a child did not exit normally");
}

/* The timed variant reports ETIMEDOUT where the plain lock deadlocks. */
static void test_timedlock(void)
{
	struct tally t = explore_pair(timed_a_then_b, lock_b_then_a, 2);
	print_tally("timed lock vs ABBA", &t);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");
	check(t.ret0_timedout > 0, "expected ETIMEDOUT from pthread_mutex_timedlock");
}

static bool same_run(const struct outcome *a, const struct outcome *b)
{
	return memcmp(&a->result, &b->result, sizeof a->result) == 0 &&
	       memcmp(a->ret, b->ret, sizeof a->ret) == 0 &&
	       memcmp(a->trace, b->trace, a->result.trace_len * sizeof a->trace[0]) == 0;
}

/* (g) a stored schedule replays identically, result and trace, in two children. */
static void test_replay(void)
{
	struct pair p = { { racy_increment, racy_increment } };
	struct snc_sched_options opt = { .trace = (struct snc_trace_entry *)1,
					 .trace_calls = true };
	struct snc_schedule s = parse("0:1,1");
	static struct outcome first;
	struct outcome *out = shared_outcome();

	check(run_schedule(&p, &s, &opt, out), "first child failed");
	first = *out;
	check(run_schedule(&p, &s, &opt, out), "second child failed");
	printf("replay of %s: returns %d %d, %u trace entries\n", text(&s), out->ret[0],
	       out->ret[1], out->result.trace_len);
	check(first.result.trace_len > 0, "empty trace");
	check(same_run(&first, out), "the two runs differ");
	check(out->ret[0] == 0 && out->ret[1] == 0, "schedule 0:1,1 should lose an update");
	snc_trace_print(stdout, out->trace, out->result.trace_len);
}

/* The printed trace names the variable and the source line. */
static void test_trace_print(void)
{
	struct pair p = { { racy_increment, racy_increment } };
	struct snc_sched_options opt = { .trace = (struct snc_trace_entry *)1 };
	struct snc_schedule s = parse("1:1");
	struct outcome *out = shared_outcome();
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	check(run_schedule(&p, &s, &opt, out), "child failed");
	check(snc_trace_print(mem, out->trace, out->result.trace_len) == 0, "print failed");
	fclose(mem);
	fputs(buf, stdout);
	check(strstr(buf, "read counter = 0") != NULL, "variable name or value missing");
	check(strstr(buf, "write counter 0 -> 1") != NULL, "write values missing");
	check(strstr(buf, "racy_increment fixtures.c:") != NULL, "source line missing");
	check(strstr(buf, "preempted") != NULL, "preemption marker missing");
	free(buf);
}

/* (i) the explorer's count for 3 and 4 points, worked out in the comment. */
static void test_explorer_count(void)
{
	/* Thread 0 has n0 = 3 points, thread 1 n1 = 4, nothing blocks. A run reports M, the
	 * preemptible points after its last preemption; children take budgets 1..M-1.
	 *   0 preemptions: "0", "1"                                                  2
	 *   1: "0:b" b in 1..n0-1 (M = n0) and "1:b" b in 1..n1-1           2 + 3 = 5
	 *   2: "0:b1,b2": thread 1 runs its whole op preemptibly, M = n1: 2 * 3 = 6;
	 *      "1:b1,b2": 3 * 2 = 6                                                 12
	 *   3: "0:b1,b2,b3": thread 0 resumes with n0 - b1 points left, so b3 takes
	 *      n0 - b1 - 1 values: b1 = 1 -> 1 * 3 (b2), b1 = 2 -> 0            =  3
	 *      "1:b1,b2,b3": n1 - b1 - 1 values: b1 = 1 -> 2 * 2, b1 = 2 -> 1 * 2 = 6   9
	 * Totals: P=0: 2, P=1: 7, P=2: 19, P=3: 28. */
	static const unsigned expected[] = { 2, 7, 19, 28 };
	struct pair p = { { three_writes, four_writes } };

	for (unsigned P = 0; P < 4; P++) {
		struct snc_explore_options eo = { .max_preemptions = P };
		struct tally t = { .rmw_each_one = true };
		unsigned n = explore(&p, &eo, NULL, count_run, &t);
		printf("P=%u: %u schedules (expected %u)\n", P, n, expected[P]);
		check(n == expected[P], "P=%u: %u schedules, expected %u", P, n, expected[P]);
		check(t.max_preemptions_seen == P, "P=%u: max preemptions %u", P,
		      t.max_preemptions_seen);
	}
}

/* gcc instruments address-taken locals: they must not be scheduling points. */
static void test_stack_locals(void)
{
	struct pair p = { { with_stack_local, with_stack_local } };
	struct snc_schedule s = parse("0");
	struct outcome *out = shared_outcome();

	check(run_schedule(&p, &s, NULL, out), "child failed");
	printf("points: %u %u, returns %d %d\n", out->result.thread[0].points,
	       out->result.thread[1].points, out->ret[0], out->ret[1]);
	check(out->result.thread[0].points == 1 && out->result.thread[1].points == 1,
	      "expected exactly the shared read as a point");
	check(out->ret[0] == 6 && out->ret[1] == 6, "the locals were not updated");
}

static void test_condvar(void)
{
	struct tally t = explore_pair(wait_until_ready, make_ready, 3);
	print_tally("condition variable with predicate", &t);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");

	t = explore_pair(wait_once, make_ready, 2);
	print_tally("condition variable without predicate", &t);
	check(t.by_status[SNC_SCHED_DEADLOCK] > 0, "the lost wake-up was not found");
	check(t.by_status[SNC_SCHED_COMPLETED] > 0, "some schedules should complete");
}

static void test_semaphore(void)
{
	struct tally t = explore_pair(sem_take, sem_give, 2);
	print_tally("semaphore", &t);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");

	t = explore_pair(sem_take, sem_take, 1);
	print_tally("two waits, no post", &t);
	check(t.by_status[SNC_SCHED_DEADLOCK] == t.runs, "two waits without a post must deadlock");
}

static void test_rwlock(void)
{
	struct tally t = explore_pair(rw_read, rw_increment, 3);
	print_tally("rwlock", &t);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");
	check(t.lock_acq_mismatch == 0, "expected one acquisition per call");
}

static void test_yield(void)
{
	struct tally t = explore_pair(yield_until_ready, set_ready_flag, 2);
	print_tally("yield spin", &t);
	check(t.by_status[SNC_SCHED_COMPLETED] == t.runs, "every schedule should complete");
	check(t.fairness == 0, "yielding spin-waits should not need the fairness rule");
}

static void test_crash(void)
{
	struct outcome *out = shared_outcome();
	struct snc_sched_options opt = { .catch_crashes = true };

	for (int crasher = 0; crasher < 2; crasher++) {
		struct pair p = { { racy_increment, racy_increment } };
		struct snc_schedule s = parse(crasher ? "1" : "0:1");
		p.op[crasher] = crash_on_null;
		check(run_schedule(&p, &s, &opt, out), "child did not exit normally");
		printf("crash in thread %d: %s, signal %d, thread %d\n", crasher,
		       snc_sched_status_name(out->result.status), out->result.crash_signal,
		       out->result.crash_thread);
		check(out->result.status == SNC_SCHED_CRASHED, "expected crashed");
		check(out->result.crash_signal == SIGSEGV, "expected SIGSEGV");
		check(out->result.crash_thread == crasher, "wrong crashing thread");
	}
}

static void test_livelock(void)
{
	struct pair p = { { spin_on_never_set, spin_on_never_set } };
	struct snc_sched_options opt = { .max_steps = 20000 };
	struct snc_schedule s = parse("0");
	struct outcome *out = shared_outcome();

	check(run_schedule(&p, &s, &opt, out), "child did not exit normally");
	printf("spin on a flag nobody sets: %s after %u steps, %u spin switches\n",
	       snc_sched_status_name(out->result.status), out->result.steps,
	       out->result.spin_switches);
	check(out->result.status == SNC_SCHED_LIVELOCK, "expected livelock");
	check(out->result.steps == 20001, "expected to stop right after max_steps");
}

/* One op alone (snc_sched_solo): blocked ops are told from their behaviour, in their own
 * steps and without a helper thread; a bounded poll returns. */
static void test_solo_blocking(void)
{
	static const struct {
		const char *name;
		int (*op)(void);
		bool blocks;
		int ret;
	} cases[] = {
		{ "spin on a flag nobody sets", spin_on_never_set, true, -1 },
		{ "mutex locked twice", lock_twice, true, -1 },
		{ "condition nobody signals", wait_once, true, -1 },
		{ "semaphore nobody posts", sem_take, true, -1 },
		{ "yield loop", yield_until_ready, true, -1 },
		{ "sleep loop", sleep_until_ready, true, -1 },
		{ "poll loop with no descriptor", poll_until_ready, true, -1 },
		{ "select loop with no descriptor", select_until_ready, true, -1 },
		{ "poll on a readable pipe", poll_readable_pipe, false, 1 },
		{ "bounded poll", bounded_poll, false, BOUNDED_POLL_ROUNDS },
		{ "atomic increment", atomic_increment, false, 0 },
		{ "error-checking mutex locked twice", errorcheck_relock, false, EDEADLK },
	};
	struct outcome *out = shared_outcome();

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		check(run_solo(cases[i].op, NULL, out), "%s: child failed", cases[i].name);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		printf("%s: %s after %u steps, returned %d, %d thread(s), %.1f ms\n", cases[i].name,
		       snc_sched_status_name(out->result.status), out->result.steps, out->ret[0],
		       out->ret[1], (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
		       (double)(t1.tv_nsec - t0.tv_nsec) * 1e-6);
		check(out->result.status == (cases[i].blocks ? SNC_SCHED_DEADLOCK
							     : SNC_SCHED_COMPLETED),
		      "%s: wrong status", cases[i].name);
		check(out->ret[0] == cases[i].ret, "%s: returned %d, expected %d", cases[i].name,
		      out->ret[0], cases[i].ret);
		check(out->ret[1] == 1, "%s: a solo run must not create a thread", cases[i].name);
		/* a spin blocks after the stall bound (100,000 repeated points), a lock at once */
		check(out->result.steps <= 100002, "%s: %u steps", cases[i].name, out->result.steps);
	}
	/* The bound is what tells a poll from a wait: below the poll's rounds it blocks. */
	struct snc_sched_options tight = { .stall_bound = BOUNDED_POLL_ROUNDS / 2 };
	check(run_solo(bounded_poll, &tight, out), "tight bound: child failed");
	check(out->result.status == SNC_SCHED_DEADLOCK, "a poll longer than the bound blocks");
	/* A thread the op started might release what it waits for: nothing is decided, the op
	 * waits for real until the backstop (here 300 ms) kills it. */
	struct snc_sched_options backstop = { .timeout_ms = 300 };
	check(!run_solo(lock_held_by_own_thread, &backstop, out), "own thread: should hang");
	printf("lock held by a thread of its own: %s, signal %d\n",
	       snc_sched_status_name(out->result.status),
	       WIFSIGNALED(out->wait_status) ? WTERMSIG(out->wait_status) : 0);
	check(out->result.status == SNC_SCHED_RUNNING && WIFSIGNALED(out->wait_status) &&
	      WTERMSIG(out->wait_status) == SIGALRM,
	      "a wait another thread could end must not be decided");
}

/* Two threads spinning on a flag nobody sets: once neither can change memory, the running
 * one stalls and the run ends as a deadlock after the stall bound, not the step limit. */
static void test_stall(void)
{
	struct pair p = { { spin_on_never_set, spin_on_never_set } };
	struct snc_schedule s = parse("0");
	struct outcome *out = shared_outcome();

	check(run_schedule(&p, &s, NULL, out), "child did not exit normally");
	printf("two spins on a flag nobody sets: %s after %u steps\n",
	       snc_sched_status_name(out->result.status), out->result.steps);
	check(out->result.status == SNC_SCHED_DEADLOCK, "expected deadlock");
	check(out->result.steps < 200000, "expected the stall bound to end it");
}

static void test_timeout_backstop(void)
{
	struct pair p = { { block_in_pause, racy_increment } };
	struct snc_sched_options opt = { .timeout_ms = 300 };
	struct snc_schedule s = parse("0");
	struct outcome *out = shared_outcome();
	struct timespec t0, t1;
	double elapsed;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	check(!run_schedule(&p, &s, &opt, out), "the child should have been killed");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	elapsed = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	printf("blocked child: signal %d after %.2f s\n",
	       WIFSIGNALED(out->wait_status) ? WTERMSIG(out->wait_status) : 0, elapsed);
	check(WIFSIGNALED(out->wait_status) && WTERMSIG(out->wait_status) == SIGALRM,
	      "expected death by SIGALRM");
	check(out->result.status == SNC_SCHED_RUNNING, "the shared result should say running");
	check(elapsed < 5.0, "the backstop took too long");
}

/* The 16-byte hooks perform and count like the narrower ones. */
static void test_atomic128(void)
{
	struct pair p = { { atomics_128, racy_increment } };
	struct snc_schedule s = parse("0");
	struct outcome *out = shared_outcome();
	const struct snc_sched_thread_stats *t0 = &out->result.thread[0];

	check(run_schedule(&p, &s, NULL, out), "child failed");
	printf("16-byte atomics: rmw %u, seq_cst stores %u, points %u, return %d\n", t0->rmw,
	       t0->seq_cst_stores, t0->points, out->ret[0]);
	check(t0->rmw == 2, "expected 2 RMWs (fetch_add, failed CAS)");
	check(t0->seq_cst_stores == 1, "expected 1 seq_cst store");
	check(t0->points == 4, "expected 4 points");
	check(out->ret[0] == 5, "expected 5");
}

/* Hooks reached from a signal handler are not scheduling points. */
static void test_signal_handler(void)
{
	struct pair p = { { raise_in_op, raise_in_op } };
	struct snc_schedule s = parse("0");
	struct outcome *out = shared_outcome();

	check(run_schedule(&p, &s, NULL, out), "child failed");
	printf("points with a handler inside: %u %u, returns %d %d\n",
	       out->result.thread[0].points, out->result.thread[1].points, out->ret[0],
	       out->ret[1]);
	check(out->result.thread[0].points == 1 && out->result.thread[1].points == 1,
	      "the handler's accesses were scheduled");
	check(out->ret[0] == 1 && out->ret[1] == 2, "the handler did not run");
}

static void call_racy(void *ret)
{
	*(int *)ret = racy_increment();
}

static void call_pause(void *ret)
{
	*(int *)ret = block_in_pause();
}

/* In a child: arm the caller's own timer for `ms`, run one schedule, report the timer. */
static int run_with_callers_timer(unsigned ms, void (*op0)(void *), long *left_ms)
{
	struct outcome *out = shared_outcome();
	struct snc_schedule s = parse("0");
	pid_t pid;
	int status;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		struct itimerval t = { .it_value = { .tv_sec = ms / 1000,
						     .tv_usec = (ms % 1000) * 1000 } }, now;
		setitimer(ITIMER_REAL, &t, NULL);
		snc_sched_run(&s, op0, &out->ret[0], call_racy, &out->ret[1], NULL, &out->result);
		getitimer(ITIMER_REAL, &now);
		out->ret[0] = (int)(now.it_value.tv_sec * 1000 + now.it_value.tv_usec / 1000);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	*left_ms = out->ret[0];
	return status;
}

/* The caller's ITIMER_REAL survives a run, and a sooner caller deadline wins. */
static void test_callers_timer(void)
{
	long left;
	int status = run_with_callers_timer(5000, call_racy, &left);

	printf("caller's 5 s timer after a run: %ld ms left\n", left);
	check(WIFEXITED(status), "the child should exit normally");
	check(left > 3000 && left <= 5000, "the caller's timer was not restored");

	status = run_with_callers_timer(300, call_pause, &left);
	printf("caller's 300 ms timer, blocked op: %s %d\n",
	       WIFSIGNALED(status) ? "killed by signal" : "exited",
	       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
	check(WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM, "expected the caller's SIGALRM");
}

/* Every atomic hook kind once: counts by kind (fixtures.c, atomics_mix). */
static void test_atomic_hooks(void)
{
	struct pair p = { { atomics_mix, racy_increment } };
	struct snc_sched_options opt = { .trace = (struct snc_trace_entry *)1 };
	struct snc_schedule s = parse("0");
	struct outcome *out = shared_outcome();
	const struct snc_sched_thread_stats *t0 = &out->result.thread[0];

	check(run_schedule(&p, &s, &opt, out), "child failed");
	printf("atomics: rmw %u, seq_cst fences %u, seq_cst stores %u, points %u, return %d\n",
	       t0->rmw, t0->seq_cst_fences, t0->seq_cst_stores, t0->points, out->ret[0]);
	check(t0->rmw == 9, "expected 9 RMWs");
	check(t0->seq_cst_fences == 2, "expected 2 seq_cst fences");
	check(t0->seq_cst_stores == 1, "expected 1 seq_cst store");
	check(t0->points == 13, "expected 13 points (9 RMW, 2 stores, 2 loads)");
	/* The hooks perform the operations: old values 0, 0, 0, 0, 1, 1, the strong CAS fails
	 * (mix64 is 5), the weak one succeeds (1), __sync add returns 2, loads 9 and 1. */
	check(out->ret[0] == 15, "atomics_mix returned %d, expected 15", out->ret[0]);
	snc_trace_print(stdout, out->trace, out->result.trace_len);
}

static const struct check_test tests[] = {
	{ "lost_update", test_lost_update },
	{ "set_double_add", test_set_double_add },
	{ "atomic_counter", test_atomic_counter },
	{ "mutex_counter", test_mutex_counter },
	{ "spin_lock", test_spin_lock },
	{ "fairness", test_fairness },
	{ "bounded_spin", test_bounded_spin },
	{ "abba_deadlock", test_abba_deadlock },
	{ "timedlock", test_timedlock },
	{ "replay", test_replay },
	{ "trace_print", test_trace_print },
	{ "explorer_count", test_explorer_count },
	{ "stack_locals", test_stack_locals },
	{ "condvar", test_condvar },
	{ "semaphore", test_semaphore },
	{ "rwlock", test_rwlock },
	{ "yield", test_yield },
	{ "crash", test_crash },
	{ "livelock", test_livelock },
	{ "solo_blocking", test_solo_blocking },
	{ "stall", test_stall },
	{ "timeout_backstop", test_timeout_backstop },
	{ "callers_timer", test_callers_timer },
	{ "atomic_hooks", test_atomic_hooks },
	{ "signal_handler", test_signal_handler },
	{ "atomic128", test_atomic128 },
};

int main(int argc, char **argv)
{
	return check_main(argc, argv, tests, sizeof tests / sizeof tests[0], fixtures_setup);
}
