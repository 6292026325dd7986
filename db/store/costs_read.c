/* costs_read.c: the reads around a measure pass. Before it, what the classifier stored
 * that the pass plans from (the solo executions that returned, the snc witnesses); after
 * it, the measured costs through the documented views, for `snc show`. Every function
 * calls fn once per row with strings valid during the call only. */
#include "db_internal.h"

/* Steps st, calling row_fn for every row; returns 0, fn's non-zero value, or -1. */
static int each_row(struct snc_db *db, sqlite3_stmt *st, const char *what,
		   int (*row_fn)(sqlite3_stmt *st, void (*fn)(void), void *ctx),
		    void (*fn)(void), void *ctx)
{
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int stop = row_fn(st, fn, ctx);
		if (stop) {
			sqlite3_reset(st);
			return stop;
		}
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, what);
}

/* A REAL column that may be NULL (a ratio over zero calls): -1 then. */
static double col_ratio(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? -1 : sqlite3_column_double(st, i);
}

static int solo_row(sqlite3_stmt *st, void (*fn)(void), void *ctx)
{
	struct snc_db_solo_return row = {
		.state_ordinal = sqlite3_column_int(st, 0),
		.state = db_col_text(st, 1),
		.op = db_col_text(st, 2),
		.args = db_col_text(st, 3),
		.repeat_blocks = sqlite3_column_type(st, 4) == SQLITE_NULL ? -1
									 : sqlite3_column_int(st, 4),
		.digest = db_col_text(st, 5),
	};
	return ((int (*)(const struct snc_db_solo_return *, void *))fn)(&row, ctx);
}

int snc_db_each_solo_return(struct snc_db *db, int64_t harness_id,
			    int (*fn)(const struct snc_db_solo_return *row, void *ctx), void *ctx)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT s.ordinal, s.label, o.name, e.first_args, "
		"(SELECT r.second_result = 'blocks' OR r.second_result LIKE 'crash:%' "
		"OR r.second_result LIKE 'exit %' FROM executions r WHERE r.state_id = e.state_id "
		"AND r.first_op = e.first_op AND r.first_args = e.first_args "
		"AND r.second_op = e.first_op AND r.second_args = e.first_args LIMIT 1), s.digest "
		"FROM executions e JOIN states s ON s.id = e.state_id JOIN ops o ON o.id = e.first_op "
		"WHERE s.harness_id = ? AND s.status = 'ok' AND e.second_op IS NULL "
		"AND e.first_result NOT IN ('blocks', 'not run') "
		"AND e.first_result NOT LIKE 'crash:%' AND e.first_result NOT LIKE 'exit %' "
		"ORDER BY s.ordinal, e.id");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	return each_row(db, st, "reading solo executions", solo_row, (void (*)(void))fn, ctx);
}

static int witness_row(sqlite3_stmt *st, void (*fn)(void), void *ctx)
{
	struct snc_db_snc_witness row = {
		.verdict_id = sqlite3_column_int64(st, 0),
		.f_op = sqlite3_column_int64(st, 1),
		.g_op = sqlite3_column_int64(st, 2),
		.state = db_col_text(st, 3),
		.f_call = db_col_text(st, 4),
		.g_call = db_col_text(st, 5),
	};
	return ((int (*)(const struct snc_db_snc_witness *, void *))fn)(&row, ctx);
}

int snc_db_each_snc_witness(struct snc_db *db, int64_t harness_id,
			    int (*fn)(const struct snc_db_snc_witness *row, void *ctx), void *ctx)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT v.id, v.f_op, v.g_op, w.state, w.f_call, w.g_call FROM verdicts v "
		"JOIN witnesses w ON w.verdict_id = v.id AND w.role = 'mutual' "
		"WHERE v.harness_id = ? AND v.verdict = 'snc' ORDER BY v.id");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	return each_row(db, st, "reading snc witnesses", witness_row, (void (*)(void))fn, ctx);
}

int snc_db_costs_stored(struct snc_db *db)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'view' "
				       "AND name IN ('cost_measurements', 'op_costs', 'verdict_evidence')");
	if (!st)
		return -1;
	if (sqlite3_step(st) != SQLITE_ROW)
		return db_fail(db, "looking for the measured costs");
	int views = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	return views == 3;
}

static int measurement_row(sqlite3_stmt *st, void (*fn)(void), void *ctx)
{
	struct snc_db_cost_measurement row = {
		.harness = db_col_text(st, 0),
		.status = db_col_text(st, 1),
		.reason = db_col_text(st, 2),
		.states = sqlite3_column_int64(st, 3),
		.loop_calls = sqlite3_column_int(st, 4),
		.seconds = col_ratio(st, 5),
	};
	return ((int (*)(const struct snc_db_cost_measurement *, void *))fn)(&row, ctx);
}

int snc_db_each_cost_measurement(struct snc_db *db, int64_t run_id,
				 int (*fn)(const struct snc_db_cost_measurement *row, void *ctx),
				 void *ctx)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT harness, status, reason, states, loop_calls, seconds FROM cost_measurements "
		"WHERE run_id = ? ORDER BY measurement_id");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	return each_row(db, st, "reading measurements", measurement_row, (void (*)(void))fn, ctx);
}

static int op_cost_row(sqlite3_stmt *st, void (*fn)(void), void *ctx)
{
	struct snc_db_op_cost row = {
		.harness = db_col_text(st, 0),
		.op = db_col_text(st, 1),
		.calls = sqlite3_column_int64(st, 2),
		.instructions_per_call = col_ratio(st, 3),
		.rmw_per_call = col_ratio(st, 4),
		.fences_per_call = col_ratio(st, 5),
		.heavyweight_call_share = col_ratio(st, 6),
		.first_calls = sqlite3_column_int64(st, 7),
		.first_rmw_per_call = col_ratio(st, 8),
		.first_fences_per_call = col_ratio(st, 9),
		.first_heavyweight_call_share = col_ratio(st, 10),
		.top_kind = db_col_text(st, 11),
		.top_function = db_col_text(st, 12),
		.top_caller = db_col_text(st, 13),
		.top_per_call = col_ratio(st, 14),
		.implemented_by = db_col_text(st, 15),
	};
	return ((int (*)(const struct snc_db_op_cost *, void *))fn)(&row, ctx);
}

int snc_db_each_op_cost(struct snc_db *db, int64_t run_id,
			int (*fn)(const struct snc_db_op_cost *row, void *ctx), void *ctx)
{
	int aliases = db_has_table(db, "api_aliases");   /* none before schema 15's audits */
	if (aliases < 0)
		return -1;
#define OP_COSTS_SELECT \
		"SELECT c.harness, c.op, c.calls, c.instructions_per_call, c.rmw_per_call, " \
		"c.fences_per_call, c.heavyweight_call_share, c.first_calls, c.first_rmw_per_call, " \
		"c.first_fences_per_call, c.first_heavyweight_call_share, " \
		"s.kind, s.function, s.caller, s.count * 1.0 / c.calls, "
#define OP_COSTS_FROM \
		" FROM op_costs c LEFT JOIN measured_op_sites s ON s.id = (" \
		"  SELECT s2.id FROM measured_op_sites s2 WHERE s2.measured_op_id = c.measured_op_id " \
		"  AND s2.phase = 'loop' ORDER BY s2.count DESC, s2.id LIMIT 1) " \
		"WHERE c.run_id = ? ORDER BY c.measured_op_id"
	sqlite3_stmt *st = db_stmt(db, aliases ?
		OP_COSTS_SELECT DB_IMPLEMENTED_BY("c.run_id", "c.op") OP_COSTS_FROM :
		OP_COSTS_SELECT "NULL" OP_COSTS_FROM);
#undef OP_COSTS_SELECT
#undef OP_COSTS_FROM
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	return each_row(db, st, "reading operation costs", op_cost_row, (void (*)(void))fn, ctx);
}

static int evidence_row(sqlite3_stmt *st, void (*fn)(void), void *ctx)
{
	struct snc_db_verdict_evidence row = {
		.harness = db_col_text(st, 0),
		.f = db_col_text(st, 1),
		.g = db_col_text(st, 2),
		.role = db_col_text(st, 3),
		.op = db_col_text(st, 4),
		.state = db_col_text(st, 5),
		.call = db_col_text(st, 6),
		.awar = sqlite3_column_int64(st, 7),
		.raw_unfenced = sqlite3_column_int64(st, 8),
		.raw_fenced = sqlite3_column_int64(st, 9),
		.rmw = sqlite3_column_int64(st, 10),
		.fences = sqlite3_column_int64(st, 11),
		.awar_example = db_col_text(st, 12),
		.raw_fenced_example = db_col_text(st, 13),
		.raw_unfenced_example = db_col_text(st, 14),
	};
	return ((int (*)(const struct snc_db_verdict_evidence *, void *))fn)(&row, ctx);
}

int snc_db_each_verdict_evidence(struct snc_db *db, int64_t run_id,
				 int (*fn)(const struct snc_db_verdict_evidence *row, void *ctx),
				 void *ctx)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT harness, f, g, role, op, state, call, awar, raw_unfenced, raw_fenced, rmw, "
		"fences, awar_example, raw_fenced_example, raw_unfenced_example "
		"FROM verdict_evidence WHERE run_id = ? ORDER BY verdict_id, role");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	return each_row(db, st, "reading verdict evidence", evidence_row, (void (*)(void))fn, ctx);
}
