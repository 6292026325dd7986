/* verdicts_read.c: reading the pair_verdicts view back, for `snc show` and reports.
 *
 * An op an audit named by a macro (rcu_read_lock, whose function is urcu_memb_read_lock)
 * comes with the function that implements it, from the run's api_aliases (none in a
 * database from before that table, nor for a macro audited through its own wrapper). How
 * many scheduling points the pair's calls passed in its busiest schedule comes from the
 * schedule tables beside the view. */
#include "db_internal.h"

#define PAIR_COLUMNS \
	"SELECT run_id, harness, f, g, verdict, direction, contract, states, conflict_states, " \
	"crash_states, blocked_states, deterministic, witness_state, witness_args, " \
	"f_alone, g_alone, f_after_g, g_after_f, " \
	"coalesce(linearizable, -1), coalesce(deterministic_under_schedules, -1), " \
	"coalesce(schedules_exhaustive, -1), coalesce(schedules, 0), " \
	"coalesce(failing_schedule_id, 0), failing_state, failing_schedule, failing_outcome, " \
	"(SELECT coalesce(max(o.f_points + o.g_points), 0) FROM verdicts v " \
	" JOIN schedule_explorations e ON e.f_op = v.f_op AND e.g_op = v.g_op " \
	" JOIN schedule_outcomes o ON o.exploration_id = e.id WHERE v.id = p.verdict_id), "

int snc_db_each_pair_verdict(struct snc_db *db, int64_t run_id,
			     int (*fn)(const struct snc_db_pair_verdict *row, void *ctx), void *ctx)
{
	int aliases = db_has_table(db, "api_aliases");
	if (aliases < 0)
		return -1;
	sqlite3_stmt *st = db_stmt(db, aliases ?
		PAIR_COLUMNS DB_IMPLEMENTED_BY("p.run_id", "p.f") ", " DB_IMPLEMENTED_BY("p.run_id", "p.g")
		" FROM pair_verdicts p WHERE run_id = ? ORDER BY verdict_id" :
		PAIR_COLUMNS "NULL, NULL FROM pair_verdicts p WHERE run_id = ? ORDER BY verdict_id");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_db_pair_verdict row = {
			.run_id = sqlite3_column_int64(st, 0),
			.harness = db_col_text(st, 1),
			.f = db_col_text(st, 2),
			.g = db_col_text(st, 3),
			.verdict = db_col_text(st, 4),
			.direction = db_col_text(st, 5),
			.contract = db_col_text(st, 6),
			.states = sqlite3_column_int64(st, 7),
			.conflict_states = sqlite3_column_int64(st, 8),
			.crash_states = sqlite3_column_int64(st, 9),
			.blocked_states = sqlite3_column_int64(st, 10),
			.deterministic = sqlite3_column_int(st, 11),
			.witness_state = db_col_text(st, 12),
			.witness_args = db_col_text(st, 13),
			.f_alone = db_col_text(st, 14),
			.g_alone = db_col_text(st, 15),
			.f_after_g = db_col_text(st, 16),
			.g_after_f = db_col_text(st, 17),
			.linearizable = sqlite3_column_int(st, 18),
			.schedules_deterministic = sqlite3_column_int(st, 19),
			.schedules_exhaustive = sqlite3_column_int(st, 20),
			.schedules = sqlite3_column_int64(st, 21),
			.failing_schedule_id = sqlite3_column_int64(st, 22),
			.failing_state = db_col_text(st, 23),
			.failing_schedule = db_col_text(st, 24),
			.failing_outcome = db_col_text(st, 25),
			.schedule_points = sqlite3_column_int64(st, 26),
			.f_function = db_col_text(st, 27),
			.g_function = db_col_text(st, 28),
		};
		int stop = fn(&row, ctx);
		if (stop) {
			sqlite3_reset(st);
			return stop;
		}
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading verdicts");
}
