/* cmd_report.c: `snc report`, the findings and verdicts of a run for people and tools.
 *
 * Without options it prints a summary for the terminal; --html, --sarif and --json write
 * the other forms (any combination, in one computation of the findings). One of --sarif
 * and --json may be '-', stdout (then nothing else is printed there). With --baseline the
 * `regression` rule compares the run with an older result. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "config.h"
#include "findings_input.h"
#include "snc_report.h"

enum { O_HTML = 100, O_SARIF, O_JSON_FILE };
static const struct snc_opt report_options[] = {
	CLI_OPT_DB, CLI_OPT_RUN, CLI_OPT_BASELINE,
	{ O_HTML, "html", 0, SNC_OPT_TEXT, "DIR", 0, 0, NULL,
	  "a static site in DIR (docs/report.md): index.html with the findings\n"
	  "and each harness's pair matrix; a page per harness (pair matrix, cost\n"
	  "bars, history across runs), per pair (witness, a picture of the\n"
	  "schedule that broke it), per operation and per scanned function;\n"
	  "pages an earlier report wrote in DIR and this one does not are removed" },
	{ O_SARIF, "sarif", 0, SNC_OPT_TEXT, "FILE", 0, 0, NULL,
	  "SARIF 2.1.0 for code-scanning services: each finding with the pair's\n"
	  "second function and the schedule that broke it, access by access\n"
	  "('-': stdout)" },
	{ O_JSON_FILE, "json", 0, SNC_OPT_TEXT, "FILE", 0, 0, NULL,
	  "everything in the report as JSON, also a --baseline later\n"
	  "(docs/report.md; '-': stdout)" },
	CLI_OPT_ROOT, CLI_OPT_SUPPRESSIONS,
	CLI_OPT_OUTPUT,
	CLI_OPT_COLOR,
	{ 0 },
};
static const struct snc_opt *const report_tables[] = { report_options, NULL };

const struct snc_command_doc cmd_report_doc = {
	.prog = "snc report",
	.usage = "snc report [--db FILE] [--run N] [--baseline OLD.db|OLD.json]\n"
		 "           [--html DIR] [--sarif FILE] [--json FILE] [--root DIR]\n"
		 "           [--suppressions FILE] [-o FILE]",
	.about = "Computes the findings of a run (docs/findings.md) and shows them with the verdicts.\n"
		 "Without --html, --sarif or --json it prints a summary.",
	.tables = report_tables,
	.version = SNC_VERSION,
};

struct report_outputs {
	const char *html_dir, *sarif, *json;
};

static void take_output(void *ctx, const struct snc_opt_value *v)
{
	struct report_outputs *o = ctx;
	switch (v->opt->id) {
	case O_HTML: o->html_dir = v->text; break;
	case O_SARIF: o->sarif = v->text; break;
	case O_JSON_FILE: o->json = v->text; break;
	}
}

static int report(const struct findings_request *rq, const struct report_outputs *o)
{
	const char *html_dir = o->html_dir, *sarif = o->sarif, *json = o->json;
	/* Where a file was written is said on stdout, unless a machine format goes there. */
	FILE *said = (sarif && strcmp(sarif, "-") == 0) || (json && strcmp(json, "-") == 0)
		     ? stderr : stdout;
	struct findings_input in;
	int rc = findings_input_request("report", rq, &in);
	if (rc != 0) {
		findings_input_free(&in);
		return rc;
	}
	struct snc_paths paths;
	struct snc_report r = { .facts = &in.facts, .findings = &in.findings, .root = rq->root,
				.docs_dir = snc_paths_find(&paths) == 0 ? paths.docs_dir : NULL,
				.history = &in.history };
	char err[512];
	if (html_dir && (rc = report_html(&r, html_dir, err, sizeof err)) == 0)
		fprintf(said, "HTML report: %s/index.html\n", html_dir);
	if (rc == 0 && sarif && (rc = report_sarif(&r, sarif, err, sizeof err)) == 0 &&
	    strcmp(sarif, "-") != 0)
		fprintf(said, "SARIF: %s\n", sarif);
	if (rc == 0 && json && (rc = report_json(&r, json, err, sizeof err)) == 0 &&
	    strcmp(json, "-") != 0)
		fprintf(said, "JSON: %s\n", json);
	if (rc == 0 && !html_dir && !sarif && !json)
		rc = report_terminal(&r, stdout, err, sizeof err);
	findings_input_free(&in);
	return rc == 0 ? 0 : cli_error("report", "%s", err);
}

int cmd_report(int argc, char **argv)
{
	struct findings_request rq;
	struct report_outputs o = { 0 };
	int rc = findings_request_parse(&cmd_report_doc, "report", argc, argv, &rq, take_output, &o);
	if (rc >= 0)
		return rc;
	if (o.sarif && o.json && strcmp(o.sarif, "-") == 0 && strcmp(o.json, "-") == 0)
		return cli_error("report", "--sarif and --json cannot both go to stdout ('-')");
	if (o.html_dir && strcmp(o.html_dir, "-") == 0)
		return cli_error("report", "--html writes a folder: give its name, not '-'");
	if ((rc = cli_output_begin("report")) != 0)
		return rc;
	return cli_output_end("report", report(&rq, &o));
}

int report_html_beside_db(const char *cmd, const char *db_path, int64_t run_id,
			  const char *given_dir)
{
	char dir[PATH_MAX], err[512];
	size_t n = strlen(db_path);
	int stem = n > 3 && strcmp(db_path + n - 3, ".db") == 0 ? (int)n - 3 : (int)n;
	if (given_dir)
		snprintf(dir, sizeof dir, "%s", given_dir);
	else
		snprintf(dir, sizeof dir, "%.*s-report", stem, db_path);
	struct findings_input in;
	int rc = findings_input_load(cmd, db_path, run_id, NULL, &in);
	struct snc_report r = { .facts = &in.facts, .findings = &in.findings,
				.history = &in.history };
	if (rc == 0 && report_html(&r, dir, err, sizeof err) != 0)
		rc = cli_error(cmd, "%s", err);
	findings_input_free(&in);
	char abs[PATH_MAX];
	if (rc == 0)
		printf("HTML report: %s/index.html\n", realpath(dir, abs) ? abs : dir);
	return rc;
}
