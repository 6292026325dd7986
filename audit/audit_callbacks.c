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
 *   equal    two pointers, a bool result or a name eq/equal/match/same: a == b (strcmp)
 *   compare  two pointers, an int result or a name cmp/compare/compar: address order
 *            (strcmp)
 *   less     two pointers, named less/lt/before: a < b (strcmp < 0)
 *   alloc    a pointer result from integers only (malloc, calloc): zeroed memory of
 *            their product, never NULL
 *   realloc  a pointer result from a pointer and integers: realloc to the last size
 *   identity a pointer result from pointers only (a key's copy, a node's key): the first
 *            pointer itself, as an identity stays one
 *   nothing  anything else (a visitor, a destructor, a deferred call): does nothing and
 *            returns 0 or NULL; a destructor never frees, as what it is handed may be the
 *            harness's own token
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
		     CB_IDENTITY, CB_UNTYPED };

static const char *const kind_names[] = {
	[CB_NOTHING] = "does nothing", [CB_HASH] = "hash", [CB_EQUAL] = "equal",
	[CB_COMPARE] = "compare", [CB_LESS] = "less", [CB_ALLOC] = "alloc",
	[CB_REALLOC] = "realloc", [CB_IDENTITY] = "identity", [CB_UNTYPED] = "does nothing (cast)",
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

static bool hinted(const struct audit_arg *a, const char *const *words)
{
	return names_word(a->param->name, words) || names_word(a->param->type.spelling, words);
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

static enum callback_kind kind_of(const struct audit_arg *a)
{
	static const char *const hash_words[] = { "hash*", "hasher", NULL };
	static const char *const equal_words[] = { "eq", "equal", "equals", "iseq", "same", "match",
						  "matches", NULL };
	static const char *const compare_words[] = { "cmp", "compare", "compar", "comparator",
						    "comp", "order", NULL };
	static const char *const less_words[] = { "less", "lt", "before", NULL };
	const struct sa_type *t = &a->param->type;
	const struct sa_type *r = t->fn_result;
	if (!r || t->fn_variadic || r->cls == SA_TYPE_RECORD || r->cls == SA_TYPE_TRANSPARENT_UNION ||
	    (r->cls != SA_TYPE_VOID && !plain_spelling(r)))
		return CB_UNTYPED;
	for (int i = 0; i < t->fn_nparams; i++)
		if (!plain_spelling(&t->fn_params[i]))
			return CB_UNTYPED;
	int p, q;
	pointer_params(t, &p, &q);
	if (is_integer(r) && q >= 0) {
		if (hinted(a, less_words))
			return CB_LESS;
		if (hinted(a, equal_words))
			return CB_EQUAL;
		if (hinted(a, compare_words))
			return CB_COMPARE;
		if (!hinted(a, hash_words))
			return r->cls == SA_TYPE_BOOL ? CB_EQUAL : CB_COMPARE;
	}
	if (is_integer(r) && r->cls != SA_TYPE_BOOL && p >= 0 && hinted(a, hash_words))
		return CB_HASH;
	if (r->cls == SA_TYPE_POINTER && t->fn_nparams > 0) {
		int sizes = 0;
		for (int i = 0; i < t->fn_nparams; i++)
			sizes += t->fn_params[i].cls == SA_TYPE_INTEGER;
		if (p == 0)
			return sizes ? CB_REALLOC : CB_IDENTITY;
		if (t->fn_params[0].cls == SA_TYPE_INTEGER)
			return CB_ALLOC;
	}
	return CB_NOTHING;
}

/* Walks every callback argument of fam in a fixed order: the initial state's, then each
 * operation's. */
static int callback_args(const struct audit_family *fam, const struct audit_arg **out, int cap)
{
	int n = 0;
	for (int i = 0; i < fam->nstart_args; i++)
		if (fam->start_args[i].role == ROLE_CALLBACK && n < cap)
			out[n++] = &fam->start_args[i];
	for (int o = 0; o < fam->nops; o++)
		for (int i = 0; i < fam->ops[o].nargs; i++)
			if (fam->ops[o].args[i].role == ROLE_CALLBACK && n < cap)
				out[n++] = &fam->ops[o].args[i];
	return n;
}

/* Two callback arguments share one definition when they have the same type and kind. */
static bool same_callback(const struct audit_arg *a, const struct audit_arg *b)
{
	return kind_of(a) == kind_of(b) && strcmp(a->param->type.spelling, b->param->type.spelling) == 0;
}

#define MAX_CALLBACK_ARGS (AUDIT_MAX_OPS * 8)

/* The number of the definition a uses: how many distinct definitions precede its own. */
static int definition_of(const struct audit_family *fam, const struct audit_arg *a)
{
	const struct audit_arg *args[MAX_CALLBACK_ARGS];
	int n = callback_args(fam, args, MAX_CALLBACK_ARGS), defs = 0;
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = same_callback(args[i], args[j]);
		if (same_callback(args[i], a))
			return defs;
		defs += !seen;
	}
	return defs;
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
		fprintf(out, "\tsize_t size = 1");
		int last = -1;
		for (int i = 0; i < t->fn_nparams; i++)
			if (t->fn_params[i].cls == SA_TYPE_INTEGER) {
				if (kind == CB_ALLOC)
					fprintf(out, " * (size_t)a%d", i);
				last = i;
			}
		if (kind == CB_REALLOC)
			fprintf(out, " * (size_t)a%d", last);
		fprintf(out, ";\n");
		if (kind == CB_ALLOC)
			fprintf(out, "\treturn calloc(1, size ? size : 1);\n");
		else
			fprintf(out, "\treturn realloc(a0, size ? size : 1);\n");
		return;
	}
	case CB_IDENTITY:
		fprintf(out, "\treturn (%s)(uintptr_t)a0;\n", r->spelling);
		return;
	case CB_NOTHING:
	case CB_UNTYPED:
		fprintf(out, "\treturn%s;\n", zero_of(r));
		return;
	}
}

void audit_emit_callbacks(FILE *out, const struct audit_family *fam)
{
	const struct audit_arg *args[MAX_CALLBACK_ARGS];
	int n = callback_args(fam, args, MAX_CALLBACK_ARGS);
	if (n == 0)
		return;
	fprintf(out, "\n/* What function pointer parameters get: callbacks that agree with the "
		     "values the\n * harness passes (tokens are identities, strings compare by "
		     "content; docs/audit.md). */\n#include <stdlib.h>\n#include <string.h>\n");
	bool untyped = false;
	for (int i = 0; i < n; i++)
		untyped |= kind_of(args[i]) == CB_UNTYPED;
	if (untyped)
		fprintf(out, "static long noop_callback(void)\n{\n\treturn 0;\n}\n");
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < i && !seen; j++)
			seen = same_callback(args[i], args[j]);
		enum callback_kind kind = kind_of(args[i]);
		if (seen || kind == CB_UNTYPED)
			continue;
		const struct sa_type *t = &args[i]->param->type;
		fprintf(out, "\n/* %s: %s */\nstatic %s callback_%d(", t->spelling, kind_names[kind],
			t->fn_result->spelling, definition_of(fam, args[i]));
		for (int k = 0; k < t->fn_nparams; k++)
			fprintf(out, "%s%s a%d", k ? ", " : "", t->fn_params[k].spelling, k);
		fprintf(out, "%s)\n{\n", t->fn_nparams ? "" : "void");
		for (int k = 0; k < t->fn_nparams; k++)
			fprintf(out, "\t(void)a%d;\n", k);
		emit_body(out, kind, t);
		fprintf(out, "}\n");
	}
}

void audit_callback_expr(const struct audit_family *fam, const struct audit_arg *a, char *buf,
			 size_t len)
{
	if (kind_of(a) == CB_UNTYPED)
		snprintf(buf, len, "(%s)(void (*)(void))noop_callback", a->param->type.spelling);
	else
		snprintf(buf, len, "callback_%d", definition_of(fam, a));
}
