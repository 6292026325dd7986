/* audit_callbacks.c: what a generated harness passes for a function pointer parameter.
 *
 * A callback that does nothing breaks a library that relies on it: a hash table whose
 * equality callback always answers "different" never finds a key, so put and get look
 * commutative. The harness defines one callback per type and purpose, of exactly the
 * parameter's type, that agrees with the values the harness passes: tokens and pool
 * cells are identities (one address per value), strings are compared by content.
 *
 *   hash     integer result, a pointer parameter, named *hash*: a mix of the address
 *            (of the string's bytes for a char *)
 *   equal    two pointers, a bool result or a name eq/equal/match/same: a == b (strcmp);
 *            a bool named compare too (ck_hs_compare_cb_t answers "equal?")
 *   compare  two pointers, an int result or a name cmp/compare/compar: address order
 *            (strcmp)
 *   less     two pointers, named less/lt/before: a < b (strcmp < 0)
 *   alloc    a pointer result from integers, and perhaps a context pointer (malloc,
 *            calloc, alloc(ctx, size)): zeroed memory of their product (a 0 counts as 1),
 *            never NULL
 *   realloc  the same, named realloc/resize/grow: realloc of the first pointer to the
 *            last size
 *   identity a pointer result from pointers only (a key's copy, a node's key): the first
 *            pointer itself, as an identity stays one
 *   make     named as a maker (constructor, ctor, create, make, new, factory) with a status
 *            result and an out-parameter (T **), or a pointer result and no sizes: a fresh
 *            zeroed resource of 256 bytes (calloc, never freed), written through the out
 *            or returned, and status 0. APR's apr_reslist_constructor(void **resource,
 *            void *params, apr_pool_t *pool) was taken for a comparison of its two
 *            pointers: it answered 1, apr_reslist_create failed and every call crashed
 *   visit    an operation's callback that visits what the object holds: the function is
 *            named as an iteration (iter, foreach, each, walk, visit, traverse, apply) or
 *            the parameter as a visitor, and the result is an integer, a bool or void:
 *            counts its calls in snc_visits and returns 0 ("go on" for critnib_iter,
 *            "keep" for most), so the operation's result shows how many it visited
 *            (critnib_iter after an insert visits 1, before it 0: they do not commute)
 *   nothing  anything else (a destructor, a deferred call): does nothing and
 *            returns 0 or NULL; a destructor never frees, as what it is handed may be the
 *            harness's own token
 *
 * A struct the harness passes (from a pool) whose fields are function pointers (an
 * allocator's malloc, realloc and free; a table's hash) has them filled the same way, by
 * each field's type and name, before the initial state is built: a zeroed allocator made
 * every call crash.
 *
 * A type the harness cannot spell as a definition (a variadic function, a parameter that
 * is itself a function pointer or an array, a struct result) gets the old callback: one
 * that does nothing, called through a cast. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "snc_audit.h"

enum callback_kind { CB_NOTHING, CB_HASH, CB_EQUAL, CB_COMPARE, CB_LESS, CB_ALLOC, CB_REALLOC,
		     CB_IDENTITY, CB_MAKE, CB_VISIT, CB_UNTYPED };

static const char *const kind_names[] = {
	[CB_NOTHING] = "does nothing", [CB_HASH] = "hash", [CB_EQUAL] = "equal",
	[CB_COMPARE] = "compare", [CB_LESS] = "less", [CB_ALLOC] = "alloc",
	[CB_REALLOC] = "realloc", [CB_IDENTITY] = "identity",
	[CB_MAKE] = "make (a fresh zeroed resource)", [CB_VISIT] = "visit (counts its calls)",
	[CB_UNTYPED] = "does nothing (cast)",
};

/* Does name hold one of words as a word (split at non-letters and at a lower-to-upper
 * change: "key_eq", "isEqual", "ck_hs_compare_cb_t")? A word matches a prefix of words
 * that end in '*' ("hash*" matches "hashfn"). */
static bool names_word(const char *name, const char *const *words)
{
	for (const char *p = name; p && *p;) {
		while (*p && !isalpha((unsigned char)*p))
			p++;
		const char *start = p;
		while (isalpha((unsigned char)*p) &&
		       !(p > start && isupper((unsigned char)*p) && islower((unsigned char)p[-1])))
			p++;
		size_t n = (size_t)(p - start);
		for (int w = 0; n && words[w]; w++) {
			size_t wl = strcspn(words[w], "*");
			bool prefix = words[w][wl] == '*';
			if ((n == wl || (prefix && n > wl)) && strncasecmp(start, words[w], wl) == 0)
				return true;
		}
	}
	return false;
}

/* Where a callback goes: a parameter or a struct's field, by its name and type; visits
 * when it is an operation's visitor (audit_callback_visits). */
struct site {
	const char *name;
	const struct sa_type *type;
	bool visits;
};

static bool hinted(const struct site *site, const char *const *words)
{
	return names_word(site->name, words) || names_word(site->type->spelling, words);
}

static bool is_integer(const struct sa_type *t)
{
	return t->cls == SA_TYPE_INTEGER || t->cls == SA_TYPE_ENUM || t->cls == SA_TYPE_BOOL;
}

static bool is_string(const struct sa_type *t)
{
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->pointee &&
	       strcmp(t->pointee, "char") == 0;
}

/* Can C declare a variable of type t by writing "SPELLING name"? */
static bool plain_spelling(const struct sa_type *t)
{
	return !strpbrk(t->spelling, "([") && t->cls != SA_TYPE_OTHER;
}

/* The first and second pointer parameters of the callback's type (-1: none). */
static void pointer_params(const struct sa_type *t, int *first, int *second)
{
	*first = *second = -1;
	for (int i = 0; i < t->fn_nparams; i++)
		if (t->fn_params[i].cls == SA_TYPE_POINTER) {
			if (*first < 0)
				*first = i;
			else if (*second < 0)
				*second = i;
		}
}

/* A callback that can be spelled with a definition of its own type. */
static bool typed_callback(const struct sa_type *t)
{
	const struct sa_type *r = t->fn_result;
	if (!r || t->fn_variadic || r->cls == SA_TYPE_RECORD || r->cls == SA_TYPE_TRANSPARENT_UNION ||
	    (r->cls != SA_TYPE_VOID && !plain_spelling(r)))
		return false;
	for (int i = 0; i < t->fn_nparams; i++)
		if (!plain_spelling(&t->fn_params[i]))
			return false;
	return true;
}

static const char *const hash_words[] = { "hash*", "hasher", NULL };
static const char *const equal_words[] = { "eq", "equal", "equals", "iseq", "same", "match",
					  "matches", NULL };
static const char *const compare_words[] = { "cmp", "compare", "compar", "comparator",
					    "comp", "order", NULL };
static const char *const less_words[] = { "less", "lt", "before", NULL };
static const char *const make_words[] = { "constructor", "construct", "ctor", "create", "make",
					 "new", "factory", NULL };

/* The first out-parameter (T **) of the callback's type, or -1. */
static int out_param(const struct sa_type *t)
{
	for (int i = 0; i < t->fn_nparams; i++)
		if (t->fn_params[i].cls == SA_TYPE_POINTER && t->fn_params[i].levels >= 2)
			return i;
	return -1;
}

bool audit_callback_visits(const char *fn_name, const struct sa_param *param)
{
	static const char *const iteration_words[] = { "iter*", "foreach", "each", "walk*",
						      "visit*", "traverse", "apply", NULL };
	static const char *const visitor_words[] = { "visit*", "visitor", "iter*", "each",
						    "walk*", NULL };
	const struct sa_type *t = &param->type;
	if (t->cls != SA_TYPE_POINTER || t->target_cls != SA_TYPE_FUNCTION || !typed_callback(t) ||
	    (t->fn_result->cls != SA_TYPE_VOID && !is_integer(t->fn_result)))
		return false;
	struct site site = { param->name, t, false };
	if (hinted(&site, hash_words) || hinted(&site, equal_words) ||
	    hinted(&site, compare_words) || hinted(&site, less_words))
		return false;
	return names_word(fn_name, iteration_words) || hinted(&site, visitor_words);
}

static enum callback_kind kind_of(const struct site *a)
{
	const struct sa_type *t = a->type;
	const struct sa_type *r = t->fn_result;
	if (!typed_callback(t))
		return CB_UNTYPED;
	if (a->visits)
		return CB_VISIT;
	int p, q;
	pointer_params(t, &p, &q);
	if (hinted(a, make_words) && out_param(t) >= 0 &&
	    (r->cls == SA_TYPE_VOID || (is_integer(r) && r->cls != SA_TYPE_BOOL)))
		return CB_MAKE;
	if (is_integer(r) && q >= 0) {
		if (hinted(a, less_words))
			return CB_LESS;
		/* a bool answers a yes-or-no question: ck_hs_compare_cb_t says "equal" */
		if (hinted(a, equal_words) || (r->cls == SA_TYPE_BOOL && hinted(a, compare_words)))
			return CB_EQUAL;
		if (hinted(a, compare_words))
			return CB_COMPARE;
		if (!hinted(a, hash_words))
			return r->cls == SA_TYPE_BOOL ? CB_EQUAL : CB_COMPARE;
	}
	if (is_integer(r) && r->cls != SA_TYPE_BOOL && p >= 0 && hinted(a, hash_words))
		return CB_HASH;
	if (r->cls == SA_TYPE_POINTER && t->fn_nparams > 0) {
		static const char *const realloc_words[] = { "realloc*", "resize", "grow", NULL };
		int sizes = 0;
		for (int i = 0; i < t->fn_nparams; i++)
			sizes += t->fn_params[i].cls == SA_TYPE_INTEGER;
		if (sizes && p >= 0 && hinted(a, realloc_words))
			return CB_REALLOC;
		if (sizes)
			return CB_ALLOC;   /* malloc(n), calloc(n, size), alloc(ctx, size) */
		if (hinted(a, make_words))
			return CB_MAKE;
		if (p == 0)
			return CB_IDENTITY;
	}
	return CB_NOTHING;
}

/* Every place of fam that gets a callback, in a fixed order: the initial state's
 * arguments, each operation's, then the function pointer fields of its pools' structs. */
static int sites_of(const struct audit_family *fam, struct site *out, int cap)
{
	int n = 0;
	for (int i = 0; i < fam->nstart_args; i++)
		if (fam->start_args[i].role == ROLE_CALLBACK && n < cap)
			out[n++] = (struct site){ fam->start_args[i].param->name,
						  &fam->start_args[i].param->type, false };
	for (int o = 0; o < fam->nops; o++)
		for (int i = 0; i < fam->ops[o].nargs; i++) {
			const struct audit_arg *a = &fam->ops[o].args[i];
			if (a->role == ROLE_CALLBACK && n < cap)
				out[n++] = (struct site){ a->param->name, &a->param->type, a->observed };
		}
	for (int p = 0; p < fam->npools; p++)
		for (int f = 0; f < fam->pools[p].param_type->npointee_callbacks && n < cap; f++) {
			const struct sa_param *field = &fam->pools[p].param_type->pointee_callbacks[f];
			out[n++] = (struct site){ field->name, &field->type, false };
		}
	return n;
}

/* Two sites share one definition when they have the same type and kind. */
static bool same_callback(const struct site *a, const struct site *b)
{
	return kind_of(a) == kind_of(b) && strcmp(a->type->spelling, b->type->spelling) == 0;
}

#define MAX_SITES (AUDIT_MAX_OPS * 8)

/* The number of the definition site uses: how many distinct definitions precede its own. */
static int definition_of(const struct audit_family *fam, const struct site *site)
{
	struct site sites[MAX_SITES];
	int n = sites_of(fam, sites, MAX_SITES), defs = 0;
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = same_callback(&sites[i], &sites[j]);
		if (same_callback(&sites[i], site))
			return defs;
		defs += !seen;
	}
	return defs;
}

/* The expression that passes site's callback. */
static void callback_expr(const struct audit_family *fam, const struct site *site, char *buf,
			  size_t len)
{
	if (kind_of(site) == CB_UNTYPED)
		snprintf(buf, len, "(%s)(void (*)(void))noop_callback", site->type->spelling);
	else
		snprintf(buf, len, "callback_%d", definition_of(fam, site));
}

bool audit_callbacks_allocate(const struct audit_family *fam)
{
	struct site sites[MAX_SITES];
	int n = sites_of(fam, sites, MAX_SITES);
	for (int i = 0; i < n; i++)
		if (kind_of(&sites[i]) == CB_ALLOC || kind_of(&sites[i]) == CB_REALLOC)
			return true;
	return false;
}

bool audit_fills_callbacks(const struct audit_family *fam)
{
	for (int p = 0; p < fam->npools; p++)
		if (fam->pools[p].param_type->npointee_callbacks)
			return true;
	return false;
}

/* fill_callbacks(): every element of every pool gets its struct's callbacks. */
static void emit_fill(FILE *out, const struct audit_family *fam)
{
	fprintf(out, "\n/* The function pointers of the structs the harness passes. */\n"
		     "static void fill_callbacks(void)\n{\n\tfor (int i = 0; i < POOL; i++) {\n");
	for (int p = 0; p < fam->npools; p++) {
		const struct audit_pool *pool = &fam->pools[p];
		for (int f = 0; f < pool->param_type->npointee_callbacks; f++) {
			const struct sa_param *field = &pool->param_type->pointee_callbacks[f];
			char expr[512];
			callback_expr(fam, &(struct site){ field->name, &field->type, false }, expr,
				      sizeof expr);
			fprintf(out, "\t\t%s[i]%s.%s = %s;\n", pool->name, pool->flexible ? ".object" : "",
				field->name, expr);
		}
	}
	fprintf(out, "\t}\n}\n");
}

static const char *zero_of(const struct sa_type *r)
{
	return r->cls == SA_TYPE_VOID ? "" : r->cls == SA_TYPE_POINTER ? " NULL" : " 0";
}

static void emit_body(FILE *out, enum callback_kind kind, const struct sa_type *t)
{
	const struct sa_type *r = t->fn_result;
	int p, q;
	pointer_params(t, &p, &q);
	bool strings = p >= 0 && is_string(&t->fn_params[p]) && (q < 0 || is_string(&t->fn_params[q]));
	switch (kind) {
	case CB_HASH:
		if (strings)
			fprintf(out, "\tuint64_t h = 1469598103934665603ull;\n"
				     "\tfor (const char *c = a%d; c && *c; c++)\n"
				     "\t\th = (h ^ (unsigned char)*c) * 1099511628211ull;\n", p);
		else
			fprintf(out, "\tuint64_t h = (uintptr_t)a%d;\n"
				     "\th = (h ^ (h >> 33)) * 0xff51afd7ed558ccdull;\n", p);
		fprintf(out, "\treturn (%s)(h ^ (h >> 29));\n", r->spelling);
		return;
	case CB_EQUAL:
		if (strings)
			fprintf(out, "\treturn strcmp(a%d, a%d) == 0;\n", p, q);
		else
			fprintf(out, "\treturn (const void *)a%d == (const void *)a%d;\n", p, q);
		return;
	case CB_COMPARE:
	case CB_LESS: {
		const char *op = kind == CB_LESS ? "<" : "-";
		if (strings && kind == CB_LESS)
			fprintf(out, "\treturn strcmp(a%d, a%d) < 0;\n", p, q);
		else if (strings)
			fprintf(out, "\treturn strcmp(a%d, a%d);\n", p, q);
		else if (kind == CB_LESS)
			fprintf(out, "\treturn (uintptr_t)a%d %s (uintptr_t)a%d;\n", p, op, q);
		else
			fprintf(out, "\treturn ((uintptr_t)a%d > (uintptr_t)a%d) - "
				     "((uintptr_t)a%d < (uintptr_t)a%d);\n", p, q, p, q);
		return;
	}
	case CB_ALLOC:
	case CB_REALLOC: {
		fprintf(out, "\tsize_t size = 1;\n");
		int last = -1;
		for (int i = 0; i < t->fn_nparams; i++)
			if (t->fn_params[i].cls == SA_TYPE_INTEGER) {
				if (kind == CB_ALLOC)
					fprintf(out, "\tsize *= a%d ? (size_t)a%d : 1;\n", i, i);
				last = i;
			}
		if (kind == CB_REALLOC)
			fprintf(out, "\tsize = a%d ? (size_t)a%d : 1;\n\treturn realloc(a%d, size);\n",
				last, last, p);
		else
			fprintf(out, "\treturn calloc(1, size);\n");
		return;
	}
	case CB_IDENTITY:
		fprintf(out, "\treturn (%s)(uintptr_t)a0;\n", r->spelling);
		return;
	case CB_MAKE: {
		int o = out_param(t);
		fprintf(out, "\tvoid *made = calloc(1, 256);   /* never freed */\n");
		if (o >= 0)
			fprintf(out, "\tif (a%d)\n\t\t*(void **)a%d = made;\n", o, o);
		if (r->cls == SA_TYPE_POINTER)
			fprintf(out, "\treturn (%s)made;\n", r->spelling);
		else
			fprintf(out, "\treturn%s;\n", zero_of(r));
		return;
	}
	case CB_VISIT:
		fprintf(out, "\tsnc_visits++;\n\treturn%s;\n", zero_of(r));
		return;
	case CB_NOTHING:
	case CB_UNTYPED:
		fprintf(out, "\treturn%s;\n", zero_of(r));
		return;
	}
}

void audit_emit_callbacks(FILE *out, const struct audit_family *fam)
{
	struct site sites[MAX_SITES];
	int n = sites_of(fam, sites, MAX_SITES);
	if (n == 0)
		return;
	fprintf(out, "\n/* What function pointers get: callbacks that agree with the values the "
		     "harness\n * passes (tokens are identities, strings compare by content; "
		     "docs/audit.md). */\n#include <stdlib.h>\n#include <string.h>\n");
	bool untyped = false, visits = false;
	for (int i = 0; i < n; i++) {
		untyped |= kind_of(&sites[i]) == CB_UNTYPED;
		visits |= kind_of(&sites[i]) == CB_VISIT;
	}
	if (untyped)
		fprintf(out, "static long noop_callback(void)\n{\n\treturn 0;\n}\n");
	if (visits)
		fprintf(out, "static unsigned long snc_visits;   /* calls of a visitor, in the op "
			     "that passed it */\n");
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = same_callback(&sites[i], &sites[j]);
		enum callback_kind kind = kind_of(&sites[i]);
		if (seen || kind == CB_UNTYPED)
			continue;
		const struct sa_type *t = sites[i].type;
		fprintf(out, "\n/* %s: %s */\nstatic %s callback_%d(", t->spelling, kind_names[kind],
			t->fn_result->spelling, definition_of(fam, &sites[i]));
		for (int k = 0; k < t->fn_nparams; k++)
			fprintf(out, "%s%s a%d", k ? ", " : "", t->fn_params[k].spelling, k);
		fprintf(out, "%s)\n{\n", t->fn_nparams ? "" : "void");
		for (int k = 0; k < t->fn_nparams; k++)
			fprintf(out, "\t(void)a%d;\n", k);
		emit_body(out, kind, t);
		fprintf(out, "}\n");
	}
	if (audit_fills_callbacks(fam))
		emit_fill(out, fam);
}

void audit_callback_expr(const struct audit_family *fam, const struct audit_arg *a, char *buf,
			 size_t len)
{
	callback_expr(fam, &(struct site){ a->param->name, &a->param->type, a->observed }, buf, len);
}
