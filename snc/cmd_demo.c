/* cmd_demo.c: `snc demo`, the whole pipeline on the article's examples.
 *
 * The example libraries and their harness programs are built with snc (examples/); a
 * manifest lists them with any options they need (e.g. a short timeout for the RCU-like
 * read side, whose synchronize() blocks while a reader is inside). All harnesses go into
 * one run, and the summary is printed at the end. Every example also explores its
 * schedules (--schedules), so the demo shows non-linearizability; with at most one
 * preemption (enough for the lost update and the double add) to stay quick: bound 2, the
 * default, costs about three times as many schedules. With --measure every example is also
 * measured under the snc Valgrind tool; when the first one finds the tool cannot run here
 * (it says why in one line), the others are not asked to. --example NAME (repeatable)
 * classifies only the examples named; the scan still covers the whole examples folder. */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "config.h"
#include "scan.h"
#include "snc_db.h"

enum { O_MEASURE = 100, O_EXAMPLE, O_REPORT_DIR };
static const struct snc_opt demo_options[] = {
	CLI_OPT_DB,
	{ O_MEASURE, "measure", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "also measure each op's cost under valgrind --tool=snc" },
	{ O_EXAMPLE, "example", 0, SNC_OPT_TEXT, "NAME", 0, 0, NULL,
	  "only this example (its harness name, e.g. treiber-stack; repeatable)" },
	{ CLI_QUIET, "quiet", 'q', SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "print only where the results are" },
	{ O_REPORT_DIR, "output", 'o', SNC_OPT_TEXT, "DIR", 0, 0, NULL,
	  "write the HTML report into DIR (default: beside the database,\n"
	  "snc.db: snc-report/)" },
	CLI_OPT_COLOR,
	{ 0 },
};
static const struct snc_opt *const demo_tables[] = { demo_options, NULL };

const struct snc_command_doc cmd_demo_doc = {
	.prog = "snc demo",
	.usage = "snc demo [--db FILE] [--measure] [--example NAME]... [--quiet] [-o DIR]",
	.about = "Classifies every example of the article (counters, sets, allocators, an RCU-like read\n"
		 "side, a Treiber stack and an SPSC ring) into one run and prints the verdicts.\n"
		 "Every pair also runs concurrently under every schedule with at most one preemption\n"
		 "(snc run --schedules --preemptions 1), so the racy counter's lost update and the byte\n"
		 "set's double add are shown.\n"
		 "Ends by writing the HTML report next to the database (snc.db: snc-report/) or\n"
		 "into the folder -o names.",
	.tables = demo_tables,
	.version = SNC_VERSION,
};

struct manifest_entry {
	char name[128], program[4096], source[4096], options[512];
};

static int read_manifest(const char *path, struct manifest_entry **out, int *count)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", path);
	char *base = dirname(dir);
	char line[8192];
	int n = 0, cap = 0;
	struct manifest_entry *e = NULL;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		char *save = NULL;
		char *name = strtok_r(line, "\t", &save), *prog = strtok_r(NULL, "\t", &save);
		char *src = strtok_r(NULL, "\t", &save), *opts = strtok_r(NULL, "\t", &save);
		if (!name || !prog || name[0] == '#')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			e = realloc(e, (size_t)cap * sizeof *e);
		}
		snprintf(e[n].name, sizeof e[n].name, "%s", name);
		snprintf(e[n].program, sizeof e[n].program, "%s/%s", base, prog);
		/* A relative source is relative to the manifest (an installed, movable prefix). */
		char joined[8192];
		snprintf(joined, sizeof joined, "%s%s%s", src && src[0] != '/' ? base : "",
			 src && src[0] != '/' ? "/" : "", src ? src : "");
		if (!realpath(joined, e[n].source))
			snprintf(e[n].source, sizeof e[n].source, "%.4000s", joined);
		snprintf(e[n].options, sizeof e[n].options, "%s", opts ? opts : "");
		n++;
	}
	fclose(f);
	*out = e;
	*count = n;
	return 0;
}

static int unavailable(const struct snc_db_cost_measurement *m, void *ctx)
{
	(void)ctx;
	return strcmp(m->status, "unavailable") == 0;
}

/* Keeps the entries named in names (all when there are none), in manifest order. Returns the
 * number kept, or -1 after saying which name is not an example. */
static int select_examples(struct manifest_entry *e, int count, const char *const *names,
			   int nnames)
{
	if (nnames == 0)
		return count;
	for (int k = 0; k < nnames; k++) {
		bool known = false;
		for (int i = 0; i < count && !known; i++)
			known = strcmp(e[i].name, names[k]) == 0;
		if (!known) {
			char list[2048] = "";
			size_t n = 0;
			for (int i = 0; i < count && n < sizeof list; i++)
				n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "",
						      e[i].name);
			cli_error("demo", "no example named '%s' (the examples: %s)", names[k], list);
			return -1;
		}
	}
	int kept = 0;
	for (int i = 0; i < count; i++)
		for (int k = 0; k < nnames; k++)
			if (strcmp(e[i].name, names[k]) == 0) {
				e[kept++] = e[i];
				break;
			}
	return kept;
}

/* Did a harness of the run find that the tool cannot run here? */
static bool measure_unavailable(struct snc_db *db, int64_t run_id)
{
	return snc_db_each_cost_measurement(db, run_id, unavailable, NULL) != 0;
}

int cmd_demo(int argc, char **argv)
{
	const char *db_path = "snc.db";
	const char *report_dir = NULL;
	bool quiet = false, measure = false;
	const char *names[argc > 0 ? argc : 1];
	int nnames = 0;
	struct snc_cmdline cl;
	struct snc_opt_value v;
	if (snc_cmdline_init(&cl, &cmd_demo_doc, argc, argv) != 0)
		return EXIT_USAGE;
	int id;
	while ((id = snc_cmdline_next(&cl, &v)) > 0)
		switch (cli_shared_option(&v) ? 0 : id) {
		case CLI_DB: db_path = v.text; break;
		case O_REPORT_DIR: report_dir = v.text; break;
		case CLI_QUIET: quiet = true; break;
		case O_MEASURE: measure = true; break;
		case O_EXAMPLE: names[nnames++] = v.text; break;
		}
	int status = cli_options_done(id);
	if (status < 0)
		status = cli_no_operands("demo", &cl);
	if (status < 0 && report_dir && strcmp(report_dir, "-") == 0)
		status = cli_error("demo", "-o names the HTML report's folder: not '-'");
	snc_cmdline_free(&cl);
	if (status >= 0)
		return status;
	struct snc_paths paths;
	struct manifest_entry *entries = NULL;
	int count = 0;
	if (snc_paths_find(&paths) != 0 ||
	    read_manifest(paths.examples_manifest, &entries, &count) != 0 || count == 0)
		return cli_error("demo", "the examples are not built (no '%s')",
				 paths.examples_manifest);
	if ((count = select_examples(entries, count, names, nnames)) < 0) {
		free(entries);
		return EXIT_USAGE;
	}
	char err[512];
	struct snc_db *db = snc_db_open(db_path, SNC_DB_CREATE, err, sizeof err);
	if (!db) {
		free(entries);
		return cli_error("demo", "%s", err);
	}
	char *args = cli_joined(argc, argv);
	int64_t run_id = snc_db_run_start(db, "demo", args, "examples", SNC_VERSION);
	free(args);
	int rc = run_id < 0 ? cli_error("demo", "%s", snc_db_errmsg(db)) : 0;
	if (rc == 0 && cli_record_origin(db, run_id, argc, argv, NULL, false, false) != 0)
		rc = cli_error("demo", "%s", snc_db_errmsg(db));
	if (rc == 0)   /* the static facts first, into the same run */
		rc = scan_examples(db, run_id, entries[0].source, paths.include_dir, quiet);
	for (int i = 0; rc == 0 && i < count; i++) {
		char *extra[20];
		int nextra = 0;
		char *save = NULL;
		for (char *w = strtok_r(entries[i].options, " ", &save); w && nextra < 14;
		     w = strtok_r(NULL, " ", &save))
			extra[nextra++] = w;
		if (quiet)
			extra[nextra++] = "--quiet";
		extra[nextra++] = "--schedules";
		extra[nextra++] = "--preemptions=1";
		if (measure && i > 0 && measure_unavailable(db, run_id))
			measure = false;
		if (measure) {
			extra[nextra++] = "--measure";
			extra[nextra++] = "--valgrind-lib";
			extra[nextra++] = paths.valgrind_lib;
		}
		rc = harness_program_run(entries[i].program, entries[i].source, db_path, run_id, extra,
					 nextra);
	}
	if (run_id > 0)
		snc_db_run_finish(db, run_id, rc == 0 ? "ok" : "failed", rc);
	snc_db_close(db);
	free(entries);
	if (rc != 0)
		return rc;
	if (!quiet)
		rc = show_run(db_path, run_id, false, "demo");
	printf("\n%d example harnesses classified into %s (run %lld); 'snc show --db %s' prints "
	       "this again.\n", count, db_path, (long long)run_id, db_path);
	if (rc == 0)
		rc = report_html_beside_db("demo", db_path, run_id, report_dir);
	return rc;
}
