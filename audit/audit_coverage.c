/* audit_coverage.c: what became of every public name of the audited headers.
 *
 * Every API function and every macro alias ends in exactly one place: in the verdicts (an
 * operation of a family whose harness ran, that gave a result alone from some state), as
 * the builder of a family's initial state (an
 * initializer or constructor), or in the skipped or failed list with the reason (its own
 * note, its family's, or why no family takes it). The audit stores a row for each name
 * that is not in a verdict, so that `audit_items` with the verdicts accounts for the whole
 * API, and counts them for the summary ("API: 120 public names, 110 in a verdict (92%),
 * ..."). Internal helpers (a leading underscore in a family of public functions) are
 * listed but not counted as public names, and neither is an implementation function
 * whose public name is a macro (urcu's _cds_lfs_push is counted as cds_lfs_push). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

static const struct audit_note *note_of(const struct audit_plan *plan, const char *kind,
					const char *name)
{
	for (int i = 0; i < plan->nnotes; i++)
		if (strcmp(plan->notes[i].kind, kind) == 0 && strcmp(plan->notes[i].name, name) == 0)
			return &plan->notes[i];
	return NULL;
}

void audit_where_is(const struct audit_plan *plan, const bool *audited, const struct sa_function *fn,
		    struct audit_where *w)
{
	memset(w, 0, sizeof *w);
	/* an audited family it is an operation of first: one started again (a node linked by
	 * a push, audit_plan_relink) where the first family ran no operation to a result */
	int from = 0;
	for (int i = 0; i < plan->nfamilies && !from; i++)
		for (int k = 0; k < plan->families[i].nops; k++)
			if (audited[i] && plan->families[i].instead_of && plan->families[i].ops[k].fn == fn)
				from = i;
	for (int i = from; i < plan->nfamilies; i++) {
		const struct audit_family *fam = &plan->families[i];
		bool op = false;
		for (int k = 0; k < fam->nops && !op; k++)
			op = fam->ops[k].fn == fn;
		if (!op && fam->starter != fn)
			continue;
		w->family = fam;
		w->status = audited[i] ? "audited" : "failed";
		const struct audit_note *n = op ? note_of(plan, "function", fn->name) : NULL;
		if (!op) {
			w->starter = true;
			snprintf(w->detail, sizeof w->detail, "builds the initial state of %s",
				 audit_family_label(fam));
		} else if (audited[i] && n && strcmp(n->status, "failed") == 0) {
			w->status = "failed";   /* its family ran, it never gave a result */
			snprintf(w->detail, sizeof w->detail, "%s", n->detail);
			w->noted = true;
		} else if (audited[i]) {
			w->in_verdict = true;
		} else {
			snprintf(w->detail, sizeof w->detail, "its family %s was not audited (its note "
				 "says why)", audit_family_label(fam));
		}
		return;
	}
	const struct audit_note *n = note_of(plan, "function", fn->name);
	w->status = "skipped";
	if (n) {
		w->status = n->status;
		snprintf(w->detail, sizeof w->detail, "%s", n->detail);
		w->noted = true;
		w->internal = strncmp(n->detail, "an internal helper", 18) == 0;
		return;
	}
	const struct sa_type *first = fn->typed && fn->nparams ? &fn->param_types[0].type : NULL;
	char *group = first ? audit_object_group(plan, fn->name, first) : NULL;
	const char *label = group ? group : first ? first->pointee : NULL;
	const struct audit_note *fam = label ? note_of(plan, "family", label) : NULL;
	if (fam)
		snprintf(w->detail, sizeof w->detail, "its family %s was %s: %s", label, fam->status,
			 fam->detail);
	else if (fn->typed && fn->result.cls == SA_TYPE_POINTER)
		snprintf(w->detail, sizeof w->detail, "returns an object (a constructor) that no "
			 "audited family starts from");
	else
		snprintf(w->detail, sizeof w->detail, "no audited family takes it");
	free(group);
}

void audit_count(const struct audit_where *w, struct audit_coverage *c)
{
	if (w->internal)
		c->internal++;
	else if (w->in_verdict)
		c->in_verdict++;
	else if (w->starter)
		c->starters++;
	else if (strcmp(w->status, "failed") == 0)
		c->failed++;
	else
		c->skipped++;
}

void audit_coverage_line(const struct audit_coverage *c, char *buf, size_t len)
{
	int total = c->functions + c->macros - c->internal;
	size_t used = (size_t)snprintf(buf, len, "API: %d public name%s (%d function%s, %d macro%s), "
		 "%d in a verdict (%d%%), %d build%s an initial state, %d skipped, %d failed", total,
		 total == 1 ? "" : "s", c->functions - c->internal, c->functions - c->internal == 1 ?
		 "" : "s", c->macros, c->macros == 1 ? "" : "s", c->in_verdict,
		 total ? (100 * c->in_verdict + total / 2) / total : 0, c->starters,
		 c->starters == 1 ? "s" : "", c->skipped, c->failed);
	if (c->internal && used < len)
		snprintf(buf + used, len - used, "; %d internal helper%s not counted", c->internal,
			 c->internal == 1 ? "" : "s");
}
