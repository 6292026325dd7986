/* audit_infer.c: wrappers for the function-like macros that call no single function,
 * typed without a config.
 *
 * audit_macros.c types a macro's parameters from its expansion: the functions it calls
 * with a parameter as an argument give that parameter their own parameter's type
 * (`cds_wfs_for_each_blocking(head, node)` calls cds_wfs_first(head) and
 * cds_wfs_next_blocking(node)), a cast gives it the cast's type, what the expansion does
 * with the others gives them candidate types (a value, a dereferenced cell, a struct
 * pointer, an lvalue cell passed as `(*p)`: alias->variants, tried in order), and a macro
 * without parameters (`cmm_smp_mb()`, a fence) needs none. Here each such macro gets a
 * wrapper in DIR/snc_inferred.h, after the named headers:
 *
 *   one call of an API function on members of the arguments returns what it returns:
 *     static inline AO_t * snc_macro_AO_stack_pop(AO_stack_t *l) { return AO_stack_pop(l); }
 *   another expression keeps its value, as the bits of an unsigned 64-bit result:
 *     static inline unsigned long long snc_macro_uatomic_read(unsigned long *addr)
 *     { __auto_type snc_value = (uatomic_read(addr)); ... return snc_bits; }
 *   a for-loop over cursors (an iterator) declares them and counts the iterations:
 *     static inline unsigned long long snc_macro_cds_lfs_for_each(struct cds_lfs_head *__head)
 *     { __typeof__(& __head -> node) __node; ... cds_lfs_for_each(__head, __node) snc_count++; ... }
 *   a statement (a do-while, an asm statement), or an expression of type void:
 *     static inline void snc_macro_cmm_smp_mb(void) { cmm_smp_mb(); }
 *
 * The header is parsed with the audit's flags, and then compiled (-fsyntax-only) by the
 * compiler that builds the harnesses (gcc refuses some of what libclang accepts): a
 * wrapper whose value form does not compile (its expansion has type void, or is no
 * expression) is tried as a statement, one whose typing does not compile gets the next
 * typing, and one that compiles no way is dropped, its macro listed as skipped with the
 * compiler's message. The wrappers that compile are
 * typed by clang and join the API like the config's wrappers (audit_wrappers.c): their
 * families by their first parameter, their operations named after the macro. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "snc_audit.h"
#include "snc_cmdline.h"

#define ROUNDS 24   /* each a parse of the header; they stop at the first without errors */

enum form { VALUE, STATEMENT, ITERATOR, DROPPED };

struct candidate {
	struct audit_alias *alias;
	enum form form;
	int variant;                 /* which of alias->variants is tried */
	int first_line, last_line;   /* of its wrapper in the header */
};

static enum form first_form(const struct audit_alias *a)
{
	return a->iterator ? ITERATOR : a->statement ? STATEMENT : VALUE;
}

/* Writes the header with every candidate that is not dropped. Returns 0, or -1. */
static int write_header(const struct audit_plan *plan, const char *path, char *const *headers,
			int nheaders, struct candidate *c, int n)
{
	FILE *out = fopen(path, "w");
	if (!out)
		return -1;
	int line = 1;
	fprintf(out, "/* snc_inferred.h: wrappers `snc audit` generated for the function-like macros "
		     "that call no\n * single function, typed from their expansions. */\n");
	line += 2;
	for (int i = 0; i < nheaders; i++) {   /* a part through its umbrella (<glib.h>), once */
		const char *header = audit_included_through(plan, headers[i]);
		bool again = false;
		for (int k = 0; k < i && !again; k++)
			again = strcmp(audit_included_through(plan, headers[k]), header) == 0;
		if (again)
			continue;
		char *include = audit_include_of(header);
		fprintf(out, "#include %s\n", include);
		free(include);
		line++;
	}
	for (int i = 0; i < n; i++) {
		const struct audit_alias *a = c[i].alias;
		if (c[i].form == DROPPED)
			continue;
		const char *proto = a->variants[c[i].variant], *args = a->variant_args[c[i].variant];
		const char *params = proto[0] ? proto : "void";
		c[i].first_line = ++line;
		fprintf(out, "\n/* %s:%d */\n", a->file, a->line);
		line++;
		bool void_call = a->result_type && strcmp(a->result_type, "void") == 0;
		if (c[i].form == VALUE && a->result_type && !void_call) {   /* one call: its result */
			fprintf(out, "static inline %s snc_macro_%s(%s)\n{\n\treturn %s(%s);\n}\n",
				a->result_type, a->name, params, a->name, args);
			line += 4;
		} else if (c[i].form == VALUE && !void_call) {
			fprintf(out, "static inline unsigned long long snc_macro_%s(%s)\n{\n"
				     "\t__auto_type snc_value = (%s(%s));\n"
				     "\tunsigned long long snc_bits = 0;\n"
				     "\t__builtin_memcpy(&snc_bits, &snc_value, sizeof snc_value < sizeof "
				     "snc_bits ? sizeof snc_value : sizeof snc_bits);\n"
				     "\treturn snc_bits;\n}\n", a->name, params, a->name, args);
			line += 7;
		} else if (c[i].form == ITERATOR) {   /* the cursors are locals; it counts */
			fprintf(out, "static inline unsigned long long snc_macro_%s(%s)\n{\n"
				     "\t%s\n"
				     "\tunsigned long long snc_count = 0;\n"
				     "\t%s(%s)\n\t\tsnc_count++;\n"
				     "\treturn snc_count;\n}\n", a->name, params, a->locals, a->name, args);
			line += 8;
			for (const char *p = a->locals; *p; p++)
				line += *p == '\n';
		} else {
			fprintf(out, "static inline void snc_macro_%s(%s)\n{\n\t%s(%s);\n}\n", a->name,
				params, a->name, args);
			line += 4;
		}
		c[i].last_line = line;
	}
	return fclose(out) == 0 ? 0 : -1;
}

/* Parses the header into units (one unit); returns 0, or -1 when it could not be read. */
static int parse_header(const char *path, char *const *cflags, int ncflags, struct sa_units *units)
{
	struct sa_units headers = { 0 };
	char err[512];
	char *paths[1] = { (char *)path };
	memset(units, 0, sizeof *units);
	if (sa_units_from_paths(paths, 1, cflags, ncflags, units, &headers, err, sizeof err) != 0) {
		sa_units_free(&headers);
		return -1;
	}
	sa_units_add_orphan_headers(units, &headers);
	sa_units_free(&headers);
	sa_scan_units(units, 1, NULL, NULL);
	return units->count == 1 && units->units[0].status != SA_UNIT_FAILED ? 0 : -1;
}

/* A candidate whose wrapper has an error: a value becomes a statement, a statement takes
 * the next typing, the last is dropped with the message (and so is any, when drop). */
static void demote(struct candidate *c, const char *message, bool drop)
{
	if (drop)
		c->variant = c->alias->nvariants - 1;
	else if (c->form == VALUE) {
		c->form = STATEMENT;
		return;
	}
	if (!drop && c->variant + 1 < c->alias->nvariants) {   /* the next typing */
		c->variant++;
		c->form = first_form(c->alias);
		return;
	}
	c->form = DROPPED;
	free(c->alias->why);
	if (asprintf(&c->alias->why, "its wrapper, typed (%s) from its expansion, does not "
		     "compile: %s", c->alias->nvariants > 1 ? "every way tried" :
		     c->alias->typed_params, message) < 0)
		c->alias->why = NULL;
}

/* Marks the candidates whose wrapper has a compiler error (demote). Returns how many errors
 * fell in a wrapper. */
static int demote_failed(const struct sa_unit *u, const char *path, struct candidate *c, int n,
			 bool drop)
{
	int found = 0;
	for (int i = 0; i < n; i++) {
		if (c[i].form == DROPPED)
			continue;
		const struct sa_diagnostic *error = NULL;
		for (int d = 0; d < u->ndiagnostics && !error; d++) {
			const struct sa_diagnostic *g = &u->diagnostics[d];
			if (g->file && strcmp(g->file, path) == 0 && g->line >= c[i].first_line &&
			    g->line <= c[i].last_line)
				error = g;
		}
		if (!error)
			continue;
		found++;
		demote(&c[i], error->message, drop);
	}
	return found;
}

/* The candidate whose wrapper is the function named at s (after its quote), or -1. */
static int candidate_named(const struct candidate *c, int n, const char *s)
{
	while (*s && !(isalpha((unsigned char)*s) || *s == '_'))
		s++;
	size_t len = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	for (int i = 0; i < n; i++)
		if (len == 10 + strlen(c[i].alias->name) && strncmp(s, "snc_macro_", 10) == 0 &&
		    strncmp(s + 10, c[i].alias->name, len - 10) == 0)
			return i;
	return -1;
}

/* The harnesses' compiler reads the header too, and refuses what libclang accepted (gcc:
 * no __atomic_fetch_xor on a void *, as stdatomic.h's generic macros typed `void *` do):
 * a wrapper it finds an error in (in its lines, or in the function gcc names before an
 * error in a macro's header) is demoted as for clang's errors. Returns how many were. */
static int demote_compiler_errors(const char *path, char *const *cflags, int ncflags,
				  struct candidate *c, int n, bool drop)
{
	const char *cc = getenv("CC");
	char **argv = calloc((size_t)ncflags + 6, sizeof *argv);
	bool *hit = calloc((size_t)n + 1, sizeof *hit);
	char **message = calloc((size_t)n + 1, sizeof *message);
	char *out = NULL;
	int k = 0, found = 0;
	if (!argv || !hit || !message)
		goto done;
	argv[k++] = (char *)(cc && *cc ? cc : "cc");
	argv[k++] = "-fsyntax-only";
	for (int i = 0; i < ncflags; i++)
		argv[k++] = cflags[i];
	argv[k++] = (char *)path;
	int rc = snc_run_argv_messages(argv, &out);
	if (rc <= 0 || rc >= 127 || !out)
		goto done;   /* compiles, or the compiler could not run: the build will say */
	size_t plen = strlen(path);
	int current = -1;
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
		const char *in_function = strstr(line, ": In function ");
		if (in_function) {
			current = candidate_named(c, n, in_function + 14);
			continue;
		}
		const char *error = strstr(line, " error: ");
		int at = current;
		if (strncmp(line, path, plen) == 0 && line[plen] == ':') {
			int l = atoi(line + plen + 1);
			for (int i = 0; i < n; i++)
				if (c[i].form != DROPPED && l >= c[i].first_line && l <= c[i].last_line)
					at = i;
		}
		if (at < 0 || c[at].form == DROPPED || (!error && !hit[at]))
			continue;
		hit[at] = true;
		if (error && !message[at])
			message[at] = strdup(error + 8);
	}
	for (int i = 0; i < n; i++)
		if (hit[i]) {
			found++;
			demote(&c[i], message[i] ? message[i] : "the compiler refused it", drop);
		}
done:
	for (int i = 0; message && i < n; i++)
		free(message[i]);
	free(message);
	free(hit);
	free(argv);
	free(out);
	return found;
}

static void add_wrapper(struct audit_plan *plan, const struct sa_function *def, const char *header)
{
	/* its body is its own: the scan of the wrappers says what state it touches */
	audit_plan_append(plan, (struct audit_fn){ .def = def, .body = def, .header = header });
}

int audit_infer_wrappers(struct audit_plan *plan, char *const *headers, int nheaders,
			 char *const *cflags, int ncflags, const char *dir, char *path, size_t len)
{
	struct candidate *c = calloc((size_t)plan->naliases + 1, sizeof *c);
	int n = 0;
	for (int i = 0; c && i < plan->naliases; i++)
		if (!plan->aliases[i].fn && plan->aliases[i].typed_params)
			c[n++] = (struct candidate){ &plan->aliases[i], first_form(&plan->aliases[i]),
						     0, 0, 0 };
	if (n == 0) {
		free(c);
		return 0;
	}
	snprintf(path, len, "%s/snc_inferred.h", dir);
	char real[PATH_MAX];
	struct sa_units units = { 0 };
	int rc = -1;
	/* each round demotes every wrapper with an error one step; after ROUNDS, those that
	 * still fail are dropped, so that no macro can keep every harness from compiling */
	for (int round = 0; round < 2 * ROUNDS; round++) {
		bool drop = round >= ROUNDS;
		sa_units_free(&units);
		if (write_header(plan, path, headers, nheaders, c, n) != 0 || !realpath(path, real) ||
		    parse_header(real, cflags, ncflags, &units) != 0)
			goto out;
		if (demote_failed(&units.units[0], real, c, n, drop) == 0 &&
		    demote_compiler_errors(real, cflags, ncflags, c, n, drop) == 0)
			break;
	}
	const struct sa_unit *u = &units.units[0];
	int added = 0;
	for (int i = 0; i < n; i++) {
		struct audit_alias *a = c[i].alias;
		if (c[i].form == DROPPED)
			continue;
		char name[300];
		snprintf(name, sizeof name, "snc_macro_%s", a->name);
		for (int k = 0; k < u->nfunctions; k++)
			if (u->functions[k].typed && strcmp(u->functions[k].name, name) == 0 &&
			    strcmp(u->functions[k].file, real) == 0) {
				add_wrapper(plan, &u->functions[k], a->header);
				a->target = plan->fns[plan->nfns - 1].def->name;
				free(a->typed_params);
				a->typed_params = strdup(a->variants[c[i].variant]);
				free(a->args);
				a->args = strdup(a->typed_params);
				added++;
				break;
			}
	}
	for (int i = 0; i < plan->naliases; i++)   /* plan->fns moved */
		if (plan->aliases[i].target)
			plan->aliases[i].fn = audit_api_named(plan, plan->aliases[i].target);
	for (int i = 0; i < n; i++)
		if (c[i].alias->fn) {
			free(c[i].alias->why);
			c[i].alias->why = NULL;
		}
	plan->wrapper_units = units;
	units = (struct sa_units){ 0 };
	rc = added > 0 ? 1 : 0;
	if (added == 0)
		unlink(path);
	else
		snprintf(path, len, "%s", real);   /* harnesses include it from their folder */
out:
	sa_units_free(&units);
	free(c);
	return rc;
}
