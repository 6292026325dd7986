/* schedules_bench.c: the schedules pass of the classifier (snc run --schedules) against the
 * cost of the forks it is made of, measured in the same run.
 *
 * Every schedule, and every determinism re-run, is a child forked from a state process:
 * a bare fork()+_exit()+waitpid() is the floor. The pass keeps up to `jobs` children in
 * flight (at most twice the CPUs), so the floor is measured the same way: a loop keeping
 * JOBS bare children in flight; a one-at-a-time loop is printed too. Rounds alternate a
 * short floor slice and one run of one harness program with --schedules (taking the
 * harnesses in turn), so that a machine whose load changes affects both alike. The pass's rate is children (schedules + re-runs)
 * over the wall time of the explorations as the programs stored it (schedule_explorations.
 * seconds): the sequential classification before it is not counted.
 *
 * Given the snc program and the test fixtures' folder, it then times `snc run --schedules
 * --measure` on the lock harnesses of tests/fixtures (a spin lock and a pthread mutex whose
 * lock;lock blocks), once with blocking decided from behaviour (the default) and once with
 * the old rule, the per-op timer alone (SNC_BLOCKING_RULE=timer), and prints the ratio.
 * A second floor is printed beside the first: children that each start and join one
 * thread, the least a run of two calls on two threads costs beyond a fork.
 * Usage: schedules_bench EXAMPLES-BIN-DIR [ROUNDS, default 12 [SNC FIXTURES-DIR]] */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "snc_db.h"

#define LOCK_DEPTH "1"   /* the timer rule needs minutes even so */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *thread_that_returns(void *arg)
{
	return arg;
}

/* A child that starts one thread and joins it, as each schedule's run must (its two
 * calls run on two threads), then exits. */
static void child_with_thread(void)
{
	pthread_t t;
	if (pthread_create(&t, NULL, thread_that_returns, NULL) == 0)
		pthread_join(t, NULL);
	_exit(0);
}

/* Children, `inflight` at a time, for `seconds`, bare or each with a thread; returns
 * children per second. */
static double fork_floor(int inflight, double seconds, bool with_thread)
{
	double start = now();
	long n = 0;
	int running = 0;
	while (now() - start < seconds || running > 0) {
		if (running < inflight && now() - start < seconds) {
			pid_t pid = fork();
			if (pid == 0 && with_thread)
				child_with_thread();
			if (pid == 0)
				_exit(0);
			if (pid > 0) {
				running++;
				continue;
			}
		}
		if (wait(NULL) > 0) {
			running--;
			n++;
		}
	}
	return (double)n / (now() - start);
}

/* `snc run` on one lock harness with the given blocking rule; returns its wall time, or -1. */
static double run_lock_harness(const char *snc, const char *fixtures, const char *harness,
			       const char *rule, const char *db)
{
	char source[4096], library[4096];
	snprintf(source, sizeof source, "%s/%s_lock_harness.c", fixtures, harness);
	snprintf(library, sizeof library, "%s/locks.c", fixtures);
	double start = now();
	pid_t pid = fork();
	if (pid == 0) {
		if (rule)
			setenv("SNC_BLOCKING_RULE", rule, 1);
		execl(snc, snc, "run", "--db", db, "--quiet", "--blocking-observable", "--depth",
		      LOCK_DEPTH, "--schedules", "--measure", source, library, (char *)NULL);
		_exit(127);
	}
	int status;
	waitpid(pid, &status, 0);
	unlink(db);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? now() - start : -1;
}

static int lock_harnesses(const char *snc, const char *fixtures, const char *db)
{
	static const char *const harnesses[] = { "mutex", "spin" };
	printf("lock harnesses (tests/fixtures, snc run --schedules --measure --depth %s):\n",
	       LOCK_DEPTH);
	for (size_t i = 0; i < sizeof harnesses / sizeof harnesses[0]; i++) {
		double behaviour = run_lock_harness(snc, fixtures, harnesses[i], NULL, db);
		double timer = run_lock_harness(snc, fixtures, harnesses[i], "timer", db);
		if (behaviour < 0 || timer < 0) {
			fprintf(stderr, "snc run on the %s lock harness failed\n", harnesses[i]);
			return 1;
		}
		printf("  %s lock: %.1f s with blocking decided from behaviour, %.1f s with the "
		       "timer alone: %.1fx faster\n", harnesses[i], behaviour, timer,
		       timer / behaviour);
	}
	return 0;
}

static int run_program(const char *path, const char *db)
{
	pid_t pid = fork();
	if (pid == 0) {
		execl(path, path, "--db", db, "--quiet", "--depth", "1", "--schedules", (char *)NULL);
		_exit(127);
	}
	int status;
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: schedules_bench EXAMPLES-BIN-DIR [ROUNDS [SNC FIXTURES-DIR]]\n");
		return 2;
	}
	int rounds = argc > 2 ? atoi(argv[2]) : 12;
	static const char *const harnesses[] = { "racy-counter", "treiber-stack", "mutex-set",
						 "byte-set" };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int jobs = cpus > 0 && cpus * 2 < 16 ? (int)cpus * 2 : 16;   /* as the pass does */
	double floor_sum = 0, serial_sum = 0, thread_sum = 0, seconds = 0;
	int64_t children = 0, schedules = 0;
	char db_path[] = "/tmp/snc-schedules-bench-XXXXXX", err[256];
	int fd = mkstemp(db_path);
	if (fd < 0)
		return 1;
	close(fd);
	unlink(db_path);
	size_t nharnesses = sizeof harnesses / sizeof harnesses[0];
	for (int r = 0; r < rounds; r++) {
		floor_sum += fork_floor(jobs, 0.5, false);
		serial_sum += fork_floor(1, 0.25, false);
		thread_sum += fork_floor(jobs, 0.25, true);
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", argv[1], harnesses[(size_t)r % nharnesses]);
		if (run_program(path, db_path) != 0) {
			fprintf(stderr, "%s failed\n", path);
			return 1;
		}
	}
	struct snc_db *db = snc_db_open(db_path, SNC_DB_READONLY, err, sizeof err);
	if (!db || snc_db_schedule_work(db, &schedules, &children, &seconds) != 0) {
		fprintf(stderr, "%s\n", db ? snc_db_errmsg(db) : err);
		return 1;
	}
	snc_db_close(db);
	double rate = (double)children / seconds, floor = floor_sum / rounds;
	printf("schedules pass (racy-counter, treiber-stack, mutex-set, byte-set: depth 1, <= 2 "
	       "preemptions), %d rounds: %lld schedules + %lld re-runs in %.2f s = %.0f "
	       "children/s\n", rounds,
	       (long long)schedules, (long long)(children - schedules), seconds, rate);
	printf("bare fork+exit+wait floor: %.0f/s with %d in flight (%.0f/s one at a time)\n",
	       floor, jobs, serial_sum / rounds);
	printf("ratio to the floor: %.2f (target >= 0.5)\n", rate / floor);
	printf("children that each start and join one thread: %.0f/s with %d in flight (%.2f of "
	       "the floor); the pass at %.2f of that\n", thread_sum / rounds, jobs,
	       thread_sum / rounds / floor, rate / (thread_sum / rounds));
	char extra[64];
	unlink(db_path);
	snprintf(extra, sizeof extra, "%s-wal", db_path);
	unlink(extra);
	snprintf(extra, sizeof extra, "%s-shm", db_path);
	unlink(extra);
	return argc > 4 ? lock_harnesses(argv[3], argv[4], db_path) : 0;
}
