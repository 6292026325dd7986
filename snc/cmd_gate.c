/* cmd_gate.c: `snc gate`, the exit status a CI job or a pre-merge hook acts on.
 *
 * The outstanding findings are those not marked intentional in the source and, when a
 * baseline is given, not already among the baseline's findings (by fingerprint, so code
 * that only moved is not new); with a baseline the `regression` rule adds what got worse.
 * Each is printed as a review comment, `file:line: rule: message`, on stdout; the decision
 * goes to stderr. Exit 1 when any outstanding finding reaches the --fail-on severity, 0
 * otherwise, 2 when the inputs cannot be read or the run is unfinished (killed, or still
 * running) or holds no results. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "findings_input.h"
#include "snc_report.h"

static const char usage[] =
	"usage: snc gate [--db FILE] [--run N] [--baseline OLD.db|OLD.json]\n"
	"                [--fail-on error|warning|note] [--root DIR]\n"
	"\n"
	"Prints the outstanding findings (new against the baseline when one is given;\n"
	"intentional ones excluded) as 'file:line: rule: message' and exits 1 when any\n"
	"reaches the --fail-on severity, 0 otherwise, 2 on error or when the run is unfinished\n"
	"(killed, or still running) or holds no verdicts.\n"
	"\n"
	"  --db FILE        database (default ./snc.db)\n"
	"  --run N          a given run instead of the latest one\n"
	"  --baseline OLD   an older database or 'snc report --json' file (e.g. main's)\n"
	"  --fail-on LEVEL  error (default), warning or note\n"
	"  --root DIR       show paths relative to DIR (default: the current directory)\n";

int cmd_gate(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "run", required_argument, NULL, 'r' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "fail-on", required_argument, NULL, 'f' },
		{ "root", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *db_path = "snc.db", *baseline = NULL, *root = NULL;
	enum snc_severity threshold = SNC_ERROR;
	long long run = 0;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': db_path = optarg; break;
		case 'b': baseline = optarg; break;
		case 'R': root = optarg; break;
		case 'h': fputs(usage, stdout); return 0;
		case 'f':
			if (!(threshold = snc_severity_parse(optarg)))
				return cli_error("gate", "--fail-on takes error, warning or note, not '%s'",
						 optarg);
			break;
		case 'r':
			if (cli_parse_run("gate", optarg, &run) != 0)
				return EXIT_USAGE;
			break;
		default:
			return cli_bad_option("gate", c, argv);
		}
	}
	if (optind < argc)
		return cli_error("gate", "unexpected argument '%s'", argv[optind]);
	struct findings_input in;
	int rc = findings_input_load("gate", db_path, run, baseline, &in);
	if (rc != 0) {
		findings_input_free(&in);
		return rc;
	}
	/* No decision on partial results or on nothing: a killed run passes no gate, nor does
	 * the newest run with results when a later run did not finish. */
	int64_t unfinished = !in.state.finished ? in.run
			     : !in.run_chosen ? in.state.newer_unfinished : 0;
	if (unfinished)
		rc = cli_error("gate", "run %lld is unfinished (it was killed, or is still running): "
			       "no decision on partial results", (long long)unfinished);
	else if (in.state.verdicts == 0 && in.state.scanned_units == 0)
		rc = cli_error("gate", "run %lld holds no verdicts and no scan results: nothing to "
			       "decide on", (long long)in.run);
	if (rc != 0) {
		findings_input_free(&in);
		return rc;
	}
	struct snc_report r = { .facts = &in.facts, .findings = &in.findings, .root = root };
	int outstanding = 0, failing = 0, intentional = 0, known = 0;
	for (int i = 0; i < in.findings.count; i++) {
		const struct snc_finding *x = &in.findings.items[i];
		if (x->intentional) {
			intentional++;
			continue;
		}
		if (in.has_baseline && findings_input_in_baseline(&in, x->fingerprint)) {
			known++;
			continue;
		}
		char place[4200];
		outstanding++;
		failing += x->severity >= threshold;
		/* Review comments: one line each; names in them come from scanned code, so
		 * control characters are escaped and cannot forge another line. */
		report_put_text(stdout, report_finding_place(&r, x, place, sizeof place));
		printf(": %s: ", x->rule->id);
		report_put_text(stdout, x->message);
		putchar('\n');
	}
	fprintf(stderr, "snc gate: %d outstanding, %d at or above %s; %d intentional, %d already "
			"in the baseline: %s\n", outstanding, failing, snc_severity_name(threshold),
		intentional, known, failing ? "fail" : "pass");
	findings_input_free(&in);
	return failing ? EXIT_FINDINGS : 0;
}
