/* results.c: storing what the runtime's classifier found: harnesses, their operations,
 * the explored states, the raw executions, and one verdict with its witnesses per pair. */
#include "db_internal.h"

int64_t snc_db_harness_add(struct snc_db *db, const struct snc_db_harness *h)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO harnesses (run_id, name, source, depth, max_states, seed, repeats, "
		"timeout_ms, blocking_observable, state_space) VALUES (?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, h->run_id);
	db_bind_text(st, 2, h->name);
	db_bind_text(st, 3, h->source);
	db_bind_int(st, 4, h->depth);
	db_bind_int(st, 5, h->max_states);
	db_bind_int(st, 6, (int64_t)h->seed);
	db_bind_int(st, 7, h->repeats);
	db_bind_int(st, 8, h->timeout_ms);
	db_bind_int(st, 9, h->blocking_observable);
	db_bind_int(st, 10, h->state_space);
	return db_insert(db, st, "storing the harness");
}

int snc_db_harness_finish(struct snc_db *db, int64_t harness_id, int64_t states_tried,
			  int64_t executions, int library_threads)
{
	sqlite3_stmt *st = db_stmt(db, "UPDATE harnesses SET states_tried = ?, executions = ?, "
				       "library_threads = ?, finished = 1 WHERE id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, states_tried);
	db_bind_int(st, 2, executions);
	db_bind_int(st, 3, library_threads);
	db_bind_int(st, 4, harness_id);
	return db_step_done(db, st, "finishing the harness");
}

int64_t snc_db_op_add(struct snc_db *db, const struct snc_db_op *op)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO ops (harness_id, ordinal, name, arity, returns, "
				       "contract, domains) VALUES (?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, op->harness_id);
	db_bind_int(st, 2, op->ordinal);
	db_bind_text(st, 3, op->name);
	db_bind_int(st, 4, op->arity);
	db_bind_text(st, 5, op->returns);
	db_bind_text(st, 6, op->contract);
	db_bind_text(st, 7, op->domains);
	return db_insert(db, st, "storing an operation");
}

int64_t snc_db_state_add(struct snc_db *db, int64_t harness_id, int ordinal, const char *label,
			 int length, const char *status, const char *digest)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO states (harness_id, ordinal, label, length, "
				       "status, digest) VALUES (?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	db_bind_int(st, 2, ordinal);
	db_bind_text(st, 3, label);
	db_bind_int(st, 4, length);
	db_bind_text(st, 5, status);
	db_bind_text(st, 6, digest);
	return db_insert(db, st, "storing a state");
}

int snc_db_execution_add(struct snc_db *db, const struct snc_db_execution *e)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO executions (state_id, first_op, first_args, first_result, second_op, "
		"second_args, second_result, digest, deterministic) VALUES (?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, e->state_id);
	db_bind_int(st, 2, e->first_op);
	db_bind_text(st, 3, e->first_args);
	db_bind_text(st, 4, e->first_result);
	db_bind_id(st, 5, e->second_op);
	db_bind_text(st, 6, e->second_args);
	db_bind_text(st, 7, e->second_result);
	db_bind_text(st, 8, e->digest);
	db_bind_int(st, 9, e->deterministic);
	return db_insert(db, st, "storing an execution") < 0 ? -1 : 0;
}

int64_t snc_db_verdict_add(struct snc_db *db, const struct snc_db_verdict *v)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO verdicts (harness_id, f_op, g_op, verdict, direction, states, "
		"conflict_states, mutual_states, f_to_g_states, g_to_f_states, crash_states, "
		"blocked_states, deterministic, contract) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, v->harness_id);
	db_bind_int(st, 2, v->f_op);
	db_bind_int(st, 3, v->g_op);
	db_bind_text(st, 4, v->verdict);
	db_bind_text(st, 5, v->direction);
	db_bind_int(st, 6, v->states);
	db_bind_int(st, 7, v->conflict_states);
	db_bind_int(st, 8, v->mutual_states);
	db_bind_int(st, 9, v->f_to_g_states);
	db_bind_int(st, 10, v->g_to_f_states);
	db_bind_int(st, 11, v->crash_states);
	db_bind_int(st, 12, v->blocked_states);
	db_bind_int(st, 13, v->deterministic);
	db_bind_text(st, 14, v->contract);
	return db_insert(db, st, "storing a verdict");
}

int snc_db_witness_add(struct snc_db *db, int64_t verdict_id, const struct snc_db_witness *w)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO witnesses (verdict_id, role, state, f_call, g_call, f_alone, g_alone, "
		"f_after_g, g_after_f, digest_fg, digest_gf) VALUES (?,?,?,?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, verdict_id);
	db_bind_text(st, 2, w->role);
	db_bind_text(st, 3, w->state);
	db_bind_text(st, 4, w->f_call);
	db_bind_text(st, 5, w->g_call);
	db_bind_text(st, 6, w->f_alone);
	db_bind_text(st, 7, w->g_alone);
	db_bind_text(st, 8, w->f_after_g);
	db_bind_text(st, 9, w->g_after_f);
	db_bind_text(st, 10, w->digest_fg);
	db_bind_text(st, 11, w->digest_gf);
	return db_insert(db, st, "storing a witness") < 0 ? -1 : 0;
}
