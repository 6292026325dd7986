/* proof_read.c: what the proof pass of a harness program reads back (runtime/schedules/prove.c): the
 * SNC pairs that need their proof, each with its witness, and the ops' ids. */
#include "db_internal.h"

int snc_db_proof_targets(struct snc_db *db, int64_t harness_id,
			 int (*each)(const struct snc_db_proof_target *t, void *ctx), void *ctx)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT fo.ordinal, go.ordinal, s.ordinal, w.state FROM verdicts v "
		"JOIN ops fo ON fo.id = v.f_op JOIN ops go ON go.id = v.g_op "
		"JOIN witnesses w ON w.verdict_id = v.id AND w.role = 'mutual' "
		"JOIN states s ON s.harness_id = v.harness_id AND s.label = w.state "
		"WHERE v.harness_id = ? AND v.verdict = 'snc' AND v.deterministic = 1 "
		"AND v.contract IS NULL AND NOT EXISTS (SELECT 1 FROM verdict_patterns p "
		"WHERE p.verdict_id = v.id AND (p.awar > 0 OR p.raw_fenced > 0)) "
		"ORDER BY s.ordinal, fo.ordinal, go.ordinal");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_db_proof_target t = {
			.f_ordinal = sqlite3_column_int(st, 0), .g_ordinal = sqlite3_column_int(st, 1),
			.state_ordinal = sqlite3_column_int(st, 2), .state = db_col_text(st, 3),
		};
		if (each(&t, ctx) != 0)
			break;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : db_fail(db, "reading the pairs to prove");
}

int snc_db_op_ids(struct snc_db *db, int64_t harness_id, int64_t *ids, int n)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT ordinal, id FROM ops WHERE harness_id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	int rc, found = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int ordinal = sqlite3_column_int(st, 0);
		if (ordinal >= 0 && ordinal < n) {
			ids[ordinal] = sqlite3_column_int64(st, 1);
			found++;
		}
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, "reading the ops");
	return found == n ? 0 : -1;
}
