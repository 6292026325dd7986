/* terminal.c: `snc report` without options: what a developer reads after a run. The
 * verdicts by kind, the findings by severity, then every finding with its place, message
 * and evidence, errors first. Intentional findings are listed last with their reason. */
#include <string.h>
#include "report_internal.h"

static void print_finding(const struct snc_report *r, const struct snc_finding *x, FILE *out)
{
	char place[4200];
	fprintf(out, "\n%s: %s: %s: %s\n", report_finding_place(r, x, place, sizeof place),
		snc_severity_name(x->severity), x->rule->id, x->subject);
	fprintf(out, "  %s\n", x->message);
	if (x->intentional)
		fprintf(out, "  intentional: %s\n", x->reason[0] ? x->reason : "(no reason given)");
	for (const char *line = x->evidence; line && *line;) {
		const char *end = strchr(line, '\n');
		int n = end ? (int)(end - line) : (int)strlen(line);
		fprintf(out, "    %.*s\n", n, line);
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
	fprintf(out, "verdicts:");
	for (int v = 0; v < NVERDICTS; v++)
		fprintf(out, "%s %d %s", v ? "," : "", c.verdicts[v], report_verdicts[v]);
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
