/* terminal.c: `snc report` without options: what a developer reads after a run. The
 * verdicts by kind, the findings by severity, then every finding with its place, message
 * and evidence, errors first. Intentional findings are listed last with their reason. */
#include <stdlib.h>
#include <string.h>
#include "report_internal.h"
#include "snc_cmdline.h"

/* Every string of a finding comes from scanned code or a harness: escaped (safe_text.c). */
static void print_finding(const struct snc_report *r, const struct snc_finding *x, FILE *out)
{
	char place[4200];
	fputc('\n', out);
	report_put_text(out, report_finding_place(r, x, place, sizeof place));
	const char *severity = snc_severity_name(x->severity);
	fprintf(out, ": %s%s%s: %s: ", snc_color_start(out, severity), severity,
		snc_color_end(out, severity), x->rule->id);
	report_put_text(out, x->subject);
	fputs("\n  ", out);
	report_put_text(out, x->message);
	fputc('\n', out);
	if (x->intentional) {
		fputs("  intentional: ", out);
		report_put_text(out, x->reason[0] ? x->reason : "(no reason given)");
		fputc('\n', out);
	}
	for (const char *line = x->evidence; line && *line;) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);
		char *one = strndup(line, n);
		fputs("    ", out);
		report_put_text(out, one ? one : "?");
		fputc('\n', out);
		free(one);
		line = end ? end + 1 : line + n;
	}
}

int report_terminal(const struct snc_report *r, FILE *out, char *err, size_t errlen)
{
	struct report_counts c;
	report_count(r, &c);
	const struct snc_facts *f = r->facts;
	fprintf(out, "run %lld (%s, %s): %d harnesses, %d operations, %d pairs\n",
		(long long)f->run_id, f->command, f->started_at, c.harnesses, c.ops, c.pairs);
	if (f->status && strcmp(f->status, "unfinished") == 0)
		fprintf(out, "run %lld is unfinished (it was killed, or is still running): its "
			"results are partial\n", (long long)f->run_id);
	fprintf(out, "verdicts:");
	for (int v = 0; v < NVERDICTS; v++)
		fprintf(out, "%s %d %s%s%s", v ? "," : "", c.verdicts[v],
			snc_color_start(out, report_verdicts[v]), report_verdicts[v],
			snc_color_end(out, report_verdicts[v]));
	fprintf(out, "\nfindings: %d error, %d warning, %d note outstanding; %d intentional\n",
		c.outstanding[SNC_ERROR], c.outstanding[SNC_WARNING], c.outstanding[SNC_NOTE],
		c.intentional);
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < r->findings->count; i++)
			if (r->findings->items[i].intentional == pass)
				print_finding(r, &r->findings->items[i], out);
	if (ferror(out)) {
		snprintf(err, errlen, "cannot write the summary");
		return -1;
	}
	return 0;
}
