/* db_internal.h: what the files of db/ share and nothing outside db/ may see: the handle,
 * the prepared-statement cache and the binding helpers that keep every statement
 * parameterized. */
#ifndef SNC_DB_INTERNAL_H
#define SNC_DB_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>
#include "snc_db.h"

#define DB_STMT_CACHE 64

struct snc_db {
	sqlite3 *conn;
	char err[512];
	struct {
		const char *sql;      /* keyed by the address of the literal */
		sqlite3_stmt *stmt;
	} cache[DB_STMT_CACHE];
	int ncache;
	int64_t findings_copied;   /* a run whose findings scan_copy.c copied: not recomputed */
	char *path;                /* the file, for db_verified_record on a clean close */
	bool writer;               /* opened for writing */
};

/* db_verified.c: is the file at path (at most max_bytes) byte for byte what a clean close
 * of snc recorded, with no WAL beside it (then PRAGMA quick_check can be skipped)? */
bool db_verified_unchanged(const char *path, long max_bytes);
/* After a clean close of a connection that could write: records the file's hash (or
 * removes the record when a WAL remains or the file is too large). */
void db_verified_record(const char *path, long max_bytes);

extern const char snc_db_schema_sql[];
/* upgrade.c: moves rows whose table changed shape, before schema.sql runs on an older
 * file; 0, or -1 (with *msg from SQLite when it has one). */
int db_upgrade_tables(sqlite3 *conn, char **msg);

/* Returns a reset, cleared statement for sql (a string literal, cached by address). */
sqlite3_stmt *db_stmt(struct snc_db *db, const char *sql);
/* Records the connection's error (prefixed with what) and returns -1. */
int db_fail(struct snc_db *db, const char *what);
/* Runs a statement to completion; returns 0, or -1 with the error recorded. */
int db_step_done(struct snc_db *db, sqlite3_stmt *st, const char *what);
/* Runs a query for one integer (an id): the first column of its first row, 0 when it has
 * no row, or -1 with the error recorded; the statement is reset. */
int64_t db_step_id(struct snc_db *db, sqlite3_stmt *st, const char *what);
/* Runs an INSERT to completion and returns the new row id, or -1. */
int64_t db_insert(struct snc_db *db, sqlite3_stmt *st, const char *what);
void db_bind_text(sqlite3_stmt *st, int i, const char *s);
void db_bind_int(sqlite3_stmt *st, int i, int64_t v);
/* Binds v, or NULL when v is 0 (optional foreign keys). */
void db_bind_id(sqlite3_stmt *st, int i, int64_t v);
const char *db_col_text(sqlite3_stmt *st, int i);
/* Computes the findings as of run_id and stores them (findings_store.c). */
int db_findings_record(struct snc_db *db, int64_t run_id);

/* Does the database have this view (an older schema may not)? 1, 0, or -1 on an error. */
int db_has_view(struct snc_db *db, const char *name);
int db_has_table(struct snc_db *db, const char *name);

/* scan_variants.c: the facts of calls resolved across units (schema 15). Variants of the
 * model's functions in model order, their ids into *variant_ids (per model variant); a
 * call's constant arguments and resolution; a function's reach into variants; and, for a
 * reused unit, a loaded function's constant arguments and variants. */
struct sa_model;
struct sa_fn;
struct sa_function;
int scan_store_variants(struct snc_db *db, const struct sa_model *m, const int64_t *ids,
			int64_t **variant_ids);
int scan_store_call_facts(struct snc_db *db, const struct sa_fn *f, int k, int64_t call_id,
			  const int64_t *variant_ids);
int scan_store_variant_reach(struct snc_db *db, const struct sa_fn *f, int64_t fn_id,
			     const int64_t *variant_ids);
int scan_load_variant_facts(struct snc_db *db, int64_t fn_id, struct sa_function *f);

/* scan_read.c: what loading a scanned function back shares with its variants' rows. A
 * malloc'd copy of column i (NULL for NULL); "out of memory" recorded, -1; a site from a
 * row of (kind, op, memory_order, macro, line, column, order_param, via) and a call from a
 * row of (callee_usr, callee, line, column, value_used, resolved, via). */
struct sa_site;
struct sa_call;
char *scan_col_dup(sqlite3_stmt *st, int i);
int scan_read_oom(struct snc_db *db);
void scan_site_from_row(struct sa_site *s, sqlite3_stmt *st);
void scan_call_from_row(struct sa_call *c, sqlite3_stmt *st);

/* The function implementing an op that an audit named by a macro (rcu_read_lock ->
 * urcu_memb_read_lock), as a scalar subquery on api_aliases for the SQL expressions RUN and
 * OP; NULL for an op named by its function or audited through snc's own wrapper. */
#define DB_IMPLEMENTED_BY(RUN, OP) \
	"(SELECT a.target FROM api_aliases a WHERE a.run_id = " RUN " AND a.name = " OP " " \
	"AND a.target IS NOT NULL AND a.target <> " OP " " \
	"AND substr(a.target, 1, 10) <> 'snc_macro_' LIMIT 1)"

#endif
