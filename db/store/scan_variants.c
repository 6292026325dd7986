/* scan_variants.c: storing and loading back the facts behind calls resolved across units
 * (schema version 15, docs/db.md): the constant arguments of call sites, the variants of
 * functions whose sites depend on an argument (their sites and calls at each value), and
 * the model's resolution of calls to variants with the variants each function reaches.
 * scan_store.c and scan_read.c call these for each function; a function's own variants
 * are unit facts (loaded back with a reused unit); derived variants (the model's, for a
 * function passing its parameter on), resolutions and reach are recomputed every run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "db_internal.h"
#include "snc_scan_rows.h"

/* ---- storing ------------------------------------------------------------------------- */

/* "3=2 4=0": a call's constant arguments, 1-based, as scanned_variant_calls keeps them
 * (a parameter passed on is not: a variant's calls are only resolved at constants). */
static char *arguments_text(const struct sa_call *c)
{
	size_t cap = (size_t)c->nconsts * 48 + 1, len = 0;
	char *s = malloc(cap);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < c->nconsts; i++)
		if (c->consts[i].param < 0)
			len += (size_t)snprintf(s + len, cap - len, "%s%d=%lld", len ? " " : "",
						c->consts[i].index + 1, c->consts[i].value);
	return s;
}

static int store_variant(struct snc_db *db, int64_t fn_id, const struct sa_variant_node *node,
			 int64_t *id)
{
	const struct sa_variant *v = node->def;
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_variants (function_id, order_param, "
				       "value, memory_order, heavyweight, derived) VALUES (?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, fn_id);
	db_bind_int(st, 2, v->param + 1);
	db_bind_int(st, 3, v->value);
	db_bind_text(st, 4, v->order);
	db_bind_int(st, 5, node->transitive);
	db_bind_int(st, 6, node->derived);
	if ((*id = db_insert(db, st, "storing a variant")) < 0)
		return -1;
	for (int k = 0; k < v->nsites; k++) {
		const struct sa_site *s = &v->sites[k];
		st = db_stmt(db, "INSERT INTO scanned_variant_sites (variant_id, kind, op, "
				 "memory_order, macro, line, \"column\", order_param, via) "
				 "VALUES (?,?,?,?,?,?,?,?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, *id);
		db_bind_text(st, 2, sa_kind_name(s->kind));
		db_bind_text(st, 3, s->op);
		db_bind_text(st, 4, s->order);
		db_bind_text(st, 5, s->macro);
		db_bind_int(st, 6, s->line);
		db_bind_int(st, 7, s->column);
		db_bind_id(st, 8, s->param >= 0 ? s->param + 1 : 0);
		db_bind_text(st, 9, s->via);
		if (db_insert(db, st, "storing a variant's site") < 0)
			return -1;
	}
	for (int k = 0; k < v->ncalls; k++) {
		const struct sa_call *c = &v->calls[k];
		st = db_stmt(db, "INSERT INTO scanned_variant_calls (variant_id, callee_usr, callee, "
				 "line, \"column\", value_used, resolved, via, arguments) "
				 "VALUES (?,?,?,?,?,?,?,?,?)");
		char *args = arguments_text(c);
		if (!st || !args) {
			free(args);
			return -1;
		}
		db_bind_int(st, 1, *id);
		db_bind_text(st, 2, c->callee_usr);
		db_bind_text(st, 3, c->callee);
		db_bind_int(st, 4, c->line);
		db_bind_int(st, 5, c->column);
		db_bind_int(st, 6, c->value_used);
		db_bind_int(st, 7, c->resolved);
		db_bind_text(st, 8, c->via);
		db_bind_text(st, 9, args[0] ? args : NULL);
		int64_t rc = db_insert(db, st, "storing a variant's call");
		free(args);
		if (rc < 0)
			return -1;
	}
	return 0;
}

int scan_store_variants(struct snc_db *db, const struct sa_model *m, const int64_t *ids,
			int64_t **variant_ids)
{
	*variant_ids = calloc((size_t)m->nvariants + 1, sizeof **variant_ids);
	if (!*variant_ids) {
		snprintf(db->err, sizeof db->err, "out of memory");
		return -1;
	}
	for (int i = 0; i < m->nvariants; i++)
		if (store_variant(db, ids[m->variants[i].fn], &m->variants[i], &(*variant_ids)[i]) != 0)
			return -1;
	return 0;
}

int scan_store_call_facts(struct snc_db *db, const struct sa_fn *f, int k, int64_t call_id,
			  const int64_t *variant_ids)
{
	const struct sa_call *c = &f->def->calls[k];
	for (int i = 0; i < c->nconsts; i++) {
		sqlite3_stmt *st = db_stmt(db, "INSERT OR IGNORE INTO scanned_call_arguments "
					       "(call_id, position, value, caller_param) VALUES (?,?,?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, call_id);
		db_bind_int(st, 2, c->consts[i].index + 1);
		if (c->consts[i].param < 0)
			db_bind_int(st, 3, c->consts[i].value);
		else
			db_bind_int(st, 4, c->consts[i].param + 1);
		if (db_step_done(db, st, "storing a constant argument") != 0)
			return -1;
	}
	if (!f->call_variant || f->call_variant[k] < 0)
		return 0;
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_call_resolutions (call_id, variant_id) "
				       "VALUES (?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, call_id);
	db_bind_int(st, 2, variant_ids[f->call_variant[k]]);
	return db_step_done(db, st, "storing a resolved call");
}

int scan_store_variant_reach(struct snc_db *db, const struct sa_fn *f, int64_t fn_id,
			     const int64_t *variant_ids)
{
	for (int k = 0; k < f->nvreach; k++) {
		sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_variant_reach (function_id, "
					       "variant_id, distance, path) VALUES (?,?,?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, fn_id);
		db_bind_int(st, 2, variant_ids[f->vreach[k].variant]);
		db_bind_int(st, 3, f->vreach[k].distance);
		db_bind_text(st, 4, f->vreach[k].path);
		if (db_step_done(db, st, "storing a call path to a variant") != 0)
			return -1;
	}
	return 0;
}

/* ---- loading back -------------------------------------------------------------------- */

/* One more zeroed element at the end of a malloc'd array; NULL when out of memory. */
static void *grow(void *arrp, int *n, size_t size)
{
	void **arr = arrp;
	void *p = realloc(*arr, (size_t)(*n + 1) * size);
	if (!p)
		return NULL;
	*arr = p;
	char *slot = (char *)p + (size_t)(*n)++ * size;
	memset(slot, 0, size);
	return slot;
}

/* Adds argument position (1-based): the constant value, or the caller's parameter
 * caller_param (1-based) when that is above 0. */
static int add_const(struct sa_call *c, int position, long long value, int caller_param)
{
	struct sa_const_arg *a = grow(&c->consts, &c->nconsts, sizeof *a);
	if (!a)
		return -1;
	a->index = position - 1;
	a->value = caller_param > 0 ? 0 : value;
	a->param = caller_param - 1;
	return 0;
}

/* The constant arguments of f's calls, loaded in call order (row_number over the ids). */
static int load_call_arguments(struct snc_db *db, int64_t fn_id, struct sa_function *f)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT x.idx, a.position, a.value, a.caller_param FROM (SELECT id, "
		"row_number() OVER (ORDER BY id) - 1 "
		"AS idx FROM scanned_calls WHERE function_id = ?) x "
		"JOIN scanned_call_arguments a ON a.call_id = x.id ORDER BY x.idx, a.position");
	if (!st)
		return -1;
	db_bind_int(st, 1, fn_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int idx = sqlite3_column_int(st, 0);
		if (idx < 0 || idx >= f->ncalls)
			continue;
		if (add_const(&f->calls[idx], sqlite3_column_int(st, 1), sqlite3_column_int64(st, 2),
			      sqlite3_column_int(st, 3)) != 0) {
			sqlite3_reset(st);
			return scan_read_oom(db);
		}
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading constant arguments");
}

static int load_variant_sites(struct snc_db *db, int64_t id, struct sa_variant *v)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT kind, op, memory_order, macro, line, \"column\", "
				       "order_param, via FROM scanned_variant_sites "
				       "WHERE variant_id = ? ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_site *s = grow(&v->sites, &v->nsites, sizeof *s);
		if (!s) {
			sqlite3_reset(st);
			return scan_read_oom(db);
		}
		scan_site_from_row(s, st);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading a variant's sites");
}

/* Parses "3=2 4=0" back into c's constants. */
static int parse_arguments(struct sa_call *c, const char *text)
{
	while (text && *text) {
		int position, used = 0;
		long long value;
		if (sscanf(text, "%d=%lld%n", &position, &value, &used) != 2 || used == 0)
			return 0;   /* not ours: no constants */
		if (add_const(c, position, value, 0) != 0)
			return -1;
		text += used;
		while (*text == ' ')
			text++;
	}
	return 0;
}

static int load_variant_calls(struct snc_db *db, int64_t id, struct sa_variant *v)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT callee_usr, callee, line, \"column\", value_used, "
				       "resolved, via, arguments FROM scanned_variant_calls "
				       "WHERE variant_id = ? ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_call *c = grow(&v->calls, &v->ncalls, sizeof *c);
		if (!c || parse_arguments(c, db_col_text(st, 7)) != 0) {
			sqlite3_reset(st);
			return scan_read_oom(db);
		}
		scan_call_from_row(c, st);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading a variant's calls");
}

int scan_load_variant_facts(struct snc_db *db, int64_t fn_id, struct sa_function *f)
{
	if (load_call_arguments(db, fn_id, f) != 0)
		return -1;
	sqlite3_stmt *st = db_stmt(db, "SELECT id, order_param, value, memory_order "
				       "FROM scanned_variants WHERE function_id = ? AND derived = 0 "
				       "ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, fn_id);
	int64_t *ids = NULL;
	int nids = 0, rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_variant *v = grow(&f->variants, &f->nvariants, sizeof *v);
		int64_t *id = v ? grow(&ids, &nids, sizeof *ids) : NULL;
		if (!id) {
			sqlite3_reset(st);
			free(ids);
			return scan_read_oom(db);
		}
		*id = sqlite3_column_int64(st, 0);
		v->param = sqlite3_column_int(st, 1) - 1;
		v->value = sqlite3_column_int64(st, 2);
		v->order = scan_col_dup(st, 3);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		free(ids);
		return db_fail(db, "reading variants");
	}
	for (int i = 0; i < nids; i++)
		if (load_variant_sites(db, ids[i], &f->variants[i]) != 0 ||
		    load_variant_calls(db, ids[i], &f->variants[i]) != 0) {
			free(ids);
			return -1;
		}
	free(ids);
	return 0;
}
