/* upgrade.c: schema changes that re-running schema.sql cannot make by itself.
 *
 * Opening an older file re-runs schema.sql, whose CREATE ... IF NOT EXISTS statements add
 * what is new; a table whose columns changed needs its rows moved first. Version 13 moved
 * the pairs' shared-state lists (scanned_pairs.shared_state, text) into
 * scanned_state_lists, each distinct list once, pairs keeping their ids. Version 15 added
 * the variants of functions (new tables, which schema.sql creates) and the sites of
 * variants to the scan_heavyweight view: the older view is dropped for schema.sql to
 * create it again. Version 16 gave
 * finding_records an evidence_id (evidence texts stored once, in finding_evidence): the
 * column is added, earlier records keep their text where it was, and the findings view
 * (which reads either) is made again by schema.sql. Version 17 added scanned_references,
 * a new table schema.sql creates; its earlier runs have no references, and their units
 * are parsed again rather than reused (the analyzer's flags hash covers the revision of
 * the facts it records). Version 19 added harnesses.library_threads: the column is added,
 * 0 for earlier harnesses (none was counted). */
#include <stdio.h>
#include "db_internal.h"

static const char pairs_to_state_lists[] =
	"DROP VIEW IF EXISTS scan_pairs;"
	"CREATE TABLE IF NOT EXISTS scanned_state_lists ("
	"  id INTEGER PRIMARY KEY, names TEXT NOT NULL UNIQUE);"
	"INSERT OR IGNORE INTO scanned_state_lists (names) "
	"  SELECT shared_state FROM scanned_pairs ORDER BY id;"
	"CREATE TABLE scanned_pairs_12 ("
	"  id INTEGER PRIMARY KEY,"
	"  run_id INTEGER NOT NULL REFERENCES runs(id),"
	"  f_id INTEGER NOT NULL REFERENCES scanned_functions(id),"
	"  g_id INTEGER NOT NULL REFERENCES scanned_functions(id),"
	"  static_class TEXT NOT NULL CHECK (static_class IN"
	"    ('never-snc', 'read-read', 'one-way', 'snc-candidate')),"
	"  shared_state_id INTEGER NOT NULL REFERENCES scanned_state_lists(id),"
	"  heavyweight_f INTEGER NOT NULL,"
	"  heavyweight_g INTEGER NOT NULL);"
	"INSERT INTO scanned_pairs_12 SELECT p.id, p.run_id, p.f_id, p.g_id, p.static_class, l.id, "
	"  p.heavyweight_f, p.heavyweight_g FROM scanned_pairs p "
	"  JOIN scanned_state_lists l ON l.names = p.shared_state ORDER BY p.id;"
	"DROP TABLE scanned_pairs;"
	"ALTER TABLE scanned_pairs_12 RENAME TO scanned_pairs;";

static const char findings_evidence_id[] =
	"DROP VIEW IF EXISTS findings;"
	"ALTER TABLE finding_records ADD COLUMN evidence_id INTEGER "
	"  REFERENCES finding_evidence(id);";

/* Is there a table `table` without a column `column`? */
static int lacks_column(sqlite3 *conn, const char *table, const char *column)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(conn, "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = "
				     "'table' AND name = ?1) AND NOT EXISTS (SELECT 1 FROM "
				     "pragma_table_info(?1) WHERE name = ?2)", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, column, -1, SQLITE_STATIC);
	int lacks = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
	sqlite3_finalize(st);
	return lacks;
}

int db_upgrade_tables(sqlite3 *conn, char **msg)
{
	int old_findings = lacks_column(conn, "finding_records", "evidence_id");
	if (old_findings < 0 ||
	    (old_findings && sqlite3_exec(conn, findings_evidence_id, NULL, NULL, msg) != SQLITE_OK))
		return -1;
	int old_harnesses = lacks_column(conn, "harnesses", "library_threads");
	if (old_harnesses < 0 ||
	    (old_harnesses && sqlite3_exec(conn, "ALTER TABLE harnesses ADD COLUMN library_threads "
					   "INTEGER NOT NULL DEFAULT 0", NULL, NULL, msg) != SQLITE_OK))
		return -1;
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(conn, "SELECT 1 FROM pragma_table_info('scanned_pairs') "
				     "WHERE name = 'shared_state'", -1, &st, NULL) != SQLITE_OK)
		return -1;
	int old_pairs = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	if (old_pairs && sqlite3_exec(conn, pairs_to_state_lists, NULL, NULL, msg) != SQLITE_OK)
		return -1;
	if (sqlite3_prepare_v2(conn, "SELECT 1 FROM sqlite_schema WHERE name = 'scanned_variants'",
			       -1, &st, NULL) != SQLITE_OK)
		return -1;
	int has_variants = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	if (!has_variants &&
	    sqlite3_exec(conn, "DROP VIEW IF EXISTS scan_heavyweight", NULL, NULL, msg) != SQLITE_OK)
		return -1;
	return 0;
}
