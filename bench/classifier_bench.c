/* classifier_bench.c: executions per second of the classifier on the examples, against
 * the floor of its design, a bare fork()+waitpid() loop, measured in the same run.
 *
 * Every execution of the classifier is a forked child, so the fork loop is what it cannot
 * beat; the ratio says how much of the machine goes to snc's own work (state processes,
 * shared result slots, storing outcomes). Usage: classifier_bench EXAMPLES-BIN-DIR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "snc_db.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double fork_floor(int n)
{
	double t0 = now();
	for (int i = 0; i < n; i++) {
		pid_t pid = fork();
		if (pid == 0)
			_exit(0);
		int status;
		waitpid(pid, &status, 0);
	}
	return n / (now() - t0);
}

static int run_program(const char *path, const char *db)
{
	pid_t pid = fork();
	if (pid == 0) {
		execl(path, path, "--db", db, "--quiet", (char *)NULL);
		_exit(127);
	}
	int status;
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: classifier_bench EXAMPLES-BIN-DIR\n");
		return 2;
	}
	static const char *const harnesses[] = {
		"atomic-counter", "split-counter", "racy-counter", "mutex-set", "byte-set",
		"global-allocator", "cache-allocator", "treiber-stack", "spsc-ring",
	};
	char db_path[] = "/tmp/snc-bench-XXXXXX";
	int fd = mkstemp(db_path);
	if (fd < 0)
		return 1;
	close(fd);
	unlink(db_path);
	double floor_before = fork_floor(3000);
	printf("%-18s %10s %10s %12s\n", "harness", "states", "execs", "execs/s");
	int64_t total_exec = 0;
	double total_time = 0;
	char err[256];
	for (size_t i = 0; i < sizeof harnesses / sizeof harnesses[0]; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", argv[1], harnesses[i]);
		double t0 = now();
		if (run_program(path, db_path) != 0) {
			fprintf(stderr, "%s failed\n", path);
			return 1;
		}
		double dt = now() - t0;
		struct snc_db *db = snc_db_open(db_path, SNC_DB_EXISTING, err, sizeof err);
		int64_t states = 0, execs = 0, run = db ? snc_db_latest_run(db, NULL) : -1;
		if (!db || snc_db_run_work(db, run, &states, &execs) != 0) {
			fprintf(stderr, "%s\n", db ? snc_db_errmsg(db) : err);
			return 1;
		}
		snc_db_close(db);
		printf("%-18s %10lld %10lld %12.0f\n", harnesses[i], (long long)states,
		       (long long)execs, execs / dt);
		total_exec += execs;
		total_time += dt;
	}
	double floor_after = fork_floor(3000);
	double floor = (floor_before + floor_after) / 2;
	double rate = total_exec / total_time;
	printf("\nclassifier: %.0f executions/s; bare fork+wait loop: %.0f/s (before %.0f, after %.0f)\n",
	       rate, floor, floor_before, floor_after);
	printf("ratio to the fork floor: %.2fx (target >= 0.5x)\n", rate / floor);
	char wal[64];
	unlink(db_path);
	snprintf(wal, sizeof wal, "%s-wal", db_path);
	unlink(wal);
	snprintf(wal, sizeof wal, "%s-shm", db_path);
	unlink(wal);
	return 0;
}
