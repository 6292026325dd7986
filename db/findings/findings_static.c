/* findings_static.c: what the scan alone suggests, for the functions and candidate pairs
 * no harness exercised. A harness's verdict always wins: a pair tied to a verdict is judged
 * in findings_verdicts.c and never here. Without a run-time witness a candidate is only a
 * candidate, so these findings are worded as such, and the one that would be an error with
 * a witness (snc-unsynchronized) is a warning here.
 *
 *   snc-unsynchronized    an snc-candidate (both write shared state and return a value)
 *                         with no heavyweight instruction in either function
 *   gratuitous-snc        an snc-candidate whose return value no call site reads
 *   needless-heavyweight  an API function never SNC with anything it shares state with,
 *                         that reaches heavyweight instructions (not fences only)
 * The object of a pair finding (for its fingerprint and subject) is the shared state. */
#include <stdio.h>
#include <string.h>
#include "findings_internal.h"

/* Does a harness exercise function fi (and, when gi >= 0, the pair fi x gi)? */
static bool exercised(const struct snc_facts *facts, int fi, int gi)
{
	for (int i = 0; i < facts->nharnesses; i++) {
		const struct snc_fact_harness *h = &facts->harnesses[i];
		for (int p = 0; p < h->npairs; p++) {
			int a = h->ops[h->pairs[p].f].function, b = h->ops[h->pairs[p].g].function;
			if (gi < 0 ? (a == fi || b == fi)
				   : ((a == fi && b == gi) || (a == gi && b == fi)))
				return true;
		}
	}
	return false;
}

static bool never_read(const struct snc_fact_function *fn)
{
	for (int i = 0; i < fn->ncalls; i++)
		if (fn->calls[i].value_used)
			return false;
	return fn->ncalls > 0;
}

static void spec_pair(struct finding_spec *spec, const struct snc_facts *facts,
		      const struct snc_fact_scan_pair *sp)
{
	const struct snc_fact_function *f = &facts->functions[sp->f], *g = &facts->functions[sp->g];
	spec->object = sp->shared_state;
	spec->f = f->name;
	spec->g = g->name;
	spec->where[0] = (struct finding_place){ f->file, f->line };
	spec->where[1] = (struct finding_place){ g->file, g->line };
}

static void candidates(const struct snc_facts *facts, struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int i = 0; i < facts->nscan_pairs; i++) {
		const struct snc_fact_scan_pair *sp = &facts->scan_pairs[i];
		const struct snc_fact_function *f = &facts->functions[sp->f],
					       *g = &facts->functions[sp->g];
		if (strcmp(sp->static_class, "snc-candidate") != 0 || exercised(facts, sp->f, sp->g))
			continue;
		if (f->transitive_heavyweight == 0 && g->transitive_heavyweight == 0) {
			struct finding_spec spec = { .rule = "snc-unsynchronized",
						     .severity = SNC_WARNING };
			spec_pair(&spec, facts, sp);
			spec.message = db_arena_printf(a, "%s x %s is an SNC candidate (both write %s "
				"and return a value) with no heavyweight instruction: if a harness "
				"confirms it is SNC, the Laws of Order say it cannot be linearizable; "
				"write one (snc run), or use a loophole (return nothing, or accept "
				"non-linearizability and mark it intentional)", f->name, g->name,
				sp->shared_state);
			spec.evidence = db_arena_printf(a, "static class: snc-candidate\nshared state: "
				"%s\nheavyweight instructions (scan): none in %s (%s:%d) or %s (%s:%d), "
				"nor in anything they call", sp->shared_state, f->name, f->file, f->line,
				g->name, g->file, g->line);
			finding_add(out, &spec);
		}
		const struct snc_fact_function *unread = never_read(f) ? f : never_read(g) ? g : NULL;
		if (unread) {
			struct finding_spec spec = { .rule = "gratuitous-snc" };
			spec_pair(&spec, facts, sp);
			spec.message = db_arena_printf(a, "%s x %s could be SNC only through the return "
				"value of %s, and none of its %d call site%s reads it: make it return "
				"nothing (loophole 1) and the pair cannot be SNC", f->name, g->name,
				unread->name, unread->ncalls, unread->ncalls == 1 ? "" : "s");
			spec.evidence = db_arena_printf(a, "static class: snc-candidate\nshared state: "
				"%s\n%s", sp->shared_state, finding_call_lines(a, unread));
			finding_add(out, &spec);
		}
	}
}

static bool fences_only(const struct snc_fact_function *fn)
{
	for (int i = 0; i < fn->nsites; i++)
		if (strcmp(fn->sites[i].kind, "fence") != 0)
			return false;
	return true;
}

/* Is function fi in pairs, none of them an snc-candidate? *length: the length of its
 * partner_list(). */
static bool never_candidate(const struct snc_facts *facts, int fi, size_t *length)
{
	int npartners = 0;
	for (int i = 0; i < facts->nscan_pairs; i++) {
		const struct snc_fact_scan_pair *sp = &facts->scan_pairs[i];
		if (sp->f != fi && sp->g != fi)
			continue;
		if (strcmp(sp->static_class, "snc-candidate") == 0)
			return false;
		*length += (npartners++ ? 2 : 0) + strlen(facts->functions[sp->f == fi ? sp->g : sp->f].name) +
			   strlen(sp->static_class) + strlen(sp->shared_state) + 5;
	}
	return npartners > 0;
}

/* The evidence of fi: "static classes with each partner: g: one-way (state), h: read-read
 * (state)", a newline, then its sites. Written into one allocation (an API function of a
 * large code base has hundreds of partners with long state lists, hundreds of kilobytes:
 * appending one by one was quadratic, and formatting the list again into the evidence
 * copied it twice more); length is that of the partners, as never_candidate() counts it. */
static const char *partner_evidence(struct db_arena *a, const struct snc_facts *facts, int fi,
				    size_t length, const char *sites)
{
	static const char head[] = "static classes with each partner: ";
	size_t nsites = strlen(sites);
	char *text = db_arena_alloc(a, sizeof head - 1 + length + 1 + nsites + 1);
	char *end = text + sprintf(text, "%s", head), *first = end;
	for (int i = 0; i < facts->nscan_pairs; i++) {
		const struct snc_fact_scan_pair *sp = &facts->scan_pairs[i];
		if (sp->f == fi || sp->g == fi)
			end += sprintf(end, "%s%s: %s (%s)", end == first ? "" : ", ",
				       facts->functions[sp->f == fi ? sp->g : sp->f].name,
				       sp->static_class, sp->shared_state);
	}
	*end++ = '\n';
	memcpy(end, sites, nsites + 1);
	return text;
}

static void never_snc(const struct snc_facts *facts, struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int fi = 0; fi < facts->nfunctions; fi++) {
		const struct snc_fact_function *fn = &facts->functions[fi];
		if (!fn->api || fn->transitive_heavyweight <= 0 || fences_only(fn) ||
		    facts_in_harness_source(facts, fn->file) || exercised(facts, fi, -1))
			continue;
		size_t length = 0;
		if (!never_candidate(facts, fi, &length))
			continue;
		struct finding_spec spec = { .rule = "needless-heavyweight", .f = fn->name,
					     .where[0] = { fn->file, fn->line } };
		spec.message = db_arena_printf(a, "%s can never be SNC with the functions it shares "
			"state with, yet reaches %lld heavyweight instruction%s: the Laws of Order do "
			"not force %s. Could a split per-thread design (loophole 1 or 2) make it cheap, "
			"or does it guard what return values cannot show (lost updates, a lock, a "
			"consistent snapshot)?", fn->name, (long long)fn->transitive_heavyweight,
			fn->transitive_heavyweight == 1 ? "" : "s",
			fn->transitive_heavyweight == 1 ? "it" : "them");
		spec.evidence = partner_evidence(a, facts, fi, length, finding_site_lines(a, fn));
		finding_add(out, &spec);
	}
}

void rules_from_scan(const struct snc_facts *facts, struct snc_findings *out)
{
	candidates(facts, out);
	never_snc(facts, out);
}
