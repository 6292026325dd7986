/* audit_api.c: which functions are the API of the headers an audit names.
 *
 * A header is the API's surface: what it declares or defines, and what the headers *below
 * its folder* that it includes declare or define, and its *parts* (headers beside it named
 * after it: nsync.h's nsync_mu.h, nsync_cv.h), followed only through such headers.
 * That takes in ck_pr.h's gcc/x86_64/ck_pr.h, ck_spinlock.h's spinlock/fas.h and
 * urcu/wfstack.h's urcu/static/wfstack.h (where the _LGPL_SOURCE bodies are), and leaves
 * out what a header merely uses: ck_stack.h includes ck_pr.h from its own folder, so the
 * ck_pr_* functions are not the stack's API; nor are the C library's folders below it
 * (sys/, bits/, x86_64-linux-gnu/). Each header is scanned as a unit of its own,
 * so its include graph (sa_file.includer) is known.
 *
 * A function is typed as the header declares it (what a harness that includes the header
 * sees: struct account may be complete in bank.c and opaque in bank.h) and, when the
 * scanned code defines it, comes with its body's facts (state, sites). A header that did
 * not parse or declares no function gets a note; the audit goes on with the others.
 * A family's harness includes the named headers of every function it calls (its
 * operations, constructor, contexts: audit_family_headers), not only its own. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

/* Is the first folder of rel the C library's or the kernel's (sys/, bits/, linux/ ...), or
 * a multiarch folder (x86_64-linux-gnu/), whose headers are never another header's API? */
static bool system_folder(const char *rel)
{
	static const char *const folders[] = { "sys", "bits", "asm", "asm-generic", "linux", "gnu",
					       "net", "netinet", "arpa", NULL };
	size_t n = strcspn(rel, "/");
	if (n >= 10 && strncmp(rel + n - 10, "-linux-gnu", 10) == 0)
		return true;
	for (int i = 0; folders[i]; i++)
		if (strlen(folders[i]) == n && strncmp(rel, folders[i], n) == 0)
			return true;
	return false;
}

/* Is path in a folder below dir (not in dir itself), other than the system's? Auditing
 * /usr/include/semaphore.h must not take in the select() of sys/select.h, which it
 * includes through x86_64-linux-gnu/sys/types.h. */
static bool below(const char *path, const char *dir, size_t dirlen)
{
	return strncmp(path, dir, dirlen) == 0 && path[dirlen] == '/' &&
	       strchr(path + dirlen + 1, '/') && !system_folder(path + dirlen + 1);
}

/* Is path a header beside header (same folder) whose name extends header's own, as an
 * umbrella header's parts do (nsync.h includes nsync_mu.h, nsync_cv.h, ...)? Not another
 * header of the folder it merely uses (ck_stack.h's ck_pr.h, /usr/include's stdio.h). */
static bool part_of(const char *path, const char *header, size_t dirlen)
{
	if (strncmp(path, header, dirlen) != 0 || path[dirlen] != '/' || strchr(path + dirlen + 1, '/'))
		return false;
	const char *name = header + dirlen + 1, *dot = strrchr(name, '.');
	size_t stem = dot ? (size_t)(dot - name) : strlen(name);
	const char *other = path + dirlen + 1;
	return stem > 0 && strncmp(other, name, stem) == 0 && (other[stem] == '_' || other[stem] == '-');
}

static bool in_set(char **set, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(set[i], s) == 0)
			return true;
	return false;
}

/* The files of unit u that are the API of header, one of its files: header and those it
 * includes below its folder, or its parts. */
static int api_files_of(const struct sa_unit *u, const char *header, char ***out)
{
	const char *slash = strrchr(header, '/');
	size_t dirlen = slash ? (size_t)(slash - header) : 0;
	char **set = calloc((size_t)u->nfiles + 2, sizeof *set);
	if (!set)
		return *out = NULL, 0;
	int n = 0;
	for (int i = 0; i < u->nfiles && !n; i++)   /* header as the unit spells it */
		if (strcmp(u->files[i].path, header) == 0)
			set[n++] = u->files[i].path;
	if (!n && strcmp(header, u->file) == 0)
		set[n++] = u->file;
	if (!n) {   /* not included there (another architecture's variant) */
		free(set);
		return *out = NULL, 0;
	}
	for (bool grew = true; grew;) {
		grew = false;
		for (int i = 0; i < u->nfiles; i++) {
			const struct sa_file *f = &u->files[i];
			if (f->includer && !in_set(set, n, f->path) && in_set(set, n, f->includer) &&
			    (below(f->path, header, dirlen) || part_of(f->path, header, dirlen))) {
				set[n++] = f->path;
				grew = true;
			}
		}
	}
	*out = set;
	return n;
}

int audit_api_files(const struct sa_unit *u, char ***out)
{
	return api_files_of(u, u->file, out);
}

void audit_plan_append(struct audit_plan *plan, struct audit_fn fn)
{
	plan->fns = audit_grow(plan->fns, &plan->cap_fns, plan->nfns, sizeof *plan->fns);
	plan->fns[plan->nfns++] = fn;
}

static void add_fn(struct audit_plan *plan, const struct sa_function *def,
		   const struct sa_function *body, const char *header)
{
	for (int i = 0; i < plan->nfns; i++) {   /* one function, however many units saw it */
		const struct sa_function *o = plan->fns[i].def;
		if (strcmp(o->usr, def->usr) == 0 ||
		    (strcmp(o->name, def->name) == 0 && o->file && def->file &&
		     strcmp(o->file, def->file) == 0 && o->line == def->line))
			return;
	}
	audit_plan_append(plan, (struct audit_fn){ .def = def, .body = body, .header = header });
}

/* The model's definition of a declared function (by USR, else by name), or NULL. */
static const struct sa_function *definition(const struct sa_model *m, const struct sa_function *d)
{
	for (int i = 0; i < m->nfns; i++)
		if (strcmp(m->fns[i].def->usr, d->usr) == 0)
			return m->fns[i].def;
	for (int i = 0; i < m->nfns; i++)
		if (strcmp(m->fns[i].def->name, d->name) == 0 && m->fns[i].def->linkage == SA_LINK_EXTERN)
			return m->fns[i].def;
	return NULL;
}

static const struct sa_unit *unit_of(const struct sa_units *units, const char *path)
{
	for (int i = 0; i < units->count; i++)
		if (strcmp(units->units[i].file, path) == 0)
			return &units->units[i];
	return NULL;
}

/* The unit of the header header is audited through, parsed (not refusing either), or NULL. */
static const struct sa_unit *through_unit(const struct audit_plan *plan,
					  const struct sa_units *units, const char *header)
{
	const char *includer = audit_through(plan, header);
	const struct sa_unit *u = includer ? unit_of(units, includer) : NULL;
	return u && u->status != SA_UNIT_FAILED && !sa_unit_refuses_alone(u) ? u : NULL;
}

const struct sa_unit *audit_api_unit(const struct audit_plan *plan, const struct sa_units *units,
				     const char *header, char ***files, int *nfiles)
{
	char real[PATH_MAX];
	const char *path = realpath(header, real) ? real : header;
	const struct sa_unit *u = unit_of(units, path);
	*files = NULL;
	*nfiles = 0;
	if (u && sa_unit_refuses_alone(u)) {
		const struct sa_unit *through = through_unit(plan, units, path);
		if (through)
			*nfiles = api_files_of(through, path, files);
		return through;
	}
	const struct sa_unit *src = u && u->status == SA_UNIT_ERRORS
		? sa_units_source_reading(units, path) : NULL;
	if (src) {   /* it needs what its includers include first: read as a source reads it */
		*nfiles = api_files_of(src, path, files);
		if (*nfiles > 0)
			return src;
	}
	if (u && u->status != SA_UNIT_FAILED)
		*nfiles = audit_api_files(u, files);
	return u && u->status != SA_UNIT_FAILED ? u : NULL;
}

/* Does the header's own parse see the function (by USR)? A unit that defines a macro
 * first may see another branch of the header: liburcu's wfqueue.c defines _LGPL_SOURCE,
 * and wfqueue.h's static inline cds_wfq_init, not the extern one the header declares
 * otherwise (two operations of one name: the harness did not compile). */
static bool sees(const struct sa_unit *u, const char *usr)
{
	for (int i = 0; i < u->nfunctions; i++)
		if (strcmp(u->functions[i].usr, usr) == 0)
			return true;
	return false;
}

void audit_collect_api(struct audit_plan *plan, const struct sa_model *model,
		       const struct sa_units *units, char *const *headers, int nheaders)
{
	plan->units = units;
	for (int h = 0; h < nheaders; h++) {
		char real[PATH_MAX];
		const char *path = realpath(headers[h], real) ? real : headers[h];
		const struct sa_unit *u = unit_of(units, path);
		const char *other_platform = u ? NULL : sa_units_left_out(units, path);
		if (other_platform) {
			audit_note(plan, "header", headers[h], NULL, "skipped",
				   "another platform's header (%s), which this build does not read: "
				   "its functions are those of the header this build includes instead",
				   other_platform);
			continue;
		}
		if (!u || u->status == SA_UNIT_FAILED) {
			audit_note(plan, "header", headers[h], NULL, "skipped",
				   "libclang could not parse it%s%s", u && u->ndiagnostics ? ": " : "",
				   u && u->ndiagnostics ? u->diagnostics[0].message : "");
			continue;
		}
		if (sa_unit_refuses_alone(u) && !through_unit(plan, units, path)) {
			audit_note(plan, "header", headers[h], NULL, "skipped",
				   "refuses to be included alone (line %d: #error %s): its functions "
				   "are audited through the headers that include it",
				   u->diagnostics[0].line, u->diagnostics[0].message);
			continue;
		}
		if (sa_unit_refuses_alone(u)) {
			char **files = NULL;
			int nfiles = 0;
			audit_api_unit(plan, units, path, &files, &nfiles);
			free(files);
			if (nfiles == 0) {
				audit_note(plan, "header", headers[h], NULL, "skipped",
					   "refuses to be included alone (line %d: #error %s), and %s, "
					   "which its #error names, does not include it on this machine",
					   u->diagnostics[0].line, u->diagnostics[0].message,
					   audit_through(plan, path));
				continue;
			}
			audit_note(plan, "header", headers[h], NULL, "audited",
				   "through %s, as its #error says (line %d: %s); only what it "
				   "declares is its API", audit_through(plan, path),
				   u->diagnostics[0].line, u->diagnostics[0].message);
		}
		const struct sa_unit *src = u->status == SA_UNIT_ERRORS && !sa_unit_refuses_alone(u)
			? sa_units_source_reading(units, path) : NULL;
		const char *base = src ? strrchr(src->file, '/') : NULL;
		if (src && base &&
		    strncmp(base + 1, AUDIT_SYSTEM_READER, strlen(AUDIT_SYSTEM_READER)) == 0)
			audit_note(plan, "header", headers[h], NULL, "audited",
				   "as a program that includes the system's headers first reads it "
				   "(alone it has %d error%s, %s:%d: %s: it uses the system's types "
				   "without including their headers)", u->ndiagnostics,
				   u->ndiagnostics == 1 ? "" : "s",
				   u->diagnostics[0].file ? u->diagnostics[0].file : u->file,
				   u->diagnostics[0].line, u->diagnostics[0].message);
		else if (src)
			audit_note(plan, "header", headers[h], NULL, "audited",
				   "as %s reads it (alone it has %d error%s, %s:%d: %s: it needs what "
				   "its includers include first)", src->file, u->ndiagnostics,
				   u->ndiagnostics == 1 ? "" : "s",
				   u->diagnostics[0].file ? u->diagnostics[0].file : u->file,
				   u->diagnostics[0].line, u->diagnostics[0].message);
		else if (u->status == SA_UNIT_ERRORS && !sa_unit_refuses_alone(u))
			audit_note(plan, "header", headers[h], NULL, "failed",
				   "%d error%s (%s:%d: %s); audited what clang recovered",
				   u->ndiagnostics, u->ndiagnostics == 1 ? "" : "s",
				   u->diagnostics[0].file ? u->diagnostics[0].file : u->file,
				   u->diagnostics[0].line, u->diagnostics[0].message);
		char **files = NULL;
		int nfiles = 0;
		const struct sa_unit *alone = u;
		u = audit_api_unit(plan, units, path, &files, &nfiles);
		int before = plan->nfns;
		if (u != alone && !sa_unit_refuses_alone(alone)) {
			/* read as a source reads it: the types its functions have there, where
			 * what it needs was included first (the model's may be the header's own
			 * parse, which did not know them); harnesses include the header itself */
			for (int i = 0; i < u->nfunctions; i++) {
				const struct sa_function *def = &u->functions[i];
				if (def->typed && in_set(files, nfiles, def->file))
					add_fn(plan, def, def, alone->file);
			}
			for (int i = 0; i < alone->ndeclarations; i++) {
				const struct sa_function *d = &alone->declarations[i];
				if (in_set(files, nfiles, d->file) || strcmp(d->file, path) == 0)
					add_fn(plan, d, definition(model, d), alone->file);
			}
		} else {
			for (int i = 0; i < model->nfns; i++) {
				const struct sa_function *def = model->fns[i].def;
				if (def->typed && in_set(files, nfiles, def->file) && sees(u, def->usr))
					add_fn(plan, def, def, u->file);
			}
			for (int i = 0; i < u->ndeclarations; i++) {
				const struct sa_function *d = &u->declarations[i];
				if (!in_set(files, nfiles, d->file))
					continue;
				add_fn(plan, d, definition(model, d), u->file);
			}
		}
		free(files);
		if (plan->nfns == before)
			audit_note(plan, "header", headers[h], NULL, "skipped",
				   "declares no function (macros only, or everything is #ifdef'd out)");
	}
}

/* Does the unit of header a read header b (directly or not)? */
static bool includes(const struct sa_units *units, const char *a, const char *b)
{
	char real_a[PATH_MAX], real_b[PATH_MAX];
	const struct sa_unit *u = units ? unit_of(units, realpath(a, real_a) ? real_a : a) : NULL;
	const char *path = realpath(b, real_b) ? real_b : b;
	for (int i = 1; u && i < u->nfiles; i++)   /* files[0] is a itself */
		if (strcmp(u->files[i].path, path) == 0)
			return true;
	return false;
}

/* Appends the named header whose API fn is, unless it is there already. */
static void add_header_of(const struct audit_plan *plan, const struct sa_function *fn,
			  const char **headers, int *n)
{
	const struct audit_fn *f = fn ? audit_api_named(plan, fn->name) : NULL;
	if (!f || !f->header)
		return;
	for (int i = 0; i < *n; i++)
		if (strcmp(headers[i], f->header) == 0)
			return;
	headers[(*n)++] = f->header;
}

static int read_at(const struct sa_unit *u, const char *path);

/* At most how many headers add_headers_it_needs adds beside the API's. */
#define SYSTEM_HEADERS_MAX 32

/* A header that does not parse alone (mimalloc-internal.h uses what mimalloc.h declares)
 * gets, before it, the API headers that a source of the build which reads it without
 * errors includes first, and the system headers that source includes itself before it
 * (tdb.h's mode_t: <sys/types.h>, from the source audit_system_reader writes). */
static void add_headers_it_needs(const struct audit_plan *plan, const char *header,
				 const char **headers, int *n)
{
	char real[PATH_MAX];
	const char *path = realpath(header, real) ? real : header;
	const struct sa_unit *alone = plan->units ? unit_of(plan->units, path) : NULL;
	if (!alone || alone->status != SA_UNIT_ERRORS || sa_unit_refuses_alone(alone))
		return;
	const struct sa_unit *src = sa_units_source_reading(plan->units, path);
	int at = src ? read_at(src, path) : -1;
	for (int i = 0; src && i < plan->nfns; i++) {
		const char *h = plan->fns[i].header;
		int before = h ? read_at(src, h) : -1;
		bool listed = false;
		for (int k = 0; h && k < *n && !listed; k++)
			listed = strcmp(headers[k], h) == 0;
		if (!listed && before >= 0 && before < at)
			headers[(*n)++] = h;
	}
	for (int k = 1, added = 0; src && k < at && added < SYSTEM_HEADERS_MAX; k++) {
		const struct sa_file *f = &src->files[k];
		bool listed = false;
		for (int j = 0; j < *n && !listed; j++)
			listed = strcmp(headers[j], f->path) == 0;
		if (!listed && f->includer && strcmp(f->includer, src->file) == 0 &&
		    audit_in_compiler_folder(f->path)) {
			headers[(*n)++] = f->path;
			added++;
		}
	}
}

/* Where unit u read path (its index in u->files), or -1. */
static int read_at(const struct sa_unit *u, const char *path)
{
	char real[PATH_MAX];
	const char *p = realpath(path, real) ? real : path;
	for (int i = 0; i < u->nfiles; i++)
		if (strcmp(u->files[i].path, p) == 0)
			return i;
	return -1;
}

/* Orders headers as a source of the build that reads them all includes them (else a
 * header that does): mimalloc's sources include mimalloc.h, then mimalloc-internal.h,
 * which needs what the first defines (a harness that included them the other way round
 * did not compile). Left as they are when no unit reads them all. */
static void in_the_builds_order(const struct sa_units *units, const char **headers, int n)
{
	if (n < 2 || !units)
		return;
	char (*real)[PATH_MAX] = calloc((size_t)n, sizeof *real);
	int *at = calloc((size_t)n, sizeof *at);
	for (int h = 0; real && h < n; h++)   /* resolved once, as units name their files */
		if (!realpath(headers[h], real[h]))
			snprintf(real[h], sizeof real[h], "%s", headers[h]);
	const struct sa_unit *ref = NULL;
	for (int pass = 0; pass < 2 && !ref && real && at; pass++)
		for (int i = 0; i < units->count && !ref; i++) {
			const struct sa_unit *u = &units->units[i];
			size_t len = strlen(u->file);
			if (pass == 0 && !(len > 2 && strcmp(u->file + len - 2, ".c") == 0))
				continue;
			bool all = true;
			for (int h = 0; h < n && all; h++) {
				at[h] = -1;
				for (int f = 0; f < u->nfiles && at[h] < 0; f++)
					if (strcmp(u->files[f].path, real[h]) == 0)
						at[h] = f;
				all = at[h] >= 0;
			}
			if (all)
				ref = u;
		}
	for (int i = 1; ref && i < n; i++)   /* insertion sort: a handful of headers */
		for (int j = i; j > 0 && at[j - 1] > at[j]; j--) {
			const char *t = headers[j];
			headers[j] = headers[j - 1];
			headers[j - 1] = t;
			int p = at[j];
			at[j] = at[j - 1];
			at[j - 1] = p;
		}
	free(real);
	free(at);
}

int audit_family_headers(const struct audit_plan *plan, const struct audit_family *fam,
			 const char ***out)
{
	int cap = 3 + fam->nops + 2 * fam->ncontexts + fam->npools + plan->nfns, n = 0;
	cap += (cap + 1) * SYSTEM_HEADERS_MAX;   /* each named header's system headers */
	const char **headers = malloc((size_t)cap * sizeof *headers);
	if (!headers)
		return *out = NULL, 0;
	headers[n++] = fam->header;
	add_header_of(plan, fam->starter, headers, &n);
	add_header_of(plan, fam->library_init, headers, &n);
	for (int i = 0; i < fam->ncontexts; i++) {
		add_header_of(plan, fam->contexts[i]->maker, headers, &n);
		add_header_of(plan, fam->contexts[i]->init, headers, &n);
	}
	for (int i = 0; i < fam->npools; i++)
		add_header_of(plan, fam->pools[i].init, headers, &n);
	for (int i = 0; i < fam->nops; i++)
		add_header_of(plan, fam->ops[i].fn, headers, &n);
	for (int i = 0, named = n; i < named; i++)
		add_headers_it_needs(plan, headers[i], headers, &n);
	int kept = 0;
	for (int i = 0; i < n; i++) {
		bool included = false;
		for (int j = 0; j < n && !included; j++)
			included = j != i && includes(plan->units, headers[j], headers[i]);
		if (!included)
			headers[kept++] = headers[i];
	}
	in_the_builds_order(plan->units, headers, kept);
	*out = headers;
	return kept;
}
