/* measure_bench.c: what the measure pass (--measure) costs on the examples, against
 * baselines measured in the same run:
 *   - the classification of the same harness (the run without --measure): how much longer
 *     a run with costs takes;
 *   - the same measure pass under `valgrind --tool=none` (SNC_MEASURE_TOOL=none: the same
 *     worker, plan, forks and records, with empty regions), both on the harness's build
 *     without the scheduler's instrumentation (PROGRAM.measure, which the pass runs): the
 *     snc tool's slowdown over Valgrind's own (target <= 1.5x);
 *   - the same pass on the instrumented build (a scratch folder holding the program and a
 *     copy of it as its .measure build, which is what the pass ran before it had a build of
 *     its own): the instructions per call it reported, against the uninstrumented build's.
 * The pass's time is the one the program records (cost_measurements.seconds: the worker
 * under Valgrind, from exec to exit). On a loaded machine wall times swing with the load,
 * so the snc/none slowdown is also given in CPU time: each run's CPU time (the program and
 * every process it waited for), less the CPU time of the classification run, which every
 * run repeats. Usage: measure_bench EXAMPLES-BIN-DIR VALGRIND-LIB. */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
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

/* Runs the harness program into db; tool NULL: no --measure. Returns its exit status;
 * *cpu receives the CPU seconds it and its descendants used. */
static int run_program(const char *path, const char *db, bool blocking, const char *lib,
		       const char *tool, double *cpu)
{
	pid_t pid = fork();
	if (pid == 0) {
		char *argv[12] = { (char *)path, "--db", (char *)db, "--quiet" };
		int n = 4;
		if (blocking)
			argv[n++] = "--blocking-observable";
		if (tool) {
			argv[n++] = "--measure";
			argv[n++] = "--valgrind-lib";
			argv[n++] = (char *)lib;
			setenv("SNC_MEASURE_TOOL", tool, 1);
		}
		argv[n] = NULL;
		execv(path, argv);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0)
		return 128;
	*cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

struct pass {
	double seconds;
	int64_t states;
	bool measured;
	double instructions;       /* sum over ops of instructions per loop call */
	double cpu;                /* CPU seconds of the whole run */
};

static int read_pass(const struct snc_db_cost_measurement *m, void *ctx)
{
	struct pass *p = ctx;
	p->seconds = m->seconds;
	p->states = m->states;
	p->measured = strcmp(m->status, "measured") == 0;
	return 0;
}

static int add_instructions(const struct snc_db_op_cost *row, void *ctx)
{
	struct pass *p = ctx;
	if (row->calls > 0)
		p->instructions += row->instructions_per_call;
	return 0;
}

/* The measure pass of the newest run in db_path. */
static int newest_pass(const char *db_path, struct pass *p)
{
	char err[256];
	struct snc_db *db = snc_db_open(db_path, SNC_DB_EXISTING, err, sizeof err);
	int64_t run = db ? snc_db_latest_run(db, NULL) : -1;
	*p = (struct pass){ 0 };
	int rc = run > 0 ? snc_db_each_cost_measurement(db, run, read_pass, p) : -1;
	if (rc == 0)
		rc = snc_db_each_op_cost(db, run, add_instructions, p);
	if (rc != 0 || !p->measured)
		fprintf(stderr, "no measure pass stored: %s\n", db ? snc_db_errmsg(db) : err);
	snc_db_close(db);
	return rc == 0 && p->measured ? 0 : -1;
}

static int copy_file(const char *from, const char *to)
{
	int in = open(from, O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	char buf[65536];
	ssize_t n = 0;
	while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n)
			n = -1;
	int rc = in >= 0 && out >= 0 && n == 0 ? 0 : -1;
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	return rc;
}

/* The measure pass with the instrumented program as its own measure build, in dir. */
static int instrumented_pass(const char *program, const char *name, const char *dir,
			     const char *db_path, bool blocking, const char *lib, struct pass *p)
{
	char copy[4200], twin[4300];
	snprintf(copy, sizeof copy, "%s/%s", dir, name);
	snprintf(twin, sizeof twin, "%s.measure", copy);
	double cpu = 0;
	int rc = copy_file(program, copy) == 0 && copy_file(program, twin) == 0 &&
		 run_program(copy, db_path, blocking, lib, "snc", &cpu) == 0 ? newest_pass(db_path, p)
									     : -1;
	unlink(copy);
	unlink(twin);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: measure_bench EXAMPLES-BIN-DIR VALGRIND-LIB\n");
		return 2;
	}
	static const char *const harnesses[] = {
		"atomic-counter", "split-counter", "racy-counter", "mutex-set", "byte-set",
		"global-allocator", "cache-allocator", "treiber-stack", "spsc-ring", "rcu",
	};
	char db_path[] = "/tmp/snc-measure-bench-XXXXXX";
	int fd = mkstemp(db_path);
	if (fd < 0)
		return 1;
	close(fd);
	unlink(db_path);
	char dir[] = "/tmp/snc-measure-bench-dir-XXXXXX";
	if (!mkdtemp(dir))
		return 1;
	printf("%-18s %6s %10s %10s %10s %9s %9s %9s %12s %12s\n", "harness", "states", "classify",
	       "measure", "tool=none", "meas/cls", "snc/none", "cpu s/n", "instr plain",
	       "instr tsan");
	double total_classify = 0, total_snc = 0, total_none = 0, total_plain = 0, total_tsan = 0;
	double cpu_snc = 0, cpu_none = 0;
	for (size_t i = 0; i < sizeof harnesses / sizeof harnesses[0]; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", argv[1], harnesses[i]);
		bool blocking = strcmp(harnesses[i], "rcu") == 0;
		double t0 = now();
		double cpu_classify = 0, cpu_with_snc = 0, cpu_with_none = 0;
		if (run_program(path, db_path, blocking, NULL, NULL, &cpu_classify) != 0) {
			fprintf(stderr, "%s failed\n", path);
			return 1;
		}
		double classify = now() - t0;
		struct pass snc, none, tsan;
		if (run_program(path, db_path, blocking, argv[2], "snc", &cpu_with_snc) != 0 ||
		    newest_pass(db_path, &snc) != 0 ||
		    run_program(path, db_path, blocking, argv[2], "none", &cpu_with_none) != 0 ||
		    newest_pass(db_path, &none) != 0 ||
		    instrumented_pass(path, harnesses[i], dir, db_path, blocking, argv[2], &tsan) != 0) {
			fprintf(stderr, "%s --measure failed\n", path);
			return 1;
		}
		double pass_snc = cpu_with_snc - cpu_classify, pass_none = cpu_with_none - cpu_classify;
		printf("%-18s %6lld %9.2fs %9.2fs %9.2fs %8.2fx %8.2fx %8.2fx %12.1f %12.1f\n",
		       harnesses[i], (long long)snc.states, classify, snc.seconds, none.seconds,
		       snc.seconds / classify, snc.seconds / none.seconds, pass_snc / pass_none,
		       snc.instructions, tsan.instructions);
		fflush(stdout);
		cpu_snc += pass_snc;
		cpu_none += pass_none;
		total_classify += classify;
		total_snc += snc.seconds;
		total_none += none.seconds;
		total_plain += snc.instructions;
		total_tsan += tsan.instructions;
	}
	rmdir(dir);
	printf("\nmeasure pass: %.1f s for the 10 examples, %.2fx their classification (%.1f s)\n",
	       total_snc, total_snc / total_classify, total_classify);
	printf("snc tool over --tool=none on the same passes, uninstrumented build: %.2fx wall, "
	       "%.2fx CPU (%.1f s against %.1f s; target <= 1.5x)\n", total_snc / total_none,
	       cpu_snc / cpu_none, cpu_snc, cpu_none);
	printf("instructions per call (summed over every op): %.1f on the uninstrumented build, "
	       "%.1f on the instrumented one (%.2fx)\n", total_plain, total_tsan,
	       total_tsan / total_plain);
	char wal[64];
	unlink(db_path);
	snprintf(wal, sizeof wal, "%s-wal", db_path);
	unlink(wal);
	snprintf(wal, sizeof wal, "%s-shm", db_path);
	unlink(wal);
	return 0;
}
