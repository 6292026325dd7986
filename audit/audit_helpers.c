/* audit_helpers.c: the static helpers of a header, which are not its API.
 *
 * A header defines functions for its own use beside those it offers: liburcu's
 * rculfqueue defines `static inline` make_dummy, free_dummy and enqueue_dummy, called by
 * _cds_lfq_init_rcu and _cds_lfq_dequeue_rcu, and no user calls them. Such a function is
 * an *internal helper*, left out of the families and not counted as a public name, when
 *   1. the header defines it (static or static inline: not a declaration of a library's
 *      extern function),
 *   2. another API function of the same header calls it, or names it without a call:
 *      passes it as a callback (rculfqueue's rcu_free_dummy hands free_dummy_cb to
 *      call_rcu) or takes its address (the analyzer's references),
 *   3. no macro of the header names it (a macro would make it callable by the API's name),
 *   4. and its name does not begin with the header's API prefix: the first word (up to
 *      the first `_`, leading underscores skipped) that most of the header's API functions
 *      share (`cds` for rculfqueue, `ck` for Concurrency Kit; ties: the first in byte
 *      order).
 * Rule 4 keeps API functions that call each other (ck_bitmap_union calling
 * ck_bitmap_size) in the API; rules 2 and 3 keep a helper-looking function that users do
 * call. Names with a leading underscore are handled by the family rule (audit_family.c). */
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

/* The length of name's first word, leading underscores skipped (set in *start). */
static size_t first_word(const char *name, const char **start)
{
	*start = name + strspn(name, "_");
	return strcspn(*start, "_");
}

static bool same_word(const char *a, const char *b)
{
	const char *sa, *sb;
	size_t na = first_word(a, &sa), nb = first_word(b, &sb);
	return na == nb && strncmp(sa, sb, na) == 0;
}

/* The name among header's API functions whose first word most of them share. */
static const char *api_prefix_of(const struct audit_plan *plan, const char *header)
{
	const char *best = NULL;
	int best_count = 0;
	for (int i = 0; i < plan->nfns; i++) {
		const char *name = plan->fns[i].def->name;
		if (plan->fns[i].header != header || audit_wrapped_macro(name))
			continue;
		int count = 0;
		bool seen = false;   /* counted already, at an earlier function */
		for (int k = 0; k < plan->nfns && !seen; k++) {
			if (plan->fns[k].header != header || !same_word(plan->fns[k].def->name, name))
				continue;
			seen = k < i;
			count++;
		}
		if (seen)
			continue;
		const char *s, *sb;
		size_t n = first_word(name, &s), nb = best ? first_word(best, &sb) : 0;
		int order = best ? strncmp(s, sb, n < nb ? n : nb) : 0;
		if (!best || count > best_count ||
		    (count == best_count && (order < 0 || (order == 0 && n < nb)))) {
			best = name;
			best_count = count;
		}
	}
	return best;
}

enum use { UNUSED, CALLED, NAMED };   /* how the header's other functions use one */

static enum use used_by_another(const struct audit_plan *plan, const struct audit_fn *f)
{
	enum use use = UNUSED;
	for (int i = 0; i < plan->nfns; i++) {
		const struct audit_fn *user = &plan->fns[i];
		const struct sa_function *body = user->body ? user->body : user->def;
		if (user == f || user->header != f->header)
			continue;
		for (int c = 0; c < body->ncalls; c++)
			if (body->calls[c].callee && strcmp(body->calls[c].callee, f->def->name) == 0)
				return CALLED;
		for (int r = 0; r < body->nreferences; r++)
			if (body->references[r].target &&
			    strcmp(body->references[r].target, f->def->name) == 0)
				use = NAMED;
	}
	return use;
}

void audit_mark_helpers(struct audit_plan *plan)
{
	const char **prefix = calloc((size_t)plan->nfns + 1, sizeof *prefix);
	if (!prefix) {
		fprintf(stderr, "snc audit: out of memory\n");
		exit(2);
	}
	for (int i = 0; i < plan->nfns; i++) {   /* one prefix per header, found once */
		for (int k = 0; k < i && !prefix[i]; k++)
			if (plan->fns[k].header == plan->fns[i].header)
				prefix[i] = prefix[k];
		if (!prefix[i])
			prefix[i] = api_prefix_of(plan, plan->fns[i].header);
	}
	for (int i = 0; i < plan->nfns; i++) {
		struct audit_fn *f = &plan->fns[i];
		const char *name = f->def->name, *word;
		if (f->def->linkage == SA_LINK_EXTERN || name[0] == '_' || audit_wrapped_macro(name) ||
		    !prefix[i] || same_word(name, prefix[i]) || audit_has_alias(plan, f->def))
			continue;
		enum use use = used_by_another(plan, f);
		if (use == UNUSED)
			continue;
		f->helper = true;
		size_t n = first_word(prefix[i], &word);
		audit_note(plan, "function", name, NULL, "skipped", "an internal helper (defined by "
			   "the header, %s by its other functions, behind no macro, outside "
			   "the API's prefix %.*s_)", use == CALLED ? "called" : "passed as a callback",
			   (int)n, word);
	}
	free(prefix);
}
