/* scan_store.c: storing what `snc scan` found, as one run's complete results.
 *
 * The scan rows (snc_scan_rows.h: the units' facts and the model the analyzer fills) are
 * stored as they are; db/ does not link the analyzer or libclang, so the harness programs
 * that link db/ stay small. Rows are written in the model's order
 * (units by file and flags, functions by file, line and name, pairs by f and g), so two
 * scans of the same sources give the same rows whatever -j was. Reused units are stored
 * like parsed ones, with reused_from naming the unit their facts were copied from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "db_internal.h"
#include "snc_scan_rows.h"

struct file_ids {
	const char **paths;   /* sorted */
	int64_t *ids;
	int n, cap;
};

static int compare_paths(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int compare_file_ptrs(const void *a, const void *b)
{
	return strcmp((*(const struct sa_file *const *)a)->path, (*(const struct sa_file *const *)b)->path);
}

static int64_t insert_file(struct snc_db *db, int64_t run_id, const char *path, const char *hash)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_files (run_id, path, hash) VALUES (?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, path);
	db_bind_text(st, 3, hash);
	return db_insert(db, st, "storing a scanned file");
}

/* Every file of every unit, once, in path order. */
static int store_files(struct snc_db *db, int64_t run_id, const struct sa_model *m,
		       struct file_ids *f)
{
	int total = 0;
	for (int i = 0; i < m->nunits; i++)
		total += m->units[i].nfiles;
	const struct sa_file **all = malloc((size_t)(total + 1) * sizeof *all);
	f->paths = malloc((size_t)(total + 1) * sizeof *f->paths);
	f->ids = malloc((size_t)(total + 1) * sizeof *f->ids);
	if (!all || !f->paths || !f->ids) {
		free(all);
		snprintf(db->err, sizeof db->err, "out of memory");
		return -1;
	}
	int n = 0;
	for (int i = 0; i < m->nunits; i++)
		for (int k = 0; k < m->units[i].nfiles; k++)
			all[n++] = &m->units[i].files[k];
	qsort(all, (size_t)n, sizeof *all, compare_file_ptrs);
	for (int i = 0; i < n; i++) {
		if (f->n > 0 && strcmp(f->paths[f->n - 1], all[i]->path) == 0)
			continue;
		int64_t id = insert_file(db, run_id, all[i]->path, all[i]->hash);
		if (id < 0) {
			free(all);
			return -1;
		}
		f->paths[f->n] = all[i]->path;
		f->ids[f->n++] = id;
	}
	free(all);
	return 0;
}

static int64_t file_id(const struct file_ids *f, const char *path)
{
	const char **hit = bsearch(&path, f->paths, (size_t)f->n, sizeof *f->paths, compare_paths);
	return hit ? f->ids[hit - f->paths] : 0;
}

static char *joined_flags(const struct sa_unit *u)
{
	size_t len = 1;
	for (int i = 0; i < u->nargs; i++)
		len += strlen(u->args[i]) + 1;
	char *s = malloc(len), *p = s;
	if (!s)
		return NULL;
	for (int i = 0; i < u->nargs; i++) {
		size_t l = strlen(u->args[i]);
		memcpy(p, u->args[i], l);
		p += l;
		if (i + 1 < u->nargs)
			*p++ = '\n';
	}
	*p = '\0';
	return s;
}

static int64_t store_unit(struct snc_db *db, int64_t run_id, const struct sa_unit *u,
			  const struct file_ids *files)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_units (run_id, file_id, directory, flags, "
				       "flags_hash, status, reused_from) VALUES (?,?,?,?,?,?,?)");
	char *flags = joined_flags(u);
	if (!st || !flags) {
		free(flags);
		return -1;
	}
	db_bind_int(st, 1, run_id);
	db_bind_int(st, 2, file_id(files, u->file));
	db_bind_text(st, 3, u->directory);
	db_bind_text(st, 4, flags);
	db_bind_text(st, 5, u->flags_hash);
	db_bind_text(st, 6, sa_unit_status_name(u->status));
	db_bind_id(st, 7, u->reused_from);
	int64_t id = db_insert(db, st, "storing a scanned unit");
	free(flags);
	if (id < 0)
		return -1;
	for (int i = 0; i < u->nfiles; i++) {
		st = db_stmt(db, "INSERT OR IGNORE INTO scanned_unit_files (unit_id, file_id) VALUES (?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, id);
		db_bind_int(st, 2, file_id(files, u->files[i].path));
		if (db_step_done(db, st, "storing a unit's file") != 0)
			return -1;
	}
	for (int i = 0; i < u->ndiagnostics; i++) {
		const struct sa_diagnostic *d = &u->diagnostics[i];
		st = db_stmt(db, "INSERT INTO scanned_diagnostics (unit_id, file, line, \"column\", "
				 "severity, message) VALUES (?,?,?,?,?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, id);
		db_bind_text(st, 2, d->file);
		db_bind_int(st, 3, d->line);
		db_bind_int(st, 4, d->column);
		db_bind_text(st, 5, d->severity);
		db_bind_text(st, 6, d->message);
		if (db_insert(db, st, "storing a diagnostic") < 0)
			return -1;
	}
	return id;
}

static int64_t store_function(struct snc_db *db, int64_t run_id, const struct sa_fn *f,
			      int64_t file)
{
	const struct sa_function *d = f->def;
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO scanned_functions (run_id, usr, name, file_id, line, signature, "
		"return_type, params, nparams, returns_value, linkage, system, api, "
		"heavyweight_sites, light_sites, transitive_heavyweight, callers_use, "
		"callers_discard) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, d->usr);
	db_bind_text(st, 3, d->name);
	db_bind_int(st, 4, file);
	db_bind_int(st, 5, d->line);
	db_bind_text(st, 6, d->signature);
	db_bind_text(st, 7, d->return_type);
	db_bind_text(st, 8, d->params);
	db_bind_int(st, 9, d->nparams);
	db_bind_int(st, 10, d->returns_value);
	db_bind_text(st, 11, sa_linkage_name(d->linkage));
	db_bind_int(st, 12, d->system);
	db_bind_int(st, 13, f->api);
	db_bind_int(st, 14, f->heavyweight);
	db_bind_int(st, 15, f->light);
	db_bind_int(st, 16, f->transitive);
	db_bind_int(st, 17, f->callers_use);
	db_bind_int(st, 18, f->callers_discard);
	return db_insert(db, st, "storing a function");
}

static int store_access(struct snc_db *db, int64_t fn, const char *key, const char *state,
			unsigned mode, int line, int64_t via)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_accesses (function_id, state_key, state, "
				       "mode, line, via_id) VALUES (?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, fn);
	db_bind_text(st, 2, key);
	db_bind_text(st, 3, state);
	db_bind_text(st, 4, mode == SA_WRITE ? "write" : "read");
	if (line > 0)
		db_bind_int(st, 5, line);
	db_bind_id(st, 6, via);
	return db_insert(db, st, "storing an access") < 0 ? -1 : 0;
}

/* Direct accesses (with their line), then the inherited ones. */
static int store_accesses(struct snc_db *db, const struct sa_model *m, int i, const int64_t *ids)
{
	const struct sa_fn *f = &m->fns[i];
	for (int k = 0; k < f->def->naccesses; k++) {
		const struct sa_access *a = &f->def->accesses[k];
		for (unsigned bit = SA_READ; bit <= SA_WRITE; bit <<= 1)
			if ((a->mode & bit) &&
			    store_access(db, ids[i], a->key, a->state, bit, a->line, 0) != 0)
				return -1;
	}
	for (int k = 0; k < f->neffects; k++) {
		const struct sa_effect *e = &f->effects[k];
		if (e->via < 0)
			continue;
		const struct sa_state *s = &m->states[e->state];
		if (store_access(db, ids[i], s->key, s->name, e->mode, 0, ids[e->via]) != 0)
			return -1;
	}
	return 0;
}

static int store_calls_and_sites(struct snc_db *db, const struct sa_fn *f, int64_t id,
				 const int64_t *ids, const int64_t *variant_ids)
{
	const struct sa_function *d = f->def;
	for (int k = 0; k < d->ncalls; k++) {
		const struct sa_call *c = &d->calls[k];
		sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_calls (function_id, callee_id, "
					       "callee_usr, callee, line, \"column\", value_used) "
					       "VALUES (?,?,?,?,?,?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, id);
		db_bind_id(st, 2, f->call_target[k] >= 0 ? ids[f->call_target[k]] : 0);
		db_bind_text(st, 3, c->callee_usr);
		db_bind_text(st, 4, c->callee);
		db_bind_int(st, 5, c->line);
		db_bind_int(st, 6, c->column);
		db_bind_int(st, 7, c->value_used);
		int64_t call_id = db_insert(db, st, "storing a call");
		if (call_id < 0 || scan_store_call_facts(db, f, k, call_id, variant_ids) != 0)
			return -1;
		if (c->resolved || c->via) {
			st = db_stmt(db, "INSERT INTO scanned_call_origins (call_id, resolved, via) "
					 "VALUES (?,?,?)");
			if (!st)
				return -1;
			db_bind_int(st, 1, call_id);
			db_bind_int(st, 2, c->resolved);
			db_bind_text(st, 3, c->via);
			if (db_step_done(db, st, "storing a call's origin") != 0)
				return -1;
		}
	}
	for (int k = 0; k < d->nsites; k++) {
		const struct sa_site *s = &d->sites[k];
		sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_sites (function_id, kind, op, "
					       "memory_order, macro, line, \"column\") VALUES (?,?,?,?,?,?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, id);
		db_bind_text(st, 2, sa_kind_name(s->kind));
		db_bind_text(st, 3, s->op);
		db_bind_text(st, 4, s->order);
		db_bind_text(st, 5, s->macro);
		db_bind_int(st, 6, s->line);
		db_bind_int(st, 7, s->column);
		int64_t site_id = db_insert(db, st, "storing a site");
		if (site_id < 0)
			return -1;
		if (s->param >= 0 || s->via) {
			st = db_stmt(db, "INSERT INTO scanned_site_origins (site_id, order_param, via) "
					 "VALUES (?,?,?)");
			if (!st)
				return -1;
			db_bind_int(st, 1, site_id);
			if (s->param >= 0)
				db_bind_int(st, 2, s->param + 1);
			db_bind_text(st, 3, s->via);
			if (db_step_done(db, st, "storing a site's origin") != 0)
				return -1;
		}
	}
	for (int k = 0; k < f->nreach; k++) {
		sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_reach (function_id, target_id, "
					       "distance, path) VALUES (?,?,?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, id);
		db_bind_int(st, 2, ids[f->reach[k].target]);
		db_bind_int(st, 3, f->reach[k].distance);
		db_bind_text(st, 4, f->reach[k].path);
		if (db_step_done(db, st, "storing a call path") != 0)
			return -1;
	}
	return scan_store_variant_reach(db, f, id, variant_ids);
}

struct usr_id {
	const char *usr;
	int64_t id;
};

static int compare_usr(const void *a, const void *b)
{
	return strcmp(((const struct usr_id *)a)->usr, ((const struct usr_id *)b)->usr);
}

/* The functions d names without calling them; a target defined in the scan gets its id. */
static int store_references(struct snc_db *db, const struct sa_function *d, int64_t id,
			    const struct usr_id *by_usr, int nfns)
{
	for (int k = 0; k < d->nreferences; k++) {
		const struct sa_reference *r = &d->references[k];
		struct usr_id key = { r->target_usr, 0 };
		const struct usr_id *hit = bsearch(&key, by_usr, (size_t)nfns, sizeof *by_usr, compare_usr);
		sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_references (function_id, target_id, "
					       "target_usr, target, line, \"column\") VALUES (?,?,?,?,?,?)");
		if (!st)
			return -1;
		db_bind_int(st, 1, id);
		db_bind_id(st, 2, hit ? hit->id : 0);
		db_bind_text(st, 3, r->target_usr);
		db_bind_text(st, 4, r->target);
		db_bind_int(st, 5, r->line);
		db_bind_int(st, 6, r->column);
		if (db_step_done(db, st, "storing a reference") != 0)
			return -1;
	}
	return 0;
}

/* The id of a shared-state list in scanned_state_lists, added when new. */
static int64_t state_list_id(struct snc_db *db, const char *names)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT OR IGNORE INTO scanned_state_lists (names) VALUES (?)");
	if (!st)
		return -1;
	db_bind_text(st, 1, names);
	if (db_step_done(db, st, "storing a shared-state list") != 0)
		return -1;
	st = db_stmt(db, "SELECT id FROM scanned_state_lists WHERE names = ?");
	if (!st)
		return -1;
	db_bind_text(st, 1, names);
	int64_t id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	sqlite3_reset(st);
	return id < 0 ? db_fail(db, "finding a shared-state list") : id;
}

struct list_id {
	const char *names;
	int64_t id;
};

static int compare_lists(const void *a, const void *b)
{
	return strcmp(((const struct list_id *)a)->names, ((const struct list_id *)b)->names);
}

/* Pairs in model order; each distinct shared-state list is looked up (or added) once. */
static int store_pairs(struct snc_db *db, int64_t run_id, const struct sa_model *m,
		       const int64_t *ids)
{
	struct list_id *lists = calloc((size_t)m->npairs + 1, sizeof *lists);
	if (!lists) {
		snprintf(db->err, sizeof db->err, "out of memory");
		return -1;
	}
	for (int i = 0; i < m->npairs; i++)
		lists[i].names = m->pairs[i].shared;
	qsort(lists, (size_t)m->npairs, sizeof *lists, compare_lists);
	int rc = 0;
	for (int i = 0; i < m->npairs && rc == 0; i++) {
		if (i > 0 && strcmp(lists[i - 1].names, lists[i].names) == 0)
			lists[i].id = lists[i - 1].id;
		else if ((lists[i].id = state_list_id(db, lists[i].names)) < 0)
			rc = -1;
	}
	for (int i = 0; i < m->npairs && rc == 0; i++) {
		const struct sa_pair *p = &m->pairs[i];
		struct list_id key = { p->shared, 0 };
		const struct list_id *list = bsearch(&key, lists, (size_t)m->npairs, sizeof *lists,
						     compare_lists);
		sqlite3_stmt *st = db_stmt(db, "INSERT INTO scanned_pairs (run_id, f_id, g_id, "
					       "static_class, shared_state_id, heavyweight_f, "
					       "heavyweight_g) VALUES (?,?,?,?,?,?,?)");
		if (!st || !list) {
			rc = -1;
			break;
		}
		db_bind_int(st, 1, run_id);
		db_bind_int(st, 2, ids[p->f]);
		db_bind_int(st, 3, ids[p->g]);
		db_bind_text(st, 4, sa_class_name(p->cls));
		db_bind_int(st, 5, list->id);
		db_bind_int(st, 6, m->fns[p->f].transitive);
		db_bind_int(st, 7, m->fns[p->g].transitive);
		if (db_insert(db, st, "storing a pair") < 0)
			rc = -1;
	}
	free(lists);
	return rc;
}

int snc_db_scan_store(struct snc_db *db, int64_t run_id, const struct sa_model *m)
{
	struct file_ids files = { 0 };
	int64_t *ids = calloc((size_t)m->nfns + 1, sizeof *ids);
	int64_t *unit_ids = calloc((size_t)m->nunits + 1, sizeof *unit_ids);
	struct usr_id *by_usr = calloc((size_t)m->nfns + 1, sizeof *by_usr);
	int64_t *variant_ids = NULL;
	int rc = -1;
	if (!ids || !unit_ids || !by_usr) {
		snprintf(db->err, sizeof db->err, "out of memory");
		goto out;
	}
	if (store_files(db, run_id, m, &files) != 0)
		goto out;
	for (int i = 0; i < m->nunits; i++)
		if ((unit_ids[i] = store_unit(db, run_id, &m->units[i], &files)) < 0)
			goto out;
	for (int i = 0; i < m->nfns; i++) {
		int64_t file = file_id(&files, m->fns[i].def->file);
		if (file == 0 && (file = insert_file(db, run_id, m->fns[i].def->file, "")) < 0)
			goto out;
		if ((ids[i] = store_function(db, run_id, &m->fns[i], file)) < 0)
			goto out;
		by_usr[i] = (struct usr_id){ m->fns[i].def->usr, ids[i] };
	}
	qsort(by_usr, (size_t)m->nfns, sizeof *by_usr, compare_usr);
	for (int i = 0; i < m->nunits; i++)
		for (int k = 0; k < m->units[i].nfunctions; k++) {
			struct usr_id key = { m->units[i].functions[k].usr, 0 };
			struct usr_id *hit = bsearch(&key, by_usr, (size_t)m->nfns, sizeof *by_usr, compare_usr);
			sqlite3_stmt *st = db_stmt(db, "INSERT OR IGNORE INTO scanned_unit_functions "
						       "(unit_id, function_id) VALUES (?,?)");
			if (!hit || !st)
				continue;
			db_bind_int(st, 1, unit_ids[i]);
			db_bind_int(st, 2, hit->id);
			if (db_step_done(db, st, "storing a unit's function") != 0)
				goto out;
		}
	if (scan_store_variants(db, m, ids, &variant_ids) != 0)
		goto out;
	for (int i = 0; i < m->nfns; i++)
		if (store_accesses(db, m, i, ids) != 0 ||
		    store_calls_and_sites(db, &m->fns[i], ids[i], ids, variant_ids) != 0 ||
		    store_references(db, m->fns[i].def, ids[i], by_usr, m->nfns) != 0)
			goto out;
	rc = store_pairs(db, run_id, m, ids);
out:
	free(files.paths);
	free(files.ids);
	free(ids);
	free(unit_ids);
	free(by_usr);
	free(variant_ids);
	return rc;
}
