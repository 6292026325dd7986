/* cmd_run.c: `snc run HARNESS.c [LIBRARY.c ...] [-- CFLAGS...]`.
 *
 * Records a run, compiles the harness with the library sources into a temporary program
 * (or takes an already built harness program), runs it into that run, and prints the
 * verdicts. Options are checked against the shared table before anything is compiled and
 * passed through to the program. SIGTERM, SIGINT and SIGHUP are passed on to the compiler
 * or the program (which kills its children and keeps the states it stored); the run is
 * then recorded as interrupted, the temporary folder removed, and snc exits with 128 + the
 * signal after one line. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "interrupt.h"
#include "snc_db.h"

static const struct snc_opt run_options[] = {
	CLI_OPT_DB,
	{ CLI_JSON, "json", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL, "print the verdicts as JSON" },
	CLI_OPT_SHARD,
	CLI_OPT_OUTPUT,
	CLI_OPT_COLOR,
	{ 0 },
};
static const struct snc_opt *const run_tables[] = { run_options, snc_run_options, NULL };

const struct snc_command_doc cmd_run_doc = {
	.prog = "snc run",
	.usage = "snc run [options] HARNESS.c [LIBRARY.c ...] [-- CFLAGS...]\n"
		 "snc run [options] HARNESS-PROGRAM",
	.about = "Compiles the harness with the library sources (using $CC, default cc) and classifies\n"
		 "every pair of its operations: commutative, state-only, non-commutative, snc-split or\n"
		 "snc, each with a witness. Results are appended to the database as a new run.\n"
		 "A HARNESS-PROGRAM is one already built, e.g. with snc_add_harness() in CMake.",
	.tables = run_tables,
	.version = SNC_VERSION,
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

/* The temporary folder and whatever an interrupted compiler left in it. */
static void remove_folder(const char *dir)
{
	DIR *d = opendir(dir);
	char path[PATH_MAX];
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
}

/* "K/N" again, for the harness program. */
static const char *shard_text(const struct snc_shard *s)
{
	static char text[32];
	snprintf(text, sizeof text, "%d/%d", s->index, s->count);
	return text;
}

/* A run of a shard that the harness does not fall to: recorded (so that `snc merge` sees
 * every shard did its part of the job) with nothing in it. Returns an exit status. */
static int record_skipped_run(struct snc_db *db, const char *harness,
			      const struct snc_shard *shard, int argc, char **argv, bool quiet)
{
	char *args = cli_joined(argc, argv);
	int64_t run_id = snc_db_run_start(db, "run", args, harness, SNC_VERSION);
	free(args);
	if (run_id < 0 || cli_record_origin(db, run_id, argc, argv, shard, true, false) != 0 ||
	    snc_db_run_finish(db, run_id, "ok", 0) != 0)
		return cli_error("run", "%s", snc_db_errmsg(db));
	if (!quiet)
		fprintf(stderr, "snc run: %s falls to another shard than %d/%d: run %lld recorded "
			"as skipped\n", harness, shard->index, shard->count, (long long)run_id);
	return 0;
}

int cmd_run(int argc, char **argv)
{
	const char *db_path = "snc.db";
	bool json = false, quiet = false, measure = false, schedules = false;
	char **forward = calloc((size_t)argc * 2 + 5, sizeof *forward);
	int nforward = 0;
	struct snc_cmdline cl;
	struct snc_opt_value v;
	if (!forward || snc_cmdline_init(&cl, &cmd_run_doc, argc, argv) != 0) {
		free(forward);
		return cli_error("run", "out of memory");
	}
	int id;
	struct snc_shard shard = { 0, 0 };
	int shard_rc = -1;
	while ((id = snc_cmdline_next(&cl, &v)) > 0) {
		if (cli_shared_option(&v))
			continue;
		switch (id) {
		case CLI_DB: db_path = v.text; continue;
		case CLI_JSON: json = true; continue;
		case CLI_SHARD:
			if (shard_rc < 0)
				shard_rc = cli_shard("run", v.text, &shard);
			continue;
		case SNC_RUN_QUIET: quiet = true; break;
		case SNC_RUN_MEASURE: measure = true; continue;   /* forwarded below */
		case SNC_RUN_SCHEDULES: schedules = true; break;
		}
		/* A harness program's option, already checked: forwarded as given. */
		char *opt = malloc(strlen(v.opt->name) + 3);
		if (opt)
			sprintf(opt, "--%s", v.opt->name);
		forward[nforward++] = opt;
		if (v.text)
			forward[nforward++] = strdup(v.text);
	}
	int status = cli_options_done(id);
	if (status < 0 && shard_rc >= 0)
		status = shard_rc;
	int rc = status >= 0 ? status : EXIT_USAGE;
	int64_t run_id = -1;
	char tmpdir[PATH_MAX - 300];   /* room for the program's and the compiler's files */
	bool made_tmp = false;
	char program[PATH_MAX];
	struct snc_db *db = NULL;
	char **cflags = argv + cl.rest;
	int ncflags = argc - cl.rest;
	if (status >= 0)
		goto out;
	if (cl.noperands == 0) {
		cli_error("run", "no harness given (see 'snc run --help')");
		goto out;
	}
	const char *harness = cl.operands[0];
	char **libs = cl.operands + 1;
	int nlibs = cl.noperands - 1;
	bool prebuilt = !has_suffix(harness, ".c") && is_executable_file(harness);
	if (prebuilt && (nlibs > 0 || cl.end < argc)) {
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
	if ((rc = cli_output_begin("run")) != 0)
		goto out;
	rc = EXIT_USAGE;
	char err[512];
	interrupt_catch();
	db = snc_db_open(db_path, SNC_DB_CREATE, err, sizeof err);
	if (!db) {
		cli_error("run", "%s", err);
		goto out;
	}
	/* The harness is the unit of a sharded run: another shard runs it. With --schedules,
	 * every shard classifies it and explores the schedules of the pairs of ops that fall
	 * to it (the costly part); the merge takes the rest from the harness's own shard. */
	bool schedules_only = !snc_shard_owns(&shard, harness);
	if (schedules_only && !schedules) {
		rc = record_skipped_run(db, harness, &shard, argc, argv, quiet || json);
		goto out;
	}
	measure = measure && !schedules_only;   /* the harness's own shard measures it */
	if (measure)
		forward[nforward++] = strdup("--measure");
	if (schedules && shard.count > 1) {
		forward[nforward++] = strdup("--schedule-shard");
		forward[nforward++] = strdup(shard_text(&shard));
	}
	if (prebuilt) {
		snprintf(program, sizeof program, "%s", harness);
	} else {
		if (!snc_make_tmpdir(tmpdir, sizeof tmpdir, "run")) {
			cli_error("run", "cannot make a temporary folder in %s: %s", snc_tmp_root(),
				  strerror(errno));
			goto out;
		}
		made_tmp = true;
		snprintf(program, sizeof program, "%s/harness", tmpdir);
		bool progress = !quiet && isatty(STDERR_FILENO);
		if (progress)   /* instrumented builds take seconds; the program then draws its line */
			cli_progress("snc run: compiling %s%s", harness,
				     measure ? " and its measure build" : "");
		int built = harness_program_build("run", harness, libs, nlibs, cflags, ncflags,
						  program) == 0 &&
			    (!measure || harness_program_build_measure("run", harness, libs, nlibs,
								       cflags, ncflags, program) == 0);
		cli_progress_end();
		if (!built)
			goto out;
	}
	if (interrupt_caught())
		goto out;
	char *args = cli_joined(argc, argv);
	run_id = snc_db_run_start(db, "run", args, harness, SNC_VERSION);
	free(args);
	if (run_id > 0 && cli_record_origin(db, run_id, argc, argv, shard.count ? &shard : NULL,
					    false, schedules_only) != 0) {
		snc_db_run_finish(db, run_id, "failed", EXIT_USAGE);
		run_id = -1;
	}
	if (run_id < 0) {
		cli_error("run", "%s", snc_db_errmsg(db));
		goto out;
	}
	struct snc_paths paths;
	if (measure && snc_paths_find(&paths) == 0) {   /* the program finds the tool there */
		forward[nforward++] = strdup("--valgrind-lib");
		forward[nforward++] = strdup(paths.valgrind_lib);
	}
	/* The source is stored absolute: a report made from another folder must still find
	 * it (SNC_OP lines, SARIF URIs relative to its root). */
	char source[PATH_MAX];
	rc = harness_program_run(program, realpath(harness, source) ? source : harness, db_path,
				 run_id, forward, nforward);
	if (!prebuilt && harness_program_record(db, run_id, NULL, harness, libs, nlibs,
						cflags, ncflags) != 0)
		cli_error("run", "%s", snc_db_errmsg(db));
	if (!interrupt_caught())
		snc_db_run_finish(db, run_id, rc == 0 ? "ok" : "failed", rc);
	if (rc == 0 && (!quiet || json))
		rc = show_run(db_path, run_id, json, "run");
out:
	snc_cmdline_free(&cl);
	if (interrupt_caught()) {
		char signame[16];
		snprintf(signame, sizeof signame, "SIG%s", sigabbrev_np(interrupt_caught()));
		rc = 128 + interrupt_caught();
		if (db && run_id > 0 && snc_db_run_interrupted(db, run_id, signame, rc) == 0)
			fprintf(stderr, "snc run: interrupted by %s: run %lld recorded as interrupted, "
				"the states it finished kept\n", signame, (long long)run_id);
		else
			fprintf(stderr, "snc run: interrupted by %s before any state was run\n", signame);
	}
	snc_db_close(db);
	if (made_tmp)
		remove_folder(tmpdir);
	for (int i = 0; i < nforward; i++)
		free(forward[i]);
	free(forward);
	return cli_output_end("run", rc);
}
