/* cmd_gate.c: `snc gate`, the exit status a CI job or a pre-merge hook acts on.
 *
 * The outstanding findings are those not marked intentional in the source and, when a
 * baseline is given, not already among the baseline's findings (by fingerprint, so code
 * that only moved is not new); with a baseline the `regression` rule adds what got worse.
 * Each is printed as a review comment, `file:line: rule: message`, on stdout; the decision
 * goes to stderr. Exit 1 when any outstanding finding reaches the --fail-on severity, 0
 * otherwise, 2 when the inputs cannot be read or the run is unfinished (killed, or still
 * running) or holds no results. */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "config.h"
#include "findings_input.h"
#include "snc_report.h"

enum { O_FAIL_ON = 100 };
static const struct snc_opt gate_options[] = {
	CLI_OPT_DB, CLI_OPT_RUN, CLI_OPT_BASELINE,
	{ O_FAIL_ON, "fail-on", 0, SNC_OPT_CHOICE, "LEVEL", 0, 0, "error|warning|note",
	  "fail at this severity or above: error (default), warning or note" },
	CLI_OPT_ROOT, CLI_OPT_SUPPRESSIONS,
	CLI_OPT_OUTPUT,
	CLI_OPT_COLOR,
	{ 0 },
};
static const struct snc_opt *const gate_tables[] = { gate_options, NULL };

const struct snc_command_doc cmd_gate_doc = {
	.prog = "snc gate",
	.usage = "snc gate [--db FILE] [--run N] [--baseline OLD.db|OLD.json]\n"
		 "         [--fail-on error|warning|note] [--root DIR] [--suppressions FILE]\n"
		 "         [-o FILE]",
	.about = "Prints the outstanding findings (new against the baseline when one is given;\n"
		 "intentional ones excluded) as 'file:line: rule: message' and exits 1 when any\n"
		 "reaches the --fail-on severity, 0 otherwise, 2 on error or when the run is unfinished\n"
		 "(killed, or still running) or holds no verdicts.",
	.tables = gate_tables,
	.version = SNC_VERSION,
};

static void take_threshold(void *ctx, const struct snc_opt_value *v)
{
	static const enum snc_severity levels[] = { SNC_ERROR, SNC_WARNING, SNC_NOTE };
	if (v->opt->id == O_FAIL_ON)
		*(enum snc_severity *)ctx = levels[v->number];
}

static int gate(const struct findings_request *rq, enum snc_severity threshold)
{
	struct findings_input in;
	int rc = findings_input_request("gate", rq, &in);
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
	struct snc_report r = { .facts = &in.facts, .findings = &in.findings, .root = rq->root };
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
		const char *severity = snc_severity_name(x->severity);
		printf(": %s%s%s: ", snc_color_start(stdout, severity), x->rule->id,
		       snc_color_end(stdout, severity));
		report_put_text(stdout, x->message);
		putchar('\n');
	}
	const char *decision = failing ? "fail" : "pass";
	fprintf(stderr, "snc gate: %d outstanding, %d at or above %s; %d intentional, %d already "
			"in the baseline: %s%s%s\n", outstanding, failing, snc_severity_name(threshold),
		intentional, known, snc_color_start(stderr, decision), decision,
		snc_color_end(stderr, decision));
	findings_input_free(&in);
	return failing ? EXIT_FINDINGS : 0;
}

int cmd_gate(int argc, char **argv)
{
	struct findings_request rq;
	enum snc_severity threshold = SNC_ERROR;
	int rc = findings_request_parse(&cmd_gate_doc, "gate", argc, argv, &rq, take_threshold,
					&threshold);
	if (rc >= 0 || (rc = cli_output_begin("gate")) != 0)
		return rc;
	return cli_output_end("gate", gate(&rq, threshold));
}
