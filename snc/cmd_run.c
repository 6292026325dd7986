/* cmd_run.c: `snc run HARNESS.c [LIBRARY.c ...] [-- CFLAGS...]`.
 *
 * Records a run, compiles the harness with the library sources into a temporary program
 * (or takes an already built harness program), runs it into that run, and prints the
 * verdicts. Exploration options are passed through to the program, which checks them. */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "snc_db.h"

static const char usage[] =
	"usage: snc run [options] HARNESS.c [LIBRARY.c ...] [-- CFLAGS...]\n"
	"       snc run [options] HARNESS-PROGRAM\n"
	"\n"
	"Compiles the harness with the library sources (using $CC, default cc) and classifies\n"
	"every pair of its operations: commutative, state-only, non-commutative, snc-split or\n"
	"snc, each with a witness. Results are appended to the database as a new run.\n"
	"A HARNESS-PROGRAM is one already built, e.g. with snc_add_harness() in CMake.\n"
	"\n"
	"  --db FILE               database (default ./snc.db)\n"
	"  --depth N               states are op sequences up to length N (default 2)\n"
	"  --max-states N          sample states beyond N (default 2000)\n"
	"  --seed N                sampling seed (default 1)\n"
	"  --boundary N            also the states where an op repeated up to N times changes\n"
	"                          its result (full, empty, locked; default 0: none)\n"
	"  --timeout SECONDS       time limit per operation (default 1)\n"
	"  --repeat N              runs per execution, to check determinism (default 2)\n"
	"  --jobs N                executions in flight at once (default 16)\n"
	"  --blocking-observable   an op that blocks counts as influenced (lock;lock is snc)\n"
	"  --verbose               show what operations print\n"
	"  --quiet                 no progress line, no table\n"
	"  --measure               also measure what each op executes, under valgrind\n"
	"                          --tool=snc: calls, instructions, RMW and fences per call,\n"
	"                          heavyweight sites, and the AWAR/RAW of each snc witness\n"
	"  --measure-states N      measure from at most N of the states (default 8)\n"
	"  --schedules             also run every pair of calls concurrently, under every\n"
	"                          schedule within the bound, and check each outcome against\n"
	"                          the sequential orders (linearizable? deterministic?)\n"
	"  --preemptions N         the bound: preemptions per schedule (default 2)\n"
	"  --pct N --seed S        then N random PCT schedules per pair (--pct-depth D: 3)\n"
	"  --schedule-depth N      schedules from states up to length N (default 1)\n"
	"  --max-schedules N       at most N schedules per pair and state (default 10000)\n"
	"  --first-failure         stop a pair at its first failing schedule\n"
	"  --json                  print the verdicts as JSON\n"
	"  --help\n";

/* Options the harness program understands: forwarded as given. */
static const char *const forwarded_with_value[] = {
	"preemptions", "pct", "pct-depth", "schedule-depth", "max-schedules",
	"depth", "max-states", "seed", "timeout", "repeat", "jobs", "measure-states", "boundary", NULL,
};
static const char *const forwarded_flags[] = {
	"schedules", "first-failure",
	"blocking-observable", "verbose", "quiet", "measure", NULL,
};

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool is_executable_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static int check_source(const char *path, const char *what)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return cli_error("run", "%s '%s' not found", what, path);
	if (!S_ISREG(st.st_mode))
		return cli_error("run", "%s '%s' is not a file", what, path);
	if (!has_suffix(path, ".c"))
		return cli_error("run", "%s '%s' is not a C source file (.c)", what, path);
	if (access(path, R_OK) != 0)
		return cli_error("run", "%s '%s' cannot be read", what, path);
	return 0;
}

int cmd_run(int argc, char **argv)
{
	int nopts = argc;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			nopts = i;
			break;
		}
	enum { O_DB = 256, O_JSON, O_HELP, O_FORWARD };
	struct option longopts[32] = {
		{ "db", required_argument, NULL, O_DB },
		{ "json", no_argument, NULL, O_JSON },
		{ "help", no_argument, NULL, O_HELP },
	};
	int nlong = 3;
	for (int i = 0; forwarded_with_value[i]; i++)
		longopts[nlong++] = (struct option){ forwarded_with_value[i], required_argument, NULL, O_FORWARD };
	for (int i = 0; forwarded_flags[i]; i++)
		longopts[nlong++] = (struct option){ forwarded_flags[i], no_argument, NULL, O_FORWARD };

	const char *db_path = "snc.db";
	bool json = false, quiet = false, measure = false;
	char **forward = calloc((size_t)argc * 2 + 1, sizeof *forward);
	int nforward = 0;
	int c, index;
	optind = 1;
	while ((c = getopt_long(nopts, argv, ":", longopts, &index)) != -1) {
		switch (c) {
		case O_DB: db_path = optarg; break;
		case O_JSON: json = true; break;
		case O_HELP: fputs(usage, stdout); free(forward); return 0;
		case O_FORWARD: {
			char *opt = malloc(strlen(longopts[index].name) + 3);
			sprintf(opt, "--%s", longopts[index].name);
			forward[nforward++] = opt;
			if (optarg)
				forward[nforward++] = strdup(optarg);
			if (strcmp(longopts[index].name, "quiet") == 0)
				quiet = true;
			measure |= strcmp(longopts[index].name, "measure") == 0;
			break;
		}
		default:
			free(forward);
			return cli_bad_option("run", c, argv);
		}
	}
	int rc = EXIT_USAGE;
	char tmpdir[] = "/tmp/snc-run-XXXXXX";
	bool made_tmp = false;
	char program[PATH_MAX];
	struct snc_db *db = NULL;
	if (optind >= nopts) {
		cli_error("run", "no harness given (see 'snc run --help')");
		goto out;
	}
	const char *harness = argv[optind];
	char **libs = argv + optind + 1;
	int nlibs = nopts - optind - 1;
	bool prebuilt = !has_suffix(harness, ".c") && is_executable_file(harness);
	if (prebuilt && (nlibs > 0 || nopts < argc)) {
		cli_error("run", "a built harness program takes no library sources or CFLAGS");
		goto out;
	}
	if (!prebuilt) {
		if (check_source(harness, "harness") != 0)
			goto out;
		for (int i = 0; i < nlibs; i++)
			if (check_source(libs[i], "library source") != 0)
				goto out;
	}
	char err[512];
	db = snc_db_open(db_path, SNC_DB_CREATE, err, sizeof err);
	if (!db) {
		cli_error("run", "%s", err);
		goto out;
	}
	if (prebuilt) {
		snprintf(program, sizeof program, "%s", harness);
	} else {
		if (!mkdtemp(tmpdir)) {
			cli_error("run", "cannot make a temporary folder in /tmp");
			goto out;
		}
		made_tmp = true;
		snprintf(program, sizeof program, "%s/harness", tmpdir);
		char **cflags = argv + nopts + (nopts < argc);
		int ncflags = argc - nopts - (nopts < argc);
		if (harness_program_build("run", harness, libs, nlibs, cflags, ncflags, program) != 0)
			goto out;
	}
	char *args = cli_joined(argc, argv);
	int64_t run_id = snc_db_run_start(db, "run", args, harness, SNC_VERSION);
	free(args);
	if (run_id < 0) {
		cli_error("run", "%s", snc_db_errmsg(db));
		goto out;
	}
	struct snc_paths paths;
	if (measure && snc_paths_find(&paths) == 0) {   /* the program finds the tool there */
		forward[nforward++] = strdup("--valgrind-lib");
		forward[nforward++] = strdup(paths.valgrind_lib);
	}
	rc = harness_program_run(program, harness, db_path, run_id, forward, nforward);
	if (!prebuilt && harness_program_record(db, run_id, harness, libs, nlibs,
						argv + nopts + (nopts < argc),
						argc - nopts - (nopts < argc)) != 0)
		cli_error("run", "%s", snc_db_errmsg(db));
	snc_db_run_finish(db, run_id, rc == 0 ? "ok" : "failed", rc);
	if (rc == 0 && (!quiet || json))
		rc = show_run(db_path, run_id, json, "run");
out:
	snc_db_close(db);
	if (made_tmp) {
		unlink(program);
		rmdir(tmpdir);
	}
	for (int i = 0; i < nforward; i++)
		free(forward[i]);
	free(forward);
	return rc;
}
