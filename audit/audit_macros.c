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
 * operation takes an alias's name (audit_public_name), so verdicts read as the user calls
 * them, when its function is an implementation name (a leading underscore: urcu's
 * _cds_wfs_push behind cds_wfs_push), and then when an alias is that name with an infix
 * left out and passes the arguments through (ck_pr_load_int for ck_pr_md_load_int,
 * rcu_read_lock for urcu_memb_read_lock). The alias table (api_aliases) keeps the
 * implementing function beside every public name.
 *
 * A function-like macro that expands to an expression or a statement of its own, to a
 * call of something that is not an API function, or to a call that passes members of its
 * arguments (AO_stack_push(l, e): AO_stack_push_explicit_aux_release(&((l)->AO_ptr), e,
 * &((l)->AO_aux)), an op on l and not the function's), is audited through its wrapper when the
 * config types it (audit_wrappers.c), or when its parameters can be typed from its
 * expansion (infer_prototype below; the wrappers are written and compiled by
 * audit_infer.c), else listed as skipped with the reason.
 * Macros named in capitals or with a leading underscore that resolve to no function
 * (CK_PR_LOAD_SAFE, URCU_TLS, urcu's __hp) are the library's own machinery, not API, and
 * are not listed; one in capitals that calls an API function is API: an alias when that
 * is all it does (MC_HIT_DEFAULT() -> mc_hit(0)), else a statement audited through its
 * wrapper (HQ_PUSH_TWICE(q, v): two hq_push calls). */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

#define MAX_TOKENS 65536   /* a full expansion of urcu's uatomic macros is thousands */
#define MAX_DEPTH 8

struct tokens {
	char **v;
	int n, cap;
};

static void tokens_free(struct tokens *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
	*t = (struct tokens){ 0 };
}

static void tokens_push(struct tokens *t, const char *s, size_t len)
{
	if (t->n == MAX_TOKENS)
		return;
	if (t->n == t->cap) {
		int cap = t->cap ? 2 * t->cap : 64;
		char **v = realloc(t->v, (size_t)cap * sizeof *v);
		if (!v) {
			fprintf(stderr, "snc audit: out of memory\n");
			exit(2);
		}
		t->v = v;
		t->cap = cap;
	}
	t->v[t->n++] = strndup(s, len);
}

/* Splits a space-separated token text (what the analyzer stores) into a new list. */
static void split(const char *text, struct tokens *t)
{
	*t = (struct tokens){ 0 };
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

/* The value an argument t[from..to) passes, as text: without parentheses around it and
 * without the operands a comma expression evaluates only for their type checks
 * (Concurrency Kit's `((void)sizeof(*(DST) = (VAL)), (DST))` passes DST). */
static void passed_value(const struct tokens *t, int from, int to, char *buf, size_t len)
{
	while (to - from >= 2 && is(t, from, "(") && closing(t, from) == to - 1)
		from++, to--;
	int depth = 0, last = -1;
	for (int i = from; i < to; i++) {
		if (is(t, i, "(") || is(t, i, "[") || is(t, i, "{"))
			depth++;
		else if (is(t, i, ")") || is(t, i, "]") || is(t, i, "}"))
			depth--;
		else if (depth == 0 && is(t, i, ","))
			last = i;
	}
	range_text(t, last >= 0 ? last + 1 : from, to, buf, len);
}

/* The end of t[from..to) at its first top-level `stop`, or to. */
static int top_level(const struct tokens *t, int from, int to, const char *stop)
{
	int depth = 0, i = from;
	for (; i < to && !(depth == 0 && is(t, i, stop)); i++)
		depth += is(t, i, "(") - is(t, i, ")");
	return i;
}

/* A call through a _Generic selection of functions, `(_Generic(*(EC), struct ck_ec32 :
 * ck_ec32_value, struct ck_ec64 : ck_ec64_value))((EC))` (Concurrency Kit's ck_ec_value):
 * into out, the call of the first association's function with the same arguments, the
 * function a use on that type calls. False when t[from..to) is no such call. */
static bool generic_call(const struct tokens *t, int from, int to, struct tokens *out)
{
	int callee = from, callee_close = -1;   /* (_Generic(...))(ARGS) */
	if (is(t, callee, "(")) {
		callee_close = closing(t, callee);
		callee++;
	}
	if (!is(t, callee, "_Generic") || !is(t, callee + 1, "("))
		return false;
	int close = closing(t, callee + 1);
	if (close < 0 || close >= to || (callee_close >= 0 && callee_close != close + 1))
		return false;
	int args_open = (callee_close >= 0 ? callee_close : close) + 1;
	if (!is(t, args_open, "(") || closing(t, args_open) != to - 1)
		return false;
	for (int a = top_level(t, callee + 2, close, ",") + 1; a < close;) {
		int end = top_level(t, a, close, ","), colon = top_level(t, a, end, ":");
		if (colon < end && !is(t, a, "default")) {
			if (colon + 2 != end || !identifier(t->v[colon + 1]))
				return false;   /* an association that is no function's name */
			tokens_push(out, t->v[colon + 1], strlen(t->v[colon + 1]));
			for (int i = args_open; i < to; i++)
				tokens_push(out, t->v[i], strlen(t->v[i]));
			return true;
		}
		a = end + 1;
	}
	return false;
}

/* Follows an expansion until it names or calls an API function. Returns that function, or
 * NULL with why. args gets the call's arguments as text, values what each passes
 * (passed_value). */
static const struct audit_fn *resolve(const struct audit_plan *plan, const struct sa_macros *all,
				      struct tokens *t, int depth, char *args, size_t argslen,
				      char *values, size_t valueslen, char *why, size_t whylen)
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
	struct tokens selected = { .n = 0 };
	if (generic_call(t, from, to, &selected)) {
		const struct audit_fn *found = resolve(plan, all, &selected, depth + 1, args, argslen,
						       values, valueslen, why, whylen);
		tokens_free(&selected);
		return found;
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
		size_t used = 0, vused = 0;
		for (int i = 0; i < n && used < argslen && vused < valueslen; i++) {
			char one[256];
			range_text(t, starts[i], ends[i], one, sizeof one);
			used += (size_t)snprintf(args + used, argslen - used, "%s%s", i ? ", " : "", one);
			passed_value(t, starts[i], ends[i], one, sizeof one);
			vused += (size_t)snprintf(values + vused, valueslen - vused, "%s%s", i ? ", " : "",
						  one);
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
	const struct audit_fn *found = resolve(plan, all, &next, depth + 1, args, argslen, values,
					       valueslen, why, whylen);
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
 * calls, and from casts applied to them (`(unsigned long)(v)`); infer_prototype then gives a
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

/* ---- the shapes of untyped parameters ------------------------------------------------- */

#define MAX_VARIANTS 16

/* The expansion of t with every function-like macro call replaced by its body, through
 * renames (rcu_dereference -> _rcu_dereference), MAX_DEPTH deep. */
static void expand_all(const struct sa_macros *all, const struct tokens *t, int depth,
		       struct tokens *out)
{
	for (int i = 0; i < t->n; i++) {
		const struct sa_macro *m = NULL;
		if (depth < MAX_DEPTH && identifier(t->v[i]) && is(t, i + 1, "(")) {
			m = macro_named(all, t->v[i]);
			for (int hops = 0; m && !m->function_like && m->target && hops < MAX_DEPTH; hops++)
				m = macro_named(all, m->target);
			if (m && !m->function_like)
				m = NULL;
		}
		int close = m ? closing(t, i + 1) : -1;
		if (close < 0) {
			tokens_push(out, t->v[i], strlen(t->v[i]));
			continue;
		}
		int starts[64], ends[64];
		int nargs = split_args(t, i + 2, close, starts, ends, 64);
		struct tokens sub = { 0 }, deeper = { 0 };
		substitute(m, t, starts, ends, nargs, &sub);
		expand_all(all, &sub, depth + 1, &deeper);
		for (int k = 0; k < deeper.n; k++)
			tokens_push(out, deeper.v[k], strlen(deeper.v[k]));
		tokens_free(&sub);
		tokens_free(&deeper);
		i = close;
	}
}

/* What the expansion does with an untyped parameter. */
enum shape {
	SHAPE_VALUE,     /* only its value is used: a scalar, or a pointer passed on */
	SHAPE_DEREF,     /* *(p): a pointer to a cell */
	SHAPE_ARROW,     /* p->member: a pointer to a struct */
	SHAPE_LOCATION,  /* &(p), p = ...: an lvalue; the wrapper takes its address */
	SHAPE_TYPE,      /* (type) x: a type name */
	SHAPE_MEMBER,    /* x.member, offsetof(T, member): a member name */
};

/* Is the token before i one after which `*` or `&` is unary? */
static bool unary_at(const struct tokens *t, int i)
{
	if (i <= 0)
		return true;
	const char *p = t->v[i - 1];
	return !(identifier(p) || is(t, i - 1, ")") || is(t, i - 1, "]") ||
		 (*p >= '0' && *p <= '9'));
}

static bool inside_offsetof(const struct tokens *t, int i)
{
	for (int depth = 0; i >= 0; i--) {
		if (is(t, i, ")"))
			depth++;
		else if (is(t, i, "(") && depth-- == 0)
			return i > 0 && strstr(t->v[i - 1], "offsetof") != NULL;
	}
	return false;
}

static enum shape shape_of(const struct tokens *t, const char *ph, bool *void_ptr)
{
	enum shape s = SHAPE_VALUE;
	for (int i = 0; i < t->n; i++) {
		if (!is(t, i, ph))
			continue;
		bool wrapped = is(t, i - 1, "(") && is(t, i + 1, ")");
		int before = wrapped ? i - 2 : i - 1, after = wrapped ? i + 2 : i + 1;
		for (int k = before - 3; k < before; k++)   /* (void *)(p), URCU_FORCE_CAST(void *, p) */
			*void_ptr |= is(t, k, "void") && is(t, k + 1, "*");
		*void_ptr |= is(t, after + 1, "NULL") && (is(t, after, "!=") || is(t, after, "=="));
		if (is(t, i - 1, ".") || is(t, i - 1, "->") || (is(t, i - 1, ",") && inside_offsetof(t, i)))
			return SHAPE_MEMBER;
		bool operand = before >= 0 && (strstr(t->v[before], "typeof") || is(t, before, "sizeof") ||
					       strstr(t->v[before], "alignof"));   /* typeof(p) x */
		if (wrapped && !operand && after < t->n && (identifier(t->v[after]) || is(t, after, "(") ||
							    (t->v[after][0] >= '0' && t->v[after][0] <= '9')))
			return SHAPE_TYPE;
		if (is(t, i - 1, "(") && is(t, i + 1, "*") && is(t, i + 2, ")"))
			return SHAPE_TYPE;
		if (is(t, after, "->"))
			s = SHAPE_ARROW;
		else if (s != SHAPE_ARROW && is(t, before, "*") && unary_at(t, before))
			s = SHAPE_DEREF;
		else if (s == SHAPE_VALUE && ((is(t, before, "&") && unary_at(t, before)) ||
					      is(t, after, "=")))
			s = SHAPE_LOCATION;
	}
	return s;
}

/* The cursors of a for-loop macro: parameters assigned in its init clause (node = first),
 * in order, with the text of what each is first assigned (names, not placeholders). */
static int loop_cursors(const struct tokens *t, char *const *names, int n, int *cursor,
			char **assigned)
{
	int from = 0, count = 0;
	while (from < t->n && is(t, from, "("))
		from++;
	if (!is(t, from, "for") || !is(t, from + 1, "("))
		return 0;
	int end = from + 2, depth = 0;
	for (; end < t->n && !(depth == 0 && is(t, end, ";")); end++)
		depth += is(t, end, "(") - is(t, end, ")");
	for (int i = from + 2; i + 1 < end; i++) {
		if (strncmp(t->v[i], PLACEHOLDER, strlen(PLACEHOLDER)) != 0)
			continue;
		int k = atoi(t->v[i] + strlen(PLACEHOLDER));
		if (is(t, i - 1, "(") && is(t, i + 1, ")"))   /* (i) = 0 */
			i++;
		if (!is(t, i + 1, "=") || k < 0 || k >= n || cursor[k])
			continue;
		int stop = i + 2;
		for (depth = 0; stop < end && !(depth == 0 && is(t, stop, ",")); stop++)
			depth += is(t, stop, "(") - is(t, stop, ")");
		char text[1024] = "";
		size_t used = 0;
		for (int j = i + 2; j < stop && used < sizeof text; j++) {
			const char *tok = t->v[j];
			if (strncmp(tok, PLACEHOLDER, strlen(PLACEHOLDER)) == 0) {
				int p = atoi(tok + strlen(PLACEHOLDER));
				tok = p >= 0 && p < n ? names[p] : tok;
			}
			used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", j > i + 2 ? " " : "", tok);
		}
		cursor[k] = ++count;
		assigned[k] = strdup(text);
	}
	return count;
}

/* The pointer-to-struct types the API's functions take, "struct x *" (an ARROW parameter's
 * candidates). */
static int record_pointers(const struct audit_plan *plan, char **out, int max)
{
	int n = 0;
	for (int i = 0; i < plan->nfns; i++)
		for (int p = 0; p < plan->fns[i].def->nparams && plan->fns[i].def->typed; p++) {
			const struct sa_type *t = &plan->fns[i].def->param_types[p].type;
			if (t->cls != SA_TYPE_POINTER || t->levels != 1 || t->target_cls != SA_TYPE_RECORD)
				continue;
			char spelled[512];
			snprintf(spelled, sizeof spelled, "%s *", t->pointee);
			bool seen = false;
			for (int k = 0; k < n && !seen; k++)
				seen = strcmp(out[k], spelled) == 0;
			if (!seen && n < max)
				out[n++] = strdup(spelled);
		}
	return n;
}

static void append(char *buf, size_t len, const char *sep, const char *text)
{
	size_t used = strlen(buf);
	snprintf(buf + used, len - used, "%s%s", used ? sep : "", text);
}

/* The wrapper prototypes of a function-like macro that calls no single function (a->variants,
 * tried in order until one compiles, audit_infer.c), its cursors' declarations and whether it
 * is a loop (a->locals, a->iterator). Parameters are typed from the expansion (infer_types);
 * the others by what the expansion does with them: a value is a `long` or a `void *`, a
 * dereferenced pointer an `unsigned long *` or a `void **`, a pointer to a struct each of the
 * API's, an lvalue (rcu_dereference(p)) a cell the wrapper takes the address of; a loop's
 * cursors are the wrapper's locals, and it counts the iterations. Returns false with why. */
static bool infer_prototype(const struct audit_plan *plan, const struct sa_unit *u,
			    const struct sa_macros *all, const struct sa_macro *m,
			    struct audit_alias *a, char *why, size_t whylen)
{
	struct tokens params, body;
	split(m->params, &params);
	split(m->body, &body);
	a->statement = statement_body(&body);
	char *names[64];
	int n = 0;
	for (int i = 0; i < params.n && n < 64; i++)
		if (!is(&params, i, ","))
			names[n++] = params.v[i];
	char *types[64] = { 0 }, *assigned[64] = { 0 }, *cands[64][MAX_VARIANTS] = { { 0 } };
	int cursor[64] = { 0 }, ncands[64] = { 0 };
	bool location[64] = { 0 }, ok = false;
	struct tokens in = { 0 }, expanded = { 0 }, full = { 0 };
	if (n > 0 && strcmp(names[n - 1], "...") == 0) {
		snprintf(why, whylen, "variadic: no wrapper can call it");
		goto done;
	}
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
	substitute(m, &in, starts, ends, n, &expanded);
	infer_types(plan, u, all, &expanded, 0, types, n);
	for (int round = 0; round < 2; round++)   /* `node = n`: both have one type */
		for (int i = 0; i + 2 < expanded.n; i++) {
			int x = placeholder_of(&expanded, i, i + 1), y = placeholder_of(&expanded, i + 2, i + 3);
			if (x < 0 || y < 0 || !is(&expanded, i + 1, "=") || x >= n || y >= n)
				continue;
			if (types[x])
				set_type(types, y, n, types[x]);
			else if (types[y])
				set_type(types, x, n, types[y]);
		}
	a->iterator = a->statement && loop_cursors(&expanded, names, n, cursor, assigned) > 0;
	expand_all(all, &expanded, 0, &full);
	char locals[2048] = "";
	for (int order = 1; order <= n; order++)   /* cursors, in the order the loop sets them */
		for (int k = 0; k < n; k++)
			if (cursor[k] == order) {
				char decl[1400];
				if (types[k])
					snprintf(decl, sizeof decl, "%s%s%s;", types[k],
						 types[k][strlen(types[k]) - 1] == '*' ? "" : " ", names[k]);
				else
					snprintf(decl, sizeof decl, "__typeof__(%s) %s;", assigned[k], names[k]);
				append(locals, sizeof locals, "\n\t", decl);
			}
	for (int k = 0; k < n; k++) {
		if (cursor[k])
			continue;
		if (types[k]) {
			cands[k][ncands[k]++] = strdup(types[k]);
			continue;
		}
		char ph[32];
		snprintf(ph, sizeof ph, PLACEHOLDER "%d", k);
		bool void_ptr = false;
		enum shape s = shape_of(&full, ph, &void_ptr);
		static const char *const value[] = { "long", "void *" }, *const deref[] = { "unsigned long *", "void **" };
		switch (s) {
		case SHAPE_TYPE:
		case SHAPE_MEMBER:
			snprintf(why, whylen, "its parameter %s is a %s, not a value: no wrapper can pass "
				 "it (a `macro` line of the config can type a use of it)", names[k],
				 s == SHAPE_TYPE ? "type name (its expansion casts to it)" : "member name");
			goto done;
		case SHAPE_ARROW:
			ncands[k] = record_pointers(plan, cands[k], MAX_VARIANTS);
			break;
		case SHAPE_LOCATION:
			location[k] = true;
			cands[k][ncands[k]++] = strdup(void_ptr ? "void **" : "unsigned long *");
			cands[k][ncands[k]++] = strdup(void_ptr ? "unsigned long *" : "void **");
			break;
		case SHAPE_DEREF:
		case SHAPE_VALUE: {
			const char *const *pick = s == SHAPE_DEREF ? deref : value;
			cands[k][ncands[k]++] = strdup(pick[void_ptr]);
			cands[k][ncands[k]++] = strdup(pick[!void_ptr]);
			/* a value that a builtin takes as an address (stdatomic.h's
			 * atomic_fetch_add(PTR, VAL) passes PTR to __atomic_fetch_add): a cell */
			if (s == SHAPE_VALUE)
				cands[k][ncands[k]++] = strdup("unsigned long *");
			break;
		}
		}
		if (ncands[k] == 0) {
			snprintf(why, whylen, "its parameter %s points to a struct (%s->...), and no API "
				 "function takes a pointer to a struct", names[k], names[k]);
			goto done;
		}
	}
	int pick[64] = { 0 };   /* the cartesian product of the candidates, first ones first */
	for (int v = 0; v < MAX_VARIANTS; v++) {
		char proto[2048] = "", args[1024] = "";
		for (int k = 0; k < n; k++) {
			if (cursor[k]) {
				append(args, sizeof args, ", ", names[k]);
				continue;
			}
			const char *type = cands[k][pick[k]];
			char one[600], arg[300];
			snprintf(one, sizeof one, "%s%s%s", type, type[strlen(type) - 1] == '*' ? "" : " ", names[k]);
			snprintf(arg, sizeof arg, location[k] ? "(*%s)" : "%s", names[k]);
			append(proto, sizeof proto, ", ", one);
			append(args, sizeof args, ", ", arg);
		}
		a->variants = realloc(a->variants, (size_t)(a->nvariants + 1) * sizeof *a->variants);
		a->variant_args = realloc(a->variant_args, (size_t)(a->nvariants + 1) * sizeof *a->variant_args);
		if (!a->variants || !a->variant_args) {
			fprintf(stderr, "snc audit: out of memory\n");
			exit(2);
		}
		a->variants[a->nvariants] = strdup(proto);
		a->variant_args[a->nvariants++] = strdup(args);
		int k = n - 1;   /* the next combination */
		for (; k >= 0; k--) {
			if (!cursor[k] && ++pick[k] < ncands[k])
				break;
			pick[k] = 0;
		}
		if (k < 0)
			break;
	}
	a->locals = strdup(locals);
	a->typed_params = strdup(a->variants[0]);
	ok = true;
done:
	for (int k = 0; k < n; k++) {
		free(types[k]);
		free(assigned[k]);
		for (int c = 0; c < ncands[k]; c++)
			free(cands[k][c]);
	}
	tokens_free(&in);
	tokens_free(&expanded);
	tokens_free(&full);
	tokens_free(&params);
	tokens_free(&body);
	return ok;
}

static bool capitals(const char *name)
{
	for (; *name; name++)
		if (islower((unsigned char)*name))
			return false;
	return true;
}

/* Is a macro in capitals an initializer of what its one parameter points to, a word of its
 * name INIT (urcu's CDS_INIT_LIST_HEAD(ptr): `(ptr)->next = (ptr)->prev = (ptr)`)? It is
 * API, audited through its wrapper: the list head's family starts with it. */
static bool initializes(const struct sa_macro *m)
{
	return m->function_like && m->params && m->params[0] && !strchr(m->params, ',') &&
	       audit_named_as_initializer(m->name);
}

/* Does a macro's body call a function of the API (`hq_push((q), (v))` in a statement)? */
static bool calls_the_api(const struct audit_plan *plan, const char *body)
{
	struct tokens t;
	split(body, &t);
	bool calls = false;
	for (int i = 0; i + 1 < t.n && !calls; i++)
		calls = identifier(t.v[i]) && is(&t, i + 1, "(") && audit_api_named(plan, t.v[i]);
	tokens_free(&t);
	return calls;
}

static bool in_list(char **set, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (s && strcmp(set[i], s) == 0)
			return true;
	return false;
}

/* Is file in the folder of one of set's files (a header beside the named one), a folder of
 * the library's own (not /usr/include, which every library shares)? */
static bool beside(char **set, int n, const char *file)
{
	const char *slash = file ? strrchr(file, '/') : NULL;
	const char *system = file ? audit_in_compiler_folder(file) : NULL;
	if (system && !strchr(system, '/'))
		return false;   /* directly in /usr/include */
	for (int i = 0; slash && i < n; i++) {
		const char *other = strrchr(set[i], '/');
		if (other && other - set[i] == slash - file &&
		    strncmp(set[i], file, (size_t)(slash - file)) == 0)
			return true;
	}
	return false;
}

static void add_alias(struct audit_plan *plan, const struct audit_alias *a)
{
	for (int i = 0; i < plan->naliases; i++)
		if (strcmp(plan->aliases[i].name, a->name) == 0)
			return;
	plan->aliases = audit_grow(plan->aliases, &plan->cap_aliases, plan->naliases,
				   sizeof *plan->aliases);
	plan->aliases[plan->naliases++] = *a;
}

/* Does an argument in args (a call's arguments as text) take a member of one of params,
 * the macro's parameters (`&((l)->AO_ptr)`)? */
static bool takes_a_member(const char *args, const char *params)
{
	struct tokens names;
	split(params, &names);
	bool found = false;
	for (int k = 0; k < names.n && !found; k++) {
		const char *p = names.v[k];
		size_t len = strlen(p);
		if (is(&names, k, ",") || !identifier(p))
			continue;
		for (const char *at = strstr(args, p); at && !found; at = strstr(at + 1, p)) {
			bool word = (at == args || !(isalnum((unsigned char)at[-1]) || at[-1] == '_')) &&
				    !(isalnum((unsigned char)at[len]) || at[len] == '_');
			const char *next = at + len;
			next += strspn(next, " )");
			found = word && (strncmp(next, "->", 2) == 0 || *next == '.');
		}
	}
	tokens_free(&names);
	return found;
}

/* Are two comma-separated lists the same, spaces aside ("DST, VAL" and "DST , VAL")? */
static bool same_list(const char *x, const char *y)
{
	for (;; x++, y++) {
		while (*x == ' ')
			x++;
		while (*y == ' ')
			y++;
		if (*x != *y)
			return false;
		if (!*x)
			return true;
	}
}

void audit_collect_macros(struct audit_plan *plan, const struct sa_units *units,
			  char *const *headers, int nheaders)
{
	for (int h = 0; h < nheaders; h++) {
		char **files = NULL;
		int nfiles = 0;
		const struct sa_unit *u = audit_api_unit(plan, units, headers[h], &files, &nfiles);
		struct sa_macros all;
		if (!u || sa_macros_read(u, &all) != 0) {
			free(files);
			continue;
		}
		for (int i = 0; i < all.count; i++) {
			const struct sa_macro *m = &all.macros[i];
			/* an initializer of a header beside it (urcu/rculist.h's lists start with
			 * CDS_INIT_LIST_HEAD of urcu/list.h, which it includes) builds its objects */
			bool api = in_list(files, nfiles, m->file);
			if ((!api && !(initializes(m) && beside(files, nfiles, m->file) &&
				       m->body[strspn(m->body, " \t")] != '{')) ||   /* not { &(name) } */
			    (!m->function_like && m->kind != SA_MACRO_ALIAS) || audit_api_named(plan, m->name))
				continue;
			struct tokens t;
			split(m->body, &t);
			char args[512] = "", values[512] = "", why[512] = "";
			const struct audit_fn *fn = resolve(plan, &all, &t, 0, args, sizeof args, values,
							    sizeof values, why, sizeof why);
			tokens_free(&t);
			const struct audit_fn *on_members = NULL;
			if (fn && m->function_like && takes_a_member(values, m->params)) {
				on_members = fn;
				/* AO_stack_push(l, e) calls AO_stack_push_explicit_aux_release(
				 * &((l)->AO_ptr), e, &((l)->AO_aux)): the function works on parts
				 * of what the user passes, so the macro is an op of its own, on l */
				snprintf(why, sizeof why, "calls %.100s(%.200s) on members of its arguments, so "
					 "it is no alias of that function; its argument types are unknown, "
					 "so no wrapper is generated", fn->def->name, args);
				fn = NULL;
			}
			if (!fn && m->function_like && !capitals(m->name)) {   /* typed by the config */
				char wrapper[300];
				snprintf(wrapper, sizeof wrapper, "snc_macro_%s", m->name);
				if ((fn = audit_api_named(plan, wrapper)))
					snprintf(args, sizeof args, "%s", m->params ? m->params : "");
			}
			if (!fn && (!m->function_like || m->name[0] == '_' ||
				    (capitals(m->name) && (on_members || !calls_the_api(plan, m->body)) &&
				     !initializes(m))))
				continue;   /* renames a type or a value; or the library's own helper
					       (CK_BITMAP_SET(a, b) on `&(a)->bitmap` of an instance
					       type a macro declares) */
			struct audit_alias a = {
				.name = strdup(m->name), .header = u->file, .file = strdup(m->file),
				.line = m->line, .params = m->params ? strdup(m->params) : NULL,
				.kind = m->function_like ? "function-like" : "object-like",
				.target = fn ? fn->def->name : NULL, .fn = fn,
				.args = fn && m->function_like ? strdup(args) : NULL,
				.passes_through = fn && same_list(values,
								  m->params ? m->params : ""),
				.borrowed = !api,
			};
			if (on_members)
				a.result_type = strdup(on_members->def->result.spelling);
			if (!fn)   /* else why says why no wrapper can be typed */
				infer_prototype(plan, u, &all, m, &a, why, sizeof why);
			a.why = fn ? NULL : strdup(why);
			add_alias(plan, &a);
		}
		free(files);
		sa_macros_free(&all);
	}
}

/* Does fn's name contain name's characters in order, name being shorter: is name fn's
 * name with a flavor or implementation infix left out (ck_pr_md_load_int: ck_pr_load_int;
 * urcu_memb_read_lock: rcu_read_lock; ck_spinlock_fas_lock: ck_spinlock_lock)? */
static bool drops_an_infix(const char *fn, const char *name)
{
	if (strlen(name) >= strlen(fn))
		return false;
	for (; *name && *fn; fn++)
		if (*fn == *name)
			name++;
	return *name == '\0';
}

/* Of two candidate names, a has fewer leading underscores, then more of the name (is
 * longer), then comes first in byte order: a deterministic choice among several macros
 * (among an implementation function's aliases, those that pass its arguments through come
 * first: uatomic_add, not uatomic_inc, for _uatomic_add). */
static bool preferred(const char *a, const char *b)
{
	size_t ua = strspn(a, "_"), ub = strspn(b, "_");
	if (ua != ub)
		return ua < ub;
	if (strlen(a) != strlen(b))
		return strlen(a) > strlen(b);
	return strcmp(a, b) < 0;
}

bool audit_has_alias(const struct audit_plan *plan, const struct sa_function *fn)
{
	for (int i = 0; i < plan->naliases; i++)
		if (plan->aliases[i].fn && plan->aliases[i].fn->def == fn)
			return true;
	return false;
}

const char *audit_public_name(const struct audit_plan *plan, const struct sa_function *fn)
{
	const char *wrapped = audit_wrapped_macro(fn->name);
	if (wrapped)
		return wrapped;
	const char *name = fn->name;
	const struct audit_alias *best = NULL;
	if (name[0] == '_')   /* 1. an implementation name: its least underscored alias */
		for (int i = 0; i < plan->naliases; i++) {
			const struct audit_alias *a = &plan->aliases[i];
			if (!a->fn || a->fn->def != fn || strspn(a->name, "_") >= strspn(fn->name, "_"))
				continue;
			if (!best || (a->passes_through && !best->passes_through) ||
			    (a->passes_through == best->passes_through && preferred(a->name, best->name)))
				best = a;
		}
	if (best)
		name = best->name;
	const char *infix = NULL;   /* 2. the name with an infix left out */
	for (int i = 0; i < plan->naliases; i++) {
		const struct audit_alias *a = &plan->aliases[i];
		if (a->fn && a->fn->def == fn && strspn(a->name, "_") <= strspn(name, "_") &&
		    drops_an_infix(name, a->name) && a->passes_through &&
		    (!infix || preferred(a->name, infix)))
			infix = a->name;
	}
	return infix ? infix : name;
}

static void free_alias(struct audit_alias *a)
{
	free(a->name);
	free(a->file);
	free(a->params);
	free(a->args);
	free(a->why);
	free(a->typed_params);
	free(a->locals);
	free(a->result_type);
	for (int v = 0; v < a->nvariants; v++) {
		free(a->variants[v]);
		free(a->variant_args[v]);
	}
	free(a->variants);
	free(a->variant_args);
}

void audit_drop_untyped_borrowed(struct audit_plan *plan)
{
	int kept = 0;
	for (int i = 0; i < plan->naliases; i++) {
		if (plan->aliases[i].borrowed && !plan->aliases[i].fn)
			free_alias(&plan->aliases[i]);
		else
			plan->aliases[kept++] = plan->aliases[i];
	}
	plan->naliases = kept;
}

void audit_aliases_free(struct audit_plan *plan)
{
	for (int i = 0; i < plan->naliases; i++)
		free_alias(&plan->aliases[i]);
	free(plan->aliases);
	plan->aliases = NULL;
	plan->naliases = plan->cap_aliases = 0;
}
