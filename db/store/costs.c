/* costs.c: storing what a measure pass (snc run --measure) found: one measurements row per
 * harness (measured, or why not), the summed counts of every measured operation, its
 * heavyweight sites, and the AWAR/RAW patterns of each snc verdict's solo executions.
 * The tables are in the "measured costs" section of schema.sql; docs/db.md documents the
 * views over them. */
#include <stdio.h>
#include "db_internal.h"

int64_t snc_db_measurement_add(struct snc_db *db, const struct snc_db_measurement *m)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO measurements (harness_id, status, reason, "
				       "states, loop_calls, seconds) VALUES (?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, m->harness_id);
	db_bind_text(st, 2, m->status);
	db_bind_text(st, 3, m->reason);
	db_bind_int(st, 4, m->states);
	db_bind_int(st, 5, m->loop_calls);
	if (m->seconds >= 0)
		sqlite3_bind_double(st, 6, m->seconds);
	else
		sqlite3_bind_null(st, 6);
	return db_insert(db, st, "storing a measurement");
}

static void bind_counts(sqlite3_stmt *st, int first_index, const struct snc_db_measured_counts *c)
{
	const int64_t values[] = { c->calls, c->instructions, c->rmw, c->fences, c->light_fences,
				   c->heavyweight_calls };
	for (int i = 0; i < 6; i++)
		db_bind_int(st, first_index + i, values[i]);
}

int64_t snc_db_measured_op_add(struct snc_db *db, int64_t measurement_id, int op_ordinal,
			       const struct snc_db_measured_counts *first,
			       const struct snc_db_measured_counts *loop)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO measured_ops (measurement_id, op_id, calls, instructions, rmw, fences, "
		"light_fences, heavyweight_calls, first_calls, first_instructions, first_rmw, "
		"first_fences, first_light_fences, first_heavyweight_calls) "
		"SELECT m.id, o.id, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14 "
		"FROM measurements m JOIN ops o ON o.harness_id = m.harness_id "
		"WHERE m.id = ?1 AND o.ordinal = ?2");
	if (!st)
		return -1;
	db_bind_int(st, 1, measurement_id);
	db_bind_int(st, 2, op_ordinal);
	bind_counts(st, 3, loop);
	bind_counts(st, 9, first);
	if (db_step_done(db, st, "storing an operation's measured costs") != 0)
		return -1;
	if (sqlite3_changes(db->conn) != 1) {
		snprintf(db->err, sizeof db->err, "storing measured costs: no op %d in the harness",
			 op_ordinal);
		return -1;
	}
	return sqlite3_last_insert_rowid(db->conn);
}

int snc_db_measured_site_add(struct snc_db *db, int64_t measured_op_id,
			     const struct snc_db_measured_site *s)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO measured_op_sites (measured_op_id, phase, kind, function, file, line, "
		"caller, caller_file, caller_line, count) VALUES (?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, measured_op_id);
	db_bind_text(st, 2, s->phase);
	db_bind_text(st, 3, s->kind);
	db_bind_text(st, 4, s->function);
	db_bind_text(st, 5, s->file);
	db_bind_id(st, 6, s->line);
	db_bind_text(st, 7, s->caller);
	db_bind_text(st, 8, s->caller_file);
	db_bind_id(st, 9, s->caller_line);
	db_bind_int(st, 10, s->count);
	return db_insert(db, st, "storing a measured site") < 0 ? -1 : 0;
}

int snc_db_pattern_evidence_add(struct snc_db *db, const struct snc_db_pattern_evidence *e)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO verdict_patterns (verdict_id, role, op_id, state, call, instructions, "
		"rmw, fences, awar, raw_unfenced, raw_fenced, awar_example, raw_fenced_example, "
		"raw_unfenced_example) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, e->verdict_id);
	db_bind_text(st, 2, e->role);
	db_bind_int(st, 3, e->op_id);
	db_bind_text(st, 4, e->state);
	db_bind_text(st, 5, e->call);
	db_bind_int(st, 6, e->instructions);
	db_bind_int(st, 7, e->rmw);
	db_bind_int(st, 8, e->fences);
	db_bind_int(st, 9, e->awar);
	db_bind_int(st, 10, e->raw_unfenced);
	db_bind_int(st, 11, e->raw_fenced);
	db_bind_text(st, 12, e->awar_example);
	db_bind_text(st, 13, e->raw_fenced_example);
	db_bind_text(st, 14, e->raw_unfenced_example);
	return db_insert(db, st, "storing a verdict's patterns") < 0 ? -1 : 0;
}
