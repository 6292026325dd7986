/* preconditions.c: storing where an op's precondition is violated (table preconditions,
 * view op_preconditions; docs/db.md). */
#include "db_internal.h"

int snc_db_precondition_add(struct snc_db *db, const struct snc_db_precondition *p)
{
	sqlite3_stmt *st = db_stmt(db,
		"INSERT INTO preconditions (harness_id, op_id, violated_states, state, call, outcome, "
		"satisfied_state) VALUES (?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, p->harness_id);
	db_bind_int(st, 2, p->op_id);
	db_bind_int(st, 3, p->violated_states);
	db_bind_text(st, 4, p->state);
	db_bind_text(st, 5, p->call);
	db_bind_text(st, 6, p->outcome);
	db_bind_text(st, 7, p->satisfied_state);
	return db_insert(db, st, "storing a precondition") < 0 ? -1 : 0;
}
