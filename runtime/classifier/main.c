/* main.c: the main() of every harness program.
 *
 * A harness is only declarations; linking it with this runtime makes it a program that
 * classifies its operations and stores the verdicts. `snc run` compiles it and passes the
 * run to append to (--run-id); run by hand (e.g. built with snc_add_harness in CMake) it
 * records a run of its own.
 *
 * Address-space randomization is switched off by re-executing once with
 * ADDR_NO_RANDOMIZE: pointers returned by operations then print the same in every run,
 * which keeps witnesses and stored outcomes comparable across runs. The re-execution also
 * sets LD_BIND_NOW: the program is linked with -z now, but the shared libraries it loads
 * (libc's own calls of malloc, pthread_create, ...) bind lazily, and every forked execution
 * would otherwise resolve again what its parent never called (about 8% of a run's CPU).
 *
 * SIGTERM, SIGINT and SIGHUP do not end the program on the spot: its children are killed
 * (and everything an operation left behind, which this process adopts as a child subreaper),
 * the states stored so far are kept, a run of its own is recorded as interrupted, and it
 * exits with 128 + the signal. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>
#include "measure.h"
#include "prove.h"
#include "runner.h"
#include "schedules.h"
#include "snc_db.h"
#include "state_process.h"

#if defined(__SANITIZE_ADDRESS__)
/* In sanitizer builds, crashes of operations must stay signals (recorded outcomes), not
 * sanitizer reports that turn them into exits; and an op that calls exit() must not spend
 * its time limit in a leak check of the library under test. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "handle_segv=0:handle_abort=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:"
	       "detect_leaks=0";
}
#endif

static void reexec_without_aslr(char **argv)
{
	int persona = personality(0xffffffff);
	if (persona == -1 || (persona & ADDR_NO_RANDOMIZE) || getenv("SNC_NO_REEXEC"))
		return;
	if (personality((unsigned long)persona | ADDR_NO_RANDOMIZE) == -1)
		return;
	setenv("SNC_NO_REEXEC", "1", 1);
	setenv("LD_BIND_NOW", "1", 1);
	execv("/proc/self/exe", argv);
	/* Not fatal: pointers then just differ between runs. */
}

static char *joined_args(int argc, char **argv)
{
	size_t len = 1;
	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	char *s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < argc; i++) {
		strcat(s, argv[i]);
		if (i + 1 < argc)
			strcat(s, " ");
	}
	return s;
}

/* Referenced by SNC_HARNESS, so that this file (and its main) is always linked in. */
const char snc_runtime_main = 1;

int main(int argc, char **argv)
{
	reexec_without_aslr(argv);
	struct runtime_options opt;
	int status = parse_runtime_options(argc, argv, &opt);
	if (status >= 0)
		return status;
	sp_catch_interrupts();
	sp_become_subreaper();
	if (opt.private_folders && sp_private_folders() != 0) {
		perror("error: --private-folders: the current folder");
		return 2;
	}
	if (opt.private_folders)
		sp_private_shm(opt.db_path);   /* where it cannot, /dev/shm stays the machine's */
	if (opt.replay_id) {   /* the stored schedule is read here, the passes never open the store */
		char err[512];
		struct snc_db *db = snc_db_open(opt.db_path, SNC_DB_READONLY, err, sizeof err);
		if (!db) {
			fprintf(stderr, "error: %s\n", err);
			return 2;
		}
		status = schedules_replay(&snc_harness_definition, &opt, db);
		snc_db_close(db);
		return status;
	}
	if (opt.worker_plan_fd >= 0)
		return measure_worker_main(&snc_harness_definition, &opt);
	char err[512];
	struct snc_db *db = snc_db_open(opt.db_path, SNC_DB_CREATE, err, sizeof err);
	if (!db) {
		fprintf(stderr, "error: %s\n", err);
		return 2;
	}
	int64_t run_id = opt.run_id;
	bool own_run = run_id == 0;
	char *args = own_run && !opt.run_args ? joined_args(argc, argv) : NULL;
	if (own_run) {
		run_id = snc_db_run_start(db, "run", opt.run_args ? opt.run_args : args,
					  snc_harness_definition.name, SNC_VERSION_STRING);
	} else if (snc_db_run_exists(db, run_id) != 1) {
		fprintf(stderr, "error: run %lld is not in %s\n", (long long)run_id, opt.db_path);
		snc_db_close(db);
		return 2;
	}
	free(args);
	if (run_id < 0) {
		fprintf(stderr, "error: %s\n", snc_db_errmsg(db));
		snc_db_close(db);
		return 2;
	}
	struct run_summary summary = { 0 };
	status = run_harness(&snc_harness_definition, &opt, db, run_id, &summary);
	if (status == 0 && opt.measure)
		status = measure_harness(&snc_harness_definition, &opt, db, summary.harness_id);
	if (status == 0 && opt.prove && !sp_interrupted())
		status = prove_harness(&snc_harness_definition, &opt, db, summary.harness_id);
	int sig = sp_interrupted();
	char signame[16];
	snprintf(signame, sizeof signame, "SIG%s", sig ? sigabbrev_np(sig) : "");
	if (sig) {
		sp_sweep();
		status = 128 + sig;
		if (own_run)
			fprintf(stderr, "%s: interrupted by %s: %lld states stored in %s (run %lld)\n",
				snc_harness_definition.name, signame, (long long)summary.states,
				opt.db_path, (long long)run_id);
	}
	if (own_run && sig)
		snc_db_run_interrupted(db, run_id, signame, status);
	else if (own_run)
		snc_db_run_finish(db, run_id, status == 0 ? "ok" : "failed", status);
	if (status == 0 && !opt.quiet)
		fprintf(stderr, "%s: %lld states, %lld executions run, stored in %s (run %lld)\n",
			snc_harness_definition.name, (long long)summary.states,
			(long long)summary.executions, opt.db_path, (long long)run_id);
	snc_db_close(db);
	return status;
}
