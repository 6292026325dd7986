/* cmd_scan.c: `snc scan PATH... | -p compile_commands.json`.
 *
 * Records a run, scans the sources into it (scan_run.c: reuse of unchanged units, parallel
 * parsing, the model, one transaction) and prints the summary or JSON. Exit status 0 when
 * the scan was stored (files that did not parse are reported and skipped, not fatal, as
 * long as at least half of the units parse without errors), 2 for a usage error, a
 * missing path, an unreadable compile_commands.json, a database that cannot be written,
 * or a scan where no unit or fewer than half of them parsed (stored all the same). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "scan.h"

static const char usage[] =
	"usage: snc scan [options] PATH... [-- CFLAGS...]\n"
	"       snc scan [options] -p BUILD/compile_commands.json\n"
	"\n"
	"Scans C sources with libclang: every function definition, the shared state it reads\n"
	"and writes, its calls, and its synchronization sites (atomic RMWs, fences, seq_cst\n"
	"stores, lock acquisitions: the heavyweight instructions of the Laws of Order; and the\n"
	"light ones). Pairs of API functions that share written state are classified\n"
	"statically: never-snc, read-read, one-way or snc-candidate. A PATH is a directory\n"
	"(every .c below it, and the headers no .c includes) or a file. Unchanged files are not\n"
	"parsed again. Results are appended to the database as a new run.\n"
	"\n"
	"  -p, --compile-commands FILE  use the flags of a compile_commands.json (or its folder)\n"
	"  -I DIR, -D NAME[=VALUE]      extra flags for PATHs (so are CFLAGS after --)\n"
	"  -j, --jobs N                 parse N units at once (default: the number of CPUs)\n"
	"  --exclude GLOB               leave out the units whose path matches GLOB (`*` crosses\n"
	"                               '/'; a folder leaves out what is below it); repeatable\n"
	"  --system                     functions of system headers are API too (e.g. to\n"
	"                               classify a header-only library installed in /usr/include)\n"
	"  --db FILE                    database (default ./snc.db)\n"
	"  --top N                      candidates to list (default 10)\n"
	"  --json                       print the results as JSON\n"
	"  --quiet                      print nothing but errors\n"
	"  --help\n";

int cmd_scan(int argc, char **argv)
{
	int nopts = argc;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			nopts = i;
			break;
		}
	enum { O_DB = 256, O_JSON, O_HELP, O_SYSTEM, O_TOP, O_QUIET, O_EXCLUDE };
	static const struct option longopts[] = {
		{ "compile-commands", required_argument, NULL, 'p' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "db", required_argument, NULL, O_DB },
		{ "json", no_argument, NULL, O_JSON },
		{ "system", no_argument, NULL, O_SYSTEM },
		{ "top", required_argument, NULL, O_TOP },
		{ "quiet", no_argument, NULL, O_QUIET },
		{ "exclude", required_argument, NULL, O_EXCLUDE },
		{ "help", no_argument, NULL, O_HELP },
		{ 0 },
	};
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	struct scan_request req = { .cmd = "scan", .jobs = ncpu > 0 ? (int)ncpu : 1,
				    .progress = true };
	const char *db_path = "snc.db";
	bool json = false, quiet = false;
	int top = 10;
	char **flags = calloc((size_t)argc + 1, sizeof *flags);
	char **excludes = calloc((size_t)argc + 1, sizeof *excludes);
	int nflags = 0, nexcludes = 0, c, rc = EXIT_USAGE;
	if (!flags || !excludes) {
		free(flags);
		free(excludes);
		return cli_error("scan", "out of memory");
	}
	optind = 1;
	while ((c = getopt_long(nopts, argv, ":p:j:I:D:", longopts, NULL)) != -1) {
		char *end;
		switch (c) {
		case 'p': req.compdb = optarg; break;
		case 'j':
			req.jobs = (int)strtol(optarg, &end, 10);
			if (*end || req.jobs < 1 || req.jobs > 1024) {
				cli_error("scan", "-j needs a number of jobs from 1 to 1024, not '%s'", optarg);
				goto out;
			}
			break;
		case 'I':
		case 'D':
			if (asprintf(&flags[nflags], "-%c%s", c, optarg) < 0)
				goto out;
			nflags++;
			break;
		case O_DB: db_path = optarg; break;
		case O_JSON: json = true; break;
		case O_SYSTEM: req.system_api = true; break;
		case O_QUIET: quiet = true; break;
		case O_EXCLUDE: excludes[nexcludes++] = optarg; break;
		case O_TOP:
			top = (int)strtol(optarg, &end, 10);
			if (*end || top < 0) {
				cli_error("scan", "--top needs a count, not '%s'", optarg);
				goto out;
			}
			break;
		case O_HELP:
			fputs(usage, stdout);
			rc = 0;
			goto out;
		default:
			rc = cli_bad_option("scan", c, argv);
			goto out;
		}
	}
	for (int i = nopts + 1; i < argc; i++)
		flags[nflags++] = strdup(argv[i]);
	req.paths = argv + optind;
	req.npaths = nopts - optind;
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
	for (int i = 0; i < nflags; i++)
		free(flags[i]);
	free(flags);
	free(excludes);
	return rc;
}
