/* facts_costs.c: what `snc run --measure` counted, added to a run's facts.
 *
 * The snc Valgrind tool measured, for each op of a harness run, the heavyweight
 * instructions it executes per call (atomic read-modify-writes and full fences, in the
 * calls that follow the first from a state: what a caller pays in a loop) and where they
 * executed; and for each snc verdict, the Laws of Order patterns (AWAR, fenced RAW) in the
 * solo executions of both witness calls. Those are the ground truth where the scan cannot
 * see (glibc's mutexes, inline assembly, what the compiler emitted), so rules prefer them.
 * Read through the op_costs, measured_sites and verdict_evidence views, by the run and the
 * name of each harness in the facts. A database without those views has no measurements. */
#include <string.h>
#include "findings_internal.h"

static int load_op_costs(struct snc_db *db, struct snc_facts *facts, struct snc_fact_harness *h)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT op, calls, instructions_per_call, rmw_per_call, fences_per_call, "
		"heavyweight_call_share FROM op_costs WHERE run_id = ? AND harness = ? AND calls > 0");
	if (!st)
		return -1;
	db_bind_int(st, 1, h->run_id);
	db_bind_text(st, 2, h->name);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_fact_op *op = facts_op_named(h, db_col_text(st, 0));
		if (!op)
			continue;
		op->cost = (struct snc_fact_cost){
			.calls = sqlite3_column_int64(st, 1),
			.instructions = sqlite3_column_double(st, 2),
			.rmw = sqlite3_column_double(st, 3),
			.fences = sqlite3_column_double(st, 4),
			.heavyweight_share = sqlite3_column_double(st, 5),
		};
		facts->measured = 1;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading measured costs");
}

/* "lock xadd in atomic_add_return (counters.c:23), 1.00 per call", most frequent first. */
static int load_op_sites(struct snc_db *db, struct snc_facts *facts, struct snc_fact_harness *h)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT op, kind, function, file, line, per_call FROM measured_sites "
		"WHERE run_id = ? AND harness = ? AND phase = 'loop' ORDER BY op, per_call DESC, kind");
	if (!st)
		return -1;
	db_bind_int(st, 1, h->run_id);
	db_bind_text(st, 2, h->name);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_fact_op *op = facts_op_named(h, db_col_text(st, 0));
		if (!op)
			continue;
		const char *fn = db_col_text(st, 2), *file = db_col_text(st, 3);
		op->cost_sites = db_arena_printf(facts->arena, "%s%s%s in %s (%s:%d), %.2f per call",
			op->cost_sites ? op->cost_sites : "", op->cost_sites ? "\n" : "",
			db_col_text(st, 1), fn ? fn : "?", file ? file : "?", sqlite3_column_int(st, 4),
			sqlite3_column_double(st, 5));
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading measured sites");
}

static int load_patterns(struct snc_db *db, struct snc_facts *facts, struct snc_fact_harness *h)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT f, g, role, call, awar, raw_unfenced, raw_fenced, rmw, fences, example "
		"FROM verdict_evidence WHERE run_id = ? AND harness = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, h->run_id);
	db_bind_text(st, 2, h->name);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_fact_pair *p = facts_pair_named(h, db_col_text(st, 0), db_col_text(st, 1));
		if (!p)
			continue;
		struct snc_fact_pattern *pat = &p->solo[strcmp(db_col_text(st, 2), "g") == 0];
		*pat = (struct snc_fact_pattern){
			.measured = 1,
			.call = db_arena_strdup(facts->arena, db_col_text(st, 3)),
			.awar = sqlite3_column_int64(st, 4),
			.raw_unfenced = sqlite3_column_int64(st, 5),
			.raw_fenced = sqlite3_column_int64(st, 6),
			.rmw = sqlite3_column_int64(st, 7),
			.fences = sqlite3_column_int64(st, 8),
			.example = db_arena_strdup(facts->arena, db_col_text(st, 9)),
		};
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading verdict evidence");
}

int facts_load_costs(struct snc_db *db, struct snc_facts *facts)
{
	int present = db_has_view(db, "op_costs");
	if (present <= 0)
		return present;
	for (int i = 0; i < facts->nharnesses; i++) {
		struct snc_fact_harness *h = &facts->harnesses[i];
		if (load_op_costs(db, facts, h) != 0 || load_op_sites(db, facts, h) != 0 ||
		    load_patterns(db, facts, h) != 0)
			return -1;
	}
	return 0;
}
