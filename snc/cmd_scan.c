/* cmd_scan.c: `snc scan PATH... | -p compile_commands.json`.
 *
 * Records a run, scans the sources into it (scan_run.c: reuse of unchanged units, parallel
 * parsing, the model, one transaction) and prints the summary or JSON. Exit status 0 when
 * the scan was stored (files that did not parse are reported and skipped, not fatal, as
 * long as at least half of the units parse without errors), 2 for a usage error, a
 * missing path, an unreadable compile_commands.json, a database that cannot be written,
 * or a scan where no unit or fewer than half of them parsed (stored all the same). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "scan.h"

enum { O_JOBS = 100, O_SYSTEM, O_TOP };
static const struct snc_opt scan_options[] = {
	CLI_OPT_COMPDB, CLI_OPT_INCLUDE, CLI_OPT_DEFINE,
	{ O_JOBS, "jobs", 'j', SNC_OPT_INT, "N", 1, 1024, NULL,
	  "parse N units at once (default: the number of CPUs)" },
	CLI_OPT_EXCLUDE,
	{ O_SYSTEM, "system", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "functions of system headers are API too (e.g. to classify a\n"
	  "header-only library installed in /usr/include)" },
	CLI_OPT_DB,
	{ O_TOP, "top", 0, SNC_OPT_INT, "N", 0, 1000000, NULL, "candidates to list (default 10)" },
	{ CLI_JSON, "json", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL, "print the results as JSON" },
	CLI_OPT_QUIET,
	CLI_OPT_SHARD,
	CLI_OPT_OUTPUT,
	CLI_OPT_COLOR,
	{ 0 },
};
static const struct snc_opt *const scan_tables[] = { scan_options, NULL };

const struct snc_command_doc cmd_scan_doc = {
	.prog = "snc scan",
	.usage = "snc scan [options] PATH... [-- CFLAGS...]\n"
		 "snc scan [options] -p BUILD/compile_commands.json",
	.about = "Scans C sources with libclang: every function definition, the shared state it reads\n"
		 "and writes, its calls, and its synchronization sites (atomic RMWs, fences, seq_cst\n"
		 "stores, lock acquisitions: the heavyweight instructions of the Laws of Order; and the\n"
		 "light ones). Pairs of API functions that share written state are classified\n"
		 "statically: never-snc, read-read, one-way or snc-candidate. A PATH is a directory\n"
		 "(every .c below it, and the headers no .c includes) or a file. Unchanged files are not\n"
		 "parsed again. Results are appended to the database as a new run.",
	.tables = scan_tables,
	.version = SNC_VERSION,
};

int cmd_scan(int argc, char **argv)
{
	struct scan_request req = { .cmd = "scan", .jobs = snc_cpu_count(), .progress = true };
	const char *db_path = "snc.db";
	bool json = false, quiet = false;
	int top = 10;
	struct snc_shard shard = { 0, 0 };
	char **flags = calloc((size_t)argc + 1, sizeof *flags);
	char **excludes = calloc((size_t)argc + 1, sizeof *excludes);
	int nflags = 0, nexcludes = 0, rc = EXIT_USAGE;
	struct snc_cmdline cl;
	struct snc_opt_value v;
	if (!flags || !excludes || snc_cmdline_init(&cl, &cmd_scan_doc, argc, argv) != 0) {
		free(flags);
		free(excludes);
		return cli_error("scan", "out of memory");
	}
	int id;
	while ((id = snc_cmdline_next(&cl, &v)) > 0) {
		switch (cli_shared_option(&v) ? 0 : id) {
		case CLI_COMPDB: req.compdb = v.text; break;
		case O_JOBS: req.jobs = (int)v.number; break;
		case CLI_INCLUDE:
		case CLI_DEFINE:
			if (asprintf(&flags[nflags], "-%c%s", v.opt->short_name, v.text) < 0)
				goto out;
			nflags++;
			break;
		case CLI_DB: db_path = v.text; break;
		case CLI_JSON: json = true; break;
		case O_SYSTEM: req.system_api = true; break;
		case CLI_QUIET: quiet = true; break;
		case O_TOP: top = (int)v.number; break;
		case CLI_EXCLUDE: excludes[nexcludes++] = (char *)v.text; break;
		case CLI_SHARD:
			if ((rc = cli_shard("scan", v.text, &shard)) >= 0)
				goto out;
			req.shard = &shard;
			break;
		}
	}
	if ((rc = cli_options_done(id)) >= 0)
		goto out;
	rc = EXIT_USAGE;
	for (int i = cl.rest; i < argc; i++)
		flags[nflags++] = strdup(argv[i]);
	req.paths = cl.operands;
	req.npaths = cl.noperands;
	req.flags = flags;
	req.nflags = nflags;
	req.progress = !quiet && !json;
	req.quiet = quiet;
	req.model_unused = quiet && !json;
	req.excludes = excludes;
	req.nexcludes = nexcludes;
	if (req.npaths == 0 && !req.compdb) {
		cli_error("scan", "nothing to scan: give a directory, files or -p "
			  "compile_commands.json (see 'snc scan --help')");
		goto out;
	}
	if ((rc = cli_output_begin("scan")) != 0)
		goto out;
	cli_revision_prefetch();   /* git runs while the units are hashed and the database opens */
	struct scan_outcome outcome;
	if ((rc = scan_prepare(&req, &outcome)) != 0) {
		scan_outcome_free(&outcome);
		goto out;
	}
	char err[512];
	struct snc_db *db = snc_db_open(db_path, SNC_DB_CREATE, err, sizeof err);
	if (!db) {
		scan_outcome_free(&outcome);
		rc = cli_error("scan", "%s", err);
		goto out;
	}
	char *args = cli_joined(argc, argv);
	const char *target = req.npaths > 0 ? req.paths[0] : req.compdb;
	int64_t run_id = snc_db_run_start(db, "scan", args, target, SNC_VERSION);
	free(args);
	if (run_id < 0) {
		rc = cli_error("scan", "%s", snc_db_errmsg(db));
	} else if (cli_record_origin(db, run_id, argc, argv, req.shard,
				     outcome.units.count + outcome.headers.count == 0, false) != 0) {
		rc = cli_error("scan", "%s", snc_db_errmsg(db));
		snc_db_run_finish(db, run_id, "failed", rc);
	} else {
		rc = scan_execute(db, run_id, &req, &outcome);
		snc_db_run_finish(db, run_id, rc == 0 ? "ok" : "failed", rc);
	}
	snc_db_close(db);
	if (outcome.stored && json)
		scan_print_json(&outcome, db_path, run_id);
	else if (outcome.stored && !quiet)
		scan_print_text(&outcome, db_path, run_id, top);
	scan_outcome_free(&outcome);
out:
	rc = cli_output_end("scan", rc);
	snc_cmdline_free(&cl);
	for (int i = 0; i < nflags; i++)
		free(flags[i]);
	free(flags);
	free(excludes);
	return rc;
}
