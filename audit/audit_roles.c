/* audit_roles.c: what each parameter of a generated operation is given (its *role*), and
 * the contract an operation's name implies.
 *
 * The first parameter of an operation is the family's object. The others, by type:
 *
 *   bool                     both values (a value role with the domain 0..1)
 *   integer, enum, floating  0..N-1 (--domain N, default 2); an integer named len, size,
 *                            length, width or nbytes beside an opaque `void *` object is
 *                            the object's size (uatomic's __uatomic_add(addr, v, len))
 *   pointer to the object's own struct    the object itself
 *   pointer to another struct U
 *     U is an *entry* of the family (some function returns U * or fills a U **): a fresh
 *     zeroed U from a pool, never handed out before, so push/enqueue never re-links a node
 *     already inside;
 *     else U is given to the initializer or constructor, or some function only reads it
 *     (const U *): one shared zeroed U with room for an array (ck_ring's buffer, the tail
 *     of urcu's wfcqueue);
 *     else a non-const U holding no pointer (a snapshot, an info struct): an
 *     out-parameter, a zeroed U whose bytes after the call (hashed) are part of the
 *     operation's observed result;
 *     else a fresh one from a pool.
 *   T ** (any T), void **    an out-parameter: a slot, whose value after the call is part
 *                            of the operation's observed result; an initializer's or
 *                            constructor's: storage the object keeps, a shared array of
 *                            T * (bq_init(q, void **storage, cap))
 *   pointer to a scalar      const: a value from the domain, passed by address; a T * that
 *                            some function of the family returns: a node, a fresh zeroed
 *                            cell from a pool (libatomic_ops' AO_stack_push links the
 *                            AO_t * that AO_stack_pop hands back); an initializer's or
 *                            constructor's: a shared array of T, storage the object
 *                            keeps (ib_init(b, int *cells, cap)); else an out-parameter
 *                            (ck_pr_inc_int_zero's bool *zero)
 *   function pointer         a callback of the parameter's type that agrees with the
 *                            values passed (audit_callbacks.c): a hash, an equality or an
 *                            order of tokens by address and of strings by content, an
 *                            allocator; else one that does nothing and returns 0 (ck_epoch_call's
 *                            deferred callback, ck_epoch_synchronize_wait's wait hook)
 *   void *, const void *     a token: the address of token[k] (token#k in results). The
 *                            cell is marked before the call, so a function that writes
 *                            through a `void *` (ck_fifo_spsc_dequeue's value) is seen
 *                            doing it: the written value becomes part of the result.
 *   const char *             a string: the decimal digits of a domain value ("0", "1"),
 *                            a literal, so a function that keeps the pointer keeps a
 *                            string that never changes; char *: a buffer of
 *                            AUDIT_STRING_BUFFER zeroed bytes, observed by its content
 *   struct by value          a zeroed one, for every call (said in a note)
 *   anything else            (arrays, incomplete structs by value) the
 *                            function cannot be generated; it is reported and skipped.
 *
 * A constructor's or initializer's parameters get one value each: integers 2 (the smallest
 * capacity that is a power of two, as ck_ring_init wants: boundary states, full and
 * empty, are then a few calls away), bool false, floating 0, struct
 * pointers a fresh or shared object as above (ck_fifo's stub entry), void * NULL.
 *
 * A config file (audit_config.c) overrides any of it: `role F.P fresh`, `arg F.P 0..3`,
 * `arg F.P 8`. */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "snc_audit.h"

static const char *const role_names[] = {
	[ROLE_OBJECT] = "object", [ROLE_VALUE] = "value", [ROLE_FIXED] = "fixed",
	[ROLE_FRESH] = "fresh", [ROLE_SHARED] = "shared", [ROLE_TOKEN] = "token",
	[ROLE_OUT] = "out", [ROLE_NULL] = "null", [ROLE_CALLBACK] = "callback",
	[ROLE_ANOTHER] = "another",
};

bool audit_makes_another(const struct audit_family *fam)
{
	if (fam->start != START_CONSTRUCTOR || fam->starter_out >= 0 || !fam->starter ||
	    fam->nsetup > 0)
		return false;
	for (int i = 0; i < fam->nstart_args; i++) {
		enum audit_role role = fam->start_args[i].role;
		if (role == ROLE_OUT || role == ROLE_VALUE || role == ROLE_TOKEN || role == ROLE_OBJECT)
			return false;
	}
	return true;
}

const char *audit_role_name(enum audit_role r)
{
	return role_names[r];
}

int audit_role_parse(const char *name)
{
	for (int i = 0; i < (int)(sizeof role_names / sizeof role_names[0]); i++)
		if (strcmp(role_names[i], name) == 0 && i != ROLE_FIXED)
			return i;
	return -1;
}

static int why_not(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int why_not(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- the family's types: entries and shared objects ------------------------------------ */

bool audit_hands_out(const struct audit_fn *members, int n, const char *u)
{
	for (int i = 0; i < n; i++) {
		const struct sa_function *f = members[i].def;
		if (f->result.cls == SA_TYPE_POINTER && f->result.levels == 1 &&
		    strcmp(f->result.pointee, u) == 0)
			return true;
		for (int p = 1; p < f->nparams; p++) {
			const struct sa_type *t = &f->param_types[p].type;
			if (t->cls == SA_TYPE_POINTER && t->levels == 2 && t->target &&
			    strcmp(t->target, u) == 0)
				return true;
		}
	}
	return false;
}

/* Is U given to the family's starter, or only read (const U *) by some function? */
static bool is_shared(const struct audit_family *fam, const struct audit_fn *members, int n,
		      const char *u)
{
	if (fam->starter)
		for (int p = 0; p < fam->starter->nparams; p++) {
			const struct sa_type *t = &fam->starter->param_types[p].type;
			if (t->cls == SA_TYPE_POINTER && t->levels == 1 && strcmp(t->pointee, u) == 0)
				return true;
		}
	for (int i = 0; i < n; i++) {
		const struct sa_function *f = members[i].def;
		for (int p = 1; p < f->nparams; p++) {
			const struct sa_type *t = &f->param_types[p].type;
			if (t->cls == SA_TYPE_POINTER && t->levels == 1 && t->pointee_const &&
			    strcmp(t->pointee, u) == 0)
				return true;
		}
	}
	return false;
}

/* How results name objects of type u: what is left of its tag after the family's name
 * (ck_stack_entry in family ck_stack: entry; cds_wfs_node in cds_wfs_stack: node). */
static char *short_name(const char *family, const char *u)
{
	const char *tag = strchr(u, ' ') ? strrchr(u, ' ') + 1 : u;
	while (*family == '_')
		family++;
	while (*tag == '_')
		tag++;
	size_t common = 0, last_sep = 0;
	while (family[common] && tag[common] && family[common] == tag[common]) {
		if (tag[common] == '_')
			last_sep = common + 1;
		common++;
	}
	if (!family[common] && tag[common] == '_')   /* the family's whole name, then _ */
		last_sep = common + 1;
	const char *rest = tag + last_sep;
	char *name = strdup(*rest ? rest : tag);
	for (char *p = name; *p; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9')))
			*p = '_';
	return name;
}

/* Does the type spelling (const pthread_attr_t *) name the type by name as a typedef, not
 * after struct, union or enum? */
static bool names_a_typedef(const char *spelling, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = strstr(spelling, name); p; p = strstr(p + 1, name)) {
		bool starts = p == spelling || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		bool ends = !(isalnum((unsigned char)p[n]) || p[n] == '_');
		bool tagged = false;
		static const char *const tags[] = { "struct ", "union ", "enum ", NULL };
		for (int i = 0; tags[i]; i++) {
			size_t k = strlen(tags[i]);
			tagged |= (size_t)(p - spelling) >= k && strncmp(p - k, tags[i], k) == 0;
		}
		if (starts && ends && !tagged)
			return true;
	}
	return false;
}

/* Is name declared at file scope by a generated harness or the C library headers it
 * includes? */
static bool names_taken(const char *name)
{
	static const char *const taken[] = {
		"obj", "object", "token", "unwritten", "storage", "setup", "digest", "describe",
		"malloc", "calloc", "realloc", "free", "abort", "exit", "atexit", "qsort",
		"bsearch", "abs", "labs", "div", "rand", "srand", "random", "getenv", "system",
		"memcpy", "memmove", "memset", "memcmp", "memchr", "strcmp", "strncmp", "strcpy",
		"strncpy", "strcat", "strlen", "strchr", "strrchr", "strstr", "strdup", "strtok",
		"index", "printf", "fprintf", "sprintf", "snprintf", "puts", "fputs", "putchar",
		"stdin", "stdout", "stderr", "errno", "time", "clock", "signal", "raise", "wait",
		"read", "write", "open", "close", "pipe", "select", "sleep", "kill", "fork", NULL,
	};
	for (int i = 0; taken[i]; i++)
		if (strcmp(taken[i], name) == 0)
			return true;
	return false;
}

/* The pool of t's pointee, shared (one object every call gets) or fresh; a shared struct
 * the library has an initializer for (libuv's uv_loop_init for the loop uv_timer_init
 * takes) is initialized by it in setup(): a zeroed one is no state the API can be in. */
/* ---- names the library's headers declare ------------------------------------------------ */

struct names {
	char **v;
	int n, cap;
};

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_name(struct names *names, const char *from, size_t len)
{
	names->v = audit_grow(names->v, &names->cap, names->n, sizeof *names->v);
	names->v[names->n++] = strndup(from, len);
}

/* Adds the names the typedefs of text declare: in each statement from the word `typedef`
 * to its `;` (outside braces), an identifier outside parentheses that ends a declarator
 * (before `;`, `,`, `[` or a function type's `(`), or the one in the first parenthesized
 * group before its `)` (`typedef int (*fn)(int a)`: fn, not a). */
static void add_typedef_names(struct names *names, const char *text)
{
	for (const char *p = strstr(text, "typedef"); p; p = strstr(p + 1, "typedef")) {
		if ((p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    isalnum((unsigned char)p[7]) || p[7] == '_')
			continue;
		int braces = 0, parens = 0, groups = 0;
		const char *q = p + 7;
		for (; *q && !(braces == 0 && parens == 0 && *q == ';'); q++) {
			braces += (*q == '{') - (*q == '}');
			if (braces == 0 && *q == '(' && parens++ == 0)
				groups++;
			if (braces == 0 && *q == ')' && parens > 0)
				parens--;
			if (!(isalpha((unsigned char)*q) || *q == '_') ||
			    isalnum((unsigned char)q[-1]) || q[-1] == '_')
				continue;
			const char *end = q;
			while (isalnum((unsigned char)*end) || *end == '_')
				end++;
			const char *after = end + strspn(end, " \t\n");
			bool outside = braces == 0 && parens == 0 &&
				       (*after == ';' || *after == ',' || *after == '[' || *after == '(');
			bool first_group = braces == 0 && parens == 1 && groups == 1 &&
					   (*after == ')' || *after == '[');
			if (outside || first_group)
				add_name(names, q, (size_t)(end - q));
			q = end - 1;
		}
		p = *q ? q : q - 1;
	}
}

/* The file-scope names the scanned units declare that a pool could redeclare: their
 * functions and the typedefs of every file they read (json-c's printbuf.h: `typedef struct
 * printbuf printbuf;`), sorted; gathered once per scan. */
static const struct names *declared_names(const struct sa_units *units)
{
	static const struct sa_units *for_units;
	static struct names names;
	if (for_units == units)
		return &names;
	for (int i = 0; i < names.n; i++)
		free(names.v[i]);
	names.n = 0;
	for_units = units;
	struct names paths = { 0 };
	for (int u = 0; units && u < units->count; u++) {
		const struct sa_unit *unit = &units->units[u];
		for (int i = 0; i < unit->nfunctions; i++)
			add_name(&names, unit->functions[i].name, strlen(unit->functions[i].name));
		for (int i = 0; i < unit->ndeclarations; i++)
			add_name(&names, unit->declarations[i].name, strlen(unit->declarations[i].name));
		for (int f = 0; f < unit->nfiles; f++)
			add_name(&paths, unit->files[f].path, strlen(unit->files[f].path));
	}
	qsort(paths.v, (size_t)paths.n, sizeof *paths.v, compare_names);
	for (int i = 0; i < paths.n; i++) {
		if (i > 0 && strcmp(paths.v[i], paths.v[i - 1]) == 0)
			continue;   /* a file several units read: once */
		FILE *f = fopen(paths.v[i], "r");
		char *text = NULL;
		size_t len = 0;
		if (f && getdelim(&text, &len, '\0', f) > 0)
			add_typedef_names(&names, text);
		free(text);
		if (f)
			fclose(f);
	}
	for (int i = 0; i < paths.n; i++)
		free(paths.v[i]);
	free(paths.v);
	qsort(names.v, (size_t)names.n, sizeof *names.v, compare_names);
	return &names;
}

/* Is name declared at file scope by the library's headers or sources? A pool named so would
 * redeclare it, and the harness would not compile. */
static bool declared_by_the_headers(const struct audit_plan *plan, const char *name)
{
	const struct names *names = declared_names(plan ? plan->units : NULL);
	return names->n > 0 && bsearch(&name, names->v, (size_t)names->n, sizeof *names->v,
				      compare_names) != NULL;
}

static int pool_for(struct audit_family *fam, const struct audit_plan *plan,
		    const struct sa_type *t, bool shared)
{
	for (int i = 0; i < fam->npools; i++)
		if (strcmp(fam->pools[i].type, t->pointee) == 0 && fam->pools[i].shared == shared)
			return i;
	fam->pools = realloc(fam->pools, (size_t)(fam->npools + 1) * sizeof *fam->pools);
	if (!fam->pools) {
		fprintf(stderr, "snc audit: out of memory\n");
		exit(2);
	}
	/* a pool of scalars is of cells: a type's own name ("long", "size_t") is no variable */
	char *name = t->target_cls == SA_TYPE_RECORD ? short_name(fam->name, t->pointee) :
		     t->target_cls == SA_TYPE_VOID && t->levels == 1 ? strdup("block") : strdup("cell");
	/* a typedef's own name (sigset_t; pthread_attr_t, which also tags its union) is no
	 * variable either, nor a name the harness or the C library declares (ck_hs's
	 * struct ck_malloc would be a pool named malloc), nor one the library's headers
	 * declare (json-c's typedef struct printbuf printbuf) */
	if (names_a_typedef(t->spelling, name) || names_taken(name) ||
	    declared_by_the_headers(plan, name)) {
		char *longer = malloc(strlen(name) + 6);
		sprintf(longer, "%s_pool", name);
		free(name);
		name = longer;
	}
	for (int i = 0; i < fam->npools; i++)
		if (strcmp(fam->pools[i].name, name) == 0) {   /* the same name for a shared and a
							       fresh pool of one type */
			char *longer = malloc(strlen(name) + 8);
			sprintf(longer, "%s_%s", name, shared ? "shared" : "fresh");
			free(name);
			name = longer;
			break;
		}
	fam->pools[fam->npools] = (struct audit_pool){ strdup(t->pointee), name, shared,
						      t->pointee_flexible, t, NULL };
	if (shared && t->target_cls == SA_TYPE_RECORD)
		fam->pools[fam->npools].init = audit_initializer_of(plan, t->pointee);
	return fam->npools++;
}

/* ---- one parameter -------------------------------------------------------------------- */

/* A function named as giving memory back (pool_free, slab_release, buf_recycle). */
static bool named_as_release(const char *fn)
{
	static const char *const words[] = { "free", "release", "recycle", "dealloc", "reclaim", NULL };
	for (int i = 0; words[i]; i++)
		if (strstr(fn, words[i]))
			return true;
	return false;
}

/* A function named as resizing memory (realloc, mimalloc's rezalloc and recalloc). */
static bool named_as_resize(const char *fn)
{
	return strstr(fn, "realloc") || strstr(fn, "rezalloc") || strstr(fn, "recalloc");
}

static bool names_a_size(const char *name)
{
	static const char *const names[] = { "len", "size", "length", "width", "nbytes", NULL };
	for (int i = 0; names[i]; i++)
		if (strcmp(name, names[i]) == 0)
			return true;
	return false;
}

static bool parse_range(const char *s, long *lo, long *hi)
{
	char *end;
	*lo = strtol(s, &end, 0);
	if (end == s || strncmp(end, "..", 2) != 0)
		return false;
	const char *rest = end + 2;
	*hi = strtol(rest, &end, 0);
	return end != rest && !*end && *hi >= *lo && *hi - *lo < 64;
}

struct param_ctx {
	struct audit_family *fam;
	const struct audit_fn *members;
	int nmembers;
	const struct audit_options *opt;
	const struct sa_function *fn;
	bool starter;           /* a constructor's or initializer's parameter */
};

/* Is c's function one that takes the value of the family's root pointer first
 * (audit_fn.root_value)? */
static bool takes_root_value(const struct param_ctx *c)
{
	for (int i = 0; i < c->nmembers; i++)
		if (c->members[i].def == c->fn)
			return c->members[i].root_value;
	return false;
}

static bool is_object(const struct audit_family *fam, const struct sa_type *t)
{
	if (t->cls == SA_TYPE_POINTER)
		return t->pointee && strcmp(t->pointee, fam->key) == 0;
	if (t->cls == SA_TYPE_TRANSPARENT_UNION)
		for (int i = 0; i < t->nmembers; i++)
			if (is_object(fam, &t->members[i]))
				return true;
	return false;
}

/* The parameter of fn that is the container when fn takes two or more of the family's
 * structs and one is named as one (head, root): kernel-style list_add(struct list_head
 * *new, struct list_head *head), list_move(list, head). -1 when there is none. */
/* The first parameter of fn that points to the family's type (the object), or -1. */
static int first_object(const struct audit_family *fam, const struct sa_function *fn)
{
	for (int p = 0; p < fn->nparams; p++)
		if (is_object(fam, &fn->param_types[p].type))
			return p;
	return -1;
}

static int container_param(const struct audit_family *fam, const struct sa_function *fn)
{
	static const char *const names[] = { "head", "root", "h", "list_head", NULL };
	int same = 0, container = -1;
	for (int p = 0; p < fn->nparams; p++) {
		const struct sa_param *q = &fn->param_types[p];
		if (q->type.cls != SA_TYPE_POINTER || q->type.target_cls != SA_TYPE_RECORD ||
		    !is_object(fam, &q->type))
			continue;
		same++;
		for (int i = 0; names[i] && container < 0; i++)
			if (strcmp(q->name, names[i]) == 0)
				container = p;
	}
	return same >= 2 ? container : -1;
}

/* An enum's values: its first enumerators (as many as the domain has values), which start
 * where the enum does (enum mode { MODE_A = 1, MODE_B }: 1 and 2, not 0, which no caller
 * passes); when they are not consecutive (FLAG_A = 1, FLAG_B = 4), the domain's k-th value
 * passes the k-th enumerator (map). */
static void enum_domain(struct audit_arg *a, const struct sa_type *t, int domain)
{
	int n = t->nenum_values < domain ? t->nenum_values : domain;
	bool consecutive = true;
	for (int i = 1; i < n && consecutive; i++)
		consecutive = t->enum_values[i] == t->enum_values[0] + i;
	if (consecutive && t->enum_values[0] >= LONG_MIN / 2 && t->enum_values[0] <= LONG_MAX / 2) {
		a->lo = (long)t->enum_values[0];
		a->hi = a->lo + n - 1;
		return;
	}
	a->lo = 0;
	a->hi = n - 1;
	a->nmap = n;
	for (int i = 0; i < n; i++)
		a->map[i] = t->enum_values[i];
}

/* Is t a char * (const or not): a C string, which a function may read to its NUL? */
static bool points_to_chars(const struct sa_type *t)
{
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->pointee &&
	       strcmp(t->pointee, "char") == 0;
}

/* audit_value_expr for one value v of the domain (a starter's, a parameter fixed for every
 * call). */
long long audit_passed_value(const struct audit_arg *a, long v)
{
	return a->nmap > 0 && v >= a->lo && v - a->lo < a->nmap ? a->map[v - a->lo] : v;
}

/* Most cells a value passed by pointer gets (one per value of its domain); a larger
 * domain shares one cell, written before each call. */
#define MAX_VALUE_CELLS 4096

/* The address of a cell holding value (an expression of a long) for an argument passed by
 * pointer (a key's bytes, a const int *): static, one cell per value of the domain, written
 * before each call, so a library that keeps the pointer (APR's apr_hash_set keeps its key)
 * reads the value it was given in every later call. A compound literal lived on the
 * wrapper's stack: the next call overwrote the kept key. */
static void value_cell(const struct audit_arg *a, const char *value, char *buf, size_t len)
{
	const char *type = a->bytes ? "long" : a->param->type.pointee;
	long cells = a->hi - a->lo + 1;
	if (cells < 1 || cells > MAX_VALUE_CELLS)
		snprintf(buf, len, "__extension__ ({ static %s snc_cell_; snc_cell_ = (%s)(%s); "
			 "&snc_cell_; })", type, type, value);
	else
		snprintf(buf, len, "__extension__ ({ static %s snc_cell_[%ld]; "
			 "snc_cell_[(%s) - %ld] = (%s)(%s); &snc_cell_[(%s) - %ld]; })",
			 type, cells, value, a->lo, type, value, value, a->lo);
}

static void value_literal(const struct audit_arg *a, long v, char *buf, size_t len)
{
	char digits[24];
	snprintf(digits, sizeof digits, "%ld", v);
	if (a->nmap > 0)
		snprintf(buf, len, "%lld", audit_passed_value(a, v));
	else if (a->string)
		snprintf(buf, len, "\"%ld\"", v);
	else if (a->bytes || a->by_pointer)
		value_cell(a, digits, buf, len);
	else
		snprintf(buf, len, "%ld", v);
}

void audit_value_expr(const struct audit_arg *a, const char *local, char *buf, size_t len)
{
	if (a->nmap > 0) {
		size_t used = (size_t)snprintf(buf, len, "(%s)((const long long[]){ ", a->param->type.spelling);
		for (int i = 0; i < a->nmap && used < len; i++)
			used += (size_t)snprintf(buf + used, len - used, "%s%lld", i ? ", " : "", a->map[i]);
		if (used < len)
			snprintf(buf + used, len - used, " })[%s - %ld]", local, a->lo);
		return;
	}
	if (!a->string) {
		if (a->bytes || a->by_pointer)
			value_cell(a, local, buf, len);
		else
			snprintf(buf, len, "%s", local);
		return;
	}
	/* one literal per value of the domain, picked by the value: a function that keeps the
	 * pointer (a table of names) keeps a string that never changes */
	size_t used = (size_t)snprintf(buf, len, "((const char *const[]){ ");
	for (long v = a->lo; v <= a->hi && used < len; v++)
		used += (size_t)snprintf(buf + used, len - used, "%s\"%ld\"", v > a->lo ? ", " : "", v);
	if (used < len)
		snprintf(buf + used, len - used, " })[%s - %ld]", local, a->lo);
}

/* The role a config line gives the parameter, if any: returns 1 when it applied, 0 when
 * there is none, -1 when it cannot apply. */
static int configured(const struct param_ctx *c, const struct sa_param *p, struct audit_arg *a,
		      char *why, size_t len)
{
	const struct audit_config *cfg = c->opt->config;
	const struct audit_rule *arg = audit_config_find(cfg, c->fam->key, "arg", c->fn->name, p->name);
	if (arg) {
		if (parse_range(arg->value, &a->lo, &a->hi))
			a->role = ROLE_VALUE;
		else
			a->role = ROLE_FIXED, a->fixed = strdup(arg->value);
		return 1;
	}
	const struct audit_rule *role = audit_config_find(cfg, c->fam->key, "role", c->fn->name, p->name);
	if (!role)
		return 0;
	a->role = (enum audit_role)audit_role_parse(role->value);
	const struct sa_type *t = &p->type;
	switch (a->role) {
	case ROLE_VALUE:
		a->lo = 0;
		a->hi = c->opt->domain - 1;
		a->by_pointer = t->cls == SA_TYPE_POINTER;
		a->string = a->by_pointer && points_to_chars(t);
		return 1;
	case ROLE_FRESH:
	case ROLE_SHARED:
		if (t->cls != SA_TYPE_POINTER || t->pointee_size < 0)
			return why_not(why, len, "%s:%d: role %s needs a pointer to a complete type, "
				       "and %s is %s", cfg->path, role->line, role->value, p->name,
				       t->spelling);
		a->pool = pool_for(c->fam, c->opt->plan, t, a->role == ROLE_SHARED);
		return 1;
	case ROLE_OUT:
		if (t->cls != SA_TYPE_POINTER || (t->pointee_size < 0 && t->target_cls != SA_TYPE_VOID))
			return why_not(why, len, "%s:%d: role out needs a pointer to a complete type",
				       cfg->path, role->line);
		a->observed = !c->starter && (t->levels >= 2 || t->target_cls != SA_TYPE_RECORD);
		return 1;
	case ROLE_TOKEN:
		a->observed = t->cls == SA_TYPE_POINTER && !t->pointee_const;
		return 1;
	case ROLE_ANOTHER:
		if (!audit_makes_another(c->fam) || !is_object(c->fam, t) || t->cls != SA_TYPE_POINTER)
			return why_not(why, len, "%s:%d: role another needs a pointer to the object's "
				       "type in a family a constructor builds", cfg->path, role->line);
		return 1;
	default:
		return 1;
	}
}

/* Lists ctx among the contexts fam's setup() makes, after those its maker takes. */
static bool family_uses(struct audit_family *fam, const struct audit_plan *plan,
			const struct audit_context *ctx)
{
	for (int i = 0; i < fam->ncontexts; i++)
		if (fam->contexts[i] == ctx)
			return true;
	for (int i = 0; i < ctx->nneeds; i++)
		if (!family_uses(fam, plan, &plan->contexts[ctx->needs[i]]))
			return false;
	const struct audit_context **more = realloc(fam->contexts, (size_t)(fam->ncontexts + 1) *
						    sizeof *more);
	if (!more)
		return false;
	fam->contexts = more;
	fam->contexts[fam->ncontexts++] = ctx;
	return true;
}

/* A pointer to an opaque type the library makes (APR's apr_pool_t *): the context made in
 * setup() (audit_contexts.c), the same for every call. */
static bool use_context(const struct param_ctx *c, const struct sa_type *t, struct audit_arg *a)
{
	const struct audit_context *ctx = c->opt->plan ? audit_context_of(c->opt->plan, t->pointee) : NULL;
	if (!ctx)
		return false;
	if (!family_uses(c->fam, c->opt->plan, ctx))
		return false;
	a->role = ROLE_FIXED;
	a->fixed = strdup(ctx->var);
	return true;
}

bool audit_is_va_list(const struct sa_type *t)
{
	static const char *const spellings[] = { "va_list", "__gnuc_va_list", "__builtin_va_list" };
	for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++)
		if (strcmp(t->spelling, spellings[i]) == 0)
			return true;
	return false;
}

bool audit_va_list_after_format(const struct sa_function *f, int index)
{
	if (!f->typed || index == 0 || index != f->nparams - 1 ||
	    !audit_is_va_list(&f->param_types[index].type))
		return false;
	const struct sa_type *format = &f->param_types[index - 1].type;
	if (format->cls != SA_TYPE_POINTER || format->levels != 1 || !format->pointee_const ||
	    !format->pointee || strcmp(format->pointee, "char") != 0)
		return false;
	for (int p = 0; p < index; p++) {   /* each spelled as a declaration can take it */
		const char *spelling = f->param_types[p].type.spelling;
		if (strpbrk(spelling, "([") || audit_is_va_list(&f->param_types[p].type))
			return false;
	}
	return true;
}

/* The arguments behind a format, as a va_list that is the last parameter of an operation
 * (talloc_vasprintf(ctx, fmt, ap), evbuffer_add_vprintf(buf, fmt, ap)): an empty one,
 * made by a variadic trampoline the wrapper calls with the other arguments (audit_emit.c).
 * The format before it is a string argument, whose values ("0", "1") hold no conversion,
 * so nothing is ever read from the list. */
static bool empty_va_list(const struct param_ctx *c, int index, struct audit_arg *a)
{
	if (c->starter || !audit_va_list_after_format(c->fn, index))
		return false;
	a->role = ROLE_FIXED;
	a->fixed = strdup("ap");
	a->va_args = true;
	return true;
}

static int assign(const struct param_ctx *c, int index, struct audit_arg *a, char *why, size_t len)
{
	const struct sa_param *p = &c->fn->param_types[index];
	const struct sa_type *t = &p->type;
	memset(a, 0, sizeof *a);
	a->param = p;
	int r = configured(c, p, a, why, len);
	if (r != 0)
		return r < 0 ? -1 : 0;
	const char *name = p->name[0] ? p->name : "(unnamed)";
	if (index == 0 && takes_root_value(c)) {   /* rl_count(*obj) beside rl_insert(obj, key) */
		a->role = ROLE_OBJECT;
		a->root_value = true;
		return 0;
	}
	/* The object: the first parameter, or another pointer to the family's struct
	 * (ck_bitmap_union's src), or another transparent union that accepts one (urcu's
	 * __cds_wfcq_splice_blocking(dest, dest_tail, src, src_tail): the source queue is the
	 * queue itself, as it is for _cds_wfcq_splice_blocking's struct pointer). Another int * beside a scalar target is an out-parameter
	 * (ck_pr_cas_int_value's v). When one of them is named as the container (list_add's
	 * head), it is the object and the others are fresh entries: linking the list's head
	 * into itself was no use of the API. */
	int container = c->fam->globals || c->starter ? -1 : container_param(c->fam, c->fn);
	if (container >= 0 && is_object(c->fam, t) && index != container) {
		a->role = ROLE_FRESH;
		a->pool = pool_for(c->fam, c->opt->plan, t, false);
		return 0;
	}
	/* A second one in a family the library allocates (json_object_set(object, key,
	 * value)): another object, made as the initial one was; not the first one after a
	 * scalar (ring_push(value, ring): the object). The object itself was no
	 * value: jansson refuses to put an object into itself, and every set failed. */
	if (!c->fam->globals && !c->starter && index > first_object(c->fam, c->fn) &&
	    is_object(c->fam, t) && audit_makes_another(c->fam) &&
	    (t->cls == SA_TYPE_TRANSPARENT_UNION || (t->cls == SA_TYPE_POINTER && t->levels == 1))) {
		a->role = ROLE_ANOTHER;
		return 0;
	}
	if (!c->fam->globals && is_object(c->fam, t) &&
	    (index == 0 || t->cls == SA_TYPE_TRANSPARENT_UNION ||
	     (t->cls == SA_TYPE_POINTER && t->target_cls == SA_TYPE_RECORD))) {
		a->role = ROLE_OBJECT;
		return 0;
	}
	if (audit_is_stream(t)) {   /* writes go nowhere, a read finds the end */
		a->role = ROLE_FIXED;
		a->fixed = strdup("snc_stream()");
		a->stream = true;
		return 0;
	}
	switch (t->cls) {
	case SA_TYPE_BOOL:
	case SA_TYPE_INTEGER:
	case SA_TYPE_ENUM:
	case SA_TYPE_FLOAT:
		if (c->starter && t->cls == SA_TYPE_ENUM && t->nenum_values > 0) {
			char v[32];   /* its first enumerator: MP_FIFO = 1 */
			snprintf(v, sizeof v, "%lld", t->enum_values[0]);
			a->role = ROLE_FIXED;
			a->fixed = strdup(v);
		} else if (c->starter) {
			a->role = ROLE_FIXED;
			a->fixed = strdup(t->cls == SA_TYPE_INTEGER ? "2" : "0");
		} else if (t->cls == SA_TYPE_ENUM && t->nenum_values > 0) {
			a->role = ROLE_VALUE;
			enum_domain(a, t, c->opt->domain);
		} else if (t->cls == SA_TYPE_INTEGER && strcmp(c->fam->key, "void") == 0 &&
			   names_a_size(p->name)) {
			a->role = ROLE_FIXED;
			a->fixed = strdup("sizeof *obj");
		} else {
			a->role = ROLE_VALUE;
			a->lo = 0;
			a->hi = t->cls == SA_TYPE_BOOL ? 1 : c->opt->domain - 1;
		}
		return 0;
	case SA_TYPE_POINTER:
		break;
	case SA_TYPE_RECORD: {   /* a struct by value (a handle, a small options struct) */
		if (t->size <= 0)
			return why_not(why, len, "parameter %s has type %s, an incomplete struct passed "
				       "by value", name, t->spelling);
		char v[256];
		snprintf(v, sizeof v, "(%s){ 0 }", t->spelling);
		a->role = ROLE_FIXED;
		a->fixed = strdup(v);
		a->zeroed = true;
		return 0;
	}
	default:
		if (empty_va_list(c, index, a))
			return 0;
		return why_not(why, len, "parameter %s has type %s, which the generator cannot make "
			       "values of", name, t->spelling);
	}
	if (t->target_cls == SA_TYPE_FUNCTION && t->levels == 1) {
		a->role = ROLE_CALLBACK;   /* one of its type and purpose: audit_callbacks.c */
		a->observed = !c->starter && audit_callback_visits(c->fn->name, p);
		return 0;
	}
	if (t->target_cls == SA_TYPE_FUNCTION)
		return why_not(why, len, "parameter %s is a pointer to a function pointer (%s)", name,
			       t->spelling);
	bool to_scalars = t->target_cls == SA_TYPE_BOOL || t->target_cls == SA_TYPE_INTEGER ||
			  t->target_cls == SA_TYPE_ENUM || t->target_cls == SA_TYPE_FLOAT;
	if (c->starter && (t->levels >= 2 || (to_scalars && !t->pointee_const))) {
		/* ib_init(b, int *cells, cap), pq_init(q, void **slots, cap): storage the object
		 * keeps, which a slot on setup()'s stack was not once it returned */
		a->role = ROLE_SHARED;
		a->pool = pool_for(c->fam, c->opt->plan, t, true);
		return 0;
	}
	if (t->levels >= 2) {
		a->role = ROLE_OUT;
		a->observed = true;
		return 0;
	}
	switch (t->target_cls) {
	case SA_TYPE_VOID:
		if (c->starter) {
			a->role = ROLE_NULL;
		} else if (!t->pointee_const && audit_hands_out(c->members, c->nmembers, "void") &&
			   named_as_resize(c->fn->name)) {
			/* mi_heap_realloc(heap, void *p, n): only memory the library handed out may
			 * be resized (a harness cell crashed it); NULL asks for new memory */
			a->role = ROLE_NULL;
		} else if (!t->pointee_const && audit_hands_out(c->members, c->nmembers, "void") &&
			   named_as_release(c->fn->name)) {
			/* pool_free(p, void *block) after pool_alloc(p): a block of memory the
			 * library may write into, as it does into what it hands out */
			a->role = ROLE_FRESH;
			a->pool = pool_for(c->fam, c->opt->plan, t, false);
		} else {
			a->role = ROLE_TOKEN;
			a->observed = !t->pointee_const;
		}
		return 0;
	case SA_TYPE_BOOL:
	case SA_TYPE_INTEGER:
	case SA_TYPE_ENUM:
	case SA_TYPE_FLOAT:
		if (t->pointee_const) {
			a->role = ROLE_VALUE;
			a->by_pointer = true;
			a->string = points_to_chars(t);
			a->lo = 0;
			a->hi = t->target_cls == SA_TYPE_BOOL ? 1 : c->opt->domain - 1;
		} else if (!points_to_chars(t) && audit_hands_out(c->members, c->nmembers, t->pointee)) {
			/* a function hands the pointer back (AO_stack_pop returns the AO_t * that
			 * AO_stack_push links in): a node the object keeps, not an out-parameter,
			 * so a cell that outlives the call */
			a->role = ROLE_FRESH;
			a->pool = pool_for(c->fam, c->opt->plan, t, false);
		} else {
			a->role = ROLE_OUT;
			a->string = points_to_chars(t);   /* a buffer a string is written to */
			a->observed = true;
		}
		return 0;
	case SA_TYPE_RECORD:
		if (c->starter && !t->pointee_const && audit_named_as_attributes(name) &&
		    audit_named_as_maker(c->fn->name)) {
			a->role = ROLE_NULL;   /* cds_lfht_new(..., pthread_attr_t *attr): defaults */
			return 0;
		}
		if (t->pointee_size < 0 && use_context(c, t, a))
			return 0;
		if (t->pointee_size < 0)
			return why_not(why, len, "parameter %s points to %s, an incomplete type the "
				       "generator cannot allocate", name, t->pointee);
		if (audit_hands_out(c->members, c->nmembers, t->pointee))
			a->role = ROLE_FRESH;
		else if (is_shared(c->fam, c->members, c->nmembers, t->pointee))
			a->role = ROLE_SHARED;
		else if (!c->starter && !t->pointee_const && t->pointee_scalars) {
			/* stats_snapshot(s, struct snap *out): what it writes is its result */
			a->role = ROLE_OUT;
			a->record = true;
			a->observed = true;
			return 0;
		} else
			a->role = ROLE_FRESH;
		a->pool = pool_for(c->fam, c->opt->plan, t, a->role == ROLE_SHARED);
		return 0;
	default:
		if (empty_va_list(c, index, a))
			return 0;
		return why_not(why, len, "parameter %s has type %s, which the generator cannot make "
			       "values of", name, t->spelling);
	}
}

static bool result_supported(const struct sa_type *t)
{
	return t->cls == SA_TYPE_VOID || t->cls == SA_TYPE_BOOL || t->cls == SA_TYPE_INTEGER ||
	       t->cls == SA_TYPE_ENUM || t->cls == SA_TYPE_POINTER || t->cls == SA_TYPE_FLOAT ||
	       (t->cls == SA_TYPE_RECORD && t->plain_record);   /* by a hash of its bytes */
}

/* A starter's parameter takes one value: the first of its domain. */
static void fix_value(struct audit_arg *a)
{
	if (a->role != ROLE_VALUE)
		return;
	char v[512];
	value_literal(a, a->lo, v, sizeof v);
	a->role = ROLE_FIXED;
	a->fixed = strdup(v);
}

/* Does a parameter of this name give the length of the buffer before it (map_get(m, key,
 * klen), write(fd, buf, count))? */
static bool names_a_length(const char *name)
{
	static const char *const suffixes[] = { "len", "length", "size", "nbytes", "count", NULL };
	for (int i = 0; suffixes[i]; i++) {
		size_t n = strlen(name), m = strlen(suffixes[i]);
		if (n >= m && strcasecmp(name + n - m, suffixes[i]) == 0)
			return true;
	}
	return strcmp(name, "n") == 0;
}

/* A const void * followed by its length is a buffer of bytes the function reads (a key):
 * its value is the bytes of a long holding a domain value, and the length is theirs. As
 * tokens, every buffer held the same bytes (a token's mark), and the length varied on its
 * own: keys of length 0 and 1, all equal. A const char * followed by its length: the
 * string's (one digit). */
static void pair_buffers_with_lengths(struct audit_op *op)
{
	for (int i = 0; i + 1 < op->nargs; i++) {
		struct audit_arg *buf = &op->args[i], *n = &op->args[i + 1];
		const struct sa_type *t = &buf->param->type;
		if (n->role != ROLE_VALUE || n->by_pointer || n->param->type.cls != SA_TYPE_INTEGER ||
		    !names_a_length(n->param->name))
			continue;
		bool bytes = buf->role == ROLE_TOKEN && t->cls == SA_TYPE_POINTER && t->levels == 1 &&
			     t->target_cls == SA_TYPE_VOID && t->pointee_const;
		if (!bytes && !(buf->role == ROLE_VALUE && buf->string && buf->hi <= 9))
			continue;
		if (bytes) {
			buf->role = ROLE_VALUE;
			buf->bytes = true;
			buf->observed = false;
			buf->lo = n->lo;
			buf->hi = n->hi;
		}
		n->role = ROLE_FIXED;
		n->fixed = strdup(bytes ? "sizeof(long)" : "1");
		op->nvalues--;
	}
}

/* Says which parameters are structs passed by value, zeroed for every call: the function
 * is audited with them (an options struct's zero is often its defaults), not skipped. */
static void note_zeroed_structs(const struct audit_op *op, char *why, size_t whylen)
{
	size_t used = strlen(why);
	for (int i = 0; i < op->nargs && used < whylen; i++)
		if (op->args[i].zeroed)
			used += (size_t)snprintf(why + used, whylen - used, "%s%s = a zeroed %s for every "
						 "call (set it with `arg` in a config file)",
						 used ? "; " : "", op->args[i].param->name[0] ?
						 op->args[i].param->name : "(unnamed)",
						 op->args[i].param->type.spelling);
}

/* An operation takes at most two varying values (its instances are their product): the
 * scalars after the first two keep the first value of their domain (critnib_insert(c, key,
 * value, update): key and value vary, update is 0), said in why. */
static void fix_trailing_values(struct audit_op *op, char *why, size_t whylen)
{
	int varying = op->nvalues;
	size_t used = 0;
	for (int i = op->nargs - 1; i >= 0 && op->nvalues > 2; i--) {
		struct audit_arg *a = &op->args[i];
		if (a->role != ROLE_VALUE)
			continue;
		char v[512];
		value_literal(a, a->lo, v, sizeof v);
		a->role = ROLE_FIXED;
		a->fixed = strdup(v);
		op->nvalues--;
		if (used < whylen)
			used += (size_t)snprintf(why + used, whylen - used, "%s%s = %ld", used ? ", " : "",
						 a->param->name[0] ? a->param->name : "(unnamed)", a->lo);
	}
	if (used && used < whylen)
		snprintf(why + used, whylen - used, " for every call: %d parameters vary and an "
			 "operation takes at most 2 (set others with `arg` in a config file)", varying);
}

int audit_assign_op(struct audit_family *fam, const struct audit_fn *members, int nmembers,
		    const struct audit_options *opt, struct audit_op *op, char *why, size_t whylen)
{
	const struct sa_function *fn = op->fn;
	why[0] = '\0';   /* stays empty unless parameters are fixed or the op is refused */
	if (!result_supported(&fn->result))
		return why_not(why, whylen, "returns %s, which results cannot be compared as",
			       fn->result.spelling);
	/* the initializer as an operation: called as it builds the initial state (a legal
	 * capacity, not 0 or 1) */
	bool starter = fn == fam->starter;
	struct param_ctx c = { fam, members, nmembers, opt, fn, starter };
	op->args = calloc((size_t)fn->nparams + 1, sizeof *op->args);
	if (!op->args)
		return why_not(why, whylen, "out of memory");
	op->nargs = fn->nparams;
	op->nfields = fn->result.cls != SA_TYPE_VOID;
	for (int i = 0; i < fn->nparams; i++) {
		struct audit_arg *a = &op->args[i];
		if (assign(&c, i, a, why, whylen) != 0)
			return -1;
		if (starter)
			fix_value(a);
		if (a->role == ROLE_VALUE || a->role == ROLE_TOKEN)
			op->nvalues++;
		if (a->observed)
			op->nfields++;
	}
	for (int i = 0; i < op->nargs; i++) {   /* a filled struct field by field, if room */
		struct audit_arg *a = &op->args[i];
		int n = a->param->type.nrecord_fields;
		if (a->record && n > 0 && op->nfields - 1 + n <= 4) {
			a->by_fields = true;
			op->nfields += n - 1;
		}
	}
	pair_buffers_with_lengths(op);
	if (op->nvalues > 2)
		fix_trailing_values(op, why, whylen);
	note_zeroed_structs(op, why, whylen);
	if (op->nvalues > 2)
		return why_not(why, whylen, "%d parameters take varying values; a harness operation "
			       "takes at most 2 (fix some with `arg` in a config file)", op->nvalues);
	if (op->nfields > 4)
		return why_not(why, whylen, "observes %d values (return and out-parameters); at "
			       "most 4 fit in one result", op->nfields);
	op->packed = op->nfields > (fn->result.cls != SA_TYPE_VOID);
	if (op->packed && fn->result.cls == SA_TYPE_FLOAT)
		return why_not(why, whylen, "returns %s beside out-parameters: a floating result is "
			       "compared by its bits, which do not fit a packed field", fn->result.spelling);
	const struct audit_rule *ct = audit_config_find(opt->config, fam->key, "contract", fn->name, NULL);
	if (ct)
		op->contract = strcmp(ct->value, "none") == 0 ? NULL : ct->value;
	else
		op->contract = audit_contract_from_name(fn->name);
	return 0;
}

/* The roles of fn's parameters as a starter of fam (the object through out_param, when
 * >= 0), each value left as its domain gives it, into *args. */
static int assign_start_args(struct audit_family *fam, const struct sa_function *fn, int out_param,
			     const struct audit_fn *members, int nmembers,
			     const struct audit_options *opt, struct audit_arg **args, char *why,
			     size_t whylen)
{
	struct param_ctx c = { fam, members, nmembers, opt, fn, true };
	*args = calloc((size_t)fn->nparams + 1, sizeof **args);
	if (!*args)
		return why_not(why, whylen, "out of memory");
	for (int i = 0; i < fn->nparams; i++) {
		struct audit_arg *a = &(*args)[i];
		if (i == out_param) {   /* mp_create(&obj, ...) */
			memset(a, 0, sizeof *a);
			a->param = &fn->param_types[i];
			a->role = ROLE_OBJECT;
			a->by_pointer = true;
			continue;
		}
		if (assign(&c, i, a, why, whylen) != 0)
			return -1;
		a->observed = false;
	}
	return 0;
}

int audit_assign_start(struct audit_family *fam, const struct audit_fn *members, int nmembers,
		       const struct audit_options *opt, char *why, size_t whylen)
{
	fam->nstart_args = fam->starter->nparams;
	if (assign_start_args(fam, fam->starter, fam->starter_out, members, nmembers, opt,
			      &fam->start_args, why, whylen) != 0)
		return -1;
	for (int i = 0; i < fam->nstart_args; i++)
		fix_value(&fam->start_args[i]);   /* one state: the first value of a domain */
	return 0;
}

/* A copy of args with every value fixed at its domain's first, but parameter p's: the
 * domain value v (ROLE_VALUE), or the integer v in place of a starter's fixed 2. */
static struct audit_arg *args_with(const struct audit_arg *args, int n, int p, long v)
{
	struct audit_arg *copy = calloc((size_t)n + 1, sizeof *copy);
	if (!copy) {
		fprintf(stderr, "snc audit: out of memory\n");
		exit(2);
	}
	for (int i = 0; i < n; i++) {
		copy[i] = args[i];
		copy[i].fixed = args[i].fixed ? strdup(args[i].fixed) : NULL;
		if (i == p && copy[i].role == ROLE_VALUE) {
			copy[i].lo = v;
		} else if (i == p) {
			char value[32];
			snprintf(value, sizeof value, "%ld", v);
			free(copy[i].fixed);
			copy[i].fixed = strdup(value);
		}
		fix_value(&copy[i]);
	}
	return copy;
}

static void add_attempt(struct audit_family *fam, const struct sa_function *fn,
			struct audit_arg *args)
{
	if (fam->nfallbacks == AUDIT_MAX_FALLBACKS) {
		for (int i = 0; i < fn->nparams; i++)
			free(args[i].fixed);
		free(args);
		return;
	}
	fam->fallbacks[fam->nfallbacks++] = (struct audit_attempt){ fn, args, fn->nparams };
}

/* Is a an integer a starter is given as 2 (the smallest capacity a ring accepts)? */
static bool fixed_integer(const struct audit_arg *a)
{
	return a->role == ROLE_FIXED && a->fixed && strcmp(a->fixed, "2") == 0 &&
	       a->param->type.cls == SA_TYPE_INTEGER;
}

/* The calls of one constructor, one parameter at a time taking other values, the rest as
 * the first call has them: a value's second domain value, an integer 1 then 0 in place of
 * 2 (a flags word whose bit 1 creates: qb_rb_open(name, size, QB_RB_FLAG_CREATE, 0)). The
 * first call of the first constructor is the starter's own. */
static void add_attempts_of(struct audit_family *fam, const struct sa_function *fn,
			    const struct audit_arg *args, bool first_done)
{
	if (!first_done)
		add_attempt(fam, fn, args_with(args, fn->nparams, -1, 0));
	for (int p = 0; p < fn->nparams; p++) {
		if (args[p].role == ROLE_VALUE && args[p].hi > args[p].lo)
			add_attempt(fam, fn, args_with(args, fn->nparams, p, args[p].lo + 1));
		for (long v = 1; fixed_integer(&args[p]) && v >= 0; v--)
			add_attempt(fam, fn, args_with(args, fn->nparams, p, v));
	}
}

void audit_assign_fallbacks(struct audit_family *fam, const struct sa_function *const *ctors,
			    int nctors, const struct audit_fn *members, int nmembers,
			    const struct audit_options *opt)
{
	char why[512];
	struct audit_arg *args;
	fam->fallbacks = calloc(AUDIT_MAX_FALLBACKS, sizeof *fam->fallbacks);
	if (!fam->fallbacks) {
		fprintf(stderr, "snc audit: out of memory\n");
		exit(2);
	}
	for (int k = -1; k < nctors; k++) {
		const struct sa_function *fn = k < 0 ? fam->starter : ctors[k];
		if (assign_start_args(fam, fn, -1, members, nmembers, opt, &args, why, sizeof why) == 0)
			add_attempts_of(fam, fn, args, k < 0);
		for (int i = 0; args && i < fn->nparams; i++)
			free(args[i].fixed);
		free(args);
	}
}

/* ---- contracts from names -------------------------------------------------------------- */

static bool has_word(const char *name, const char *const *words)
{
	for (int i = 0; words[i]; i++)
		if (strstr(name, words[i]))
			return true;
	return false;
}

/* A word of the name like spsc, mpsc, spmc, npsc, spnc: X producers, Y consumers. */
static bool producer_consumer_word(const char *name, char *x, char *y)
{
	for (const char *p = name; *p; p++) {
		if (p != name && p[-1] != '_')
			continue;
		if (strchr("smnu", p[0]) && p[1] == 'p' && strchr("smnu", p[2]) && p[3] == 'c' &&
		    (p[4] == '\0' || p[4] == '_')) {
			*x = p[0];
			*y = p[2];
			return true;
		}
	}
	return false;
}

const char *audit_contract_from_name(const char *name)
{
	static const char *const producing[] = { "push", "enqueue", "put", "insert", "produce",
						 "reserve", "commit", NULL };
	static const char *const consuming[] = { "pop", "dequeue", "get", "take", "remove",
						 "consume", NULL };
	char x, y;
	if (!producer_consumer_word(name, &x, &y) || strstr(name, "lock"))
		return NULL;
	if (x == 's' && has_word(name, producing))
		return "single-producer";
	if (y == 's' && has_word(name, consuming))
		return "single-consumer";
	return NULL;
}
