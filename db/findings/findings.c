/* findings.c: from facts to findings (docs/design.md §2, docs/findings.md).
 *
 * Each rule (findings_verdicts.c, findings_static.c, findings_regression.c) walks the
 * facts and adds findings through finding_add, which gives every finding the same shape: a
 * subject ("f x g in harness", or "f x g (shared state)" for what the scan alone says), a
 * one-line message naming the loophole, evidence lines, the place a reviewer should look
 * (the function in the source when the scan found it, else the op's SNC_OP line), and the
 * intentional marker if the developer left one next to any of the places of f or g.
 *
 * The fingerprint makes a finding the same finding across commits: a hash of the rule, the
 * object (the harness, or the shared state for a scan-only finding), the function names
 * (sorted, so declaration order does not matter) and, for a rule with several kinds
 * (regression), the kind. Never a line or a file: moving a function must not make its
 * finding look new to the gate. */
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

void finding_add(struct snc_findings *out, const struct finding_spec *spec)
{
	struct db_arena *a = out->arena;
	out->items = db_array_grow(out->items, out->count, sizeof *out->items);
	struct snc_finding *x = &out->items[out->count++];
	memset(x, 0, sizeof *x);
	x->rule = rule_by_id(spec->rule);
	x->severity = spec->severity ? spec->severity : x->rule->severity;
	x->harness = spec->harness;
	x->f = spec->f;
	x->g = spec->g;
	const char *lo = x->f, *hi = x->g;
	if (hi && strcmp(lo, hi) > 0) {
		lo = x->g;
		hi = x->f;
	}
	fingerprint(x->fingerprint, (const char *const[]){ spec->rule, spec->object, lo, hi,
							   spec->kind }, 5);
	const char *names = x->g ? db_arena_printf(a, "%s x %s", x->f, x->g) : x->f;
	if (spec->harness)
		x->subject = db_arena_printf(a, "%s in %s", names, spec->harness);
	else if (spec->object && spec->object[0])
		x->subject = db_arena_printf(a, "%s (%s)", names, spec->object);
	else
		x->subject = names;
	x->message = spec->message;
	x->evidence = spec->evidence;
	x->schedule = spec->schedule;
	x->file = spec->where[0].file;
	x->line = spec->where[0].line;
	for (int i = 0; i < FINDING_PLACES && !x->reason; i++)
		x->reason = source_intentional(out, spec->where[i].file, spec->where[i].line, spec->rule);
	x->intentional = x->reason != NULL;
}

/* The places of an op: where the library's header defines it when no function of the
 * facts implements it (the macro an audit called it by, whose wrapper is in the audit's
 * temporary folder; a function of a system header); its function (when the scan tied
 * one); then its SNC_OP line. */
static int op_places(const struct snc_facts *facts, const struct snc_fact_op *op,
		     struct finding_place *where)
{
	int n = 0;
	if (op->header_file)
		where[n++] = (struct finding_place){ op->header_file, op->header_line };
	if (op->function >= 0)
		where[n++] = (struct finding_place){ facts->functions[op->function].file,
						     facts->functions[op->function].line };
	where[n++] = (struct finding_place){ op->file, op->line };
	return n;
}

const char *finding_op_label(struct db_arena *a, const struct snc_fact_op *op)
{
	return op->implemented_by ? db_arena_printf(a, "%s (%s)", op->name, op->implemented_by)
				  : op->name;
}

void finding_about_ops(struct finding_spec *spec, const struct snc_facts *facts,
		       const struct snc_fact_harness *h, int f, int g)
{
	spec->object = h->name;
	spec->harness = h->name;
	spec->f = h->ops[f].name;
	spec->g = g >= 0 ? h->ops[g].name : NULL;
	int n = op_places(facts, &h->ops[f], spec->where);
	if (g >= 0 && g != f)
		op_places(facts, &h->ops[g], spec->where + n);
}

const char *finding_witness_lines(struct db_arena *a, const struct snc_db_witness *w)
{
	return db_arena_printf(a, "state: %s\n%s then %s: %s returns %s, %s returns %s\n"
			       "%s then %s: %s returns %s, %s returns %s",
			       w->state, w->f_call, w->g_call, w->f_call, w->f_alone, w->g_call,
			       w->g_after_f, w->g_call, w->f_call, w->g_call, w->g_alone, w->f_call,
			       w->f_after_g);
}

const char *finding_site_lines(struct db_arena *a, const struct snc_fact_function *fn)
{
	const char *text = "";
	for (int i = 0; i < fn->nsites; i++) {
		const struct snc_fact_site *s = &fn->sites[i];
		text = db_arena_printf(a, "%s%s%s (%s%s%s) at %s:%d, reached as %s", text,
				       i ? "\n" : "", s->op, s->kind, s->memory_order ? ", " : "",
				       s->memory_order ? s->memory_order : "", s->file, s->line,
				       s->path);
	}
	return text;
}

static int by_severity_then_subject(const void *pa, const void *pb)
{
	const struct snc_finding *a = pa, *b = pb;
	if (a->severity != b->severity)
		return (int)b->severity - (int)a->severity;
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
	rules_from_verdicts(facts, out);
	rules_from_scan(facts, out);
	if (baseline)
		rule_regression(facts, baseline, out);
	finding_sources_free(out->sources);   /* read for this computation only */
	out->sources = NULL;
	if (out->count > 1)   /* qsort of a NULL array is undefined, even empty */
		qsort(out->items, (size_t)out->count, sizeof *out->items, by_severity_then_subject);
	return 0;
}

void snc_findings_free(struct snc_findings *findings)
{
	free(findings->items);
	db_arena_free(findings->arena);
	memset(findings, 0, sizeof *findings);
}
