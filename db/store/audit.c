/* audit.c: what `snc audit` stores besides the scan and the verdicts: one row per header,
 * family and function the audit looked at and did not simply audit (skipped, with why;
 * failed, with what went wrong), and one per family it audited (with how its initial
 * state was built): the audit_items view. And what it reads back after a generated
 * harness ran: how the harness's fresh state ended, so that a family whose constructor
 * crashes is reported as such rather than as a table of unknown verdicts. */
#include <stdio.h>
#include "db_internal.h"

int snc_db_audit_item_add(struct snc_db *db, int64_t run_id, const char *kind, const char *name,
			  const char *family, const char *harness, const char *status,
			  const char *detail)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO audit_records (run_id, kind, name, family, "
				       "harness, status, detail) VALUES (?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, kind);
	db_bind_text(st, 3, name);
	db_bind_text(st, 4, family);
	db_bind_text(st, 5, harness);
	db_bind_text(st, 6, status);
	db_bind_text(st, 7, detail);
	return db_insert(db, st, "storing an audit item") < 0 ? -1 : 0;
}

int snc_db_audit_declaration_add(struct snc_db *db, int64_t run_id, const char *name,
				 const char *file, int line)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO audit_declarations (run_id, name, file, line) "
				       "VALUES (?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, name);
	db_bind_text(st, 3, file);
	db_bind_int(st, 4, line);
	return db_insert(db, st, "storing where an API function is declared") < 0 ? -1 : 0;
}

int snc_db_audit_alias_add(struct snc_db *db, int64_t run_id, const struct snc_db_alias *a)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO api_aliases (run_id, name, kind, params, target, "
				       "args, file, line, header, family, harness, status, detail) "
				       "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, a->name);
	db_bind_text(st, 3, a->kind);
	db_bind_text(st, 4, a->params);
	db_bind_text(st, 5, a->target);
	db_bind_text(st, 6, a->args);
	db_bind_text(st, 7, a->file);
	db_bind_int(st, 8, a->line);
	db_bind_text(st, 9, a->header);
	db_bind_text(st, 10, a->family);
	db_bind_text(st, 11, a->harness);
	db_bind_text(st, 12, a->status);
	db_bind_text(st, 13, a->detail);
	return db_insert(db, st, "storing an alias") < 0 ? -1 : 0;
}

/* What a solo execution that gave no result reads as (runtime/classifier/call.c). */
#define NO_RESULT(col) "(" col " LIKE 'crash: %' OR " col " LIKE 'stopped: %' OR " col \
	" LIKE 'exit %' OR " col " IN ('blocks', 'not run', 'out of memory limit', 'cpu limit', " \
	"'file size limit', 'resource limit'))"

int snc_db_audit_ops_never_ran(struct snc_db *db, int64_t run_id, const char *harness,
			       struct snc_db_never_ran *out, int max, int *never)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT o.name, "
		"       (SELECT e.first_result FROM executions e JOIN states s ON s.id = e.state_id "
		"        WHERE s.harness_id = h.id AND e.first_op = o.id AND e.second_op IS NULL "
		"        ORDER BY s.ordinal LIMIT 1), "
		"       EXISTS (SELECT 1 FROM executions e JOIN states s ON s.id = e.state_id "
		"               WHERE s.harness_id = h.id AND e.first_op = o.id AND e.second_op IS NULL "
		"               AND NOT " NO_RESULT("e.first_result") ") "
		"FROM ops o JOIN harnesses h ON h.id = o.harness_id "
		"WHERE h.id = (SELECT max(id) FROM harnesses WHERE run_id = ? AND name = ?) "
		"ORDER BY o.ordinal");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, harness);
	*never = 0;
	int rc, ops = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		ops++;
		if (sqlite3_column_int(st, 2))
			continue;
		if (*never < max) {
			const char *first = db_col_text(st, 1);
			snprintf(out[*never].op, sizeof out[*never].op, "%s", db_col_text(st, 0));
			snprintf(out[*never].outcome, sizeof out[*never].outcome, "%s",
				 first ? first : "never run");
		}
		(*never)++;
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, "reading an audited harness's solo executions");
	return ops ? 0 : 1;
}

int snc_db_audit_harness(struct snc_db *db, int64_t run_id, const char *harness,
			 char *fresh_status, size_t len, int64_t *states, double *measure_seconds)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT h.states_tried, h.finished, "
		"       (SELECT s.status FROM states s WHERE s.harness_id = h.id AND s.length = 0 "
		"        ORDER BY s.ordinal LIMIT 1), "
		"       (SELECT coalesce(sum(m.seconds), 0) FROM measurements m WHERE m.harness_id = h.id) "
		"FROM harnesses h WHERE h.run_id = ? AND h.name = ? ORDER BY h.id DESC LIMIT 1");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, harness);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE)
		return 1;
	if (rc != SQLITE_ROW)
		return db_fail(db, "reading an audited harness");
	*states = sqlite3_column_int64(st, 0);
	const char *fresh = db_col_text(st, 2);
	snprintf(fresh_status, len, "%s", fresh ? fresh : "not built");
	*measure_seconds = sqlite3_column_double(st, 3);
	int finished = sqlite3_column_int(st, 1);
	sqlite3_reset(st);
	return finished ? 0 : 1;
}
