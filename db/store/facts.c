/* facts.c: what snc knows as of a run, the input of every finding and report.
 *
 * A run's facts are, for each harness name, the newest finished results of that harness at
 * or before the run. A database usually holds many runs: a CI job that runs each harness as
 * its own `snc run` leaves one run per harness, a developer re-runs one harness after a
 * change; reading "the newest of each, as of run N" makes all of them one picture, and
 * makes an old run's picture reproducible (nothing newer than N is read).
 *
 * For each harness the facts hold its operations (with their SNC_OP line and the first solo
 * execution that did not repeat, if any) and one entry per pair of operations with its
 * verdict, counts, primary witness and non-determinism witness; facts_costs.c adds what
 * the harness runs measured, facts_schedules.c what their concurrent schedules showed,
 * facts_scan.c what the newest scan at or before the run found, and ties each operation to
 * its function. The
 * same structures are filled by the builders below when a baseline comes from a JSON file
 * instead of a database, so findings never care where their facts came from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "findings_internal.h"

/* Appends room for one more item to a malloc'd array of count items. The capacity is
 * implied by the count (8, then doubling), so the public structs carry no capacities. */
void *db_array_grow(void *items, int count, size_t size)
{
	if (count > 0 && (count < 8 || (count & (count - 1)) != 0))
		return items;
	void *p = realloc(items, (size_t)(count ? count * 2 : 8) * size);
	if (!p) {
		fputs("snc: out of memory\n", stderr);
		abort();
	}
	return p;
}

void snc_facts_set_run(struct snc_facts *facts, int64_t run_id, const char *command,
		       const char *started_at, const char *tool_version, const char *status)
{
	if (!facts->arena)
		facts->arena = db_arena_new();
	facts->run_id = run_id;
	facts->command = db_arena_strdup(facts->arena, command);
	facts->started_at = db_arena_strdup(facts->arena, started_at);
	facts->tool_version = db_arena_strdup(facts->arena, tool_version);
	facts->status = db_arena_strdup(facts->arena, status);
}

struct snc_fact_harness *snc_facts_add_harness(struct snc_facts *facts, int64_t run_id,
					       const char *name, const char *source, int64_t states,
					       int64_t state_space)
{
	if (!facts->arena)
		facts->arena = db_arena_new();
	facts->harnesses = db_array_grow(facts->harnesses, facts->nharnesses, sizeof *facts->harnesses);
	struct snc_fact_harness *h = &facts->harnesses[facts->nharnesses++];
	*h = (struct snc_fact_harness){
		.run_id = run_id,
		.name = db_arena_strdup(facts->arena, name),
		.source = db_arena_strdup(facts->arena, source),
		.states = states,
		.state_space = state_space,
	};
	return h;
}

static struct snc_db_witness copy_witness(struct db_arena *a, const struct snc_db_witness *w)
{
	return (struct snc_db_witness){
		.role = db_arena_strdup(a, w->role),
		.state = db_arena_strdup(a, w->state),
		.f_call = db_arena_strdup(a, w->f_call),
		.g_call = db_arena_strdup(a, w->g_call),
		.f_alone = db_arena_strdup(a, w->f_alone),
		.g_alone = db_arena_strdup(a, w->g_alone),
		.f_after_g = db_arena_strdup(a, w->f_after_g),
		.g_after_f = db_arena_strdup(a, w->g_after_f),
		.digest_fg = db_arena_strdup(a, w->digest_fg),
		.digest_gf = db_arena_strdup(a, w->digest_gf),
	};
}

void snc_facts_add_op(struct snc_facts *facts, struct snc_fact_harness *h,
		      const struct snc_fact_op *op)
{
	struct db_arena *a = facts->arena;
	h->ops = db_array_grow(h->ops, h->nops, sizeof *h->ops);
	h->ops[h->nops++] = (struct snc_fact_op){
		.name = db_arena_strdup(a, op->name),
		.returns = db_arena_strdup(a, op->returns),
		.contract = db_arena_strdup(a, op->contract),
		.file = db_arena_strdup(a, op->file),
		.line = op->line,
		.nondet_state = db_arena_strdup(a, op->nondet_state),
		.nondet_call = db_arena_strdup(a, op->nondet_call),
		.nondet_result = db_arena_strdup(a, op->nondet_result),
		.function = op->function,
		.heavyweight = op->heavyweight,
		.cost = op->cost,
		.cost_sites = db_arena_strdup(a, op->cost_sites),
	};
}

void snc_facts_add_pair(struct snc_facts *facts, struct snc_fact_harness *h,
			const struct snc_fact_pair *pair)
{
	struct db_arena *a = facts->arena;
	h->pairs = db_array_grow(h->pairs, h->npairs, sizeof *h->pairs);
	struct snc_fact_pair *p = &h->pairs[h->npairs++];
	*p = *pair;
	p->verdict = db_arena_strdup(a, pair->verdict);
	p->direction = db_arena_strdup(a, pair->direction);
	p->contract = db_arena_strdup(a, pair->contract);
	p->witness = copy_witness(a, &pair->witness);
	p->nondeterminism = copy_witness(a, &pair->nondeterminism);
	for (int i = 0; i < 2; i++) {
		p->solo[i].call = db_arena_strdup(a, pair->solo[i].call);
		p->solo[i].example = db_arena_strdup(a, pair->solo[i].example);
	}
	p->broken = facts_copy_schedule(a, &pair->broken);
	p->unrepeated = facts_copy_schedule(a, &pair->unrepeated);
}

struct snc_fact_pair *facts_pair_named(struct snc_fact_harness *h, const char *f, const char *g)
{
	for (int i = 0; i < h->npairs; i++) {
		const char *pf = h->ops[h->pairs[i].f].name, *pg = h->ops[h->pairs[i].g].name;
		if ((strcmp(pf, f) == 0 && strcmp(pg, g) == 0) ||
		    (strcmp(pf, g) == 0 && strcmp(pg, f) == 0))
			return &h->pairs[i];
	}
	return NULL;
}

const struct snc_fact_pair *snc_facts_pair(const struct snc_fact_harness *h, const char *f,
					   const char *g)
{
	return facts_pair_named((struct snc_fact_harness *)h, f, g);
}

struct snc_fact_op *facts_op_named(const struct snc_fact_harness *h, const char *name)
{
	for (int i = 0; i < h->nops; i++)
		if (strcmp(h->ops[i].name, name) == 0)
			return &h->ops[i];
	return NULL;
}

bool facts_is_snc(const char *verdict)
{
	return strcmp(verdict, "snc") == 0 || strcmp(verdict, "snc-split") == 0;
}

int facts_each_harness_row(struct snc_db *db, struct snc_facts *facts, const char *sql,
			   facts_row_fn *row_fn, const char *what)
{
	sqlite3_stmt *st = db_stmt(db, sql);
	if (!st)
		return -1;
	for (int i = 0; i < facts->nharnesses; i++) {
		struct snc_fact_harness *h = &facts->harnesses[i];
		db_bind_int(st, 1, h->run_id);
		db_bind_text(st, 2, h->name);
		int rc;
		while ((rc = sqlite3_step(st)) == SQLITE_ROW)
			row_fn(facts, h, st);
		sqlite3_reset(st);
		if (rc != SQLITE_DONE)
			return db_fail(db, what);
	}
	return 0;
}

void snc_facts_free(struct snc_facts *facts)
{
	for (int i = 0; i < facts->nharnesses; i++) {
		free(facts->harnesses[i].ops);
		free(facts->harnesses[i].pairs);
	}
	free(facts->harnesses);
	for (int i = 0; i < facts->nfunctions; i++) {
		free(facts->functions[i].sites);
		free(facts->functions[i].calls);
	}
	free(facts->functions);
	free(facts->scan_pairs);
	db_arena_free(facts->arena);
	memset(facts, 0, sizeof *facts);
}

/* ---- loading from the database ------------------------------------------------------ */

/* The ops of a harness in declaration order, with their row ids (to map verdicts). */
static int load_ops(struct snc_db *db, struct snc_facts *facts, struct snc_fact_harness *h,
		    int64_t harness_id, int64_t **ids)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT id, name, returns, contract FROM ops "
				       "WHERE harness_id = ? ORDER BY ordinal");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		*ids = db_array_grow(*ids, h->nops, sizeof **ids);
		(*ids)[h->nops] = sqlite3_column_int64(st, 0);
		const char *name = db_col_text(st, 1);
		snc_facts_add_op(facts, h, &(struct snc_fact_op){
			.name = name,
			.returns = db_col_text(st, 2),
			.contract = db_col_text(st, 3),
			.file = h->source,
			.line = h->source ? source_op_line(h->source, name) : 0,
			.function = -1,
			.heavyweight = -1,
		});
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading operations");
}

static int op_index(const int64_t *ids, int n, int64_t id)
{
	for (int i = 0; i < n; i++)
		if (ids[i] == id)
			return i;
	return -1;
}

/* The first solo execution of each op (in state order) whose repeats disagreed. */
static int load_solo_nondeterminism(struct snc_db *db, struct snc_facts *facts,
				    struct snc_fact_harness *h, int64_t harness_id,
				    const int64_t *ids)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT e.first_op, s.label, e.first_args, e.first_result FROM executions e "
		"JOIN states s ON s.id = e.state_id WHERE s.harness_id = ? "
		"AND e.second_op IS NULL AND e.deterministic = 0 ORDER BY s.ordinal, e.id");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int i = op_index(ids, h->nops, sqlite3_column_int64(st, 0));
		if (i < 0 || h->ops[i].nondet_state)
			continue;
		struct snc_fact_op *op = &h->ops[i];
		op->nondet_state = db_arena_strdup(facts->arena, db_col_text(st, 1));
		op->nondet_call = db_arena_printf(facts->arena, "%s(%s)", op->name, db_col_text(st, 2));
		op->nondet_result = db_arena_strdup(facts->arena, db_col_text(st, 3));
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading solo executions");
}

/* A verdict's primary witness (mutual, then f->g, g->f, state-only: the order of the
 * pair_verdicts view) and its non-determinism witness, into p. */
static int load_witnesses(struct snc_db *db, struct db_arena *a, int64_t verdict_id,
			  struct snc_fact_pair *p)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT role, state, f_call, g_call, f_alone, g_alone, f_after_g, g_after_f, "
		"digest_fg, digest_gf FROM witnesses WHERE verdict_id = ? "
		"ORDER BY CASE role WHEN 'mutual' THEN 0 WHEN 'f->g' THEN 1 WHEN 'g->f' THEN 2 "
		"WHEN 'state-only' THEN 3 ELSE 4 END, id");
	if (!st)
		return -1;
	db_bind_int(st, 1, verdict_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		bool nondet = strcmp(db_col_text(st, 0), "nondeterminism") == 0;
		struct snc_db_witness *w = nondet ? &p->nondeterminism : &p->witness;
		if (w->role)
			continue;
		const char **fields[] = { &w->role, &w->state, &w->f_call, &w->g_call, &w->f_alone,
					  &w->g_alone, &w->f_after_g, &w->g_after_f, &w->digest_fg,
					  &w->digest_gf };
		for (int c = 0; c < 10; c++)
			*fields[c] = db_arena_strdup(a, db_col_text(st, c));
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading witnesses");
}

/* Every verdict of a harness, in the order they were stored (declaration order). */
static int load_pairs(struct snc_db *db, struct snc_facts *facts, struct snc_fact_harness *h,
		      int64_t harness_id, const int64_t *ids)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT id, f_op, g_op, verdict, direction, contract, states, conflict_states, "
		"crash_states, blocked_states, deterministic FROM verdicts WHERE harness_id = ? "
		"ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, harness_id);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct snc_fact_pair p = {
			.f = op_index(ids, h->nops, sqlite3_column_int64(st, 1)),
			.g = op_index(ids, h->nops, sqlite3_column_int64(st, 2)),
			.verdict = db_col_text(st, 3),
			.direction = db_col_text(st, 4),
			.contract = db_col_text(st, 5),
			.states = sqlite3_column_int64(st, 6),
			.conflict_states = sqlite3_column_int64(st, 7),
			.crash_states = sqlite3_column_int64(st, 8),
			.blocked_states = sqlite3_column_int64(st, 9),
			.deterministic = sqlite3_column_int(st, 10),
		};
		if (p.f < 0 || p.g < 0)
			continue;
		if (load_witnesses(db, facts->arena, sqlite3_column_int64(st, 0), &p) != 0) {
			sqlite3_reset(st);
			return -1;
		}
		snc_facts_add_pair(facts, h, &p);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading verdicts");
}

/* For each harness name, its newest finished results at or before the run. */
static int load_harnesses(struct snc_db *db, struct snc_facts *facts, int64_t run_id)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT h.id, h.run_id, h.name, h.source, h.states_tried, h.state_space, "
		"h.library_threads FROM harnesses h "
		"WHERE h.id = (SELECT max(h2.id) FROM harnesses h2 WHERE h2.name = h.name "
		"AND h2.run_id <= ?1 AND h2.finished = 1) ORDER BY h.id");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	int64_t *hids = NULL;
	int n = 0, rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		hids = db_array_grow(hids, n, sizeof *hids);
		hids[n++] = sqlite3_column_int64(st, 0);
		struct snc_fact_harness *h = snc_facts_add_harness(facts, sqlite3_column_int64(st, 1),
				db_col_text(st, 2), db_col_text(st, 3), sqlite3_column_int64(st, 4),
				sqlite3_column_int64(st, 5));
		h->library_threads = sqlite3_column_int64(st, 6);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		free(hids);
		return db_fail(db, "reading harnesses");
	}
	/* Statements are cached, not re-entrant: read each harness's rows after the list. */
	int result = 0;
	for (int i = 0; i < n && result == 0; i++) {
		struct snc_fact_harness *h = &facts->harnesses[i];
		int64_t *ids = NULL;
		result = load_ops(db, facts, h, hids[i], &ids);
		if (result == 0)
			result = load_solo_nondeterminism(db, facts, h, hids[i], ids);
		if (result == 0)
			result = load_pairs(db, facts, h, hids[i], ids);
		free(ids);
	}
	free(hids);
	return result;
}

static int load_run(struct snc_db *db, struct snc_facts *facts, int64_t run_id)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT command, started_at, tool_version, status "
				       "FROM run_summary WHERE run_id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		snc_facts_set_run(facts, run_id, db_col_text(st, 0), db_col_text(st, 1),
				  db_col_text(st, 2), db_col_text(st, 3));
	sqlite3_reset(st);
	if (rc == SQLITE_DONE) {
		snprintf(db->err, sizeof db->err, "there is no run %lld", (long long)run_id);
		return -1;
	}
	return rc == SQLITE_ROW ? 0 : db_fail(db, "reading the run");
}

int snc_db_facts_load(struct snc_db *db, int64_t run_id, struct snc_facts *facts)
{
	memset(facts, 0, sizeof *facts);
	if (load_run(db, facts, run_id) != 0 || load_harnesses(db, facts, run_id) != 0 ||
	    facts_load_costs(db, facts) != 0 || facts_load_schedules(db, facts) != 0 ||
	    facts_load_preconditions(db, facts) != 0 ||
	    facts_load_scan(db, facts, run_id) != 0) {
		snc_facts_free(facts);
		return -1;
	}
	return 0;
}
