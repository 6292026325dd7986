/* audit_macros.c: the macro API of the named headers, as aliases of the functions audited.
 *
 * Users call `ck_pr_load_int(p)`, `ck_spinlock_lock(l)`, `cds_wfs_push(s, n)`: macros the
 * function scan never sees. The analyzer lists each header's macros (analyzer/macros.c);
 * here those defined in the header's API files (audit_api.c's rule) are *resolved*: the
 * expansion is followed, parameters replaced by the arguments and `##` pasted, a cast of
 * the result dropped (`(void)f(x)`, `((__typeof__(*(addr))) __uatomic_add_return(...))`),
 * through other macros (ck_pr_load_int(SRC) -> CK_PR_LOAD_SAFE((SRC), int) ->
 * ck_pr_md_load_int((SRC))) until it names or calls one function of the API. Such a macro
 * is an *alias*: the public name of that function, with its arguments mapped (SRC). An
 * operation whose function has an alias and is itself an implementation name (a leading
 * underscore: urcu's _cds_wfs_push behind cds_wfs_push) takes the alias's name, so
 * verdicts read as the user calls them; the alias table (api_aliases) keeps the
 * implementing function beside every public name.
 *
 * A function-like macro that expands to an expression or a statement of its own, or to a
 * call of something that is not an API function, is audited through its wrapper when the
 * config types it (audit_wrappers.c), else listed as skipped with the reason.
 * Macros named in capitals (CK_PR_LOAD_SAFE, URCU_TLS), and those with a leading
 * underscore that resolve to no function (urcu's __hp), are the library's own machinery,
 * not API, and are not listed. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

#define MAX_TOKENS 512
#define MAX_DEPTH 8

struct tokens {
	char *v[MAX_TOKENS];
	int n;
};

static void tokens_free(struct tokens *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->v[i]);
	t->n = 0;
}

static void tokens_push(struct tokens *t, const char *s, size_t len)
{
	if (t->n < MAX_TOKENS)
		t->v[t->n++] = strndup(s, len);
}

/* Splits a space-separated token text (what the analyzer stores). */
static void split(const char *text, struct tokens *t)
{
	t->n = 0;
	for (const char *p = text; p && *p;) {
		while (*p == ' ')
			p++;
		const char *start = p;
		while (*p && *p != ' ')
			p++;
		if (p > start)
			tokens_push(t, start, (size_t)(p - start));
	}
}

static bool is(const struct tokens *t, int i, const char *s)
{
	return i >= 0 && i < t->n && strcmp(t->v[i], s) == 0;
}

static bool keyword(const char *s)
{
	static const char *const words[] = {
		"for", "while", "do", "if", "switch", "return", "sizeof", "typeof", "__typeof__",
		"__extension__", "__asm__", "asm", "__asm", "goto", "break", "continue", "_Generic",
		"__builtin_choose_expr", "__builtin_expect", NULL,
	};
	for (int i = 0; words[i]; i++)
		if (strcmp(words[i], s) == 0)
			return true;
	return false;
}

static bool identifier(const char *s)
{
	if (!(isalpha((unsigned char)*s) || *s == '_') || keyword(s))
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return false;
	return true;
}

/* The index of the parenthesis closing the one at open, or -1. */
static int closing(const struct tokens *t, int open)
{
	int depth = 0;
	for (int i = open; i < t->n; i++) {
		if (is(t, i, "("))
			depth++;
		else if (is(t, i, ")") && --depth == 0)
			return i;
	}
	return -1;
}

/* Splits t[from..to) at top-level commas into args (each a token range). */
static int split_args(const struct tokens *t, int from, int to, int starts[], int ends[], int max)
{
	int n = 0, depth = 0, start = from;
	if (from == to)
		return 0;
	for (int i = from; i < to; i++) {
		if (is(t, i, "(") || is(t, i, "[") || is(t, i, "{"))
			depth++;
		else if (is(t, i, ")") || is(t, i, "]") || is(t, i, "}"))
			depth--;
		else if (depth == 0 && is(t, i, ",") && n < max) {
			starts[n] = start, ends[n++] = i;
			start = i + 1;
		}
	}
	if (n < max)
		starts[n] = start, ends[n++] = to;
	return n;
}

static const struct sa_macro *macro_named(const struct sa_macros *all, const char *name)
{
	for (int i = all->count - 1; i >= 0; i--)   /* the last definition wins */
		if (strcmp(all->macros[i].name, name) == 0)
			return &all->macros[i];
	return NULL;
}

const struct audit_fn *audit_api_named(const struct audit_plan *plan, const char *name)
{
	for (int i = 0; i < plan->nfns; i++)
		if (strcmp(plan->fns[i].def->name, name) == 0)
			return &plan->fns[i];
	return NULL;
}

/* The body of m with its parameters replaced by args (token ranges of in), `##` pasted. */
static void substitute(const struct sa_macro *m, const struct tokens *in, const int *starts,
		       const int *ends, int nargs, struct tokens *out)
{
	struct tokens params, body;
	split(m->params, &params);
	split(m->body, &body);
	int pi[64], np = 0;
	for (int i = 0; i < params.n && np < 64; i++)
		if (!is(&params, i, ","))
			pi[np++] = i;
	out->n = 0;
	for (int i = 0; i < body.n; i++) {
		int p = -1;
		for (int k = 0; k < np && p < 0; k++)
			if (strcmp(body.v[i], params.v[pi[k]]) == 0)
				p = k;
		if (p >= 0 && p < nargs) {
			for (int k = starts[p]; k < ends[p]; k++)
				tokens_push(out, in->v[k], strlen(in->v[k]));
		} else {
			tokens_push(out, body.v[i], strlen(body.v[i]));
		}
	}
	tokens_free(&params);
	tokens_free(&body);
	for (int i = 1; i + 1 < out->n; i++)   /* a ## b: one token */
		if (is(out, i, "##")) {
			char *pasted = malloc(strlen(out->v[i - 1]) + strlen(out->v[i + 1]) + 1);
			sprintf(pasted, "%s%s", out->v[i - 1], out->v[i + 1]);
			free(out->v[i - 1]);
			free(out->v[i]);
			free(out->v[i + 1]);
			out->v[i - 1] = pasted;
			memmove(&out->v[i], &out->v[i + 2], (size_t)(out->n - i - 2) * sizeof out->v[0]);
			out->n -= 2;
			i--;
		}
}

/* Text of t[from..to) without parentheses that wrap all of it. */
static void range_text(const struct tokens *t, int from, int to, char *buf, size_t len)
{
	while (to - from >= 2 && is(t, from, "(") && closing(t, from) == to - 1)
		from++, to--;
	size_t used = 0;
	buf[0] = '\0';
	for (int i = from; i < to && used < len; i++) {
		bool space = i > from && !is(t, i, ",") && !is(t, i, ")") && !is(t, i - 1, "(") &&
			     !is(t, i, "(");
		used += (size_t)snprintf(buf + used, len - used, "%s%s", space ? " " : "", t->v[i]);
	}
}

/* Follows an expansion until it names or calls an API function. Returns that function, or
 * NULL with why. args gets the call's arguments as text. */
static const struct audit_fn *resolve(const struct audit_plan *plan, const struct sa_macros *all,
				      struct tokens *t, int depth, char *args, size_t argslen,
				      char *why, size_t whylen)
{
	int from = 0, to = t->n;
	for (bool stripped = true; stripped;) {
		stripped = false;
		while (to - from >= 2 && is(t, from, "(") && closing(t, from) == to - 1)
			from++, to--, stripped = true;
		int cast = is(t, from, "(") ? closing(t, from) : -1;   /* (type) call(...) */
		if (cast > from && cast + 2 < to && identifier(t->v[cast + 1]) && is(t, cast + 2, "(") &&
		    closing(t, cast + 2) == to - 1)
			from = cast + 1, stripped = true;
	}
	if (depth > MAX_DEPTH) {
		snprintf(why, whylen, "its expansion goes through more than %d macros", MAX_DEPTH);
		return NULL;
	}
	if (from >= to || !identifier(t->v[from])) {
		snprintf(why, whylen, "expands to %s%s%s, not a call of one function; its argument "
			 "types are unknown, so no wrapper is generated", from >= to ? "nothing" :
			 "an expression or statement (`", from >= to ? "" : t->v[from],
			 from >= to ? "" : " ...`)");
		return NULL;
	}
	const char *name = t->v[from];
	bool call = to - from >= 3 && is(t, from + 1, "(") && closing(t, from + 1) == to - 1;
	if (to - from != 1 && !call) {
		snprintf(why, whylen, "expands to an expression or statement around %s, not a call "
			 "of one function; its argument types are unknown, so no wrapper is generated",
			 name);
		return NULL;
	}
	const struct audit_fn *fn = audit_api_named(plan, name);
	const struct sa_macro *m = fn ? NULL : macro_named(all, name);
	if (fn) {
		int starts[64], ends[64];
		int n = call ? split_args(t, from + 2, to - 1, starts, ends, 64) : 0;
		size_t used = 0;
		for (int i = 0; i < n && used < argslen; i++) {
			char one[256];
			range_text(t, starts[i], ends[i], one, sizeof one);
			used += (size_t)snprintf(args + used, argslen - used, "%s%s", i ? ", " : "", one);
		}
		return fn;
	}
	if (!m) {
		snprintf(why, whylen, "%s %s, which is not a function of the API", call ? "calls" :
			 "names", name);
		return NULL;
	}
	struct tokens next = { .n = 0 };
	if (m->function_like && call) {
		int starts[64], ends[64];
		int n = split_args(t, from + 2, to - 1, starts, ends, 64);
		substitute(m, t, starts, ends, n, &next);
	} else if (!m->function_like) {
		split(m->body, &next);
		for (int i = from + 1; i < to; i++)   /* an alias applied to arguments */
			tokens_push(&next, t->v[i], strlen(t->v[i]));
	} else {
		snprintf(why, whylen, "names the function-like macro %s without calling it", name);
		return NULL;
	}
	const struct audit_fn *found = resolve(plan, all, &next, depth + 1, args, argslen, why, whylen);
	tokens_free(&next);
	return found;
}

/* ---- argument types of the macros that are no call of one function ------------------- */

#define PLACEHOLDER "__snc_param_"

/* A typed function named name: an API function, or any the header's unit defines or
 * declares. */
static const struct sa_function *typed_named(const struct audit_plan *plan, const struct sa_unit *u,
					     const char *name)
{
	const struct audit_fn *f = audit_api_named(plan, name);
	if (f && f->def->typed)
		return f->def;
	for (int i = 0; i < u->nfunctions; i++)
		if (u->functions[i].typed && strcmp(u->functions[i].name, name) == 0)
			return &u->functions[i];
	for (int i = 0; i < u->ndeclarations; i++)
		if (u->declarations[i].typed && strcmp(u->declarations[i].name, name) == 0)
			return &u->declarations[i];
	return NULL;
}

/* The parameter a token range is, without parentheses around it: its index, or -1. */
static int placeholder_of(const struct tokens *t, int from, int to)
{
	while (to - from >= 2 && is(t, from, "(") && closing(t, from) == to - 1)
		from++, to--;
	if (to - from != 1 || strncmp(t->v[from], PLACEHOLDER, strlen(PLACEHOLDER)) != 0)
		return -1;
	return atoi(t->v[from] + strlen(PLACEHOLDER));
}

/* Is t[from..to) a type name of a cast: words of a scalar type, `struct X`, a typedef
 * ending in _t, and stars? */
static bool cast_type(const struct tokens *t, int from, int to)
{
	static const char *const scalar[] = { "char", "short", "int", "long", "unsigned", "signed",
					      "_Bool", "bool", "struct", "union", NULL };
	bool typed = false;
	for (int i = from; i < to; i++) {
		if (is(t, i, "*") || is(t, i, "const") || is(t, i, "volatile"))
			continue;
		if (!identifier(t->v[i]) || strncmp(t->v[i], PLACEHOLDER, strlen(PLACEHOLDER)) == 0)
			return false;
		size_t n = strlen(t->v[i]);
		typed |= n > 2 && strcmp(t->v[i] + n - 2, "_t") == 0;
		for (int k = 0; scalar[k]; k++)
			typed |= strcmp(t->v[i], scalar[k]) == 0;
	}
	return typed;
}

static void set_type(char **types, int k, int n, const char *type)
{
	if (k >= 0 && k < n && !types[k])
		types[k] = strdup(type);
}

/* Types parameters (placeholders in t) from the functions their expansion calls with them
 * as an argument (the function's parameter type at that position), through the macros it
 * calls, and from casts applied to them (`(unsigned long)(v)`); typed_params then gives a
 * parameter assigned from another (`node = n`) the other's type. */
static void infer_types(const struct audit_plan *plan, const struct sa_unit *u,
			const struct sa_macros *all, const struct tokens *t, int depth, char **types,
			int n)
{
	for (int i = 0; i + 1 < t->n; i++) {
		if (is(t, i, "(")) {   /* (type) param */
			int close = closing(t, i);
			if (close > i + 1 && close + 1 < t->n && cast_type(t, i + 1, close)) {
				int end = is(t, close + 1, "(") ? closing(t, close + 1) + 1 : close + 2;
				int k = end > close + 1 ? placeholder_of(t, close + 1, end) : -1;
				if (k >= 0) {
					char type[256];
					range_text(t, i + 1, close, type, sizeof type);
					set_type(types, k, n, type);
				}
			}
			continue;
		}
		if (!identifier(t->v[i]) || !is(t, i + 1, "("))
			continue;
		int close = closing(t, i + 1);
		if (close < 0)
			continue;
		int starts[64], ends[64];
		int nargs = split_args(t, i + 2, close, starts, ends, 64);
		const char *name = t->v[i];
		const struct sa_macro *rename = macro_named(all, name);
		for (int hops = 0; rename && !rename->function_like && rename->target && hops < MAX_DEPTH;
		     hops++) {   /* cds_wfs_first -> _cds_wfs_first */
			name = rename->target;
			rename = typed_named(plan, u, name) ? NULL : macro_named(all, name);
		}
		const struct sa_function *fn = typed_named(plan, u, name);
		if (fn) {
			for (int a = 0; a < nargs && a < fn->nparams; a++)
				set_type(types, placeholder_of(t, starts[a], ends[a]), n,
					 fn->param_types[a].type.spelling);
			continue;
		}
		const struct sa_macro *m = macro_named(all, name);
		if (m && m->function_like && depth < MAX_DEPTH) {
			struct tokens next = { .n = 0 };
			substitute(m, t, starts, ends, nargs, &next);
			infer_types(plan, u, all, &next, depth + 1, types, n);
			tokens_free(&next);
		}
	}
}

/* Does the expansion read as a statement (a loop, a do-while, an asm statement, nothing)
 * rather than an expression with a value? */
static bool statement_body(const struct tokens *t)
{
	static const char *const words[] = { "do", "for", "while", "if", "switch", "__asm__",
					     "asm", "__asm", NULL };
	int from = 0;
	while (from < t->n && is(t, from, "("))
		from++;
	if (from >= t->n)
		return true;
	for (int i = 0; words[i]; i++)
		if (is(t, from, words[i]))
			return true;
	return false;
}

/* The typed parameter list of a function-like macro that calls no single function, from
 * its expansion (infer_types), or NULL with why in why. */
static char *typed_params(const struct audit_plan *plan, const struct sa_unit *u,
			  const struct sa_macros *all, const struct sa_macro *m, bool *statement,
			  char *why, size_t whylen)
{
	struct tokens params, body;
	split(m->params, &params);
	split(m->body, &body);
	*statement = statement_body(&body);
	char *names[64];
	int n = 0;
	for (int i = 0; i < params.n && n < 64; i++)
		if (!is(&params, i, ","))
			names[n++] = params.v[i];
	char *types[64] = { 0 };
	char *out = NULL;
	if (n > 0 && strcmp(names[n - 1], "...") == 0) {
		snprintf(why, whylen, "variadic: no wrapper can call it");
		goto done;
	}
	struct tokens in = { .n = 0 };
	int starts[64], ends[64];
	for (int k = 0; k < n; k++) {
		char ph[32];
		snprintf(ph, sizeof ph, PLACEHOLDER "%d", k);
		if (k)
			tokens_push(&in, ",", 1);
		starts[k] = in.n;
		tokens_push(&in, ph, strlen(ph));
		ends[k] = in.n;
	}
	struct tokens expanded = { .n = 0 };
	substitute(m, &in, starts, ends, n, &expanded);
	infer_types(plan, u, all, &expanded, 0, types, n);
	for (int round = 0; round < 2; round++)   /* `node = n`: both have one type */
		for (int i = 0; i + 2 < expanded.n; i++) {
			int a = placeholder_of(&expanded, i, i + 1), b = placeholder_of(&expanded, i + 2, i + 3);
			if (a < 0 || b < 0 || !is(&expanded, i + 1, "=") || a >= n || b >= n)
				continue;
			if (types[a])
				set_type(types, b, n, types[a]);
			else if (types[b])
				set_type(types, a, n, types[b]);
		}
	tokens_free(&expanded);
	tokens_free(&in);
	size_t len = 1;
	for (int k = 0; k < n; k++) {
		if (!types[k]) {
			snprintf(why, whylen, "expands to an expression or statement, not a call of one "
				 "function, and no function its expansion calls takes its parameter %s "
				 "(nor a cast types it), so no wrapper can be typed (a `macro` line of the "
				 "config can)", names[k]);
			goto done;
		}
		len += strlen(types[k]) + strlen(names[k]) + 4;
	}
	out = malloc(len);
	out[0] = '\0';
	for (int k = 0; k < n; k++) {
		if (k)
			strcat(out, ", ");
		strcat(out, types[k]);
		if (types[k][strlen(types[k]) - 1] != '*')
			strcat(out, " ");
		strcat(out, names[k]);
	}
done:
	for (int k = 0; k < n; k++)
		free(types[k]);
	tokens_free(&params);
	tokens_free(&body);
	return out;
}

static bool capitals(const char *name)
{
	for (; *name; name++)
		if (islower((unsigned char)*name))
			return false;
	return true;
}

static bool in_list(char **set, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (s && strcmp(set[i], s) == 0)
			return true;
	return false;
}

static void add_alias(struct audit_plan *plan, const struct audit_alias *a)
{
	for (int i = 0; i < plan->naliases; i++)
		if (strcmp(plan->aliases[i].name, a->name) == 0)
			return;
	if (plan->naliases == plan->cap_aliases) {
		plan->cap_aliases = plan->cap_aliases ? 2 * plan->cap_aliases : 64;
		plan->aliases = realloc(plan->aliases, (size_t)plan->cap_aliases * sizeof *plan->aliases);
		if (!plan->aliases) {
			fprintf(stderr, "snc audit: out of memory\n");
			exit(2);
		}
	}
	plan->aliases[plan->naliases++] = *a;
}

void audit_collect_macros(struct audit_plan *plan, const struct sa_units *units,
			  char *const *headers, int nheaders)
{
	for (int h = 0; h < nheaders; h++) {
		char real[PATH_MAX];
		const char *path = realpath(headers[h], real) ? real : headers[h];
		const struct sa_unit *u = NULL;
		for (int i = 0; i < units->count && !u; i++)
			if (strcmp(units->units[i].file, path) == 0)
				u = &units->units[i];
		struct sa_macros all;
		if (!u || u->status == SA_UNIT_FAILED || sa_macros_read(u, &all) != 0)
			continue;
		char **files = NULL;
		int nfiles = audit_api_files(u, &files);
		for (int i = 0; i < all.count; i++) {
			const struct sa_macro *m = &all.macros[i];
			if (!in_list(files, nfiles, m->file) || capitals(m->name) ||
			    (!m->function_like && m->kind != SA_MACRO_ALIAS) || audit_api_named(plan, m->name))
				continue;
			struct tokens t;
			split(m->body, &t);
			char args[512] = "", why[512] = "";
			const struct audit_fn *fn = resolve(plan, &all, &t, 0, args, sizeof args, why,
							    sizeof why);
			tokens_free(&t);
			if (!fn && m->function_like) {   /* typed by the config: its wrapper */
				char wrapper[300];
				snprintf(wrapper, sizeof wrapper, "snc_macro_%s", m->name);
				if ((fn = audit_api_named(plan, wrapper)))
					snprintf(args, sizeof args, "%s", m->params ? m->params : "");
			}
			if (!fn && (!m->function_like || m->name[0] == '_'))
				continue;   /* renames a type or a value; or the library's own helper */
			bool statement = false;
			char *typed = NULL;
			if (!fn)   /* else why says why no wrapper can be typed */
				typed = typed_params(plan, u, &all, m, &statement, why, sizeof why);
			struct audit_alias a = {
				.name = strdup(m->name), .header = u->file, .file = strdup(m->file),
				.line = m->line, .params = m->params ? strdup(m->params) : NULL,
				.kind = m->function_like ? "function-like" : "object-like",
				.target = fn ? fn->def->name : NULL, .fn = fn,
				.args = fn && m->function_like ? strdup(args) : NULL,
				.why = fn ? NULL : strdup(why), .typed_params = typed,
				.statement = statement,
			};
			add_alias(plan, &a);
		}
		free(files);
		sa_macros_free(&all);
	}
}

const char *audit_public_name(const struct audit_plan *plan, const struct sa_function *fn)
{
	const char *wrapped = audit_wrapped_macro(fn->name);
	if (wrapped)
		return wrapped;
	if (fn->name[0] != '_')
		return fn->name;
	const char *best = fn->name;   /* the alias with the fewest leading underscores */
	size_t fewest = strspn(best, "_");
	for (int i = 0; i < plan->naliases; i++)
		if (plan->aliases[i].fn && plan->aliases[i].fn->def == fn &&
		    strspn(plan->aliases[i].name, "_") < fewest) {
			best = plan->aliases[i].name;
			fewest = strspn(best, "_");
		}
	return best;
}

void audit_aliases_free(struct audit_plan *plan)
{
	for (int i = 0; i < plan->naliases; i++) {
		free(plan->aliases[i].name);
		free(plan->aliases[i].file);
		free(plan->aliases[i].params);
		free(plan->aliases[i].args);
		free(plan->aliases[i].why);
		free(plan->aliases[i].typed_params);
	}
	free(plan->aliases);
	plan->aliases = NULL;
	plan->naliases = plan->cap_aliases = 0;
}
