/* scan_read.c: reading an earlier scan's unit back, for incremental rescans.
 *
 * A unit is found by its file and the hash of its flags; its files (with the hashes they
 * had) tell whether anything it read changed, and if nothing did its facts are loaded back
 * into the scan rows (malloc'd, as snc_scan_rows.h requires) so that the
 * new run is as complete as if the unit had been parsed again. The facts are those the
 * walker produced: direct accesses only (inherited ones are the model's, recomputed),
 * calls, references to functions, sites and variants. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "db_internal.h"
#include "snc_scan_rows.h"

char *scan_col_dup(sqlite3_stmt *st, int i)
{
	const char *s = db_col_text(st, i);
	return s ? strdup(s) : NULL;
}

/* Makes room for one more element (zeroed) in a malloc'd array; NULL when out of memory. */
static void *push(void *arrp, int *n, int *cap, size_t size)
{
	void **arr = arrp;
	if (*n == *cap) {
		int c = *cap ? 2 * *cap : 8;
		void *p = realloc(*arr, (size_t)c * size);
		if (!p)
			return NULL;
		*arr = p;
		*cap = c;
	}
	char *slot = (char *)*arr + (size_t)(*n)++ * size;
	memset(slot, 0, size);
	return slot;
}

int scan_read_oom(struct snc_db *db)
{
	snprintf(db->err, sizeof db->err, "out of memory reading a scanned unit");
	return -1;
}

void scan_site_from_row(struct sa_site *s, sqlite3_stmt *st)
{
	int kind = sa_kind_parse(db_col_text(st, 0));
	s->kind = kind < 0 ? SA_RMW : (enum sa_kind)kind;
	s->op = scan_col_dup(st, 1);
	s->order = scan_col_dup(st, 2);
	s->macro = scan_col_dup(st, 3);
	s->line = sqlite3_column_int(st, 4);
	s->column = sqlite3_column_int(st, 5);
	s->param = sqlite3_column_type(st, 6) == SQLITE_NULL ? -1 : sqlite3_column_int(st, 6) - 1;
	s->via = scan_col_dup(st, 7);
}

void scan_call_from_row(struct sa_call *c, sqlite3_stmt *st)
{
	c->callee_usr = scan_col_dup(st, 0);
	c->callee = scan_col_dup(st, 1);
	c->line = sqlite3_column_int(st, 2);
	c->column = sqlite3_column_int(st, 3);
	c->value_used = sqlite3_column_int(st, 4) != 0;
	c->resolved = sqlite3_column_int(st, 5) != 0;
	c->via = scan_col_dup(st, 6);
}

int64_t snc_db_scan_find_unit(struct snc_db *db, const char *file, const char *flags_hash)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT u.id FROM scanned_units u "
				       "JOIN scanned_files f ON f.id = u.file_id "
				       "WHERE f.path = ? AND u.flags_hash = ? ORDER BY u.id DESC LIMIT 1");
	if (!st)
		return -1;
	db_bind_text(st, 1, file);
	db_bind_text(st, 2, flags_hash);
	return db_step_id(db, st, "finding an earlier scan of a unit");
}

int64_t snc_db_scan_unit_run(struct snc_db *db, int64_t unit_id)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT run_id FROM scanned_units WHERE id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, unit_id);
	return db_step_id(db, st, "finding a scanned unit's run");
}

int snc_db_scan_load_files(struct snc_db *db, int64_t unit_id, struct sa_unit *u)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT f.path, f.hash FROM scanned_unit_files uf "
				       "JOIN scanned_files f ON f.id = uf.file_id "
				       "WHERE uf.unit_id = ? ORDER BY f.path");
	if (!st)
		return -1;
	db_bind_int(st, 1, unit_id);
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_file *f = push(&u->files, &u->nfiles, &cap, sizeof *u->files);
		if (!f || !(f->path = scan_col_dup(st, 0))) {
			sqlite3_reset(st);
			return scan_read_oom(db);
		}
		const char *hash = db_col_text(st, 1);
		snprintf(f->hash, sizeof f->hash, "%s", hash ? hash : "");
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading a unit's files");
}

static int load_diagnostics(struct snc_db *db, int64_t unit_id, struct sa_unit *u)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT file, line, \"column\", severity, message "
				       "FROM scanned_diagnostics WHERE unit_id = ? ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, unit_id);
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_diagnostic *d = push(&u->diagnostics, &u->ndiagnostics, &cap, sizeof *d);
		if (!d)
			return scan_read_oom(db);
		d->file = scan_col_dup(st, 0);
		d->line = sqlite3_column_int(st, 1);
		d->column = sqlite3_column_int(st, 2);
		d->severity = scan_col_dup(st, 3);
		d->message = scan_col_dup(st, 4);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading diagnostics");
}

static int load_accesses(struct snc_db *db, int64_t fn_id, struct sa_function *f)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT state_key, state, mode, line FROM scanned_accesses "
				       "WHERE function_id = ? AND via_id IS NULL ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, fn_id);
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *key = db_col_text(st, 0), *mode = db_col_text(st, 2);
		unsigned bit = mode && strcmp(mode, "write") == 0 ? SA_WRITE : SA_READ;
		struct sa_access *a = NULL;
		for (int i = 0; key && i < f->naccesses; i++)
			if (strcmp(f->accesses[i].key, key) == 0)
				a = &f->accesses[i];
		if (!a) {
			if (!(a = push(&f->accesses, &f->naccesses, &cap, sizeof *a)))
				return scan_read_oom(db);
			a->key = scan_col_dup(st, 0);
			a->state = scan_col_dup(st, 1);
			a->line = sqlite3_column_int(st, 3);
		}
		a->mode |= bit;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading accesses");
}

static int load_calls(struct snc_db *db, int64_t fn_id, struct sa_function *f)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT c.callee_usr, c.callee, c.line, c.\"column\", "
				       "c.value_used, coalesce(o.resolved, 0), o.via FROM scanned_calls c "
				       "LEFT JOIN scanned_call_origins o ON o.call_id = c.id "
				       "WHERE c.function_id = ? ORDER BY c.id");
	if (!st)
		return -1;
	db_bind_int(st, 1, fn_id);
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_call *c = push(&f->calls, &f->ncalls, &cap, sizeof *c);
		if (!c)
			return scan_read_oom(db);
		scan_call_from_row(c, st);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading calls");
}

static int load_references(struct snc_db *db, int64_t fn_id, struct sa_function *f)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT target_usr, target, line, \"column\" "
				       "FROM scanned_references WHERE function_id = ? ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, fn_id);
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_reference *r = push(&f->references, &f->nreferences, &cap, sizeof *r);
		if (!r) {
			sqlite3_reset(st);
			return scan_read_oom(db);
		}
		r->target_usr = scan_col_dup(st, 0);
		r->target = scan_col_dup(st, 1);
		r->line = sqlite3_column_int(st, 2);
		r->column = sqlite3_column_int(st, 3);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading references");
}

static int load_sites(struct snc_db *db, int64_t fn_id, struct sa_function *f)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT s.kind, s.op, s.memory_order, s.macro, s.line, "
				       "s.\"column\", o.order_param, o.via FROM scanned_sites s "
				       "LEFT JOIN scanned_site_origins o ON o.site_id = s.id "
				       "WHERE s.function_id = ? ORDER BY s.id");
	if (!st)
		return -1;
	db_bind_int(st, 1, fn_id);
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_site *s = push(&f->sites, &f->nsites, &cap, sizeof *s);
		if (!s)
			return scan_read_oom(db);
		scan_site_from_row(s, st);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading sites");
}

/* The unit whose scanned_unit_functions rows list unit_id's functions: itself, or for a
 * unit an unchanged rescan copied (scan_copy.c: it has no rows), the unit it was copied
 * from, followed back through earlier copies to one that has them (or to the first). */
static int64_t functions_holder(struct snc_db *db, int64_t unit_id)
{
	sqlite3_stmt *st = db_stmt(db,
		"WITH RECURSIVE chain(id, depth) AS (SELECT ?1, 0 UNION ALL "
		"SELECT u.reused_from, c.depth + 1 FROM chain c JOIN scanned_units u ON u.id = c.id "
		"WHERE u.reused_from IS NOT NULL AND NOT EXISTS "
		"(SELECT 1 FROM scanned_unit_functions WHERE unit_id = c.id)) "
		"SELECT id FROM chain ORDER BY depth DESC LIMIT 1");
	if (!st)
		return -1;
	db_bind_int(st, 1, unit_id);
	return db_step_id(db, st, "finding a unit's functions");
}

static int load_functions(struct snc_db *db, int64_t unit_id, struct sa_unit *u)
{
	if ((unit_id = functions_holder(db, unit_id)) < 0)
		return -1;
	sqlite3_stmt *st = db_stmt(db,
		"SELECT f.id, f.usr, f.name, fl.path, f.line, f.signature, f.return_type, f.params, "
		"f.nparams, f.returns_value, f.linkage, f.system "
		"FROM scanned_unit_functions uf JOIN scanned_functions f ON f.id = uf.function_id "
		"JOIN scanned_files fl ON fl.id = f.file_id WHERE uf.unit_id = ? ORDER BY f.id");
	if (!st)
		return -1;
	db_bind_int(st, 1, unit_id);
	int rc, cap = 0;
	int64_t *ids = NULL;
	int nids = 0, idcap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct sa_function *f = push(&u->functions, &u->nfunctions, &cap, sizeof *f);
		int64_t *id = push(&ids, &nids, &idcap, sizeof *ids);
		if (!f || !id) {
			free(ids);
			sqlite3_reset(st);
			return scan_read_oom(db);
		}
		*id = sqlite3_column_int64(st, 0);
		f->usr = scan_col_dup(st, 1);
		f->name = scan_col_dup(st, 2);
		f->file = scan_col_dup(st, 3);
		f->line = sqlite3_column_int(st, 4);
		f->signature = scan_col_dup(st, 5);
		f->return_type = scan_col_dup(st, 6);
		f->params = scan_col_dup(st, 7);
		f->nparams = sqlite3_column_int(st, 8);
		f->returns_value = sqlite3_column_int(st, 9) != 0;
		int linkage = sa_linkage_parse(db_col_text(st, 10));
		f->linkage = linkage < 0 ? SA_LINK_EXTERN : (enum sa_linkage)linkage;
		f->system = sqlite3_column_int(st, 11) != 0;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		free(ids);
		return db_fail(db, "reading functions");
	}
	for (int i = 0; i < u->nfunctions; i++)
		if (load_accesses(db, ids[i], &u->functions[i]) != 0 ||
		    load_calls(db, ids[i], &u->functions[i]) != 0 ||
		    load_references(db, ids[i], &u->functions[i]) != 0 ||
		    load_sites(db, ids[i], &u->functions[i]) != 0 ||
		    scan_load_variant_facts(db, ids[i], &u->functions[i]) != 0) {
			free(ids);
			return -1;
		}
	free(ids);
	return 0;
}

int snc_db_scan_load_status(struct snc_db *db, int64_t unit_id, struct sa_unit *u)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT status FROM scanned_units WHERE id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, unit_id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return db_fail(db, "reading a scanned unit");
	}
	int status = sa_unit_status_parse(db_col_text(st, 0));
	sqlite3_reset(st);
	u->status = status < 0 ? SA_UNIT_PARSED : (enum sa_unit_status)status;
	u->reused_from = unit_id;
	return load_diagnostics(db, unit_id, u);
}

int snc_db_scan_load_functions(struct snc_db *db, int64_t unit_id, struct sa_unit *u)
{
	return load_functions(db, unit_id, u);
}
