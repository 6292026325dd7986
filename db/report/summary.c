/* summary.c: the numbers every report leads with, counted once from the facts and findings
 * so that the terminal, the HTML index and the JSON agree. */
#include <string.h>
#include "report_internal.h"

const char *const report_verdicts[NVERDICTS] = {
	"snc", "snc-split", "non-commutative", "state-only", "commutative", "unknown",
};

void report_count(const struct snc_report *r, struct report_counts *c)
{
	memset(c, 0, sizeof *c);
	const struct snc_facts *facts = r->facts;
	c->harnesses = facts->nharnesses;
	for (int i = 0; i < facts->nharnesses; i++) {
		const struct snc_fact_harness *h = &facts->harnesses[i];
		c->ops += h->nops;
		c->pairs += h->npairs;
		for (int p = 0; p < h->npairs; p++)
			for (int v = 0; v < NVERDICTS; v++)
				if (strcmp(h->pairs[p].verdict, report_verdicts[v]) == 0)
					c->verdicts[v]++;
	}
	for (int i = 0; i < r->findings->count; i++) {
		const struct snc_finding *x = &r->findings->items[i];
		if (x->intentional)
			c->intentional++;
		else
			c->outstanding[x->severity]++;
	}
}

const char *report_finding_place(const struct snc_report *r, const struct snc_finding *x,
				 char *buf, size_t len)
{
	if (!x->file) {
		snprintf(buf, len, "%s", x->harness ? x->harness : x->subject);
		return buf;
	}
	char shown[4096];
	report_shown_path(r->root, x->file, shown, sizeof shown);
	if (x->line > 0)
		snprintf(buf, len, "%s:%d", shown, x->line);
	else
		snprintf(buf, len, "%s", shown);
	return buf;
}

double report_conflict_rate(const struct snc_fact_pair *p)
{
	return p->states > 0 ? (double)p->conflict_states / (double)p->states : 0.0;
}
