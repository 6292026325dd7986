/* cmd_report.c: `snc report`, the findings and verdicts of a run for people and tools.
 *
 * Without options it prints a summary for the terminal; --html, --sarif and --json write
 * the other forms (any combination, in one computation of the findings). With --baseline
 * the `regression` rule compares the run with an older result. */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "findings_input.h"
#include "snc_report.h"

static const char usage[] =
	"usage: snc report [--db FILE] [--run N] [--baseline OLD.db|OLD.json]\n"
	"                  [--html DIR] [--sarif FILE] [--json FILE] [--root DIR]\n"
	"\n"
	"Computes the findings of a run (docs/findings.md) and shows them with the verdicts.\n"
	"Without --html, --sarif or --json it prints a summary.\n"
	"\n"
	"  --db FILE        database (default ./snc.db)\n"
	"  --run N          a given run instead of the latest one\n"
	"  --baseline OLD   compare with an older database or 'snc report --json' file\n"
	"  --html DIR       a static site: DIR/index.html, a page per pair and per operation\n"
	"  --sarif FILE     SARIF 2.1.0 for code-scanning services\n"
	"  --json FILE      everything in the report as JSON (docs/report.md)\n"
	"  --root DIR       show paths relative to DIR (default: the current directory)\n";

int cmd_report(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "run", required_argument, NULL, 'r' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "html", required_argument, NULL, 'H' },
		{ "sarif", required_argument, NULL, 'S' },
		{ "json", required_argument, NULL, 'J' },
		{ "root", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *db_path = "snc.db", *baseline = NULL, *html_dir = NULL, *sarif = NULL,
		   *json = NULL, *root = NULL;
	long long run = 0;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': db_path = optarg; break;
		case 'b': baseline = optarg; break;
		case 'H': html_dir = optarg; break;
		case 'S': sarif = optarg; break;
		case 'J': json = optarg; break;
		case 'R': root = optarg; break;
		case 'h': fputs(usage, stdout); return 0;
		case 'r':
			if (cli_parse_run("report", optarg, &run) != 0)
				return EXIT_USAGE;
			break;
		default:
			return cli_bad_option("report", c, argv);
		}
	}
	if (optind < argc)
		return cli_error("report", "unexpected argument '%s'", argv[optind]);
	struct findings_input in;
	int rc = findings_input_load("report", db_path, run, baseline, &in);
	if (rc != 0) {
		findings_input_free(&in);
		return rc;
	}
	struct snc_report r = { .facts = &in.facts, .findings = &in.findings, .root = root };
	char err[512];
	if (html_dir && (rc = report_html(&r, html_dir, err, sizeof err)) == 0)
		printf("HTML report: %s/index.html\n", html_dir);
	if (rc == 0 && sarif && (rc = report_sarif(&r, sarif, err, sizeof err)) == 0)
		printf("SARIF: %s\n", sarif);
	if (rc == 0 && json && (rc = report_json(&r, json, err, sizeof err)) == 0)
		printf("JSON: %s\n", json);
	if (rc == 0 && !html_dir && !sarif && !json)
		rc = report_terminal(&r, stdout, err, sizeof err);
	findings_input_free(&in);
	return rc == 0 ? 0 : cli_error("report", "%s", err);
}

int report_html_beside_db(const char *cmd, const char *db_path, int64_t run_id)
{
	char dir[PATH_MAX], err[512];
	size_t n = strlen(db_path);
	int stem = n > 3 && strcmp(db_path + n - 3, ".db") == 0 ? (int)n - 3 : (int)n;
	snprintf(dir, sizeof dir, "%.*s-report", stem, db_path);
	struct findings_input in;
	int rc = findings_input_load(cmd, db_path, run_id, NULL, &in);
	struct snc_report r = { .facts = &in.facts, .findings = &in.findings };
	if (rc == 0 && report_html(&r, dir, err, sizeof err) != 0)
		rc = cli_error(cmd, "%s", err);
	findings_input_free(&in);
	char abs[PATH_MAX];
	if (rc == 0)
		printf("HTML report: %s/index.html\n", realpath(dir, abs) ? abs : dir);
	return rc;
}
