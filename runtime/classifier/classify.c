/* classify.c: from outcomes to verdicts, as docs/design.md §1 defines them.
 *
 * For a pair of operations (F, G), F declared no later than G, and every state s and
 * instances f of F and g of G:
 *   f influences g at s  when  ret(g, s.f) != ret(g, s)    (g after f differs from g alone)
 *   g influences f at s  when  ret(f, s.g) != ret(f, s)
 *   f, g commute at s    when  neither influences the other and the digests after f;g and
 *                              g;f are equal.
 * The verdict over all states and instances:
 *   snc              some state where an f and a g influence each other (a *mutual*
 *                    influence from one common state: the form the theorem needs);
 *   snc-split        F influences G in some state and G influences F in another, never
 *                    both in one (the article's reading of set add/remove; F != G only);
 *   non-commutative  influence in one direction only (direction f->g or g->f);
 *   state-only       returns never influenced, but final digests differ (without a
 *                    harness digest: what the read-like ops observe, observe.c);
 *   commutative      none of the above in any state tried;
 *   unknown          no comparison was possible (every execution crashed or blocked).
 * Comparisons involving a crash or an exit are skipped (a crash is an outcome to show, not
 * evidence of influence) and counted; so are those involving a `blocks` outcome, unless
 * blocking is observable (--blocking-observable: lock;lock then influence each other),
 * and those with an op that never ran because the one before it blocked or crashed.
 * The first witness of each kind is kept, in enumeration order, so witnesses come from the
 * shortest states. The pair is deterministic when every repeat of every execution it used
 * agreed. */
#include <stdlib.h>
#include <string.h>
#include "runtime.h"
#include "snc_db.h"
#include "state_process.h"

enum witness_role { W_MUTUAL, W_F_TO_G, W_G_TO_F, W_STATE_ONLY, W_NONDET, W_ROLES };
static const char *const role_names[W_ROLES] = {
	"mutual", "f->g", "g->f", "state-only", "nondeterminism",
};

struct witness {
	bool set;
	char state[STATE_LABEL_MAX];
	int f, g;                       /* instances */
	struct result f_alone, g_alone, f_after_g, g_after_f;
	struct execution fg, gf;        /* for the digests */
	int observe[OBSERVE_SHOWN];     /* who observed them (observe.c) */
	int nobserve;
};

struct pair_acc {
	int F, G;
	int64_t states, compared_states, conflict, mutual, f_to_g, g_to_f, state_only;
	int64_t crash, blocked;
	bool deterministic;
	struct witness w[W_ROLES];
};

struct classifier {
	const struct harness_model *m;
	bool blocking_observable;
	int npairs;
	struct pair_acc *acc;              /* npairs of them, no child's (sp_alloc_unshared): a
					      pair's witnesses make it kilobytes, and every state
					      writes every pair's counters */
	size_t acc_bytes;
	int *inst_of_op, *first_inst;      /* the instances of op F: inst_of_op[first_inst[F]
					      .. first_inst[F + 1]) */
};

void classifier_free(struct classifier *c)
{
	if (c) {
		sp_free_unshared(c->acc, c->acc_bytes);
		free(c->inst_of_op);
		free(c->first_inst);
		free(c);
	}
}

struct classifier *classifier_new(const struct harness_model *m, bool blocking_observable)
{
	struct classifier *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->m = m;
	c->blocking_observable = blocking_observable;
	c->acc_bytes = (size_t)(m->nops * (m->nops + 1) / 2) * sizeof *c->acc;
	c->acc = sp_alloc_unshared(c->acc_bytes);
	c->inst_of_op = malloc((size_t)(m->ninst + 1) * sizeof *c->inst_of_op);
	c->first_inst = calloc((size_t)m->nops + 1, sizeof *c->first_inst);
	if (!c->acc || !c->inst_of_op || !c->first_inst) {
		classifier_free(c);
		return NULL;
	}
	for (int i = 0, k = 0; i <= m->nops; i++) {   /* instances grouped by op, in order */
		c->first_inst[i] = k;
		for (int f = 0; i < m->nops && f < m->ninst; f++)
			if (m->inst[f].op == i)
				c->inst_of_op[k++] = f;
	}
	for (int F = 0; F < m->nops; F++)
		for (int G = F; G < m->nops; G++)
			c->acc[c->npairs++] = (struct pair_acc){ .F = F, .G = G, .deterministic = true };
	return c;
}

static bool is_failure(const struct result *r)
{
	return r->kind == R_CRASH || r->kind == R_EXIT || r->kind == R_LIMIT;
}

/* Can this result take part in an influence comparison? Not when the op never ran (the
 * one before it failed), crashed or exited; a `blocks` only when blocking is observable. */
static bool comparable(const struct classifier *c, const struct result *r)
{
	if (r->kind == R_NOT_RUN || is_failure(r))
		return false;
	return r->kind != R_BLOCK || c->blocking_observable;
}

static void keep_witness(struct witness *w, const char *label, int f, int g,
			 const struct state_outcome *so, int n)
{
	if (w->set)
		return;
	w->set = true;
	snprintf(w->state, sizeof w->state, "%s", label);
	w->f = f;
	w->g = g;
	w->f_alone = so->solo[f].first;
	w->g_alone = so->solo[g].first;
	w->fg = so->pair[f * n + g];
	w->gf = so->pair[g * n + f];
	w->g_after_f = w->fg.second;
	w->f_after_g = w->gf.second;
	w->nobserve = so->nobserve;
	for (int i = 0; i < so->nobserve && i < OBSERVE_SHOWN; i++)
		w->observe[i] = so->observe[i];
}

/* What one state says about one pair of operations. */
struct state_facts {
	bool compared, conflict, mutual, f_to_g, g_to_f, state_only, crash, blocked;
};

static void compare_instances(struct classifier *c, struct pair_acc *p, const char *label,
			      const struct state_outcome *so, int f, int g, struct state_facts *sf)
{
	int n = c->m->ninst;
	const struct execution *fg = &so->pair[f * n + g], *gf = &so->pair[g * n + f];
	const struct result *const rs[] = { &so->solo[f].first, &so->solo[g].first, &fg->first,
					    &fg->second, &gf->first, &gf->second };
	bool det = so->solo_det[f] && so->solo_det[g] && so->pair_det[f * n + g] &&
		   so->pair_det[g * n + f];
	if (!det) {
		p->deterministic = false;
		keep_witness(&p->w[W_NONDET], label, f, g, so, n);
	}
	for (size_t i = 0; i < sizeof rs / sizeof rs[0]; i++) {
		sf->crash |= is_failure(rs[i]);
		sf->blocked |= rs[i]->kind == R_BLOCK;
	}
	/* g after f against g alone, and f after g against f alone, where both are known. */
	bool f_known = comparable(c, &so->solo[g].first) && comparable(c, &fg->second);
	bool g_known = comparable(c, &so->solo[f].first) && comparable(c, &gf->second);
	if (!f_known && !g_known)
		return;
	sf->compared = true;
	bool f_infl = f_known && !results_equal(&so->solo[g].first, &fg->second);
	bool g_infl = g_known && !results_equal(&so->solo[f].first, &gf->second);
	bool digests_differ = fg->has_digest && gf->has_digest && fg->digest != gf->digest;
	if (f_infl || g_infl || digests_differ)
		sf->conflict = true;
	if (f_infl && g_infl) {
		sf->mutual = true;
		keep_witness(&p->w[W_MUTUAL], label, f, g, so, n);
	}
	if (f_infl) {
		sf->f_to_g = true;
		keep_witness(&p->w[W_F_TO_G], label, f, g, so, n);
	}
	if (g_infl) {
		sf->g_to_f = true;
		keep_witness(&p->w[W_G_TO_F], label, f, g, so, n);
	}
	if (!f_infl && !g_infl && digests_differ) {
		sf->state_only = true;
		keep_witness(&p->w[W_STATE_ONLY], label, f, g, so, n);
	}
}

void classifier_add_state(struct classifier *c, const char *label, const struct state_outcome *so)
{
	for (int k = 0; k < c->npairs; k++) {
		struct pair_acc *p = &c->acc[k];
		struct state_facts sf = { 0 };
		for (int a = c->first_inst[p->F]; a < c->first_inst[p->F + 1]; a++)
			for (int b = c->first_inst[p->G]; b < c->first_inst[p->G + 1]; b++)
				compare_instances(c, p, label, so, c->inst_of_op[a], c->inst_of_op[b], &sf);
		p->states++;
		p->compared_states += sf.compared;
		p->conflict += sf.conflict;
		p->mutual += sf.mutual;
		p->f_to_g += sf.f_to_g;
		p->g_to_f += sf.g_to_f;
		p->state_only += sf.state_only;
		p->crash += sf.crash;
		p->blocked += sf.blocked;
	}
}

static const char *verdict_of(const struct pair_acc *p, const char **direction)
{
	*direction = NULL;
	if (p->mutual)
		return "snc";
	if (p->F != p->G && p->f_to_g && p->g_to_f)
		return "snc-split";
	if (p->f_to_g || p->g_to_f) {
		*direction = p->f_to_g ? "f->g" : "g->f";
		return "non-commutative";
	}
	if (p->state_only)
		return "state-only";
	return p->compared_states ? "commutative" : "unknown";
}

/* Ops of one contract are never called concurrently with each other. */
static const char *pair_contract(const struct harness_model *m, int F, int G)
{
	enum snc_contract cf = m->def->ops[F].contract, cg = m->def->ops[G].contract;
	return cf == cg ? contract_name(cf) : NULL;
}

/* The harness's digest, what the observing ops saw (observe.c), or both. */
static void digest_text(const struct classifier *c, const struct witness *w,
			const struct execution *e, char *buf, size_t len)
{
	if (e->nobserved == 0) {
		snprintf(buf, len, "0x%016llx", (unsigned long long)e->digest);
		return;
	}
	char seen[480];
	observed_text(c->m, w->observe, w->nobserve, e, seen, sizeof seen);
	if (c->m->def->digest)   /* .observe_ops: the digest and the observation, hashed */
		snprintf(buf, len, "0x%016llx, observed: %s", (unsigned long long)e->digest, seen);
	else
		snprintf(buf, len, "observed: %s", seen);
}

static int store_witness(struct classifier *c, struct snc_db *db, int64_t verdict_id,
			 const struct pair_acc *p, int role)
{
	const struct witness *w = &p->w[role];
	char fa[64], ga[64], fag[64], gaf[64], dfg[520], dgf[520];
	format_result(c->m, p->F, &w->f_alone, fa, sizeof fa);
	format_result(c->m, p->G, &w->g_alone, ga, sizeof ga);
	format_result(c->m, p->F, &w->f_after_g, fag, sizeof fag);
	format_result(c->m, p->G, &w->g_after_f, gaf, sizeof gaf);
	digest_text(c, w, &w->fg, dfg, sizeof dfg);
	digest_text(c, w, &w->gf, dgf, sizeof dgf);
	struct snc_db_witness row = {
		.role = role_names[role],
		.state = w->state,
		.f_call = c->m->inst[w->f].call,
		.g_call = c->m->inst[w->g].call,
		.f_alone = fa, .g_alone = ga, .f_after_g = fag, .g_after_f = gaf,
		.digest_fg = w->fg.has_digest ? dfg : NULL,
		.digest_gf = w->gf.has_digest ? dgf : NULL,
	};
	return snc_db_witness_add(db, verdict_id, &row);
}

int classifier_store(struct classifier *c, struct snc_db *db, int64_t harness_id,
		     const int64_t *op_ids)
{
	for (int k = 0; k < c->npairs; k++) {
		const struct pair_acc *p = &c->acc[k];
		struct snc_db_verdict v = {
			.harness_id = harness_id,
			.f_op = op_ids[p->F],
			.g_op = op_ids[p->G],
			.states = p->states,
			.conflict_states = p->conflict,
			.mutual_states = p->mutual,
			.f_to_g_states = p->f_to_g,
			.g_to_f_states = p->g_to_f,
			.crash_states = p->crash,
			.blocked_states = p->blocked,
			.deterministic = p->deterministic,
			.contract = pair_contract(c->m, p->F, p->G),
		};
		v.verdict = verdict_of(p, &v.direction);
		int64_t id = snc_db_verdict_add(db, &v);
		if (id < 0)
			return -1;
		for (int role = 0; role < W_ROLES; role++)
			if (p->w[role].set && store_witness(c, db, id, p, role) != 0)
				return -1;
	}
	return 0;
}
