/* runner.c: one harness from definition to stored verdicts.
 *
 * Order of work: check the definition, store the harness and its ops, then for every
 * state: run it (executor.c), store the state and its raw executions, and fold it into the
 * classifier and the preconditions (where an op cannot run alone); finally store one
 * verdict per pair and each op's precondition. A harness without a digest (or whose digest
 * is not complete, with .observe_ops) first runs the fresh state once to find the ops that
 * observe states (observe.c).
 * Each state's rows are committed in a short transaction of their own once it ran (never
 * while it runs), so readers and other runs wait for no execution, and an interrupted run
 * keeps the states it finished (the harness row then says finished = 0 and carries no
 * verdicts). SIGTERM, SIGINT and SIGHUP interrupt the run this way too (state_process.h):
 * the children are killed, the states stored so far stay, and the run returns 128 + the
 * signal. */
#include <stdlib.h>
#include <string.h>
#include "runner.h"
#include "schedules.h"
#include "snc_cmdline.h"
#include "snc_db.h"
#include "state_process.h"

static void args_text(const struct harness_model *m, const struct instance *in, char *buf,
		      size_t len)
{
	size_t name = strlen(m->def->ops[in->op].name), call = strlen(in->call);
	snprintf(buf, len, "%.*s", (int)(call - name - 2), in->call + name + 1);   /* name(ARGS) */
}

/* Folds the state into the read-like ops, and tells the executor who observes now. */
static void observe_refine(struct executor *ex, struct observer *obs, const struct state_outcome *so)
{
	if (!obs)
		return;
	const int *inst;
	observer_add_state(obs, so);
	int n = observer_instances(obs, &inst);
	executor_observe(ex, inst, n);
}

static int store_ops(struct snc_db *db, const struct harness_model *m, int64_t harness_id,
		     int64_t *op_ids)
{
	for (int i = 0; i < m->nops; i++) {
		const struct snc_op *op = &m->def->ops[i];
		char domains[96];
		op_domains_text(op, m->arity[i], domains, sizeof domains);
		struct snc_db_op row = {
			.harness_id = harness_id, .ordinal = i, .name = op->name,
			.arity = m->arity[i], .returns = op_returns(op->kind),
			.contract = contract_name(op->contract), .domains = domains,
		};
		if ((op_ids[i] = snc_db_op_add(db, &row)) < 0)
			return -1;
	}
	return 0;
}

static int store_execution(struct snc_db *db, const struct harness_model *m, int64_t state_id,
			   const int64_t *op_ids, const struct execution *e, bool det, int first,
			   int second)
{
	char fa[sizeof m->inst[0].call], fr[64], sa[sizeof fa], sr[64], dg[24];
	const struct instance *fi = &m->inst[first];
	args_text(m, fi, fa, sizeof fa);
	format_result(m, fi->op, &e->first, fr, sizeof fr);
	const struct instance *si = second >= 0 ? &m->inst[second] : NULL;
	if (si) {
		args_text(m, si, sa, sizeof sa);
		format_result(m, si->op, &e->second, sr, sizeof sr);
	}
	snprintf(dg, sizeof dg, "0x%016llx", (unsigned long long)e->digest);
	struct snc_db_execution row = {
		.state_id = state_id,
		.first_op = op_ids[fi->op], .first_args = fa, .first_result = fr,
		.second_op = si ? op_ids[si->op] : 0,
		.second_args = si ? sa : NULL, .second_result = si ? sr : NULL,
		.digest = e->has_digest ? dg : NULL,
		.deterministic = det,
	};
	return snc_db_execution_add(db, &row);
}

static int store_state(struct snc_db *db, const struct harness_model *m, int64_t harness_id,
		       const int64_t *op_ids, int ordinal, const char *label, int len,
		       const struct state_outcome *so)
{
	char status[48], digest[24];
	if (so->status == STATE_OK) {
		snprintf(status, sizeof status, "ok");
	} else {
		static const uint8_t kind_of[] = {
			[STATE_CRASH] = R_CRASH, [STATE_EXIT] = R_EXIT, [STATE_BLOCK] = R_BLOCK,
			[STATE_LIMIT] = R_LIMIT,
		};
		struct result r = { .kind = kind_of[so->status], .code = so->code };
		format_result(m, 0, &r, status, sizeof status);
	}
	snprintf(digest, sizeof digest, "0x%016llx", (unsigned long long)so->digest);
	int64_t state_id = snc_db_state_add(db, harness_id, ordinal, label, len, status,
					    so->status == STATE_OK && so->has_digest ? digest : NULL);
	if (state_id < 0)
		return -1;
	if (so->status != STATE_OK)
		return 0;
	int n = m->ninst;
	for (int i = 0; i < n; i++)
		if (store_execution(db, m, state_id, op_ids, &so->solo[i], so->solo_det[i], i, -1))
			return -1;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (store_execution(db, m, state_id, op_ids, &so->pair[i * n + j],
					    so->pair_det[i * n + j], i, j))
				return -1;
	return 0;
}

/* Without a harness digest (or with .observe_ops): the fresh state is run once, not stored,
 * to find the ops that observe the pairs' states (observe.c). Only what the observer reads runs: the
 * solo executions with their repeats, and once each pair begun by an op that may be
 * read-like (not void). Returns the executions it took. */
static int64_t observe_discover(struct executor *ex, struct observer *obs)
{
	if (!obs)
		return 0;
	executor_discover(ex, observer_candidates(obs));
	const struct state_outcome *so = executor_run_state(ex, NULL, 0);
	executor_discover(ex, NULL);
	observe_refine(ex, obs, so);
	return executor_executions(ex);
}

/* With --schedule-shard K/N: the pairs of ops whose key (harness, f, g) falls to shard K,
 * one byte per ordered pair; NULL when every pair is explored (or out of memory). */
static uint8_t *schedule_shard_pairs(const struct harness_model *m,
				     const struct runtime_options *opt)
{
	if (opt->schedule_shard_count <= 1)
		return NULL;
	struct snc_shard shard = { opt->schedule_shard_index, opt->schedule_shard_count };
	uint8_t *wanted = calloc((size_t)(m->nops * m->nops), 1);
	for (int f = 0; wanted && f < m->nops; f++)
		for (int g = f; g < m->nops; g++) {
			char key[512];
			snprintf(key, sizeof key, "%s:%s:%s", m->def->name, m->def->ops[f].name,
				 m->def->ops[g].name);
			wanted[f * m->nops + g] = wanted[g * m->nops + f] = snc_shard_owns(&shard, key);
		}
	return wanted;
}

/* Could the states run more than `budget` executions (each alone, each pair: ninst^2 +
 * ninst a state, before equal states merge)? */
static bool could_exceed(const struct state_space *sp, int ninst, int64_t budget)
{
	int64_t per_state = (int64_t)ninst * ninst + ninst;
	return per_state > 0 && sp->count > budget / per_state;
}

int run_harness(const struct snc_harness *def, const struct runtime_options *opt,
		struct snc_db *db, int64_t run_id, struct run_summary *summary)
{
	char err[256];
	struct harness_model m;
	if (harness_model_build(def, &m, err, sizeof err) != 0) {
		fprintf(stderr, "error: %s\n", err);
		return 2;
	}
	int timeout_ms = runtime_timeout_ms(opt, def);
	struct state_space sp;
	struct executor *ex = executor_new(&m, opt, timeout_ms);
	struct schedules *sx = opt->schedules ? schedules_new(&m, opt, timeout_ms) : NULL;
	struct classifier *cl = classifier_new(&m, opt->blocking_observable);
	bool observing = !def->digest || (def->observe_ops && !def->digest_complete);
	struct observer *obs = observing ? observer_new(&m) : NULL;
	struct preconditions *pre = preconditions_new(&m, opt->blocking_observable);
	struct progress *pr = progress_new(progress_wanted(opt));
	int64_t *op_ids = calloc((size_t)m.nops, sizeof *op_ids);
	uint8_t *shard_pairs = sx ? schedule_shard_pairs(&m, opt) : NULL;
	if (shard_pairs)
		schedules_only_pairs(sx, shard_pairs);
	int rc = 3;
	if (!ex || !cl || !pre || !op_ids || (opt->schedules && !sx) || (observing && !obs) ||
	    (sx && opt->schedule_shard_count > 1 && !shard_pairs) ||
	    state_space_build(&sp, m.ninst, opt->depth, opt->max_states, opt->seed) != 0 ||
	    (opt->boundary && boundary_states_add(&sp, &m, opt->boundary, timeout_ms) != 0)) {
		fprintf(stderr, "error: out of memory preparing harness '%s'\n", def->name);
		goto out_nospace;
	}
	bool budgeted = opt->max_executions > 0 && could_exceed(&sp, m.ninst, opt->max_executions);
	if (budgeted)
		state_space_shuffle(&sp, opt->seed);
	struct snc_db_harness hrow = {
		.run_id = run_id, .name = def->name, .source = opt->source, .depth = opt->depth,
		.max_states = opt->max_states, .seed = opt->seed, .repeats = opt->repeats,
		.timeout_ms = timeout_ms, .blocking_observable = opt->blocking_observable,
		.state_space = sp.total,
	};
	int64_t harness_id;
	if (snc_db_begin(db) != 0 || (harness_id = snc_db_harness_add(db, &hrow)) < 0 ||
	    store_ops(db, &m, harness_id, op_ids) != 0 || snc_db_commit(db) != 0)
		goto db_error;
	summary->harness_id = harness_id;

	int64_t discovery = observe_discover(ex, obs);
	int width = sp.width;
	char label[STATE_LABEL_MAX];
	/* A state runs with no transaction open; its rows are then written in one short one,
	 * so a reader or another run never waits for the executions of a state. */
	int64_t ran = sp.count;
	for (int64_t s = 0; s < sp.count; s++) {
		if (budgeted && s > 0 && executor_executions(ex) - discovery >= opt->max_executions) {
			ran = s;
			break;
		}
		const int *seq = sp.seq + s * width;
		progress_update(pr, "%s: state %lld/%lld, %lld executions", def->name,
				(long long)s + 1, (long long)sp.count,
				(long long)executor_executions(ex));
		state_label(&m, seq, sp.len[s], label, sizeof label);
		const struct state_outcome *so = executor_run_state(ex, seq, sp.len[s]);
		if (sx && !sp_interrupted())
			schedules_explore_state(sx, seq, sp.len[s], so);
		sp_sweep();   /* what operations left behind, out of their process groups */
		if (sp_interrupted()) {
			rc = 128 + sp_interrupted();   /* the states stored so far stay */
			summary->states += s;
			summary->executions += executor_executions(ex) - discovery;
			goto out;
		}
		if (snc_db_begin(db) != 0 ||
		    store_state(db, &m, harness_id, op_ids, (int)s, label, sp.len[s], so) != 0 ||
		    (sx && schedules_store_state(sx, db, harness_id, op_ids, (int)s) != 0) ||
		    snc_db_commit(db) != 0)
			goto db_error;
		if (so->status == STATE_OK) {
			classifier_add_state(cl, label, so);
			preconditions_add_state(pre, label, so);
		} else {
			summary->failed_states++;
		}
		observe_refine(ex, obs, so);
	}
	if (snc_db_begin(db) != 0 || classifier_store(cl, db, harness_id, op_ids) != 0 ||
	    preconditions_store(pre, db, harness_id, op_ids) != 0 ||
	    snc_db_harness_finish(db, harness_id, ran, executor_executions(ex) - discovery,
				  executor_library_threads(ex)) != 0 ||
	    snc_db_commit(db) != 0)
		goto db_error;
	if (ran < sp.count)
		fprintf(stderr, "%s: %lld of %lld states run: --max-executions %lld was reached "
			"(the fresh state first, then a sample the seed shuffled)\n", def->name,
			(long long)ran, (long long)sp.count, (long long)opt->max_executions);
	summary->states += ran;
	summary->executions += executor_executions(ex) - discovery;
	rc = 0;
	goto out;
db_error:
	fprintf(stderr, "error: %s\n", snc_db_errmsg(db));
	snc_db_rollback(db);
	rc = 2;
out:
	state_space_free(&sp);
out_nospace:
	progress_done(pr);
	free(op_ids);
	classifier_free(cl);
	observer_free(obs);
	preconditions_free(pre);
	schedules_free(sx);
	free(shard_pairs);
	executor_free(ex);
	harness_model_free(&m);
	return rc;
}
