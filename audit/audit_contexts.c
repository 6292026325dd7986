/* audit_contexts.c: the opaque objects an API takes beside its own, made by the library.
 *
 * APR's `apr_thread_mutex_create(apr_thread_mutex_t **m, unsigned flags, apr_pool_t *pool)`
 * needs a pool, and `apr_pool_t` is opaque: the generator cannot allocate one, and the
 * mutex family was skipped. But the headers the API includes declare a function that
 * makes one (`apr_pool_create_ex(apr_pool_t **newpool, apr_pool_t *parent, ...)`), and the
 * library an initializer to call first (`apr_initialize(void)`). Such an object is a
 * *context*: made once in setup(), before the family's own initial state, and passed as
 * is to every call that takes one (a fixed argument, as a capacity is).
 *
 * The maker of an opaque T, among the functions the scanned units' API files declare (the
 * audited API's too: auditing apr_pools.h beside apr_hash.h, the hash's family gets a pool
 * from apr_pool_create_ex while the pool has a family of its own): one named as a maker
 * (a word of its name is create, new, alloc, make, open or init) that returns T *, or
 * returns a status and writes it through its one T ** parameter; whose other parameters
 * can all be given nothing (integers 0; NULL for a parent, another opaque type, a
 * function, a void *); not variadic, not a destructor; the fewest parameters, then the
 * shortest name. Its own opaque parameters get contexts too, made before it (APR's pool
 * takes an allocator). A family's own object is never its context: the object's role
 * comes first. The initializer: a function of no parameters returning nothing or a
 * status, named `*_initialize` or `*_init`, with the maker's prefix (`apr_`); the
 * shortest such name.
 *
 * A complete struct calls share (libuv's uv_loop_t beside every uv_timer_t) is no context:
 * the harness owns it (a shared pool). audit_initializer_of names the API's initializer of
 * it (uv_loop_init), which setup() runs on it before the family's initial state. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "snc_audit.h"

static bool opaque_pointer(const struct sa_type *t)
{
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->target_cls == SA_TYPE_RECORD &&
	       t->pointee && t->pointee_size < 0;
}

/* Can every parameter of f but `out` be given nothing (0, NULL)? A pointer only when it is
 * to the type made (a parent), to another opaque type (an allocator of the library's
 * choosing), to a function (an abort callback) or to void (a user's data): not to a
 * complete struct it would read, a string it would open, a scalar it would write. */
static bool others_take_nothing(const struct sa_function *f, int out, const char *pointee)
{
	for (int p = 0; p < f->nparams; p++) {
		const struct sa_type *t = &f->param_types[p].type;
		if (p == out || t->cls == SA_TYPE_INTEGER || t->cls == SA_TYPE_ENUM ||
		    t->cls == SA_TYPE_BOOL || t->cls == SA_TYPE_FLOAT)
			continue;
		if (t->cls != SA_TYPE_POINTER || t->levels != 1)
			return false;
		bool record = t->target_cls == SA_TYPE_RECORD && t->pointee &&
			      (strcmp(t->pointee, pointee) == 0 || t->pointee_size < 0);
		if (!record && t->target_cls != SA_TYPE_FUNCTION && t->target_cls != SA_TYPE_VOID)
			return false;
	}
	return true;
}

static bool better(const struct sa_function *f, const struct sa_function *than)
{
	if (!than)
		return true;
	if (f->nparams != than->nparams)
		return f->nparams < than->nparams;
	size_t a = strlen(f->name), b = strlen(than->name);
	return a != b ? a < b : strcmp(f->name, than->name) < 0;
}

const char *audit_name_word(const char *name, const char *w, size_t *len)
{
	while (w != name && *w == '_')
		w++;
	if (!*w)
		return NULL;
	size_t n = 1;
	while (w[n] && w[n] != '_' &&
	       !(isupper((unsigned char)w[n]) && islower((unsigned char)w[n - 1])))
		n++;
	*len = n;
	return w;
}

bool audit_name_has_word(const char *name, const char *const *words)
{
	size_t len;
	for (const char *w = name; (w = audit_name_word(name, w, &len)); w += len)
		for (int i = 0; words[i]; i++)
			if (strlen(words[i]) == len && strncasecmp(w, words[i], len) == 0)
				return true;
	return false;
}

bool audit_named_as_initializer(const char *name)
{
	static const char *const init[] = { "init", "initialize", NULL };
	return audit_name_has_word(name, init);
}

bool audit_named_as_unlinking(const char *name)
{
	static const char *const verbs[] = { "del", "remove", "move", "splice", "replace", "unlink",
					     NULL };
	return audit_name_has_word(name, verbs);
}

bool audit_named_as_registration(const char *name)
{
	static const char *const verbs[] = { "register", "attach", "subscribe", NULL };
	return audit_name_has_word(name, verbs);
}

bool audit_named_as_maker(const char *name)
{
	static const char *const verbs[] = { "create", "new", "alloc", "make", "open", "init", NULL };
	return audit_name_has_word(name, verbs);
}

bool audit_named_as_attributes(const char *name)
{
	static const char *const words[] = { "attr", "attrs", "attributes", "opts", "options", NULL };
	return name && audit_name_has_word(name, words);
}

const struct sa_function *audit_initializer_of(const struct audit_plan *plan, const char *pointee)
{
	const struct sa_function *best = NULL;
	for (int i = 0; plan && pointee && i < plan->nfns; i++) {
		const struct sa_function *f = plan->fns[i].def;
		if (!f->typed || f->nparams < 1 || strstr(f->signature, "...") ||
		    !audit_named_as_initializer(f->name) || !audit_returns_status(f))
			continue;
		const struct sa_type *t = &f->param_types[0].type;
		if (t->cls == SA_TYPE_POINTER && t->levels == 1 && !t->pointee_const && t->pointee &&
		    strcmp(t->pointee, pointee) == 0 && others_take_nothing(f, 0, pointee) &&
		    better(f, best))
			best = f;
	}
	return best;
}

/* Where f gives a new pointee: -1, its result (T *); k, its one T ** parameter k; -2,
 * nowhere (or through two T **: which is the new one?). */
static int gives(const struct sa_function *f, const char *pointee)
{
	const struct sa_type *r = &f->result;
	if (r->cls == SA_TYPE_POINTER && r->levels == 1 && r->pointee && strcmp(r->pointee, pointee) == 0)
		return -1;
	int out = -2;
	for (int p = 0; p < f->nparams; p++) {
		const struct sa_type *t = &f->param_types[p].type;
		if (t->cls == SA_TYPE_POINTER && t->levels == 2 && t->target_cls == SA_TYPE_RECORD &&
		    t->target && strcmp(t->target, pointee) == 0) {
			if (out != -2)
				return -2;
			out = p;
		}
	}
	return out;
}

/* Does f make a pointee (-1: it returns it; k: it writes it through parameter k)? -2 if not. */
static int makes(const struct sa_function *f, const char *pointee)
{
	if (!f->typed || strstr(f->signature, "...") || !audit_named_as_maker(f->name) ||
	    strstr(f->name, "destroy") || strstr(f->name, "free"))
		return -2;
	int out = gives(f, pointee);
	if (out == -2 || (out >= 0 && !audit_returns_status(f)))
		return -2;
	return others_take_nothing(f, out, pointee) ? out : -2;
}

/* The functions declared or defined in the scanned units' API files, and whether each is
 * only declared (a library defines it). */
struct candidates {
	const struct sa_function **v;
	bool *declared;            /* without a body in the units: a library defines it */
	int n;
};

static struct candidates candidates_of(const struct sa_units *units)
{
	struct candidates c = { 0 };
	int total = 0;
	for (int u = 0; u < units->count; u++)
		total += units->units[u].nfunctions + units->units[u].ndeclarations;
	c.v = calloc((size_t)total + 1, sizeof *c.v);
	c.declared = calloc((size_t)total + 1, sizeof *c.declared);
	if (!c.v || !c.declared) {
		free(c.v);
		free(c.declared);
		return (struct candidates){ 0 };
	}
	for (int u = 0; u < units->count; u++) {
		const struct sa_unit *un = &units->units[u];
		for (int k = 0; k < un->nfunctions; k++)
			c.v[c.n++] = &un->functions[k];
		for (int k = 0; k < un->ndeclarations; k++) {
			c.declared[c.n] = true;
			c.v[c.n++] = &un->declarations[k];
		}
	}
	return c;
}

static int initializer_for(const struct candidates *all, const struct sa_function *maker)
{
	int best = -1;
	for (int i = 0; i < all->n; i++)
		if (audit_initializes_library_of(all->v[i], maker) &&
		    (best < 0 || strlen(all->v[i]->name) < strlen(all->v[best]->name)))
			best = i;
	return best;
}

static int context_index(const struct audit_plan *plan, const char *pointee)
{
	for (int i = 0; pointee && i < plan->ncontexts; i++)
		if (strcmp(plan->contexts[i].pointee, pointee) == 0)
			return i;
	return -1;
}

static int add_context(struct audit_plan *plan, const struct sa_type *t,
		       const struct candidates *all, int depth);

/* Appends to call the statement by which maker (giving the pointee as `out` says) makes
 * var: its opaque parameters get their contexts (made first, found `depth` levels down,
 * listed in needs, when `find` allows looking for new ones) or NULL, the others 0. */
static void maker_call(struct audit_plan *plan, const struct sa_function *maker, int out,
		       const struct sa_type *t, const struct candidates *all, int depth, bool find,
		       const char *var, int *needs, int *nneeds, char *call, size_t len)
{
	char args[1536] = "";
	size_t used = 0;
	for (int p = 0; p < maker->nparams && used < sizeof args; p++) {
		const struct sa_type *pt = &maker->param_types[p].type;
		int k = -1;
		if (p != out && opaque_pointer(pt) && strcmp(pt->pointee, t->pointee) != 0 &&
		    (k = context_index(plan, pt->pointee)) < 0 && find && depth > 0 &&
		    *nneeds < AUDIT_CONTEXT_NEEDS)
			k = add_context(plan, pt, all, depth - 1);
		if (k >= 0 && *nneeds < AUDIT_CONTEXT_NEEDS)
			needs[(*nneeds)++] = k;
		used += (size_t)snprintf(args + used, sizeof args - used, "%s%s%s", p ? ", " : "",
					 p == out ? "&" : "", p == out ? "@" : k >= 0 ? plan->contexts[k].var
					 : pt->cls == SA_TYPE_POINTER ? "NULL" : "0");
	}
	char *at = strchr(args, '@');   /* the out parameter: &var */
	size_t start = strlen(call);
	snprintf(call + start, len - start, "%s%s%s(%.*s%s%s);", out == -1 ? var : "",
		 out == -1 ? " = " : "", maker->name, at ? (int)(at - args) : (int)strlen(args), args,
		 at ? var : "", at ? at + 1 : "");
}

/* Finds the maker of t's pointee and appends its context; a maker's own opaque parameters
 * get theirs, made first (apr_thread_mutex_create's pool), `depth` levels down; the next
 * makers are tried while it is NULL. Returns its index, or -1. */
static int add_context(struct audit_plan *plan, const struct sa_type *t,
		       const struct candidates *all, int depth)
{
	const struct sa_function *maker = NULL;
	int out = -2, made_by = -1;
	for (int i = 0; i < all->n; i++) {
		int o = makes(all->v[i], t->pointee);
		if (o != -2 && better(all->v[i], maker))
			maker = all->v[i], out = o, made_by = i;
	}
	if (!maker)
		return -1;
	char var[64], call[4096] = "", scratch[4096] = "";
	int needs[AUDIT_CONTEXT_NEEDS], nneeds = 0;
	/* first the contexts its maker takes (their indices come before this one's), then its
	 * call, with them */
	maker_call(plan, maker, out, t, all, depth, true, "", needs, &nneeds, scratch, sizeof scratch);
	plan->contexts = audit_grow(plan->contexts, &plan->cap_contexts, plan->ncontexts,
				    sizeof *plan->contexts);
	snprintf(var, sizeof var, "snc_context%d", plan->ncontexts);
	nneeds = 0;
	maker_call(plan, maker, out, t, all, 0, false, var, needs, &nneeds, call, sizeof call);
	/* When the best maker gives NULL (GLib's g_hash_table_new_similar(NULL): it wants a
	 * table to copy), the next ones are tried, with the contexts already made. */
	const struct sa_function *alternatives[AUDIT_CONTEXT_ALTERNATIVES];
	bool alternatives_declared[AUDIT_CONTEXT_ALTERNATIVES];
	int nalternatives = 0;
	for (const struct sa_function *after = maker; nalternatives < AUDIT_CONTEXT_ALTERNATIVES;) {
		const struct sa_function *next = NULL;
		int next_out = -2, next_at = -1;
		for (int i = 0; i < all->n; i++) {
			int o = makes(all->v[i], t->pointee);
			if (o != -2 && all->v[i] != maker && better(after, all->v[i]) &&
			    better(all->v[i], next))
				next = all->v[i], next_out = o, next_at = i;
		}
		if (!next)
			break;
		size_t used = strlen(call);
		snprintf(call + used, sizeof call - used, " if (!%s) ", var);
		maker_call(plan, next, next_out, t, all, 0, false, var, needs, &nneeds, call, sizeof call);
		alternatives_declared[nalternatives] = all->declared[next_at];
		alternatives[nalternatives++] = next;
		after = next;
	}
	int initializer = initializer_for(all, maker);
	struct audit_context *c = &plan->contexts[plan->ncontexts];
	*c = (struct audit_context){
		.pointee = strdup(t->pointee), .type = strdup(t->spelling), .var = strdup(var),
		.make = strdup(call), .maker = maker,
		.init = initializer >= 0 ? all->v[initializer] : NULL,
		.maker_declared = all->declared[made_by],
		.init_declared = initializer >= 0 && all->declared[initializer], .nneeds = nneeds,
		.nalternatives = nalternatives,
	};
	memcpy(c->needs, needs, (size_t)nneeds * sizeof *needs);
	memcpy(c->alternatives, alternatives, (size_t)nalternatives * sizeof *alternatives);
	memcpy(c->alternatives_declared, alternatives_declared,
	       (size_t)nalternatives * sizeof *alternatives_declared);
	return plan->ncontexts++;
}

void audit_find_contexts(struct audit_plan *plan, const struct sa_units *units)
{
	struct candidates all = candidates_of(units);
	for (int i = 0; all.v && i < plan->nfns; i++) {
		const struct sa_function *f = plan->fns[i].def;
		for (int p = 0; f->typed && p < f->nparams; p++) {
			const struct sa_type *t = &f->param_types[p].type;
			if (opaque_pointer(t) && context_index(plan, t->pointee) < 0)
				add_context(plan, t, &all, 2);
		}
	}
	free(all.v);
	free(all.declared);
}

const struct audit_context *audit_context_of(const struct audit_plan *plan, const char *pointee)
{
	int k = context_index(plan, pointee);
	return k >= 0 ? &plan->contexts[k] : NULL;
}
