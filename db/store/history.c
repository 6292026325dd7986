/* history.c: a harness's results across runs, for the HTML report's history (snc_db.h).
 *
 * Every run that stored results of a harness (by name) up to the report's run gives one
 * row per pair of ops (its verdict) and one per measured op (its cost per call), oldest
 * run first. Read through the pair_verdicts and op_costs views; a database without
 * measurements has pair rows only. Only harness runs that finished count: a killed run's
 * partial verdicts are no step in the history. */
#include <stdlib.h>
#include "findings_internal.h"

static int add(struct snc_db *db, struct snc_history *out, sqlite3_stmt *st, bool cost)
{
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		out->items = db_array_grow(out->items, out->count, sizeof *out->items);
		if (!out->items)
			return db_fail(db, "reading the history (out of memory)");
		struct snc_history_row *r = &out->items[out->count++];
		*r = (struct snc_history_row){
			.run_id = sqlite3_column_int64(st, 0),
			.started_at = db_arena_strdup(out->arena, db_col_text(st, 1)),
			.harness = db_arena_strdup(out->arena, db_col_text(st, 2)),
			.f = db_arena_strdup(out->arena, db_col_text(st, 3)),
		};
		if (cost) {
			r->calls = sqlite3_column_int64(st, 4);
			r->instructions = sqlite3_column_double(st, 5);
			r->rmw = sqlite3_column_double(st, 6);
			r->fences = sqlite3_column_double(st, 7);
		} else {
			r->g = db_arena_strdup(out->arena, db_col_text(st, 4));
			r->verdict = db_arena_strdup(out->arena, db_col_text(st, 5));
		}
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading the history");
}

int snc_db_history_load(struct snc_db *db, int64_t run_id, struct snc_history *out)
{
	out->arena = db_arena_new();
	if (!out->arena)
		return db_fail(db, "reading the history (out of memory)");
	sqlite3_stmt *st = db_stmt(db,
		"SELECT v.run_id, r.started_at, v.harness, v.f, v.g, v.verdict FROM pair_verdicts v "
		"JOIN runs r ON r.id = v.run_id WHERE v.run_id <= ? AND EXISTS (SELECT 1 FROM "
		"harnesses h WHERE h.run_id = v.run_id AND h.name = v.harness AND h.finished = 1) "
		"ORDER BY v.harness, v.run_id, v.verdict_id");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	if (add(db, out, st, false) != 0)
		return -1;
	int costs = db_has_view(db, "op_costs");
	if (costs <= 0)
		return costs;
	st = db_stmt(db,
		"SELECT c.run_id, r.started_at, c.harness, c.op, c.calls, c.instructions_per_call, "
		"c.rmw_per_call, c.fences_per_call FROM op_costs c JOIN runs r ON r.id = c.run_id "
		"WHERE c.run_id <= ? AND c.calls > 0 ORDER BY c.harness, c.run_id, c.op_ordinal");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	return add(db, out, st, true);
}

void snc_history_free(struct snc_history *h)
{
	free(h->items);
	db_arena_free(h->arena);
	*h = (struct snc_history){ 0 };
}
