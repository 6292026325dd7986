/* facts_preconditions.c: each op's precondition as the harness run recorded it (the
 * op_preconditions view, schema 7): where it fails alone and what state it ran from. A
 * database older than the view has none. */
#include <string.h>
#include "findings_internal.h"

static void add_precondition(struct snc_facts *facts, struct snc_fact_harness *h, sqlite3_stmt *st)
{
	struct snc_fact_op *op = facts_op_named(h, db_col_text(st, 0));
	if (!op)
		return;
	op->violated_states = sqlite3_column_int64(st, 1);
	op->violated_state = db_arena_strdup(facts->arena, db_col_text(st, 2));
	op->violated_call = db_arena_strdup(facts->arena, db_col_text(st, 3));
	op->violated_outcome = db_arena_strdup(facts->arena, db_col_text(st, 4));
	op->requires_state = db_arena_strdup(facts->arena, db_col_text(st, 5));
}

int facts_load_preconditions(struct snc_db *db, struct snc_facts *facts)
{
	int present = db_has_view(db, "op_preconditions");
	if (present <= 0)
		return present;
	return facts_each_harness_row(db, facts,
		"SELECT op, violated_states, state, call, outcome, satisfied_state FROM op_preconditions "
		"WHERE harness_id = (SELECT max(id) FROM harnesses WHERE run_id = ? AND name = ? "
		"AND finished = 1)",
		add_precondition, "reading preconditions");
}
