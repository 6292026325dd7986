/* findings_regression.c: the `regression` rule, the facts of a change against those of a
 * baseline (an older database, or the JSON that `snc report --json` wrote for it).
 *
 * Pairs are matched by harness name and the names of their two operations, in either
 * order, so reordering a harness's ops changes nothing. A pair that is new in the change
 * has nothing to regress from: the other rules judge it on its own. Three ways to get worse:
 *   became-snc        the pair was not SNC and now is: the theorem now applies to it;
 *   lost-heavyweight  the pair stays SNC, reached a heavyweight instruction in the
 *                     baseline (scan) and reaches none now;
 *   heavyweight-rose  an op executes more heavyweight instructions per call than in the
 *                     baseline (measured; counts are exact, so any rise above rounding). */
#include <string.h>
#include "findings_internal.h"

static const struct snc_fact_harness *harness_named(const struct snc_facts *facts,
						    const char *name)
{
	for (int i = 0; i < facts->nharnesses; i++)
		if (strcmp(facts->harnesses[i].name, name) == 0)
			return &facts->harnesses[i];
	return NULL;
}

/* Heavyweight sites the two ops of a pair reach: -1 when the scan did not see both. */
static int64_t pair_heavyweight(const struct snc_fact_op *f, const struct snc_fact_op *g)
{
	return f->heavyweight < 0 || g->heavyweight < 0 ? -1 : f->heavyweight + g->heavyweight;
}

static void compare(const struct snc_facts *facts, const struct snc_fact_harness *h,
		    const struct snc_fact_harness *bh, struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		const struct snc_fact_op *f = &h->ops[pr->f], *g = &h->ops[pr->g];
		const struct snc_fact_pair *old = snc_facts_pair(bh, f->name, g->name);
		if (!old || !facts_is_snc(pr->verdict))
			continue;
		int64_t now = pair_heavyweight(f, g);
		int64_t before = pair_heavyweight(facts_op_named(bh, f->name), facts_op_named(bh, g->name));
		struct finding_spec spec = { .rule = "regression" };
		finding_about_ops(&spec, facts, h, pr->f, pr->g);
		const char *witness = pr->witness.role ? finding_witness_lines(a, &pr->witness) : "";
		if (!facts_is_snc(old->verdict)) {
			spec.kind = "became-snc";
			spec.message = db_arena_printf(a, "%s x %s became %s (the baseline says %s): "
				"the Laws of Order now demand a heavyweight instruction on this pair "
				"from any deterministic, linearizable implementation; loophole 1 keeps "
				"the API non-SNC (return nothing where callers do not read the value, as "
				"atomic_inc does)", f->name, g->name, pr->verdict, old->verdict);
			spec.evidence = db_arena_printf(a, "%s\nbaseline verdict: %s", witness,
							old->verdict);
		} else if (now == 0 && before > 0) {
			spec.kind = "lost-heavyweight";
			spec.message = db_arena_printf(a, "%s x %s is still %s but no longer reaches a "
				"heavyweight instruction (the baseline reached %lld): unless a loophole "
				"covers it, it cannot be linearizable any more", f->name, g->name,
				pr->verdict, (long long)before);
			spec.evidence = db_arena_printf(a, "%s\nheavyweight sites reached (scan): %lld "
				"in the baseline, none now", witness, (long long)before);
		} else {
			continue;
		}
		finding_add(out, &spec);
	}
}

#define RISE 0.005   /* heavyweight instructions per call: more than rounding */

static void costs_rose(const struct snc_facts *facts, const struct snc_fact_harness *h,
		       const struct snc_fact_harness *bh, struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int o = 0; o < h->nops; o++) {
		const struct snc_fact_op *op = &h->ops[o], *old = facts_op_named(bh, op->name);
		if (!old || !op->cost.calls || !old->cost.calls)
			continue;
		double now = op->cost.rmw + op->cost.fences, before = old->cost.rmw + old->cost.fences;
		if (now <= before + RISE)
			continue;
		struct finding_spec spec = { .rule = "regression", .kind = "heavyweight-rose" };
		finding_about_ops(&spec, facts, h, o, -1);
		spec.message = db_arena_printf(a, "%s now executes %.2f heavyweight instructions per "
			"call (the baseline: %.2f): if the Laws of Order do not demand them here, a "
			"cheaper path (loophole 2: pay only when a conflict is possible) is lost",
			op->name, now, before);
		spec.evidence = db_arena_printf(a, "measured per call: %.2f RMW and %.2f full fences "
			"now, %.2f and %.2f in the baseline; on %.0f%% of calls now, %.0f%% then%s%s",
			op->cost.rmw, op->cost.fences, old->cost.rmw, old->cost.fences,
			100 * op->cost.heavyweight_share, 100 * old->cost.heavyweight_share,
			op->cost_sites ? "\n" : "", op->cost_sites ? op->cost_sites : "");
		finding_add(out, &spec);
	}
}

void rule_regression(const struct snc_facts *facts, const struct snc_facts *baseline,
		     struct snc_findings *out)
{
	for (int i = 0; i < facts->nharnesses; i++) {
		const struct snc_fact_harness *bh = harness_named(baseline, facts->harnesses[i].name);
		if (bh) {
			compare(facts, &facts->harnesses[i], bh, out);
			costs_rose(facts, &facts->harnesses[i], bh, out);
		}
	}
}
