/* schedules.c: what `snc run --schedules` stores, and what `snc replay` reads back.
 *
 * A harness program stores, per explored state, one schedule_explorations row per pair of
 * instances and one schedule_outcomes row per distinct outcome (with its smallest
 * schedule), plus the hook counts of each instance run alone, and records which program it
 * is (harness_builds). `snc run` adds how it compiled a temporary program, so that a replay
 * can compile it again. The views schedules, op_hook_counts and the schedule columns of
 * pair_verdicts (schema.sql) are what reports read. */
#include <stdio.h>
#include "db_internal.h"

int64_t snc_db_state_id(struct snc_db *db, int64_t harness_id, int ordinal)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT id FROM states WHERE harness_id = ? AND ordinal = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	db_bind_int(st, 2, ordinal);
	int rc = sqlite3_step(st);
	int64_t id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		snprintf(db->err, sizeof db->err, "state %d of harness %lld is not stored", ordinal,
			 (long long)harness_id);
	return id;
}

int64_t snc_db_schedule_exploration_add(struct snc_db *db,
					const struct snc_db_schedule_exploration *e)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO schedule_explorations (state_id, f_op, g_op, f_call, g_call, f_then_g, "
		"g_then_f, schedules, blocking_schedules, max_preemptions, pct_samples, exhaustive, "
		"independent, stopped_early, seconds) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, e->state_id);
	db_bind_int(st, 2, e->f_op);
	db_bind_int(st, 3, e->g_op);
	db_bind_text(st, 4, e->f_call);
	db_bind_text(st, 5, e->g_call);
	db_bind_text(st, 6, e->f_then_g);
	db_bind_text(st, 7, e->g_then_f);
	db_bind_int(st, 8, e->schedules);
	db_bind_int(st, 9, e->blocking_schedules);
	db_bind_int(st, 10, e->max_preemptions);
	db_bind_int(st, 11, e->pct_samples);
	db_bind_int(st, 12, e->exhaustive);
	db_bind_int(st, 13, e->independent);
	db_bind_int(st, 14, e->stopped_early);
	sqlite3_bind_double(st, 15, e->seconds);
	return db_insert(db, st, "storing a schedule exploration");
}

int64_t snc_db_schedule_outcome_add(struct snc_db *db, const struct snc_db_schedule_outcome *o)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO schedule_outcomes (exploration_id, schedule, status, outcome, "
		"linearizable, deterministic, preemptions, steps, schedules, f_points, g_points, "
		"f_rmw, g_rmw, f_seq_cst_fences, g_seq_cst_fences, f_seq_cst_stores, "
		"g_seq_cst_stores, f_lock_acquisitions, g_lock_acquisitions) "
		"VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, o->exploration_id);
	db_bind_text(st, 2, o->schedule);
	db_bind_text(st, 3, o->status);
	db_bind_text(st, 4, o->outcome);
	db_bind_int(st, 5, o->linearizable);
	db_bind_int(st, 6, o->deterministic);
	db_bind_int(st, 7, o->preemptions);
	db_bind_int(st, 8, o->steps);
	db_bind_int(st, 9, o->schedules);
	const struct snc_db_hook_counts *c[2] = { &o->f, &o->g };
	for (int t = 0; t < 2; t++) {
		db_bind_int(st, 10 + t, c[t]->points);
		db_bind_int(st, 12 + t, c[t]->rmw);
		db_bind_int(st, 14 + t, c[t]->seq_cst_fences);
		db_bind_int(st, 16 + t, c[t]->seq_cst_stores);
		db_bind_int(st, 18 + t, c[t]->lock_acquisitions);
	}
	return db_insert(db, st, "storing a schedule outcome");
}

int snc_db_hook_counts_add(struct snc_db *db, int64_t state_id, int64_t op_id, const char *call,
			   const struct snc_db_hook_counts *c)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO hook_counts (state_id, op_id, call, points, rmw, seq_cst_fences, "
		"seq_cst_stores, lock_acquisitions) VALUES (?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, state_id);
	db_bind_int(st, 2, op_id);
	db_bind_text(st, 3, call);
	db_bind_int(st, 4, c->points);
	db_bind_int(st, 5, c->rmw);
	db_bind_int(st, 6, c->seq_cst_fences);
	db_bind_int(st, 7, c->seq_cst_stores);
	db_bind_int(st, 8, c->lock_acquisitions);
	return db_insert(db, st, "storing hook counts") < 0 ? -1 : 0;
}

int snc_db_harness_program_set(struct snc_db *db, int64_t harness_id, const char *program)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT OR REPLACE INTO harness_builds (harness_id, program) "
				       "VALUES (?, ?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	db_bind_text(st, 2, program);
	return db_step_done(db, st, "storing the harness program");
}

int snc_db_harness_build_set(struct snc_db *db, int64_t run_id, const struct snc_db_harness_build *b)
{
	sqlite3_stmt *st = db_stmt(db,
		"UPDATE harness_builds SET temporary = ?, compiler = ?, cflags = ?, "
		"harness_source = ?, library_sources = ?, directory = ? "
		"WHERE harness_id IN (SELECT id FROM harnesses WHERE run_id = ? "
		"AND (?8 IS NULL OR name = ?8))");
	if (!st)
		return -1;
	db_bind_int(st, 1, b->temporary);
	db_bind_text(st, 2, b->compiler);
	db_bind_text(st, 3, b->cflags);
	db_bind_text(st, 4, b->harness_source);
	db_bind_text(st, 5, b->library_sources);
	db_bind_text(st, 6, b->directory);
	db_bind_int(st, 7, run_id);
	db_bind_text(st, 8, b->harness);
	return db_step_done(db, st, "storing how the harness was built");
}

int snc_db_schedule_get(struct snc_db *db, int64_t id,
			int (*fn)(const struct snc_db_schedule *s, void *ctx), void *ctx)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT schedule_id, run_id, harness_id, harness, state, f_call, g_call, schedule, "
		"status, outcome, f_then_g, g_then_f, linearizable, deterministic, preemptions, steps "
		"FROM schedules WHERE schedule_id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, id);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(st);
		return rc == SQLITE_DONE ? 1 : db_fail(db, "reading a schedule");
	}
	struct snc_db_schedule s = {
		.id = sqlite3_column_int64(st, 0),
		.run_id = sqlite3_column_int64(st, 1),
		.harness_id = sqlite3_column_int64(st, 2),
		.harness = db_col_text(st, 3),
		.state = db_col_text(st, 4),
		.f_call = db_col_text(st, 5),
		.g_call = db_col_text(st, 6),
		.schedule = db_col_text(st, 7),
		.status = db_col_text(st, 8),
		.outcome = db_col_text(st, 9),
		.f_then_g = db_col_text(st, 10),
		.g_then_f = db_col_text(st, 11),
		.linearizable = sqlite3_column_int(st, 12),
		.deterministic = sqlite3_column_int(st, 13),
		.preemptions = sqlite3_column_int64(st, 14),
		.steps = sqlite3_column_int64(st, 15),
	};
	rc = fn(&s, ctx);
	sqlite3_reset(st);
	return rc;
}

int snc_db_harness_build_get(struct snc_db *db, int64_t harness_id,
			     int (*fn)(const struct snc_db_harness_build *b, void *ctx), void *ctx)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT program, temporary, compiler, cflags, harness_source, library_sources, "
		"directory FROM harness_builds WHERE harness_id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(st);
		return rc == SQLITE_DONE ? 1 : db_fail(db, "reading the harness build");
	}
	struct snc_db_harness_build b = {
		.program = db_col_text(st, 0),
		.temporary = sqlite3_column_int(st, 1),
		.compiler = db_col_text(st, 2),
		.cflags = db_col_text(st, 3),
		.harness_source = db_col_text(st, 4),
		.library_sources = db_col_text(st, 5),
		.directory = db_col_text(st, 6),
	};
	rc = fn(&b, ctx);
	sqlite3_reset(st);
	return rc;
}

int snc_db_schedule_work(struct snc_db *db, int64_t *schedules, int64_t *children,
			 double *seconds)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT coalesce(sum(schedules), 0), coalesce(sum(schedules + (SELECT count(*) "
		"FROM schedule_outcomes o WHERE o.exploration_id = e.id AND o.schedule LIKE '%:%')), 0), "
		"coalesce(sum(seconds), 0) FROM schedule_explorations e");
	if (!st)
		return -1;
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return db_fail(db, "reading the schedules' work");
	}
	*schedules = sqlite3_column_int64(st, 0);
	*children = sqlite3_column_int64(st, 1);
	*seconds = sqlite3_column_double(st, 2);
	sqlite3_reset(st);
	return 0;
}

int snc_db_schedule_step_add(struct snc_db *db, const struct snc_db_schedule_step *s)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO schedule_steps (outcome_id, ordinal, thread, step, kind, access, place, "
		"variable, address, size, writes) VALUES (?,?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, s->outcome_id);
	db_bind_int(st, 2, s->ordinal);
	db_bind_int(st, 3, s->thread);
	db_bind_int(st, 4, s->step);
	db_bind_text(st, 5, s->kind);
	db_bind_text(st, 6, s->access);
	db_bind_text(st, 7, s->place && *s->place ? s->place : NULL);
	db_bind_text(st, 8, s->variable && *s->variable ? s->variable : NULL);
	db_bind_int(st, 9, s->address);
	db_bind_int(st, 10, s->size);
	db_bind_int(st, 11, s->writes);
	return db_insert(db, st, "storing a schedule's trace") < 0 ? -1 : 0;
}
