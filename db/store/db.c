/* db.c: opening the store, its schema version, transactions and the statement cache.
 *
 * The file is SQLite in WAL mode so that a report can read while a run writes, and so that
 * a process killed in the middle of a batch leaves every committed batch intact. The schema
 * (schema.sql, compiled in) is versioned with PRAGMA user_version: a file with a newer
 * version is refused rather than misread, a file that is not SQLite at all is reported
 * as such before anything is written to it, and a damaged one (SQLITE_CORRUPT, NOTADB, or
 * a failed quick_check on a file small enough to check at once) is said to be corrupt.
 * The check is skipped when the file is exactly what snc's last clean close left
 * (db_verified.c).
 * A read-only open never writes: a WAL database in a folder it cannot write is read as an
 * immutable file.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "db_internal.h"

#define BUSY_TIMEOUT_MS 10000   /* how long a writer waits for another's lock */

#define SCHEMA_VERSION 19   /* 2: the scan tables and views; 3: findings; 4: measured costs;
			      5: schedules; 6: audits; 7: scanned site origins, resolved calls;
			      8: interrupted runs; 9: hook_counts_vs_measured compares the
			      library's own sites (measured on the uninstrumented build);
			      10: preconditions; 11: the aliases of macro APIs;
			      12: schedule_steps, the traces of non-linearizable schedules;
			      13: shared-state lists of pairs stored once (upgrade.c);
			      14: run_origins (shards, source revision, merges);
			      15: variants of functions at constant arguments, calls resolved
			      to them across units (upgrade.c);
			      16: findings' evidence texts stored once (upgrade.c);
			      17: functions referenced without a call (scanned_references);
			      18: where an audit's API functions are declared
			      (audit_declarations);
			      19: harnesses.library_threads (upgrade.c) */

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

static bool busy(int rc)
{
	return (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
}

/* One attempt at a change to the database: an SQLite result code, and in *msg the error
 * message (sqlite3_malloc'd) or NULL. */
typedef int (*db_attempt)(sqlite3 *conn, const void *arg, char **msg);

/* Makes the attempt, again while the database is busy, for as long as the busy timeout.
 * Processes that open one new file at once (two harness programs and a scan into a fresh
 * database) contend for the lock that switching it to WAL and installing the schema take,
 * and SQLite answers some of those requests at once, without its busy handler (a reader
 * that would have to become the writer): "database is locked". */
static int when_free(sqlite3 *conn, db_attempt attempt, const void *arg, char **msg)
{
	for (int waited_ms = 0;; waited_ms += 10) {
		sqlite3_free(*msg);
		*msg = NULL;
		int rc = attempt(conn, arg, msg);
		if (!busy(rc) || waited_ms >= BUSY_TIMEOUT_MS)
			return rc;
		sqlite3_exec(conn, "ROLLBACK", NULL, NULL, NULL);   /* when it was in a transaction */
		usleep(10000);
	}
}

static int exec_sql(sqlite3 *conn, const void *sql, char **msg)
{
	return sqlite3_exec(conn, sql, NULL, NULL, msg);
}

/* The tables, views and version of this schema, in one transaction (rolled back when it
 * fails). */
static int schema_transaction(sqlite3 *conn, const void *unused, char **msg)
{
	(void)unused;
	char pragma[64];
	snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d;", SCHEMA_VERSION);
	int rc = sqlite3_exec(conn, "BEGIN IMMEDIATE", NULL, NULL, msg);
	if (rc == SQLITE_OK && db_upgrade_tables(conn, msg) != 0)
		rc = sqlite3_extended_errcode(conn) ? sqlite3_extended_errcode(conn) : SQLITE_ERROR;
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(conn, snc_db_schema_sql, NULL, NULL, msg);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(conn, pragma, NULL, NULL, msg);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(conn, "COMMIT", NULL, NULL, msg);
	if (rc != SQLITE_OK)
		sqlite3_exec(conn, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

static int install_schema(sqlite3 *conn, char *err, size_t errlen, const char *path)
{
	char *msg = NULL;
	int rc = when_free(conn, schema_transaction, NULL, &msg);
	if (rc != SQLITE_OK)
		set_errf(err, errlen, path, msg ? msg : sqlite3_errmsg(conn));
	sqlite3_free(msg);
	return rc == SQLITE_OK ? 0 : -1;
}

/* SQLITE_CORRUPT and SQLITE_NOTADB (with their extended codes): a damaged file. */
static bool is_corrupt(int rc)
{
	rc &= 0xff;
	return rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB;
}

/* Does the file start like every SQLite database? (Else it is someone else's file, not a
 * damaged database.) */
static bool has_sqlite_header(const char *path)
{
	char head[16] = { 0 };
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(head, 1, sizeof head, f) : 0;
	if (f)
		fclose(f);
	return n == sizeof head && memcmp(head, "SQLite format 3", 16) == 0;
}

/* Opens path read-only as an immutable file (URI immutable=1, path percent-encoded): what a
 * WAL database needs in a folder where its -shm and -wal files cannot be created. */
static int open_immutable(const char *path, sqlite3 **conn)
{
	size_t len = strlen(path);
	char *uri = malloc(len * 3 + 32), *o = uri;
	if (!uri)
		return SQLITE_NOMEM;
	o += sprintf(o, "file:");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		o += *p == '%' || *p == '?' || *p == '#' || *p <= ' ' || *p >= 0x7f
			     ? sprintf(o, "%%%02X", *p) : sprintf(o, "%c", *p);
	sprintf(o, "?immutable=1");
	int rc = sqlite3_open_v2(uri, conn, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
	free(uri);
	return rc;
}

/* A full check reads every page: done when the file is small enough for it to be quick. */
#define QUICK_CHECK_MAX_BYTES (32L << 20)

static int quick_check(sqlite3 *conn, const char *path, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) != 0 || st.st_size > QUICK_CHECK_MAX_BYTES)
		return 0;
	sqlite3_stmt *q;
	int rc = sqlite3_prepare_v2(conn, "PRAGMA quick_check(1)", -1, &q, NULL);
	if (rc == SQLITE_OK && (rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *verdict = (const char *)sqlite3_column_text(q, 0);
		char why[300];
		if (verdict && strcmp(verdict, "ok") != 0) {
			snprintf(why, sizeof why, "database is corrupt: %s", verdict);
			for (char *c = why; *c; c++)   /* one line: the check's lines joined */
				*c = *c == '\n' ? ' ' : *c;
			sqlite3_finalize(q);
			return set_errf(err, errlen, path, why);
		}
		rc = SQLITE_OK;
	}
	sqlite3_finalize(q);
	if (rc != SQLITE_OK && is_corrupt(sqlite3_extended_errcode(conn))) {
		char why[300];
		snprintf(why, sizeof why, "database is corrupt: %s", sqlite3_errmsg(conn));
		return set_errf(err, errlen, path, why);
	}
	return 0;
}

/* Why the first read of the file failed, in err. */
static void read_failure(sqlite3 *conn, const char *path, char *err, size_t errlen)
{
	char why[300];
	if (!has_sqlite_header(path))
		snprintf(why, sizeof why, "it is not a database (%s)", sqlite3_errmsg(conn));
	else if (is_corrupt(sqlite3_extended_errcode(conn)))
		snprintf(why, sizeof why, "database is corrupt: %s", sqlite3_errmsg(conn));
	else
		snprintf(why, sizeof why, "%s", sqlite3_errmsg(conn));
	set_errf(err, errlen, path, why);
}

struct snc_db *snc_db_open(const char *path, enum snc_db_mode mode, char *err, size_t errlen)
{
	if (mode != SNC_DB_CREATE && access(path, F_OK) != 0) {
		set_errf(err, errlen, path, "no such file (run a command that writes one first)");
		return NULL;
	}
	int flags = mode == SNC_DB_READONLY ? SQLITE_OPEN_READONLY
					    : SQLITE_OPEN_READWRITE | (mode == SNC_DB_CREATE ? SQLITE_OPEN_CREATE : 0);
	/* before SQLite opens it: reading a WAL database makes its -wal file */
	bool verified = db_verified_unchanged(path, QUICK_CHECK_MAX_BYTES);
	sqlite3 *conn = NULL;
	if (sqlite3_open_v2(path, &conn, flags, NULL) != SQLITE_OK) {
		set_errf(err, errlen, path, conn ? sqlite3_errmsg(conn) : "out of memory");
		sqlite3_close(conn);
		return NULL;
	}
	sqlite3_busy_timeout(conn, BUSY_TIMEOUT_MS);
	sqlite3_extended_result_codes(conn, 1);

	int tables = 0, ours = 0, version = 0;
	bool read = count_tables(conn, &tables, &ours) == 0 && read_user_version(conn, &version) == 0;
	int code = sqlite3_extended_errcode(conn) & 0xff;
	if (!read && mode == SNC_DB_READONLY && (code == SQLITE_CANTOPEN || code == SQLITE_READONLY)) {
		/* A WAL database in a folder we cannot write: no -shm can be made, read it as an
		 * immutable file (nothing can be writing it there but its owner). */
		sqlite3_close(conn);
		conn = NULL;
		if (open_immutable(path, &conn) != SQLITE_OK) {
			set_errf(err, errlen, path, conn ? sqlite3_errmsg(conn) : "out of memory");
			goto fail;
		}
		sqlite3_extended_result_codes(conn, 1);
		read = count_tables(conn, &tables, &ours) == 0 && read_user_version(conn, &version) == 0;
	}
	if (!read) {
		read_failure(conn, path, err, errlen);
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
	if (tables > 0 && !verified && quick_check(conn, path, err, errlen) != 0)
		goto fail;
	if (mode != SNC_DB_READONLY) {
		char *msg = NULL;
		if (when_free(conn, exec_sql, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
			      "PRAGMA foreign_keys=ON;", &msg) != SQLITE_OK) {
			set_errf(err, errlen, path, msg ? msg : sqlite3_errmsg(conn));
			sqlite3_free(msg);
			goto fail;
		}
		sqlite3_free(msg);
		if (version < SCHEMA_VERSION && install_schema(conn, err, errlen, path) != 0)
			goto fail;
	}

	struct snc_db *db = calloc(1, sizeof *db);
	if (!db) {
		set_errf(err, errlen, path, "out of memory");
		goto fail;
	}
	db->conn = conn;
	db->path = strdup(path);
	db->writer = mode != SNC_DB_READONLY;
	if (!db->path) {
		free(db);
		set_errf(err, errlen, path, "out of memory");
		goto fail;
	}
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
	if (sqlite3_close(db->conn) == SQLITE_OK && db->writer)
		db_verified_record(db->path, QUICK_CHECK_MAX_BYTES);
	free(db->path);
	free(db);
}

const char *snc_db_errmsg(const struct snc_db *db)
{
	return db->err[0] ? db->err : "no error";
}

int db_fail(struct snc_db *db, const char *what)
{
	snprintf(db->err, sizeof db->err, "%s%s: %s",
		 is_corrupt(sqlite3_extended_errcode(db->conn)) ? "database is corrupt: " : "", what,
		 sqlite3_errmsg(db->conn));
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

int64_t db_step_id(struct snc_db *db, sqlite3_stmt *st, const char *what)
{
	int rc = sqlite3_step(st);
	int64_t id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		id = db_fail(db, what);
	sqlite3_reset(st);
	return id;
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
int snc_db_begin_read(struct snc_db *db) { return exec_simple(db, "BEGIN DEFERRED"); }
int snc_db_commit(struct snc_db *db) { return exec_simple(db, "COMMIT"); }
int snc_db_rollback(struct snc_db *db)
{
	db->findings_copied = 0;   /* rolled back with the rest */
	return exec_simple(db, "ROLLBACK");
}

int snc_db_enforce_references(struct snc_db *db, int on)
{
	return exec_simple(db, on ? "PRAGMA foreign_keys=ON" : "PRAGMA foreign_keys=OFF");
}

static int has_object(struct snc_db *db, const char *type, const char *name)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT 1 FROM sqlite_schema WHERE type = ? AND name = ?");
	if (!st)
		return -1;
	db_bind_text(st, 1, type);
	db_bind_text(st, 2, name);
	int found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_reset(st);
	return found;
}

int db_has_view(struct snc_db *db, const char *name) { return has_object(db, "view", name); }
int db_has_table(struct snc_db *db, const char *name) { return has_object(db, "table", name); }
