/* facts_schedules.c: what the controlled scheduler showed about a harness run's pairs.
 *
 * `snc run --schedules` runs each pair of calls as two threads from the explored states,
 * under every schedule within a preemption bound (and sampled ones), and compares every
 * outcome with the two sequential orders from the same state. A pair's facts keep how many
 * schedules ran and, of the outcomes no sequential order gives (non-linearizable) and of
 * those that did not repeat under their own schedule (non-deterministic), the simplest one:
 * fewest preemptions, then fewest steps. Only runs that ended are compared: a deadlock or a
 * crash is a different story than a lost update. How each pair was explored (states,
 * bound, whether its calls were instrumented and the witness's calls independent) is read
 * from the explorations, for reconciling an SNC verdict with them. Read through the `schedules` view by the
 * id of each harness in the facts; a database without that view has none. The simplest
 * non-linearizable schedule of a pair comes with its trace when one was kept
 * (schedule_steps: the report draws it). */
#include <stdlib.h>
#include <string.h>
#include "findings_internal.h"

static const struct snc_fact_step *copy_steps(struct db_arena *a, const struct snc_fact_step *s,
					     int n)
{
	if (n <= 0)
		return NULL;
	struct snc_fact_step *c = db_arena_alloc(a, (size_t)n * sizeof *c);
	for (int i = 0; c && i < n; i++) {
		c[i] = s[i];
		c[i].kind = db_arena_strdup(a, s[i].kind);
		c[i].access = db_arena_strdup(a, s[i].access);
		c[i].place = db_arena_strdup(a, s[i].place);
		c[i].variable = db_arena_strdup(a, s[i].variable);
	}
	return c;
}

struct snc_fact_schedule facts_copy_schedule(struct db_arena *a, const struct snc_fact_schedule *s)
{
	return (struct snc_fact_schedule){
		.id = s->id,
		.state = db_arena_strdup(a, s->state),
		.f_call = db_arena_strdup(a, s->f_call),
		.g_call = db_arena_strdup(a, s->g_call),
		.schedule = db_arena_strdup(a, s->schedule),
		.outcome = db_arena_strdup(a, s->outcome),
		.f_then_g = db_arena_strdup(a, s->f_then_g),
		.g_then_f = db_arena_strdup(a, s->g_then_f),
		.preemptions = s->preemptions,
		.thread = { s->thread[0], s->thread[1] },
		.steps = copy_steps(a, s->steps, s->nsteps),
		.nsteps = s->nsteps,
	};
}

/* Does a sequential order's text say a call crashed or exited ("= crash: SIGSEGV",
 * "= exit 1")? The second call's precondition then fails after the first: an outcome
 * compared with it is reported apart from real non-linearizable ones. */
static bool sequential_fails(const char *text)
{
	return text && (strstr(text, " = crash: ") || strstr(text, " = exit "));
}

/* Every outcome of the harness's explorations, simplest first, so the first of each kind
 * per pair is the one kept. */
static int load_outcomes(struct snc_db *db, struct snc_facts *facts, struct snc_fact_harness *h,
			 int64_t harness_id)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT f, g, state, f_call, g_call, schedule, outcome, f_then_g, g_then_f, "
		"schedule_id, preemptions, linearizable, deterministic, status, schedules_with_outcome, "
		"f_points, f_rmw, f_seq_cst_fences, f_seq_cst_stores, f_lock_acquisitions, "
		"g_points, g_rmw, g_seq_cst_fences, g_seq_cst_stores, g_lock_acquisitions "
		"FROM schedules WHERE harness_id = ? ORDER BY preemptions, steps, schedule_id");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_fact_pair *p = facts_pair_named(h, db_col_text(st, 0), db_col_text(st, 1));
		if (!p)
			continue;
		p->schedules += sqlite3_column_int64(st, 14);
		bool completed = strcmp(db_col_text(st, 13), "completed") == 0;
		struct snc_fact_schedule *broken = sequential_fails(db_col_text(st, 7)) ||
			sequential_fails(db_col_text(st, 8)) ? &p->broken_precondition : &p->broken;
		struct snc_fact_schedule *keep =
			completed && !sqlite3_column_int(st, 11) && !broken->id ? broken
			: !sqlite3_column_int(st, 12) && !p->unrepeated.id ? &p->unrepeated : NULL;
		if (!keep)
			continue;
		struct snc_fact_schedule s = {
			.id = sqlite3_column_int64(st, 9),
			.state = db_col_text(st, 2),
			.f_call = db_col_text(st, 3),
			.g_call = db_col_text(st, 4),
			.schedule = db_col_text(st, 5),
			.outcome = db_col_text(st, 6),
			.f_then_g = db_col_text(st, 7),
			.g_then_f = db_col_text(st, 8),
			.preemptions = sqlite3_column_int(st, 10),
		};
		for (int t = 0; t < 2; t++)
			s.thread[t] = (struct snc_db_hook_counts){
				.points = sqlite3_column_int64(st, 15 + 5 * t),
				.rmw = sqlite3_column_int64(st, 16 + 5 * t),
				.seq_cst_fences = sqlite3_column_int64(st, 17 + 5 * t),
				.seq_cst_stores = sqlite3_column_int64(st, 18 + 5 * t),
				.lock_acquisitions = sqlite3_column_int64(st, 19 + 5 * t),
			};
		*keep = facts_copy_schedule(facts->arena, &s);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading schedules");
}

/* The trace of schedule s (its id), when one was kept. */
static int load_steps(struct snc_db *db, struct snc_facts *facts, struct snc_fact_schedule *s)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT thread, step, kind, access, place, variable, address, size, writes "
		"FROM schedule_steps WHERE outcome_id = ? ORDER BY ordinal");
	if (!st)
		return -1;
	db_bind_int(st, 1, s->id);
	struct snc_fact_step *steps = NULL;
	int n = 0, rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		steps = db_array_grow(steps, n, sizeof *steps);
		if (!steps)
			break;
		steps[n++] = (struct snc_fact_step){
			.thread = sqlite3_column_int(st, 0),
			.step = sqlite3_column_int64(st, 1),
			.kind = db_col_text(st, 2), .access = db_col_text(st, 3),
			.place = db_col_text(st, 4), .variable = db_col_text(st, 5),
			.address = sqlite3_column_int64(st, 6), .size = sqlite3_column_int64(st, 7),
			.writes = sqlite3_column_int(st, 8),
		};
		/* the row's strings live until the next step: into the arena */
		struct snc_fact_step *last = &steps[n - 1];
		last->kind = db_arena_strdup(facts->arena, last->kind);
		last->access = db_arena_strdup(facts->arena, last->access);
		last->place = db_arena_strdup(facts->arena, last->place);
		last->variable = db_arena_strdup(facts->arena, last->variable);
	}
	sqlite3_reset(st);
	if (rc == SQLITE_ROW) {
		free(steps);
		return db_fail(db, "reading a schedule's trace (out of memory)");
	}
	struct snc_fact_step *kept = n ? db_arena_alloc(facts->arena, (size_t)n * sizeof *kept) : NULL;
	if (kept)
		memcpy(kept, steps, (size_t)n * sizeof *kept);
	s->steps = kept;
	s->nsteps = kept ? n : 0;
	free(steps);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading a schedule's trace");
}

/* Is the exploration of calls a, b the witness's (either thread order)? */
static bool witness_calls(const struct snc_db_witness *w, const char *state, const char *a,
			  const char *b)
{
	return w->role && strcmp(w->state, state) == 0 &&
	       ((strcmp(w->f_call, a) == 0 && strcmp(w->g_call, b) == 0) ||
		(strcmp(w->f_call, b) == 0 && strcmp(w->g_call, a) == 0));
}

/* How each pair was explored: from how many states, whether exhaustively within which
 * bound, whether its calls reached scheduling points (the library is instrumented), and
 * whether the witness's calls, from the witness's state, made no conflicting access. */
static int load_explorations(struct snc_db *db, struct snc_fact_harness *h, int64_t harness_id)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT fo.name, go.name, s.label, e.f_call, e.g_call, e.exhaustive, e.independent, "
		"e.max_preemptions, (SELECT coalesce(max(c.points), 0) FROM hook_counts c "
		"WHERE c.state_id = e.state_id), e.state_id "
		"FROM schedule_explorations e JOIN states s ON s.id = e.state_id "
		"JOIN ops fo ON fo.id = e.f_op JOIN ops go ON go.id = e.g_op "
		"WHERE s.harness_id = ? ORDER BY fo.name, go.name, e.state_id");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	int rc;
	struct snc_fact_pair *last = NULL;
	int64_t last_state = -1;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_fact_pair *p = facts_pair_named(h, db_col_text(st, 0), db_col_text(st, 1));
		if (!p)
			continue;
		int64_t state = sqlite3_column_int64(st, 9);
		if (p != last || state != last_state) {
			if (p->explored_states++ == 0)
				p->explored_exhaustive = 1;
			last = p;
			last_state = state;
		}
		p->explored_exhaustive &= sqlite3_column_int(st, 5) != 0;
		p->max_preemptions = sqlite3_column_int(st, 7);
		bool points = sqlite3_column_int64(st, 8) > 0;
		p->instrumented |= points;
		if (points && sqlite3_column_int(st, 6) &&
		    witness_calls(&p->witness, db_col_text(st, 2), db_col_text(st, 3), db_col_text(st, 4)))
			p->witness_unshared = 1;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading explorations");
}

/* The id of each harness of the facts: by run and name, the newest. */
static int64_t harness_id(struct snc_db *db, const struct snc_fact_harness *h)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT max(id) FROM harnesses WHERE run_id = ? AND name = ? AND finished = 1");
	if (!st)
		return -1;
	db_bind_int(st, 1, h->run_id);
	db_bind_text(st, 2, h->name);
	int64_t id = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	sqlite3_reset(st);
	return id;
}

int facts_load_schedules(struct snc_db *db, struct snc_facts *facts)
{
	int present = db_has_view(db, "schedules");
	if (present <= 0)
		return present;
	for (int i = 0; i < facts->nharnesses; i++) {
		int64_t id = harness_id(db, &facts->harnesses[i]);
		if (id < 0 || load_outcomes(db, facts, &facts->harnesses[i], id) != 0 ||
		    load_explorations(db, &facts->harnesses[i], id) != 0)
			return -1;
	}
	int traces = db_has_table(db, "schedule_steps");
	for (int i = 0; traces > 0 && i < facts->nharnesses; i++) {
		struct snc_fact_harness *h = &facts->harnesses[i];
		for (int p = 0; p < h->npairs; p++)
			if (h->pairs[p].broken.id && load_steps(db, facts, &h->pairs[p].broken) != 0)
				return -1;
	}
	return traces < 0 ? -1 : 0;
}
