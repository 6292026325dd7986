/* findings_regression.c: the `regression` rule, the facts of a change against those of a
 * baseline (an older database, or the JSON that `snc report --json` wrote for it).
 *
 * Pairs are matched by harness name and the names of their two operations, in either
 * order, so reordering a harness's ops changes nothing. A pair that is new in the change
 * has nothing to regress from: the other rules judge it on its own. */
#include <string.h>
#include "findings_internal.h"

static bool is_snc(const char *verdict)
{
	return strcmp(verdict, "snc") == 0 || strcmp(verdict, "snc-split") == 0;
}

static const struct snc_fact_harness *harness_named(const struct snc_facts *facts,
						    const char *name)
{
	for (int i = 0; i < facts->nharnesses; i++)
		if (strcmp(facts->harnesses[i].name, name) == 0)
			return &facts->harnesses[i];
	return NULL;
}

/* A pair that became SNC: the theorem now applies to it. */
static void became_snc(const struct snc_fact_harness *h, const struct snc_fact_harness *bh,
		       struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		const char *f = h->ops[pr->f].name, *g = h->ops[pr->g].name;
		const struct snc_fact_pair *old = snc_facts_pair(bh, f, g);
		if (!is_snc(pr->verdict) || !old || is_snc(old->verdict))
			continue;
		finding_add(out, "regression", h, pr->f, pr->g, "became-snc",
			db_arena_printf(a, "%s x %s became %s (the baseline says %s): the Laws of "
				"Order now demand a heavyweight instruction on this pair from any "
				"deterministic, linearizable implementation; loophole 1 keeps the API "
				"non-SNC (return nothing where callers do not read the value, as "
				"atomic_inc does)", f, g, pr->verdict, old->verdict),
			pr->witness.role
				? db_arena_printf(a, "%s\nbaseline verdict: %s",
						  finding_witness_lines(a, &pr->witness), old->verdict)
				: db_arena_printf(a, "baseline verdict: %s", old->verdict));
	}
}

void rule_regression(const struct snc_facts *facts, const struct snc_facts *baseline,
		     struct snc_findings *out)
{
	for (int i = 0; i < facts->nharnesses; i++) {
		const struct snc_fact_harness *bh = harness_named(baseline, facts->harnesses[i].name);
		if (bh)
			became_snc(&facts->harnesses[i], bh, out);
	}
}
