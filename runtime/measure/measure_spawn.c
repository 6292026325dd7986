/* measure_spawn.c: finding Valgrind and the snc tool, and starting the measure worker.
 *
 * The worker is this program's measure build, PROGRAM.measure beside it: the same harness
 * and library without the scheduler's instrumentation (snc run, snc audit and
 * snc_add_harness build both), so that the tool counts what the library executes and
 * attributes it to the library's own source lines, not to the __tsan_* hooks. It runs under
 * `valgrind --tool=snc` with VALGRIND_LIB pointing at the tool's folder, so a user never
 * sets anything up; --read-inline-info=yes (Valgrind reads inlined frames only for its own
 * error-reporting tools by default) lets sites name the inlined function that holds them
 * rather than the function it was inlined into. The tool's folder is found from where
 * things are now, never from where snc was configured or built:
 *   1. --valgrind-lib DIR when given (snc passes its own: its build tree's or
 *      <libdir>/snc/valgrind beside the snc program);
 *   2. beside this program when it is installed with snc: PREFIX/bin/PROGRAM or an
 *      installed example, PREFIX/libexec/snc/examples/bin/PROGRAM (paths relative to the
 *      program's real location: SNC_TOOL_FROM_BINDIR, SNC_TOOL_FROM_EXAMPLES);
 *   3. the snc package the program was built against: snc_add_harness compiles in
 *      snc_package_valgrind_lib(), the tool folder of the package CMake found (an
 *      install where it is when the program is built, or the snc build tree);
 *   4. when that folder is gone (the install moved after the build) or the program was not
 *      built with snc_add_harness: the installed snc found on PATH, its
 *      <libdir>/snc/valgrind (relative to its real location, as in 2).
 * Programs built otherwise (pkg-config) pass --valgrind-lib
 * "$(pkg-config --variable=valgrind_lib snc)".
 * The worker's environment also carries
 *   SNC_NO_REEXEC=1  main() must not re-execute itself without ASLR: the exec would leave
 *                    the tool (Valgrind does not follow exec by default);
 *   LD_BIND_NOW=1    lazy binding would run the dynamic linker (which has an `xchg`) inside
 *                    the first call of every library function a child makes.
 * Valgrind runs with -q (only real problems are logged), --log-fd (what it logs goes to
 * the caller's file: measure.c reads the reason of a panic from it, and copies the rest to
 * stderr), --vgdb=no (no gdbserver FIFOs for every forked child) and --max-threads=16
 * (MEASURE_MAX_THREADS): with the default of 500, every fork copies much larger thread
 * tables (20 ms against 7 ms per bare fork here), and the worker forks once per measured
 * state and instance. An op that runs more threads at once (one that starts a thread per
 * call, as liburcu's create_call_rcu_data) makes Valgrind abort its process; measure.c
 * then runs the pass again with MEASURE_MAX_THREADS_LARGE.
 *
 * For benchmarks only, SNC_MEASURE_TOOL=none runs the same worker under another tool
 * (e.g. `none`): the worker then runs its plan with empty regions (all counts 0), so the pass
 * takes what Valgrind itself costs, the baseline of the snc tool's overhead.
 *
 * AddressSanitizer (and MemorySanitizer) programs cannot run under Valgrind: both want the
 * address space. Whether this program carries one is read from its symbols at run time, so
 * a harness compiled with -fsanitize against a plain runtime is caught too.
 *
 * The worker is forked and waited for through state_process.h, with no limits of its own
 * (Valgrind needs a large address space); it gets the run's CPU, process and file size
 * limits for the children it forks, never a memory limit. */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "measure.h"
#include "state_process.h"

#define TOOL_FILE "snc-amd64-linux"

extern void __asan_init(void) __attribute__((weak));
extern void __msan_init(void) __attribute__((weak));
/* Defined by snc_add_harness in the harness program (see above); absent otherwise. */
extern const char *snc_package_valgrind_lib(void) __attribute__((weak));

const char *measure_baseline_tool(void)
{
	const char *tool = getenv("SNC_MEASURE_TOOL");
	return tool && *tool && strcmp(tool, "snc") != 0 ? tool : NULL;
}

static bool find_program(const char *name, char *out, size_t len)
{
	const char *path = getenv("PATH");
	char *copy = strdup(path && *path ? path : "/usr/bin:/bin"), *save = NULL;
	bool found = false;
	for (char *dir = copy ? strtok_r(copy, ":", &save) : NULL; dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		snprintf(out, len, "%s/%s", dir, name);
		found = access(out, X_OK) == 0;
	}
	free(copy);
	return found;
}

static bool holds_tool(const char *dir)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/" TOOL_FILE, dir);
	return access(path, X_OK) == 0;
}

/* The tool of the installed snc found on PATH (its real location's
 * SNC_TOOL_FROM_BINDIR) into lib; false when there is none. */
static bool tool_of_snc_on_path(char *lib, size_t liblen)
{
	char snc[PATH_MAX], real[PATH_MAX];
	if (!find_program("snc", snc, sizeof snc) || !realpath(snc, real))
		return false;
	char *slash = strrchr(real, '/');
	if (!slash)
		return false;
	*slash = '\0';
	snprintf(lib, liblen, "%s/%s", real, SNC_TOOL_FROM_BINDIR);
	return holds_tool(lib);
}

/* The measure build beside this program, in program[len]; false when there is none. */
static bool find_measure_program(char *program, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n < 0)
		return snprintf(program, len, "(this program's path is unknown)"), false;
	exe[n] = '\0';
	snprintf(program, len, "%s" SNC_MEASURE_PROGRAM_SUFFIX, exe);
	return access(program, X_OK) == 0;
}

const char *measure_unavailable(const struct runtime_options *opt, char *lib, size_t liblen,
				char *valgrind, size_t vglen, char *program, size_t proglen)
{
	static char why[2 * PATH_MAX + 128];
	if (__asan_init || __msan_init)
		return "this harness program is built with a sanitizer, which Valgrind cannot run";
	if (!find_program("valgrind", valgrind, vglen))
		return "valgrind is not installed (Debian: apt-get install valgrind)";
	if (!find_measure_program(program, proglen)) {
		snprintf(why, sizeof why, "its build without the scheduler's instrumentation, '%s', "
			 "is missing (snc run, snc audit and snc_add_harness make it)", program);
		return why;
	}
	if (opt->valgrind_lib) {
		snprintf(lib, liblen, "%s", opt->valgrind_lib);
		if (holds_tool(lib))
			return NULL;
		snprintf(why, sizeof why, "the snc Valgrind tool is not in '%s'", opt->valgrind_lib);
		return why;
	}
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n < 0 ? 0 : n] = '\0';
	char *slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	const char *const beside[] = { SNC_TOOL_FROM_BINDIR, SNC_TOOL_FROM_EXAMPLES };
	for (int i = 0; slash && i < 2; i++) {
		snprintf(lib, liblen, "%s/%s", exe, beside[i]);
		if (holds_tool(lib))
			return NULL;
	}
	if (snc_package_valgrind_lib) {
		snprintf(lib, liblen, "%s", snc_package_valgrind_lib());
		if (holds_tool(lib))
			return NULL;
	}
	if (tool_of_snc_on_path(lib, liblen))
		return NULL;
	if (snc_package_valgrind_lib)
		snprintf(why, sizeof why, "the snc Valgrind tool is not in '%s', where the snc package "
			 "this program was built with had it, nor beside an installed snc on PATH "
			 "(moved? put its bin on PATH or give --valgrind-lib DIR)",
			 snc_package_valgrind_lib());
	else
		snprintf(why, sizeof why, "the snc Valgrind tool is not beside this program nor beside "
			 "an installed snc on PATH, and the program was not built with snc_add_harness "
			 "(give --valgrind-lib DIR)");
	return why;
}

/* The records the worker wrote so far (lines of the records file), for the progress line. */
struct records_seen {
	int fd;
	off_t read;
	long lines;
	struct timespec start;
};

static void show_progress(void *ctx)
{
	struct records_seen *r = ctx;
	char buf[4096];
	ssize_t n;
	while ((n = pread(r->fd, buf, sizeof buf, r->read)) > 0) {
		r->read += n;
		for (ssize_t i = 0; i < n; i++)
			r->lines += buf[i] == '\n';
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	progress_detail("%ld records, %lld s", r->lines, (long long)(now.tv_sec - r->start.tv_sec));
}

int measure_spawn(const char *valgrind, const char *lib, const char *program, int max_threads,
		  const struct runtime_options *opt, int timeout_ms, int plan_fd, int records_fd,
		  int log_fd)
{
	const char *baseline = measure_baseline_tool();
	char fds[32], timeout[32], jobs[16], tool[64], cpu[24], procs[24], fsize[24], log[32];
	char threads[32];
	snprintf(threads, sizeof threads, "--max-threads=%d", max_threads);
	snprintf(log, sizeof log, "--log-fd=%d", log_fd >= 0 ? log_fd : STDERR_FILENO);
	snprintf(tool, sizeof tool, "--tool=%s", baseline ? baseline : "snc");
	snprintf(fds, sizeof fds, "%d,%d", plan_fd, records_fd);
	snprintf(timeout, sizeof timeout, "%.3f", timeout_ms / 1000.0);
	snprintf(jobs, sizeof jobs, "%d", opt->jobs);
	snprintf(cpu, sizeof cpu, "%ld", opt->cpu_limit_s);
	snprintf(procs, sizeof procs, "%ld", opt->process_limit);
	snprintf(fsize, sizeof fsize, "%ld", opt->file_size_limit_mib);
	char *argv[] = {
		(char *)valgrind, tool, "-q", "--vgdb=no", threads, log,
		"--read-inline-info=yes", (char *)program,
		"--measure-worker", fds, "--timeout", timeout, "--jobs", jobs, "--memory-limit", "0",
		"--cpu-limit", cpu, "--process-limit", procs, "--file-size-limit", fsize,
		opt->verbose ? "--verbose" : NULL, NULL,
	};
	struct records_seen seen = { .fd = records_fd };
	clock_gettime(CLOCK_MONOTONIC, &seen.start);
	struct sp_options o = { .silence = false, .on_tick = show_progress, .ctx = &seen };
	struct sp_child child;
	pid_t pid = sp_fork(&child, &o);
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (!baseline)   /* Valgrind's own tools are where it was installed */
			setenv("VALGRIND_LIB", lib, 1);
		setenv("SNC_NO_REEXEC", "1", 1);
		setenv("LD_BIND_NOW", "1", 1);
		execv(valgrind, argv);
		_exit(127);
	}
	struct sp_end end;
	if (sp_wait(&child, 1, &end) == SP_INTERRUPTED)
		return 128 + sp_interrupted();
	return end.how == SP_EXITED ? end.code : 128 + (end.how == SP_KILLED ? end.code : SIGKILL);
}
