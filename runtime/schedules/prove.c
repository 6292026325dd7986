/* prove.c: the proof pass (--prove; `snc audit` passes it by default).
 *
 * An SNC pair whose witness's solo executions show no heavyweight instruction (or were not
 * measured) is, by the Laws of Order, not linearizable if it is deterministic; the report
 * shows the interleaving that proves it, or says what was explored without finding one.
 * After classification and measurement, and only when the run did not explore schedules
 * already (--schedules), this pass reads those pairs back from the database (snc, no
 * contract, deterministic, no AWAR or fenced RAW measured), and for each one's witness
 * state runs the state's executions again (the sequential references) and explores the
 * schedules of those pairs only, from that state, as the schedules pass does (every
 * schedule within --preemptions, then --pct samples), stopping a pair at its first failing
 * outcome. What it finds is stored like any exploration (schedule_explorations,
 * schedule_outcomes), so findings, `snc show` and `snc replay` read it as usual. The
 * witness state is built again from its stored label (the calls it names): the run's
 * state list may have been shuffled under --max-executions, or extended by boundary
 * states, so its ordinal names no state of a list rebuilt here. */
#include <stdlib.h>
#include <string.h>
#include "measure.h"
#include "prove.h"
#include "schedules.h"

#define PROVE_MAX_SEQ 32   /* the longest state label parsed: boundary states included */

struct target {
	int F, G, state;
	char *label;               /* the witness state, as stored: "fresh", "push(1); pop()" */
};

struct targets {
	struct target *t;
	int n, cap;
};

static void targets_free(struct targets *ts)
{
	for (int i = 0; i < ts->n; i++)
		free(ts->t[i].label);
	free(ts->t);
}

static int collect(const struct snc_db_proof_target *pt, void *ctx)
{
	struct targets *ts = ctx;
	if (ts->n == ts->cap) {
		int cap = ts->cap ? 2 * ts->cap : 16;
		struct target *grown = realloc(ts->t, (size_t)cap * sizeof *grown);
		if (!grown)
			return -1;
		ts->t = grown;
		ts->cap = cap;
	}
	char *label = strdup(pt->state ? pt->state : "");
	if (!label)
		return -1;
	ts->t[ts->n++] = (struct target){ pt->f_ordinal, pt->g_ordinal, pt->state_ordinal, label };
	return 0;
}

/* Explores the targets of one witness state; returns 0, or 2 on a database error. */
static int prove_state(struct snc_db *db, struct executor *ex, struct schedules *sx,
		       const struct harness_model *m, int64_t harness_id, const int64_t *op_ids,
		       int ordinal, const char *label)
{
	int seq[PROVE_MAX_SEQ];
	int len = measure_parse_state(m, label, seq, PROVE_MAX_SEQ);
	if (len < 0)
		return 0;   /* a label naming no calls of this harness: no proof, no error */
	const struct state_outcome *so = executor_run_state(ex, seq, len);
	if (so->status != STATE_OK)
		return 0;   /* it was built before: a flaky state gives no proof, and no error */
	schedules_explore_state(sx, seq, len, so);
	if (snc_db_begin(db) != 0 || schedules_store_state(sx, db, harness_id, op_ids, ordinal) != 0 ||
	    snc_db_commit(db) != 0) {
		fprintf(stderr, "error: %s\n", snc_db_errmsg(db));
		snc_db_rollback(db);
		return 2;
	}
	return 0;
}

int prove_harness(const struct snc_harness *def, const struct runtime_options *opt,
		  struct snc_db *db, int64_t harness_id)
{
	if (opt->schedules)
		return 0;   /* every pair was explored already */
	struct targets ts = { 0 };
	if (snc_db_proof_targets(db, harness_id, collect, &ts) != 0) {
		fprintf(stderr, "error: %s\n", snc_db_errmsg(db));
		targets_free(&ts);
		return 2;
	}
	if (ts.n == 0)
		return 0;
	char err[256];
	struct harness_model m;
	if (harness_model_build(def, &m, err, sizeof err) != 0) {
		targets_free(&ts);
		return 0;   /* the run itself reported it */
	}
	struct runtime_options o = *opt;
	o.schedules = true;
	o.first_failure = true;
	o.schedule_depth = opt->depth;
	int timeout_ms = opt->timeout_ms ? opt->timeout_ms : def->timeout_ms ? def->timeout_ms : 1000;
	int64_t *op_ids = calloc((size_t)m.nops, sizeof *op_ids);
	uint8_t *wanted = calloc((size_t)(m.nops * m.nops), 1);
	struct executor *ex = executor_new(&m, &o, timeout_ms);
	struct schedules *sx = schedules_new(&m, &o, timeout_ms);
	int rc = 0;
	if (!op_ids || !wanted || !ex || !sx || snc_db_op_ids(db, harness_id, op_ids, m.nops) != 0) {
		fprintf(stderr, "%s: schedules not explored for the SNC pairs without a heavyweight "
			"instruction: out of memory or ops not stored\n", def->name);
		goto out;
	}
	schedules_only_pairs(sx, wanted);
	struct progress *pr = progress_new(progress_wanted(opt));
	for (int i = 0; i < ts.n && rc == 0;) {
		int state = ts.t[i].state;
		const char *label = ts.t[i].label;
		progress_update(pr, "%s: looking for the interleavings that break %d SNC pair%s: %d done",
				def->name, ts.n, ts.n == 1 ? "" : "s", i);
		memset(wanted, 0, (size_t)(m.nops * m.nops));
		for (; i < ts.n && ts.t[i].state == state; i++)
			wanted[ts.t[i].F * m.nops + ts.t[i].G] = 1;
		rc = prove_state(db, ex, sx, &m, harness_id, op_ids, state, label);
	}
	progress_done(pr);
out:
	schedules_free(sx);
	executor_free(ex);
	free(wanted);
	free(op_ids);
	targets_free(&ts);
	harness_model_free(&m);
	return rc;
}
