/* shard_bench.c: what splitting the CI job over N shards costs and saves on this machine.
 *
 * The job is docs/snc-ci-job.sh (scan the examples, run their harnesses: the CI workflow's
 * steps). The baseline is the whole job run once into one database. Then for N = 2 ..
 * MAX-SHARDS: the N shards run at once as separate processes (as a CI matrix runs them on
 * N machines, here sharing this machine's cores) and `snc merge` joins them. It prints, as
 * ratios to the baseline measured in the same run: the wall time of the N shards in
 * parallel (on a machine with fewer cores than shards they compete for them, as they would
 * not on N CI machines), the merge's wall time, shards and merge together, the CPU time
 * (user + system of every process), and the size of the shard databases together and of
 * the merged one. Then how the whole job grows with the number of
 * harnesses: the job with the first 1, 3 and all of them (SNC_CI_HARNESSES), time and
 * database size as ratios to the one-harness job. The machine may be shared: the load
 * average is printed with each figure. It prints figures and never asserts.
 *
 * Two more jobs get the same table, each against its own unsharded baseline: `snc run
 * --schedules` of two example harnesses (the shards split each harness's pairs for the
 * schedule exploration), and `snc audit` of the audit tests' small fixture library (8
 * families; the shards split the families, each shard scans the whole library). PART
 * chooses: ci, schedules, audit or all (the default).
 *
 * usage: shard_bench SNC SOURCE-DIR SCRATCH-DIR [MAX-SHARDS [PART]] */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *const harnesses[] = {
	"split_harness.c", "racy_harness.c", "atomic_harness.c", "global_harness.c",
	"cache_harness.c", "stack_harness.c", "ring_harness.c", "mutex_set_harness.c",
	"byte_set_harness.c", "rcu_harness.c",
};
enum { NHARNESSES = sizeof harnesses / sizeof *harnesses };

static const char *source_dir, *scratch, *snc;

struct cost {
	double wall, cpu, load;
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double children_cpu(void)
{
	struct rusage u;
	getrusage(RUSAGE_CHILDREN, &u);
	return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6 +
	       (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec / 1e6;
}

static double load_now(void)
{
	double l = 0;
	getloadavg(&l, 1);
	return l;
}

/* A job: command i of a shard (shard "K/N", NULL for the whole job) into db, as argv;
 * false when it has no command i. */
typedef bool job_command(int i, const char *db, const char *shard, char **argv);

/* Starts argv in the source folder, its output into log. */
static pid_t start(char *const *argv, const char *log)
{
	fflush(stdout);   /* else the child's copy of the buffer is printed again */
	pid_t pid = fork();
	if (pid == 0) {
		FILE *f = freopen(log, "w", stdout);
		if (!f || dup2(fileno(stdout), 2) < 0 || chdir(source_dir) != 0)
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	return pid;
}

/* Starts a process that runs the job's commands one after the other, its output (and
 * theirs) into log; it exits 1 when one of them fails. */
static pid_t start_job(job_command *job, const char *db, const char *shard, const char *log)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid != 0)
		return pid;
	FILE *f = freopen(log, "w", stdout);
	if (!f || dup2(fileno(stdout), 2) < 0 || chdir(source_dir) != 0)
		_exit(127);
	char *argv[32];
	for (int i = 0; job(i, db, shard, argv); i++) {
		fflush(stdout);
		pid_t child = fork();
		if (child == 0) {
			execvp(argv[0], argv);
			_exit(127);
		}
		int status;
		if (child < 0 || waitpid(child, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			_exit(1);
	}
	_exit(0);
}

/* The CI job: docs/snc-ci-job.sh DB [K/N]. */
static bool ci_job(int i, const char *db, const char *shard, char **argv)
{
	static char script[4200];
	snprintf(script, sizeof script, "%s/docs/snc-ci-job.sh", source_dir);
	char *const cmd[] = { "sh", script, (char *)db, (char *)shard, NULL };
	memcpy(argv, cmd, sizeof cmd);
	return i == 0;
}

/* argv for `snc COMMAND --db DB --quiet [--shard K/N] ARGS...`. */
static void snc_argv(char **argv, const char *command, const char *db, const char *shard,
		     char *const *args)
{
	int a = 0;
	argv[a++] = (char *)snc;
	argv[a++] = (char *)command;
	argv[a++] = "--db";
	argv[a++] = (char *)db;
	argv[a++] = "--quiet";
	if (shard) {
		argv[a++] = "--shard";
		argv[a++] = (char *)shard;
	}
	while (*args)
		argv[a++] = *args++;
	argv[a] = NULL;
}

/* Two harnesses whose schedules take seconds, with --schedules. */
static bool schedules_job(int i, const char *db, const char *shard, char **argv)
{
	static char *const runs[][4] = {
		{ "--schedules", "examples/counters/atomic_harness.c", "examples/counters/counters.c", NULL },
		{ "--schedules", "examples/stack/stack_harness.c", "examples/stack/stack.c", NULL },
	};
	if (i >= (int)(sizeof runs / sizeof *runs))
		return false;
	snc_argv(argv, "run", db, shard, runs[i]);
	return true;
}

/* The audit tests' fixture headers and globals library: 8 families, without measuring. */
static bool audit_job(int i, const char *db, const char *shard, char **argv)
{
	static char *const args[] = {
		"--repeat", "1", "--no-measure", "tests/audit/fixtures/crashy.h",
		"tests/audit/fixtures/broken.h", "tests/audit/fixtures/pure.h",
		"tests/audit/fixtures/ring.h", "tests/audit/fixtures/macros.h",
		"tests/fixtures/shard_order.h", "tests/audit/fixtures/globals/globals.h",
		"tests/audit/fixtures/globals/src", NULL,
	};
	snc_argv(argv, "audit", db, shard, args);
	return i == 0;
}

static int wait_all(const pid_t *pids, int n)
{
	int failed = 0, status;
	for (int i = 0; i < n; i++)
		if (pids[i] <= 0 || waitpid(pids[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			failed++;
	return failed;
}

static void remove_db(const char *path)
{
	char side[4200];
	unlink(path);
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
}

static double file_mib(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (double)st.st_size / (1024.0 * 1024.0) : 0;
}

/* N shards of the job at once (N = 0: the whole job, unsharded) into scratch/PREFIX-K.db. */
static int run_job(job_command *job, int n, const char *prefix, struct cost *c)
{
	char dbs[64][4200], shards[64][32], logs[64][4200];
	int count = n ? n : 1;
	pid_t pids[64];
	double cpu0 = children_cpu(), t0 = now();
	c->load = load_now();
	for (int k = 0; k < count; k++) {
		snprintf(dbs[k], sizeof dbs[k], "%s/%s-%d.db", scratch, prefix, k + 1);
		snprintf(logs[k], sizeof logs[k], "%s/%s-%d.log", scratch, prefix, k + 1);
		snprintf(shards[k], sizeof shards[k], "%d/%d", k + 1, n);
		remove_db(dbs[k]);
		pids[k] = start_job(job, dbs[k], n ? shards[k] : NULL, logs[k]);
	}
	int failed = wait_all(pids, count);
	c->wall = now() - t0;
	c->cpu = children_cpu() - cpu0;
	if (failed)
		fprintf(stderr, "shard_bench: %d of %d job processes failed (see %s)\n", failed, count,
			logs[0]);
	return failed ? -1 : 0;
}

static int merge(int n, const char *prefix, const char *out, struct cost *c)
{
	char *argv[70], dbs[64][4200], log[4200];
	int a = 0;
	argv[a++] = (char *)snc;
	argv[a++] = "merge";
	argv[a++] = "--quiet";
	argv[a++] = (char *)out;
	for (int k = 0; k < n; k++) {
		snprintf(dbs[k], sizeof dbs[k], "%s/%s-%d.db", scratch, prefix, k + 1);
		argv[a++] = dbs[k];
	}
	argv[a] = NULL;
	snprintf(log, sizeof log, "%s/merge.log", scratch);
	remove_db(out);
	double cpu0 = children_cpu(), t0 = now();
	c->load = load_now();
	pid_t pid = start(argv, log);
	int failed = wait_all(&pid, 1);
	c->wall = now() - t0;
	c->cpu = children_cpu() - cpu0;
	if (failed)
		fprintf(stderr, "shard_bench: snc merge failed (see %s)\n", log);
	return failed ? -1 : 0;
}

static double shards_mib(int n, const char *prefix)
{
	double total = 0;
	char path[4200];
	for (int k = 0; k < n; k++) {
		snprintf(path, sizeof path, "%s/%s-%d.db", scratch, prefix, k + 1);
		total += file_mib(path);
	}
	return total;
}

static void set_harnesses(int count)
{
	char list[1024] = "";
	for (int i = 0; i < count; i++) {
		strcat(list, harnesses[i]);
		strcat(list, " ");
	}
	setenv("SNC_CI_HARNESSES", list, 1);
}

static struct cost ci_whole;   /* the CI job's baseline, for its table by harnesses */
static double ci_whole_mib;

/* The job whole (the baseline), then as 2 .. max_shards shards at once merged: the
 * figures as ratios to the baseline. */
static int shard_table(job_command *job, const char *name, const char *title, int max_shards)
{
	struct cost whole;
	char prefix[64], path[4200];
	snprintf(prefix, sizeof prefix, "%s-whole", name);
	if (run_job(job, 0, prefix, &whole) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/%s-1.db", scratch, prefix);
	double whole_mib = file_mib(path);
	printf("\n%s\n", title);
	printf("baseline, the whole job once: %.1f s wall, %.1f s CPU, %.2f MiB (load %.1f)\n",
	       whole.wall, whole.cpu, whole_mib, whole.load);
	printf("%-7s %12s %10s %12s %10s %12s %12s %6s\n", "shards", "wall/whole", "cpu/whole",
	       "merge/whole", "total/whole", "shards MiB/whole", "merged/whole", "load");
	for (int n = 2; n <= max_shards; n++) {
		char out[4200];
		snprintf(prefix, sizeof prefix, "%s-shard%d", name, n);
		snprintf(out, sizeof out, "%s/%s-merged%d.db", scratch, name, n);
		struct cost shards, joined;
		if (run_job(job, n, prefix, &shards) != 0 || merge(n, prefix, out, &joined) != 0)
			return -1;
		printf("%-7d %12.2f %10.2f %12.3f %10.2f %16.2f %12.2f %6.1f\n", n,
		       shards.wall / whole.wall, (shards.cpu + joined.cpu) / whole.cpu,
		       joined.wall / whole.wall, (shards.wall + joined.wall) / whole.wall,
		       shards_mib(n, prefix) / whole_mib, file_mib(out) / whole_mib, shards.load);
	}
	if (job == ci_job) {
		ci_whole = whole;
		ci_whole_mib = whole_mib;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: shard_bench SNC SOURCE-DIR SCRATCH-DIR [MAX-SHARDS [PART]]\n");
		return 2;
	}
	snc = argv[1];
	source_dir = argv[2];
	scratch = argv[3];
	int max_shards = argc > 4 ? atoi(argv[4]) : 3;
	if (max_shards < 2 || max_shards > 64) {
		fprintf(stderr, "shard_bench: MAX-SHARDS is 2..64\n");
		return 2;
	}
	mkdir(scratch, 0755);
	char bin[4200];   /* the job's scripts call snc by name */
	snprintf(bin, sizeof bin, "%s", snc);
	char *slash = strrchr(bin, '/');
	if (slash) {
		*slash = '\0';
		char path[8400];
		snprintf(path, sizeof path, "%s:%s", bin, getenv("PATH") ? getenv("PATH") : "");
		setenv("PATH", path, 1);
	}
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	const char *part = argc > 5 ? argv[5] : "all";
	bool all = strcmp(part, "all") == 0;
	printf("%ld CPUs\n", cpus);
	set_harnesses(NHARNESSES);
	if ((all || strcmp(part, "schedules") == 0) &&
	    shard_table(schedules_job, "sched", "snc run --schedules of atomic_harness.c and "
			"stack_harness.c", max_shards) != 0)
		return 1;
	if ((all || strcmp(part, "audit") == 0) &&
	    shard_table(audit_job, "audit", "snc audit of the test fixture library (8 families)",
			max_shards) != 0)
		return 1;
	if (!all && strcmp(part, "ci") != 0)
		return 0;
	char title[128];
	snprintf(title, sizeof title, "the CI job (docs/snc-ci-job.sh: scan of examples/, %d "
		 "harnesses)", NHARNESSES);
	if (shard_table(ci_job, "ci", title, max_shards) != 0)
		return 1;
	struct cost whole = ci_whole;
	double whole_mib = ci_whole_mib;
	char path[4200];
	printf("\nthe whole job by number of harnesses, as ratios to the job with 1\n");
	printf("%-10s %10s %10s %10s %6s\n", "harnesses", "wall", "cpu", "MiB", "load");
	const int counts[] = { 1, 3, NHARNESSES };
	struct cost base = { 0 };
	double base_mib = 0;
	for (int i = 0; i < 3; i++) {
		struct cost c = whole;   /* all of them: the baseline above */
		double mib = whole_mib;
		char prefix[32];
		set_harnesses(counts[i]);
		snprintf(prefix, sizeof prefix, "harnesses%d", counts[i]);
		if (counts[i] < NHARNESSES) {
			if (run_job(ci_job, 0, prefix, &c) != 0)
				return 1;
			snprintf(path, sizeof path, "%s/%s-1.db", scratch, prefix);
			mib = file_mib(path);
		}
		if (i == 0) {
			base = c;
			base_mib = mib;
		}
		printf("%-10d %10.2f %10.2f %10.2f %6.1f\n", counts[i], c.wall / base.wall,
		       c.cpu / base.cpu, mib / base_mib, c.load);
	}
	printf("(1 harness: %.1f s wall, %.1f s CPU, %.2f MiB)\n", base.wall, base.cpu, base_mib);
	return 0;
}
