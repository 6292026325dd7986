/* findings.c: from facts to findings (DESIGN.md section 2, docs/findings.md).
 *
 * Each rule walks the facts and adds findings through one helper, which gives every
 * finding the same shape: a subject ("f x g in harness"), a one-line message naming the
 * loophole, evidence lines, the place of f in the source (from the scan when it located the
 * function, else the op's SNC_OP line in the harness), and the intentional marker if the
 * developer left one next to f or g.
 *
 * The fingerprint is what makes a finding the same finding across commits: a hash of the
 * rule, the object (the harness), the function names (sorted, so declaration order does
 * not matter) and, for a rule with several kinds (regression), the kind. Never a line or a
 * file: moving a function must not make its finding look new to the gate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "findings_internal.h"

static const struct snc_rule *rule_by_id(const char *id)
{
	for (const struct snc_rule *r = snc_rules; r->id; r++)
		if (strcmp(r->id, id) == 0)
			return r;
	return NULL;
}

/* FNV-1a, 64 bits, over the parts separated by a byte no name contains. */
static void fingerprint(char out[17], const char *const *parts, int n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (int i = 0; i < n; i++) {
		for (const unsigned char *p = (const unsigned char *)(parts[i] ? parts[i] : ""); *p; p++) {
			h ^= *p;
			h *= 0x100000001b3ULL;
		}
		h ^= 0x1f;
		h *= 0x100000001b3ULL;
	}
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

void finding_add(struct snc_findings *out, const char *rule, const struct snc_fact_harness *h,
		 int f, int g, const char *kind, const char *message, const char *evidence)
{
	const struct snc_fact_op *fo = &h->ops[f], *go = g >= 0 ? &h->ops[g] : NULL;
	out->items = db_array_grow(out->items, out->count, sizeof *out->items);
	struct snc_finding *x = &out->items[out->count++];
	memset(x, 0, sizeof *x);
	x->rule = rule_by_id(rule);
	x->harness = h->name;
	x->f = fo->name;
	x->g = go ? go->name : NULL;
	const char *lo = x->f, *hi = x->g;
	if (hi && strcmp(lo, hi) > 0) {
		lo = x->g;
		hi = x->f;
	}
	fingerprint(x->fingerprint, (const char *const[]){ rule, h->name, lo, hi, kind }, 5);
	x->subject = go ? db_arena_printf(out->arena, "%s x %s in %s", fo->name, go->name, h->name)
			: db_arena_printf(out->arena, "%s in %s", fo->name, h->name);
	x->message = message;
	x->evidence = evidence;
	x->file = fo->file;
	x->line = fo->line;
	x->reason = source_intentional(out->arena, fo->file, fo->line, rule);
	if (!x->reason && go)
		x->reason = source_intentional(out->arena, go->file, go->line, rule);
	x->intentional = x->reason != NULL;
}

const char *finding_witness_lines(struct db_arena *a, const struct snc_db_witness *w)
{
	return db_arena_printf(a, "state: %s\n%s then %s: %s returns %s, %s returns %s\n"
			       "%s then %s: %s returns %s, %s returns %s",
			       w->state, w->f_call, w->g_call, w->f_call, w->f_alone, w->g_call,
			       w->g_after_f, w->g_call, w->f_call, w->g_call, w->g_alone, w->f_call,
			       w->f_after_g);
}

/* non-deterministic: an op whose solo execution did not repeat, once per op; a pair whose
 * sequence did not repeat although each op alone did, once per pair. */
static void rule_non_deterministic(const struct snc_facts *facts, struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int i = 0; i < facts->nharnesses; i++) {
		const struct snc_fact_harness *h = &facts->harnesses[i];
		for (int o = 0; o < h->nops; o++) {
			const struct snc_fact_op *op = &h->ops[o];
			if (!op->nondet_state)
				continue;
			finding_add(out, "non-deterministic", h, o, -1, NULL,
				db_arena_printf(a, "%s gave different results when repeated from the "
					"same state: the Laws of Order bind only deterministic operations "
					"(loophole 3, accept non-determinism); mark it intentional if that "
					"is meant, otherwise find the input the harness does not rebuild",
					op->name),
				db_arena_printf(a, "state: %s\n%s gave %s the first time; a repeat "
					"from a copy of the same state gave something else",
					op->nondet_state, op->nondet_call, op->nondet_result));
		}
		for (int p = 0; p < h->npairs; p++) {
			const struct snc_fact_pair *pr = &h->pairs[p];
			if (pr->deterministic || !pr->nondeterminism.role ||
			    h->ops[pr->f].nondet_state || h->ops[pr->g].nondet_state)
				continue;
			finding_add(out, "non-deterministic", h, pr->f, pr->g, NULL,
				db_arena_printf(a, "%s and %s in sequence gave different results when "
					"repeated from the same state, though each alone repeats: the Laws "
					"of Order bind only deterministic operations (loophole 3, accept "
					"non-determinism); mark it intentional if that is meant",
					h->ops[pr->f].name, h->ops[pr->g].name),
				db_arena_printf(a, "%s\n(the results of the first run; a repeat differed)",
					finding_witness_lines(a, &pr->nondeterminism)));
		}
	}
}

static int by_severity_then_subject(const void *pa, const void *pb)
{
	const struct snc_finding *a = pa, *b = pb;
	if (a->rule->severity != b->rule->severity)
		return (int)b->rule->severity - (int)a->rule->severity;
	int c = strcmp(a->subject, b->subject);
	if (c)
		return c;
	c = strcmp(a->rule->id, b->rule->id);
	return c ? c : strcmp(a->fingerprint, b->fingerprint);
}

int snc_findings_compute(const struct snc_facts *facts, const struct snc_facts *baseline,
			 struct snc_findings *out)
{
	memset(out, 0, sizeof *out);
	out->arena = db_arena_new();
	rule_non_deterministic(facts, out);
	if (baseline)
		rule_regression(facts, baseline, out);
	qsort(out->items, (size_t)out->count, sizeof *out->items, by_severity_then_subject);
	return 0;
}

void snc_findings_free(struct snc_findings *findings)
{
	free(findings->items);
	db_arena_free(findings->arena);
	memset(findings, 0, sizeof *findings);
}
