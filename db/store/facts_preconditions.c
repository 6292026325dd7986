/* facts_preconditions.c: each op's precondition as the harness run recorded it (the
 * op_preconditions view, schema 7): where it fails alone and what state it ran from. A
 * database older than the view has none. */
#include <string.h>
#include "findings_internal.h"

static int load_harness(struct snc_db *db, struct snc_facts *facts, struct snc_fact_harness *h)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT op, violated_states, state, call, outcome, satisfied_state FROM op_preconditions "
		"WHERE harness_id = (SELECT max(id) FROM harnesses WHERE run_id = ? AND name = ? "
		"AND finished = 1)");
	if (!st)
		return -1;
	db_bind_int(st, 1, h->run_id);
	db_bind_text(st, 2, h->name);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_fact_op *op = facts_op_named(h, db_col_text(st, 0));
		if (!op)
			continue;
		op->violated_states = sqlite3_column_int64(st, 1);
		op->violated_state = db_arena_strdup(facts->arena, db_col_text(st, 2));
		op->violated_call = db_arena_strdup(facts->arena, db_col_text(st, 3));
		op->violated_outcome = db_arena_strdup(facts->arena, db_col_text(st, 4));
		op->requires_state = db_arena_strdup(facts->arena, db_col_text(st, 5));
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading preconditions");
}

int facts_load_preconditions(struct snc_db *db, struct snc_facts *facts)
{
	int present = db_has_view(db, "op_preconditions");
	if (present <= 0)
		return present;
	for (int i = 0; i < facts->nharnesses; i++)
		if (load_harness(db, facts, &facts->harnesses[i]) != 0)
			return -1;
	return 0;
}
