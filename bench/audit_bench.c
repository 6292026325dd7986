/* audit_bench.c: how long `snc audit` takes on the libraries of the case studies, split into
 * its steps.
 *
 * For each library (Concurrency Kit's ck_stack.h, ck_fifo.h, ck_ring.h, ck_bitmap.h,
 * ck_spinlock.h, ck_epoch.h, ck_pr.h (every type family); liburcu's urcu.h with the
 * memb flavor, wfstack.h, wfcqueue.h, lfstack.h and rculfqueue.h with -D_LGPL_SOURCE, and
 * uatomic.h) it runs one `snc audit` with the defaults
 * (depth 1, measured when the snc Valgrind tool is available) into a fresh database and
 * reads back the line the audit ends with:
 *
 *   snc audit: N families: A audited, ...; K functions skipped, M notes; scan S s,
 *   generate+build B s, classify C s, measure T s; run R in DB
 *
 * and the coverage line after it ("API: N public names ..., K in a verdict (P%)"), and
 * prints, per library, those four wall times, the whole audit's wall time (which adds
 * starting up and storing), its CPU time (user and system, the audit and every process it
 * waited for: what a loaded machine does not stretch), the families audited, the states
 * and executions its harnesses ran (from the database), the share of public names in a
 * verdict, and the load average when it started: the machine is shared, and a loaded
 * machine stretches every wall time. Below each library, one line per family (harness):
 * its states, the executions it ran (repeats, confirmations and probes included), and the
 * executions it stored (one per solo and pair of every state that was built: running them
 * all takes --repeat times that; what is missing was copied, from equal states, probes, or
 * ops that keep no state). The target (docs/performance.md)
 * is each library audited in under a minute on 2 cores. It prints figures and never
 * asserts.
 *
 * usage: audit_bench SNC [SCRATCH-DIR] [LIBRARY-NAME...] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <sqlite3.h>
#include "snc_db.h"

#define URCU "/usr/include/x86_64-linux-gnu/urcu/"

struct library {
	const char *name;
	const char *args[10];       /* what follows `snc audit --db DB --quiet` */
};

static const struct library libraries[] = {
	{ "ck_stack", { "/usr/include/ck_stack.h" } },
	{ "ck_fifo", { "/usr/include/ck_fifo.h" } },
	{ "ck_pr", { "/usr/include/ck_pr.h" } },   /* every type family in one run */
	{ "ck_bitmap", { "/usr/include/ck_bitmap.h" } },
	{ "ck_ring", { "/usr/include/ck_ring.h" } },
	{ "ck_spinlock", { "/usr/include/ck_spinlock.h" } },
	{ "ck_epoch", { "/usr/include/ck_epoch.h", "--lib", "-lck" } },
	{ "urcu (memb)", { "/usr/include/x86_64-linux-gnu/urcu.h", "--lib", "-lurcu-memb", "--lib",
			   "-lurcu-common", "--", "-DRCU_MEMB" } },
	{ "urcu wfstack", { URCU "wfstack.h", "--", "-D_LGPL_SOURCE" } },
	{ "urcu wfcqueue", { URCU "wfcqueue.h", "--", "-D_LGPL_SOURCE" } },
	{ "urcu lfstack", { URCU "lfstack.h", "--", "-D_LGPL_SOURCE" } },
	{ "urcu rculfq", { URCU "rculfqueue.h", "--lib", "-lurcu-memb", "--", "-D_LGPL_SOURCE",
			   "-DRCU_MEMB" } },
	{ "urcu uatomic", { URCU "uatomic.h" } },
};

struct figures {
	double scan, build, classify, measure, wall, load, cpu;
	int families, coverage;
	int64_t states, executions;
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double load_average(void)
{
	double load = -1;
	FILE *f = fopen("/proc/loadavg", "r");
	if (f) {
		if (fscanf(f, "%lf", &load) != 1)
			load = -1;
		fclose(f);
	}
	return load;
}

/* Runs snc audit on lib into db with stderr to log; returns its exit status, its CPU time
 * (with its children's) in *cpu. */
static int run_audit(const char *snc, const struct library *lib, const char *db, const char *log,
		     double *cpu)
{
	const char *argv[16] = { snc, "audit", "--db", db, "--quiet" };
	int n = 5;
	for (int i = 0; lib->args[i] && n < 15; i++)
		argv[n++] = lib->args[i];
	argv[n] = NULL;
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stdout) || !freopen(log, "w", stderr))
			_exit(126);
		execv(snc, (char *const *)argv);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0)
		return -1;
	*cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The audit's last line, parsed; returns 0 when it was found. */
static int read_log(const char *log, struct figures *f)
{
	FILE *in = fopen(log, "r");
	if (!in)
		return -1;
	char line[2048];
	int found = -1;
	while (fgets(line, sizeof line, in)) {
		const char *p = strstr(line, "snc audit: "), *times = strstr(line, "; scan ");
		const char *api = strstr(line, "snc audit: API: ");
		const char *in = api ? strstr(api, " in a verdict (") : NULL;
		if (in && sscanf(in + strlen(" in a verdict ("), "%d%%", &f->coverage) != 1)
			f->coverage = -1;
		if (p && times && sscanf(p, "snc audit: %*d famil%*[^:]: %d audited", &f->families) == 1 &&
		    sscanf(times, "; scan %lf s, generate+build %lf s, classify %lf s, measure %lf s",
			   &f->scan, &f->build, &f->classify, &f->measure) == 4)
			found = 0;
	}
	fclose(in);
	return found;
}

/* One line per harness of the database's latest audit: states, executions run, stored. */
static void print_families(const char *db)
{
	sqlite3 *d;
	sqlite3_stmt *st;
	if (sqlite3_open_v2(db, &d, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		sqlite3_close(d);
		return;
	}
	if (sqlite3_prepare_v2(d,
			       "SELECT h.name, h.states_tried, h.executions, (SELECT count(*) FROM "
			       "executions e JOIN states s ON s.id = e.state_id WHERE s.harness_id = h.id) "
			       "FROM harnesses h WHERE h.run_id = (SELECT max(id) FROM runs WHERE "
			       "command = 'audit') ORDER BY h.executions DESC", -1, &st, NULL) == SQLITE_OK) {
		while (sqlite3_step(st) == SQLITE_ROW)
			printf("  %-32s %6d states %7lld run %8lld stored\n",
			       (const char *)sqlite3_column_text(st, 0), sqlite3_column_int(st, 1),
			       (long long)sqlite3_column_int64(st, 2), (long long)sqlite3_column_int64(st, 3));
		sqlite3_finalize(st);
	}
	sqlite3_close(d);
}

static bool selected(const char *name, int argc, char **argv)
{
	if (argc <= 3)
		return true;
	for (int i = 3; i < argc; i++)
		if (strcmp(argv[i], name) == 0)
			return true;
	return false;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: audit_bench SNC [SCRATCH-DIR] [LIBRARY-NAME...]\n");
		return 2;
	}
	const char *snc = argv[1], *scratch = argc > 2 ? argv[2] : "/tmp";
	mkdir(scratch, 0777);
	printf("%-14s %6s %6s %9s %8s %8s %8s %7s %5s %6s %6s %6s %5s\n", "LIBRARY", "SCAN", "BUILD",
	       "CLASSIFY", "MEASURE", "TOTAL", "", "CPU", "FAMS", "STATES", "EXECS", "COVER", "LOAD");
	for (size_t i = 0; i < sizeof libraries / sizeof libraries[0]; i++) {
		const struct library *lib = &libraries[i];
		if (!selected(lib->name, argc, argv))
			continue;
		if (access(lib->args[0], R_OK) != 0) {
			printf("%-14s (not installed)\n", lib->name);
			continue;
		}
		char db[4096], log[4096];
		snprintf(db, sizeof db, "%s/audit-bench-%zu.db", scratch, i);
		snprintf(log, sizeof log, "%s/audit-bench-%zu.log", scratch, i);
		unlink(db);
		struct figures f = { .load = load_average(), .coverage = -1 };
		double start = now();
		int rc = run_audit(snc, lib, db, log, &f.cpu);
		f.wall = now() - start;
		if (rc != 0 || read_log(log, &f) != 0) {
			printf("%-14s audit failed (exit %d), see %s\n", lib->name, rc, log);
			continue;
		}
		char err[256];
		struct snc_db *d = snc_db_open(db, SNC_DB_READONLY, err, sizeof err);
		if (d) {
			snc_db_run_work(d, snc_db_latest_run(d, "audit"), &f.states, &f.executions);
			snc_db_close(d);
		}
		printf("%-14s %5.1fs %5.1fs %8.1fs %7.1fs %7.1fs %8s %6.1fs %5d %6lld %6lld %5d%% %5.1f\n",
		       lib->name, f.scan, f.build, f.classify, f.measure, f.wall,
		       f.wall < 60 ? "< 1 min" : "> 1 min", f.cpu, f.families, (long long)f.states,
		       (long long)f.executions, f.coverage, f.load);
		print_families(db);
	}
	return 0;
}
