/* db.c: opening the store, its schema version, transactions and the statement cache.
 *
 * The file is SQLite in WAL mode so that a report can read while a run writes, and so that
 * a process killed in the middle of a batch leaves every committed batch intact. The schema
 * (schema.sql, compiled in) is versioned with PRAGMA user_version: a file with a newer
 * version is refused rather than misread, and a file that is not SQLite at all is reported
 * as such before anything is written to it.
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include "db_internal.h"

#define SCHEMA_VERSION 7   /* 2: the scan tables and views; 3: findings; 4: measured costs;
			      5: schedules; 6: audits; 7: the aliases of macro APIs */

static int set_errf(char *err, size_t errlen, const char *path, const char *why)
{
	snprintf(err, errlen, "cannot use database '%s': %s", path, why);
	return -1;
}

static int read_user_version(sqlite3 *conn, int *version)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(conn, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK)
		return -1;
	int rc = sqlite3_step(st);
	*version = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : -1;
}

/* Is this an empty file or one that already holds our tables? */
static int count_tables(sqlite3 *conn, int *tables, int *ours)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(conn, "SELECT count(*), count(CASE WHEN name = 'runs' THEN 1 END) "
				     "FROM sqlite_schema", -1, &st, NULL) != SQLITE_OK)
		return -1;
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*tables = sqlite3_column_int(st, 0);
		*ours = sqlite3_column_int(st, 1);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : -1;
}

static int install_schema(sqlite3 *conn, char *err, size_t errlen, const char *path)
{
	char *msg = NULL;
	char pragma[64];
	snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d;", SCHEMA_VERSION);
	if (sqlite3_exec(conn, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK ||
	    sqlite3_exec(conn, snc_db_schema_sql, NULL, NULL, &msg) != SQLITE_OK ||
	    sqlite3_exec(conn, pragma, NULL, NULL, &msg) != SQLITE_OK ||
	    sqlite3_exec(conn, "COMMIT", NULL, NULL, &msg) != SQLITE_OK) {
		set_errf(err, errlen, path, msg ? msg : sqlite3_errmsg(conn));
		sqlite3_free(msg);
		sqlite3_exec(conn, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return 0;
}

struct snc_db *snc_db_open(const char *path, enum snc_db_mode mode, char *err, size_t errlen)
{
	if (mode != SNC_DB_CREATE && access(path, F_OK) != 0) {
		set_errf(err, errlen, path, "no such file (run a command that writes one first)");
		return NULL;
	}
	int flags = mode == SNC_DB_READONLY ? SQLITE_OPEN_READONLY
					    : SQLITE_OPEN_READWRITE | (mode == SNC_DB_CREATE ? SQLITE_OPEN_CREATE : 0);
	sqlite3 *conn = NULL;
	if (sqlite3_open_v2(path, &conn, flags, NULL) != SQLITE_OK) {
		set_errf(err, errlen, path, conn ? sqlite3_errmsg(conn) : "out of memory");
		sqlite3_close(conn);
		return NULL;
	}
	sqlite3_busy_timeout(conn, 10000);
	sqlite3_extended_result_codes(conn, 1);

	int tables = 0, ours = 0, version = 0;
	if (count_tables(conn, &tables, &ours) != 0 || read_user_version(conn, &version) != 0) {
		set_errf(err, errlen, path, sqlite3_errmsg(conn));
		goto fail;
	}
	if (tables > 0 && !ours) {
		set_errf(err, errlen, path, "it is an SQLite database of something else, not snc's");
		goto fail;
	}
	if (version > SCHEMA_VERSION) {
		set_errf(err, errlen, path, "it was written by a newer snc (schema version too new)");
		goto fail;
	}
	if (mode != SNC_DB_CREATE && !ours) {
		set_errf(err, errlen, path, "it holds no snc results");
		goto fail;
	}
	if (mode != SNC_DB_READONLY) {
		if (sqlite3_exec(conn, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
				       "PRAGMA foreign_keys=ON;", NULL, NULL, NULL) != SQLITE_OK) {
			set_errf(err, errlen, path, sqlite3_errmsg(conn));
			goto fail;
		}
		if (version < SCHEMA_VERSION && install_schema(conn, err, errlen, path) != 0)
			goto fail;
	}

	struct snc_db *db = calloc(1, sizeof *db);
	if (!db) {
		set_errf(err, errlen, path, "out of memory");
		goto fail;
	}
	db->conn = conn;
	return db;
fail:
	sqlite3_close(conn);
	return NULL;
}

void snc_db_close(struct snc_db *db)
{
	if (!db)
		return;
	for (int i = 0; i < db->ncache; i++)
		sqlite3_finalize(db->cache[i].stmt);
	sqlite3_close(db->conn);
	free(db);
}

const char *snc_db_errmsg(const struct snc_db *db)
{
	return db->err[0] ? db->err : "no error";
}

int db_fail(struct snc_db *db, const char *what)
{
	snprintf(db->err, sizeof db->err, "%s: %s", what, sqlite3_errmsg(db->conn));
	return -1;
}

sqlite3_stmt *db_stmt(struct snc_db *db, const char *sql)
{
	for (int i = 0; i < db->ncache; i++) {
		if (db->cache[i].sql == sql) {
			sqlite3_reset(db->cache[i].stmt);
			sqlite3_clear_bindings(db->cache[i].stmt);
			return db->cache[i].stmt;
		}
	}
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(db->conn, sql, -1, &st, NULL) != SQLITE_OK) {
		db_fail(db, "preparing a statement");
		return NULL;
	}
	if (db->ncache < DB_STMT_CACHE) {
		db->cache[db->ncache].sql = sql;
		db->cache[db->ncache].stmt = st;
		db->ncache++;
	}
	return st;
}

int db_step_done(struct snc_db *db, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return db_fail(db, what);
	sqlite3_reset(st);
	return 0;
}

int64_t db_insert(struct snc_db *db, sqlite3_stmt *st, const char *what)
{
	if (!st || db_step_done(db, st, what) != 0)
		return -1;
	return sqlite3_last_insert_rowid(db->conn);
}

void db_bind_text(sqlite3_stmt *st, int i, const char *s)
{
	if (s)
		sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, i);
}

void db_bind_int(sqlite3_stmt *st, int i, int64_t v)
{
	sqlite3_bind_int64(st, i, v);
}

void db_bind_id(sqlite3_stmt *st, int i, int64_t v)
{
	if (v)
		sqlite3_bind_int64(st, i, v);
	else
		sqlite3_bind_null(st, i);
}

const char *db_col_text(sqlite3_stmt *st, int i)
{
	return (const char *)sqlite3_column_text(st, i);
}

static int exec_simple(struct snc_db *db, const char *sql)
{
	if (sqlite3_exec(db->conn, sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(db, sql);
	return 0;
}

int snc_db_begin(struct snc_db *db) { return exec_simple(db, "BEGIN IMMEDIATE"); }
int snc_db_commit(struct snc_db *db) { return exec_simple(db, "COMMIT"); }
int snc_db_rollback(struct snc_db *db) { return exec_simple(db, "ROLLBACK"); }
