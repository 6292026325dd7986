/* facts_scan.c: the static half of a run's facts, and the tie between an operation of a
 * harness and the function of the library it exercises.
 *
 * The scan read is the newest one at or before the run (a DB written before scans existed
 * has none, and that is not an error). From it come the functions outside system headers,
 * the heavyweight sites each one reaches with one shortest call path, the candidate pairs
 * with their static class, and the call sites of every function outside the harness
 * sources (a harness calls an API to return its value, which says nothing about whether
 * the program using the API reads it).
 *
 * Tying an operation to its function, by name:
 *   1. a function of that name in the harness source itself is a wrapper (a harness op
 *      `set_add` calling `mutex_set_add`); if it calls exactly one function defined outside
 *      the harness sources, that function is the API it exercises, else the wrapper is;
 *   2. otherwise the function of that name whose file name is closest to the harness's
 *      (longest common prefix of the base names: mutex_set_harness.c -> mutex_set.c), an
 *      API function before a static one;
 *   3. otherwise, when the op is named by a macro of the run's audit (api_aliases: the
 *      op `cds_wfs_push` of an audit is the function `_cds_wfs_push`), that function,
 *      which findings and reports then name beside the op (implemented_by).
 * Names are the join because they are what a harness and a program share; two libraries
 * with one name are told apart by rule 2, and a harness that exercises neither is simply
 * not tied (its findings then point at the SNC_OP line). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "findings_internal.h"

/* Functions by scan id, to attach sites. */
struct id_map {
	int64_t *ids;
	int n;
};

static int by_id(const struct id_map *m, int64_t id)
{
	for (int i = 0; i < m->n; i++)
		if (m->ids[i] == id)
			return i;
	return -1;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static bool same_file(const char *a, const char *b)
{
	if (!a || !b)
		return false;
	if (strcmp(a, b) == 0)
		return true;
	char ra[PATH_MAX], rb[PATH_MAX];
	return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

bool facts_in_harness_source(const struct snc_facts *facts, const char *file)
{
	for (int i = 0; i < facts->nharnesses; i++)
		if (same_file(facts->harnesses[i].source, file))
			return true;
	return false;
}

/* The function named name in file, or (file NULL, or none there) the one closest to near. */
static int function_named(const struct snc_facts *facts, const char *name, const char *file,
			  const char *near)
{
	int best = -1, best_score = -1;
	for (int i = 0; i < facts->nfunctions; i++) {
		const struct snc_fact_function *fn = &facts->functions[i];
		if (strcmp(fn->name, name) != 0)
			continue;
		if (file && same_file(fn->file, file))
			return i;
		const char *a = base_name(fn->file), *b = near ? base_name(near) : "";
		int common = 0;
		while (a[common] && a[common] == b[common])
			common++;
		int score = common * 2 + fn->api;
		if (score > best_score) {
			best = i;
			best_score = score;
		}
	}
	return best;
}

static int64_t scan_run(struct snc_db *db, int64_t run_id)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT max(run_id) FROM scan_units WHERE run_id <= ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	int64_t id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	sqlite3_reset(st);
	return id < 0 ? db_fail(db, "finding the scan") : id;
}

static int load_functions(struct snc_db *db, struct snc_facts *facts, struct id_map *map)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT function_id, file, line, name, returns_value, linkage, heavyweight_sites, "
		"transitive_heavyweight, signature, api FROM scan_functions "
		"WHERE run_id = ? AND system = 0 ORDER BY file, line, name");
	if (!st)
		return -1;
	db_bind_int(st, 1, facts->scan_run_id);
	struct db_arena *a = facts->arena;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		map->ids = db_array_grow(map->ids, map->n, sizeof *map->ids);
		map->ids[map->n++] = sqlite3_column_int64(st, 0);
		facts->functions = db_array_grow(facts->functions, facts->nfunctions,
						 sizeof *facts->functions);
		facts->functions[facts->nfunctions++] = (struct snc_fact_function){
			.file = db_arena_strdup(a, db_col_text(st, 1)),
			.line = sqlite3_column_int(st, 2),
			.name = db_arena_strdup(a, db_col_text(st, 3)),
			.returns_value = sqlite3_column_int(st, 4),
			.linkage = db_arena_strdup(a, db_col_text(st, 5)),
			.heavyweight_sites = sqlite3_column_int64(st, 6),
			.transitive_heavyweight = sqlite3_column_int64(st, 7),
			.signature = db_arena_strdup(a, db_col_text(st, 8)),
			.api = sqlite3_column_int(st, 9),
		};
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading scanned functions");
}

/* The scan_heavyweight view names the reaching function, but names are not unique (two
 * harness files may each define `alloc`), so the sites are read by function id from the
 * tables behind that view (the sites of functions reached, and of variants reached through
 * calls resolved at constant arguments), in its order: nearest first. */
#define REACHED_SITES                                                                      \
	"SELECT r.function_id, s.kind, s.op, s.memory_order, t.name, fl.path, s.line, "      \
	"r.distance, r.path FROM scanned_reach r "                                          \
	"JOIN scanned_functions t ON t.id = r.target_id "                                   \
	"JOIN scanned_sites s ON s.function_id = t.id AND s.kind <> 'light' "               \
	"JOIN scanned_files fl ON fl.id = t.file_id WHERE t.run_id = ?1 "
#define REACHED_VARIANT_SITES                                                              \
	"SELECT r.function_id, s.kind, s.op, s.memory_order, t.name, fl.path, s.line, "      \
	"r.distance, r.path FROM scanned_variant_reach r "                                  \
	"JOIN scanned_variants v ON v.id = r.variant_id "                                   \
	"JOIN scanned_functions t ON t.id = v.function_id "                                 \
	"JOIN scanned_variant_sites s ON s.variant_id = v.id AND s.kind <> 'light' "        \
	"JOIN scanned_files fl ON fl.id = t.file_id WHERE t.run_id = ?1 "

static int load_sites(struct snc_db *db, struct snc_facts *facts, const struct id_map *map)
{
	/* a file older than version 15, read without upgrading it, has no variants */
	int variants = db_has_table(db, "scanned_variant_reach");
	if (variants < 0)
		return -1;
	sqlite3_stmt *st = db_stmt(db, variants ?
		REACHED_SITES "UNION ALL " REACHED_VARIANT_SITES "ORDER BY 1, 8, 6, 7" :
		REACHED_SITES "ORDER BY 1, 8, 6, 7");
	if (!st)
		return -1;
	db_bind_int(st, 1, facts->scan_run_id);
	struct db_arena *a = facts->arena;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int i = by_id(map, sqlite3_column_int64(st, 0));
		if (i < 0)
			continue;
		struct snc_fact_function *fn = &facts->functions[i];
		fn->sites = db_array_grow(fn->sites, fn->nsites, sizeof *fn->sites);
		fn->sites[fn->nsites++] = (struct snc_fact_site){
			.kind = db_arena_strdup(a, db_col_text(st, 1)),
			.op = db_arena_strdup(a, db_col_text(st, 2)),
			.memory_order = db_arena_strdup(a, db_col_text(st, 3)),
			.function = db_arena_strdup(a, db_col_text(st, 4)),
			.file = db_arena_strdup(a, db_col_text(st, 5)),
			.line = sqlite3_column_int(st, 6),
			.distance = sqlite3_column_int(st, 7),
			.path = db_arena_strdup(a, db_col_text(st, 8)),
		};
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading heavyweight sites");
}

/* Functions sorted by name, file and index: a pair names tens of thousands of functions in
 * a large scan, too many for function_named()'s walk over every function each time. */
struct by_name {
	const char *name, *file;
	int index;
};

static int compare_by_name(const void *a, const void *b)
{
	const struct by_name *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	if (c == 0)
		c = strcmp(x->file, y->file);
	return c ? c : (x->index > y->index) - (x->index < y->index);
}

static int compare_name_only(const void *a, const void *b)
{
	return strcmp(((const struct by_name *)a)->name, ((const struct by_name *)b)->name);
}

/* function_named(facts, name, file, NULL), found in the sorted list when the first function
 * of that name is in file, as written (the scan stores canonical paths); else asked of
 * function_named() itself. */
static int pair_function(const struct snc_facts *facts, const struct by_name *sorted,
			 const char *name, const char *file)
{
	struct by_name key = { name, file, 0 };
	const struct by_name *hit = name && file && facts->nfunctions > 0
		? bsearch(&key, sorted, (size_t)facts->nfunctions, sizeof *sorted, compare_name_only)
		: NULL;
	if (hit) {
		const struct by_name *first = hit, *end = hit;
		while (first > sorted && strcmp(first[-1].name, name) == 0)
			first--;
		while (end < sorted + facts->nfunctions && strcmp(end->name, name) == 0)
			end++;
		const struct by_name *lowest = first, *exact = NULL;
		for (const struct by_name *e = first; e < end; e++) {
			if (e->index < lowest->index)
				lowest = e;
			if (!exact && strcmp(e->file, file) == 0)
				exact = e;
		}
		if (exact && exact == lowest)
			return exact->index;
	}
	return function_named(facts, name, file, NULL);
}

/* One arena copy per distinct shared-state list (pairs repeat a few hundred lists). */
struct list_copies {
	const char **v;    /* open addressing, power-of-two size */
	size_t size, used;
};

static const char *list_copy(struct db_arena *a, struct list_copies *c, const char *text)
{
	if (!text)
		return NULL;
	if (2 * (c->used + 1) > c->size) {
		struct list_copies bigger = { NULL, c->size ? 2 * c->size : 256, c->used };
		bigger.v = calloc(bigger.size, sizeof *bigger.v);
		if (!bigger.v)
			return db_arena_strdup(a, text);
		for (size_t i = 0; i < c->size; i++)
			if (c->v[i]) {
				uint64_t h = 14695981039346656037ull;
				for (const char *p = c->v[i]; *p; p++)
					h = (h ^ (unsigned char)*p) * 1099511628211ull;
				size_t j = (size_t)h & (bigger.size - 1);
				while (bigger.v[j])
					j = (j + 1) & (bigger.size - 1);
				bigger.v[j] = c->v[i];
			}
		free(c->v);
		*c = bigger;
	}
	uint64_t h = 14695981039346656037ull;
	for (const char *p = text; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ull;
	size_t j = (size_t)h & (c->size - 1);
	while (c->v[j] && strcmp(c->v[j], text) != 0)
		j = (j + 1) & (c->size - 1);
	if (!c->v[j]) {
		c->v[j] = db_arena_strdup(a, text);
		c->used++;
	}
	return c->v[j];
}

static int load_pairs(struct snc_db *db, struct snc_facts *facts)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT f, f_file, g, g_file, shared_state, static_class FROM scan_pairs "
		"WHERE run_id = ? ORDER BY pair_id");
	if (!st)
		return -1;
	struct by_name *sorted = malloc(((size_t)facts->nfunctions + 1) * sizeof *sorted);
	if (!sorted) {
		snprintf(db->err, sizeof db->err, "out of memory reading scanned pairs");
		return -1;
	}
	for (int i = 0; i < facts->nfunctions; i++)
		sorted[i] = (struct by_name){ facts->functions[i].name, facts->functions[i].file, i };
	qsort(sorted, (size_t)facts->nfunctions, sizeof *sorted, compare_by_name);
	struct list_copies lists = { 0 };
	db_bind_int(st, 1, facts->scan_run_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int f = pair_function(facts, sorted, db_col_text(st, 0), db_col_text(st, 1));
		int g = pair_function(facts, sorted, db_col_text(st, 2), db_col_text(st, 3));
		if (f < 0 || g < 0)
			continue;
		facts->scan_pairs = db_array_grow(facts->scan_pairs, facts->nscan_pairs,
						  sizeof *facts->scan_pairs);
		facts->scan_pairs[facts->nscan_pairs++] = (struct snc_fact_scan_pair){
			.f = f, .g = g,
			.shared_state = list_copy(facts->arena, &lists, db_col_text(st, 4)),
			.static_class = db_arena_strdup(facts->arena, db_col_text(st, 5)),
		};
	}
	sqlite3_reset(st);
	free(sorted);
	free(lists.v);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading scanned pairs");
}

/* A call from a harness source: who in the harness calls what (rule 1 of the header). */
struct wrapper_call {
	const char *caller, *file, *callee;
};

struct wrapper_calls {
	struct wrapper_call *items;
	int n;
};

/* Call sites outside the harnesses go to the function called (its own file first, as a
 * static callee is); calls from a harness source are kept for tying ops to functions. */
static int load_calls(struct snc_db *db, struct snc_facts *facts, struct wrapper_calls *wc)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT caller, callee, file, line, value_used FROM scan_calls "
		"WHERE run_id = ? AND defined = 1 ORDER BY file, line");
	if (!st)
		return -1;
	db_bind_int(st, 1, facts->scan_run_id);
	struct db_arena *a = facts->arena;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *caller = db_col_text(st, 0), *callee = db_col_text(st, 1);
		const char *file = db_col_text(st, 2);
		if (facts_in_harness_source(facts, file)) {
			wc->items = db_array_grow(wc->items, wc->n, sizeof *wc->items);
			wc->items[wc->n++] = (struct wrapper_call){
				.caller = db_arena_strdup(a, caller),
				.file = db_arena_strdup(a, file),
				.callee = db_arena_strdup(a, callee),
			};
			continue;
		}
		int i = function_named(facts, callee, file, file);
		if (i < 0)
			continue;
		struct snc_fact_function *fn = &facts->functions[i];
		fn->calls = db_array_grow(fn->calls, fn->ncalls, sizeof *fn->calls);
		fn->calls[fn->ncalls++] = (struct snc_fact_call){
			.caller = db_arena_strdup(a, caller),
			.file = db_arena_strdup(a, file),
			.line = sqlite3_column_int(st, 3),
			.value_used = sqlite3_column_int(st, 4),
		};
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading call sites");
}

/* The function an op exercises (rules 1 and 2 of the header), or -1. */
static int op_function(const struct snc_facts *facts, const struct snc_fact_harness *h,
		       const struct snc_fact_op *op, const struct wrapper_calls *wc)
{
	int w = function_named(facts, op->name, h->source, h->source);
	if (w < 0 || !same_file(facts->functions[w].file, h->source))
		return w;
	int api = -1, distinct = 0;
	for (int i = 0; i < wc->n; i++) {
		const struct wrapper_call *c = &wc->items[i];
		if (strcmp(c->caller, op->name) != 0 || !same_file(c->file, h->source))
			continue;
		int callee = function_named(facts, c->callee, NULL, h->source);
		if (callee < 0 || callee == api || facts_in_harness_source(facts, facts->functions[callee].file))
			continue;
		api = callee;
		distinct++;
	}
	return distinct == 1 ? api : w;
}

/* Rule 3: the function a macro of the run's audit names, or -1 (no such alias, or a
 * database from before the alias table). When that is none, or a wrapper the audit
 * generated (snc_macro_NAME, in a header of its temporary folder), the macro's own
 * definition in the library's header goes into op->header_file and header_line: the place a
 * reviewer can open. */
static int alias_function(struct snc_db *db, struct snc_facts *facts, int64_t run_id,
			  struct snc_fact_op *op, const char *near)
{
	const char *name = op->name;
	sqlite3_stmt *st = db_stmt(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' "
				       "AND name = 'api_aliases'");
	if (!st)
		return -1;
	int present = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_reset(st);
	if (!present || !(st = db_stmt(db, "SELECT target, file, line FROM api_aliases WHERE "
					   "run_id = ? AND name = ? AND target IS NOT NULL LIMIT 1")))
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, name);
	int found = -1;
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *target = db_col_text(st, 0);
		found = function_named(facts, target, NULL, near);
		if ((found < 0 || strncmp(target, "snc_macro_", 10) == 0) &&
		    sqlite3_column_type(st, 1) == SQLITE_TEXT) {
			op->header_file = db_arena_strdup(facts->arena, db_col_text(st, 1));
			op->header_line = sqlite3_column_int(st, 2);
		}
	}
	sqlite3_reset(st);
	return found;
}

/* The first function of op's name the scan found in a system header. */
static void system_function_place(struct snc_db *db, struct snc_facts *facts, struct snc_fact_op *op)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT file, line FROM scan_functions WHERE run_id = ? "
				       "AND name = ? AND system = 1 ORDER BY file, line LIMIT 1");
	if (!st)
		return;
	db_bind_int(st, 1, facts->scan_run_id);
	db_bind_text(st, 2, op->name);
	if (sqlite3_step(st) == SQLITE_ROW) {
		op->header_file = db_arena_strdup(facts->arena, db_col_text(st, 0));
		op->header_line = sqlite3_column_int(st, 1);
	}
	sqlite3_reset(st);
}

/* An op tied to no function of the facts: where the audit of the run found its function
 * declared (a library's function, whose body the scan never saw: ck_hs_put in ck_hs.h),
 * else the first function of its name the scan found in a system header (facts leave those
 * out; an audit of an installed header calls them), as the place a finding shows. */
static void declared_place(struct snc_db *db, struct snc_facts *facts, int64_t run_id,
			   bool declarations, struct snc_fact_op *op)
{
	sqlite3_stmt *st = declarations ? db_stmt(db, "SELECT file, line FROM audit_declarations "
						      "WHERE run_id = ? AND name = ? LIMIT 1") : NULL;
	if (st) {
		db_bind_int(st, 1, run_id);
		db_bind_text(st, 2, op->name);
		if (sqlite3_step(st) == SQLITE_ROW) {
			op->header_file = db_arena_strdup(facts->arena, db_col_text(st, 0));
			op->header_line = sqlite3_column_int(st, 1);
		}
		sqlite3_reset(st);
		if (op->header_file)
			return;
	}
	system_function_place(db, facts, op);
}

int facts_load_scan(struct snc_db *db, struct snc_facts *facts, int64_t run_id)
{
	int present = db_has_view(db, "scan_units");
	if (present <= 0)
		return present;
	int64_t scan = scan_run(db, run_id);
	if (scan <= 0)
		return (int)scan;
	facts->scan_run_id = scan;
	struct id_map map = { 0 };
	struct wrapper_calls wc = { 0 };
	int declarations = db_has_table(db, "audit_declarations");   /* schema 18 on */
	int rc = load_functions(db, facts, &map);
	if (rc == 0)
		rc = load_sites(db, facts, &map);
	if (rc == 0)
		rc = load_pairs(db, facts);
	if (rc == 0)
		rc = load_calls(db, facts, &wc);
	for (int i = 0; rc == 0 && i < facts->nharnesses; i++) {
		struct snc_fact_harness *h = &facts->harnesses[i];
		for (int o = 0; o < h->nops; o++) {
			h->ops[o].function = op_function(facts, h, &h->ops[o], &wc);
			if (h->ops[o].function < 0) {
				h->ops[o].function = alias_function(db, facts, h->run_id, &h->ops[o],
								    h->source);
				if (h->ops[o].function >= 0)
					h->ops[o].implemented_by = facts->functions[h->ops[o].function].name;
				else if (!h->ops[o].header_file)
					declared_place(db, facts, h->run_id, declarations > 0,
						       &h->ops[o]);
			}
			if (h->ops[o].function >= 0)
				h->ops[o].heavyweight =
					facts->functions[h->ops[o].function].transitive_heavyweight;
		}
	}
	free(map.ids);
	free(wc.items);
	return rc;
}
