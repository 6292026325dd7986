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

static void add_op_cost(struct snc_facts *facts, struct snc_fact_harness *h, sqlite3_stmt *st)
{
	struct snc_fact_op *op = facts_op_named(h, db_col_text(st, 0));
	if (!op)
		return;
	op->cost = (struct snc_fact_cost){
		.calls = sqlite3_column_int64(st, 1),
		.instructions = sqlite3_column_double(st, 2),
		.rmw = sqlite3_column_double(st, 3),
		.fences = sqlite3_column_double(st, 4),
		.heavyweight_share = sqlite3_column_double(st, 5),
		.first_calls = sqlite3_column_int64(st, 6),
		.first_instructions = sqlite3_column_double(st, 7),
		.first_rmw = sqlite3_column_double(st, 8),
		.first_fences = sqlite3_column_double(st, 9),
	};
	if (op->cost.calls)
		facts->measured = 1;
}

/* "lock xadd in atomic_add_return (counters.c:23), 1.00 per call", most frequent first: the
 * sites of the calls in a loop, or of the first calls when the op has no loop calls. */
static void add_op_site(struct snc_facts *facts, struct snc_fact_harness *h, sqlite3_stmt *st)
{
	struct snc_fact_op *op = facts_op_named(h, db_col_text(st, 0));
	if (!op)
		return;
	const char *fn = db_col_text(st, 2), *file = db_col_text(st, 3);
	op->cost_sites = db_arena_printf(facts->arena, "%s%s%s in %s (%s:%d), %.2f per call",
		op->cost_sites ? op->cost_sites : "", op->cost_sites ? "\n" : "",
		db_col_text(st, 1), fn ? fn : "?", file ? file : "?", sqlite3_column_int(st, 4),
		sqlite3_column_double(st, 5));
}

static void add_pattern(struct snc_facts *facts, struct snc_fact_harness *h, sqlite3_stmt *st)
{
	struct snc_fact_pair *p = facts_pair_named(h, db_col_text(st, 0), db_col_text(st, 1));
	if (!p)
		return;
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

int facts_load_costs(struct snc_db *db, struct snc_facts *facts)
{
	int present = db_has_view(db, "op_costs");
	if (present <= 0)
		return present;
	return facts_each_harness_row(db, facts,
		"SELECT op, calls, instructions_per_call, rmw_per_call, fences_per_call, "
		"heavyweight_call_share, first_calls, first_instructions_per_call, "
		"first_rmw_per_call, first_fences_per_call FROM op_costs "
		"WHERE run_id = ? AND harness = ? AND (calls > 0 OR first_calls > 0)",
		add_op_cost, "reading measured costs") != 0 ||
	       facts_each_harness_row(db, facts,
		"SELECT s.op, s.kind, s.function, s.file, s.line, s.per_call FROM measured_sites s "
		"JOIN measured_ops c ON c.id = s.measured_op_id WHERE s.run_id = ? AND s.harness = ? "
		"AND s.phase = CASE WHEN c.calls > 0 THEN 'loop' ELSE 'first' END "
		"ORDER BY s.op, s.per_call DESC, s.kind",
		add_op_site, "reading measured sites") != 0 ||
	       facts_each_harness_row(db, facts,
		"SELECT f, g, role, call, awar, raw_unfenced, raw_fenced, rmw, fences, example "
		"FROM verdict_evidence WHERE run_id = ? AND harness = ?",
		add_pattern, "reading verdict evidence") != 0 ? -1 : 0;
}
