/* findings_verdicts.c: the rules that start from what the harnesses showed, using the scan
 * where the verdict alone cannot tell (is there a heavyweight instruction? does anybody
 * read this return value?). What `snc run --measure` counted is preferred to what the scan
 * sees, since it is the machine code that ran; a rule that needs either and has neither
 * stays silent rather than guess: "no heavyweight instruction" is only said when one looked.
 *
 *   non-linearizable      a concurrent schedule of the two calls ended with an outcome
 *                         neither sequential order gives (lost update, two winners)
 *   non-deterministic     an op alone, or a sequence of two, or a concurrent schedule of
 *                         two, did not repeat
 *   snc-unsynchronized    snc, deterministic, no contract, and no heavyweight instruction:
 *                         neither AWAR nor fenced RAW in the witness's solo executions
 *                         (measured), or no heavyweight site in either function (scan);
 *                         by the theorem, not linearizable
 *   contract-reliant      the same, but the API's contract excludes concurrent calls
 *   needless-heavyweight  non-SNC with every partner, yet pays heavyweight instructions on
 *                         its common path (measured: on at least half of its calls) or
 *                         reaches some (scan)
 *   hot-heavyweight       the pair conflicts in at most a quarter of the states, but an op
 *                         pays a heavyweight instruction on nearly every call (measured)
 *   gratuitous-snc        SNC only through a return value that no call site reads
 *   precondition          an op fails alone (crash, exit, block) from some states: what it
 *                         requires; a non-linearizable outcome whose sequential orders fail
 *                         is a note of non-linearizable, apart from real ones */
#include <string.h>
#include "findings_internal.h"

#define COMMON_PATH_SHARE 0.5   /* needless-heavyweight: pays on at least this share of calls */
#define HOT_SHARE 0.9           /* hot-heavyweight: pays on at least this share of calls ... */
#define RARE_CONFLICT 0.25      /* ... of a pair that conflicts in at most this share of states */

static const struct snc_fact_function *op_function(const struct snc_facts *facts,
						   const struct snc_fact_op *op)
{
	return op->function >= 0 ? &facts->functions[op->function] : NULL;
}

/* Where the scan put a function, for evidence: "name (file:line)". */
static const char *function_place(struct db_arena *a, const struct snc_facts *facts,
				  const struct snc_fact_op *op)
{
	const struct snc_fact_function *fn = op_function(facts, op);
	return fn ? db_arena_printf(a, "%s (%s:%d)", fn->name, fn->file, fn->line) : op->name;
}

static void non_deterministic(const struct snc_facts *facts, const struct snc_fact_harness *h,
			      struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int o = 0; o < h->nops; o++) {
		const struct snc_fact_op *op = &h->ops[o];
		if (!op->nondet_state)
			continue;
		struct finding_spec spec = { .rule = "non-deterministic" };
		finding_about_ops(&spec, facts, h, o, -1);
		spec.message = db_arena_printf(a, "%s gave different results when repeated from "
			"the same state: the Laws of Order bind only deterministic operations "
			"(loophole 3, accept non-determinism); mark it intentional if that is meant, "
			"otherwise find the input the harness does not rebuild", finding_op_label(a, op));
		spec.evidence = db_arena_printf(a, "state: %s\n%s gave %s the first time; a repeat "
			"from a copy of the same state gave something else", op->nondet_state,
			op->nondet_call, op->nondet_result);
		finding_add(out, &spec);
	}
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		if (pr->deterministic || !pr->nondeterminism.role || h->ops[pr->f].nondet_state ||
		    h->ops[pr->g].nondet_state)
			continue;
		struct finding_spec spec = { .rule = "non-deterministic" };
		finding_about_ops(&spec, facts, h, pr->f, pr->g);
		spec.message = db_arena_printf(a, "%s and %s in sequence gave different results "
			"when repeated from the same state, though each alone repeats: the Laws of "
			"Order bind only deterministic operations (loophole 3, accept "
			"non-determinism); mark it intentional if that is meant", spec.f, spec.g);
		spec.evidence = db_arena_printf(a, "%s\n(the results of the first run; a repeat "
			"differed)", finding_witness_lines(a, &pr->nondeterminism));
		finding_add(out, &spec);
	}
}

static const char *pattern_text(struct db_arena *a, const struct snc_fact_pattern *p)
{
	return db_arena_printf(a, "%s: %lld AWAR, %lld fenced RAW, %lld unfenced RAW%s%s", p->call,
			       (long long)p->awar, (long long)p->raw_fenced,
			       (long long)p->raw_unfenced, p->example ? "; e.g. " : "",
			       p->example ? p->example : "");
}

/* Does a pair pay a heavyweight instruction? 1 yes, 0 no, -1 unknown; *evidence says how
 * it is known: the measured solo executions from the witness state, else the scan. */
static int pair_pays(struct db_arena *a, const struct snc_facts *facts,
		     const struct snc_fact_harness *h, const struct snc_fact_pair *pr,
		     const char **evidence)
{
	const struct snc_fact_op *f = &h->ops[pr->f], *g = &h->ops[pr->g];
	if (pr->solo[0].measured && pr->solo[1].measured) {
		*evidence = db_arena_printf(a, "solo executions from the witness state (measured): "
			"%s; %s", pattern_text(a, &pr->solo[0]), pattern_text(a, &pr->solo[1]));
		return pr->solo[0].awar || pr->solo[0].raw_fenced || pr->solo[1].awar ||
		       pr->solo[1].raw_fenced;
	}
	if (f->heavyweight < 0 || g->heavyweight < 0)
		return -1;
	*evidence = db_arena_printf(a, "heavyweight instructions (scan): %s in %s, nor in "
		"anything it calls", f->heavyweight ? "some" : "none", function_place(a, facts, f));
	if (pr->g != pr->f)
		*evidence = db_arena_printf(a, "%s; %s in %s", *evidence, g->heavyweight ? "some" : "none",
					    function_place(a, facts, g));
	return f->heavyweight + g->heavyweight > 0;
}

/* A schedule as evidence lines: the state, the two calls, the interleaving, what it gave
 * and what the sequential orders give, and how to replay it. */
static const char *schedule_lines(struct db_arena *a, const struct snc_fact_schedule *s)
{
	return db_arena_printf(a, "state: %s\nconcurrently: %s on thread 0, %s on thread 1, "
			       "schedule %s (%d preemption%s)\noutcome: %s\nsequential orders give: %s | %s\n"
			       "replay: snc replay %lld", s->state, s->f_call, s->g_call, s->schedule,
			       s->preemptions, s->preemptions == 1 ? "" : "s", s->outcome, s->f_then_g,
			       s->g_then_f, (long long)s->id);
}

static void schedules(const struct snc_facts *facts, const struct snc_fact_harness *h,
		      struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		if (pr->broken.id) {
			struct finding_spec spec = { .rule = "non-linearizable" };
			finding_about_ops(&spec, facts, h, pr->f, pr->g);
			spec.message = db_arena_printf(a, "%s and %s run concurrently ended with an "
				"outcome no sequential order gives: not linearizable. If that is the "
				"design (loophole 4: a split counter, a byte-array set), mark it "
				"intentional; otherwise synchronize them (replay: snc replay %lld)",
				spec.f, spec.g, (long long)pr->broken.id);
			spec.evidence = schedule_lines(a, &pr->broken);
			spec.schedule = &pr->broken;
			finding_add(out, &spec);
		}
		if (pr->broken_precondition.id) {
			struct finding_spec spec = { .rule = "non-linearizable", .kind = "precondition",
						     .severity = SNC_NOTE };
			finding_about_ops(&spec, facts, h, pr->f, pr->g);
			spec.message = db_arena_printf(a, "%s and %s run concurrently ended with an "
				"outcome no sequential order gives, but a sequential order itself fails "
				"(a call's precondition is violated after the other): a misuse of the "
				"API, reported apart from real non-linearizable outcomes (replay: snc "
				"replay %lld)", spec.f, spec.g, (long long)pr->broken_precondition.id);
			spec.evidence = schedule_lines(a, &pr->broken_precondition);
			spec.schedule = &pr->broken_precondition;
			finding_add(out, &spec);
		}
		if (pr->unrepeated.id) {
			struct finding_spec spec = { .rule = "non-deterministic", .kind = "schedule" };
			finding_about_ops(&spec, facts, h, pr->f, pr->g);
			spec.message = db_arena_printf(a, "%s and %s run concurrently under one schedule "
				"gave different outcomes on a re-run: the Laws of Order bind only "
				"deterministic operations (loophole 3, accept non-determinism); mark it "
				"intentional if that is meant", spec.f, spec.g);
			spec.evidence = schedule_lines(a, &pr->unrepeated);
			spec.schedule = &pr->unrepeated;
			finding_add(out, &spec);
		}
	}
}

/* An SNC pair without a heavyweight instruction, reconciled with what its schedules
 * showed: the non-linearizable outcome as the proof; or what was explored without finding
 * one, and why the finding stands. (When the witness's two calls, explored from its state,
 * made no conflicting access although the library reached scheduling points, they
 * influence each other only through memory no instrumented access shares, such as the
 * harness's own bookkeeping of what it allocated: the SNC classification is an artifact
 * and unsynchronized() drops the finding.) */
static const char *reconciliation(struct db_arena *a, const struct snc_fact_pair *pr)
{
	if (pr->broken.id)
		return db_arena_printf(a, "the schedule that breaks linearizability:\n%s",
				       schedule_lines(a, &pr->broken));
	if (!pr->schedules)
		return "schedules: not explored (snc run --schedules, or snc audit without "
		       "--no-prove, looks for the interleaving that breaks it)";
	if (!pr->instrumented)
		return db_arena_printf(a, "schedules: %lld explored, but no call reached a "
			"scheduling point (its accesses are inline assembly, or code not compiled "
			"with -fsanitize=thread), so each ran one call after the other; the finding stands on the theorem alone",
			(long long)pr->schedules);
	return db_arena_printf(a, "schedules: %lld explored from %lld state%s (%s with at most %d "
		"preemption%s), none broke linearizability; the finding stands: by the theorem "
		"a deterministic, linearizable implementation of this pair executes a heavyweight "
		"instruction and none was seen, so a breaking interleaving needs more preemptions, "
		"or other states, or lies in code not compiled with -fsanitize=thread",
		(long long)pr->schedules, (long long)pr->explored_states,
		pr->explored_states == 1 ? "" : "s",
		pr->explored_exhaustive ? "every schedule" : "sampled schedules", pr->max_preemptions,
		pr->max_preemptions == 1 ? "" : "s");
}

/* An SNC pair (same-state witness) that pays no heavyweight instruction:
 * snc-unsynchronized, or contract-reliant when a contract keeps the two from running
 * concurrently. */
static void unsynchronized(const struct snc_facts *facts, const struct snc_fact_harness *h,
			   struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		const struct snc_fact_op *f = &h->ops[pr->f], *g = &h->ops[pr->g];
		const char *how = NULL;
		if (strcmp(pr->verdict, "snc") != 0 || !pr->deterministic ||
		    pair_pays(a, facts, h, pr, &how) != 0)
			continue;
		if (!pr->broken.id && pr->witness_unshared)
			continue;   /* an artifact of the harness: see reconciliation() */
		struct finding_spec spec = { .rule = pr->contract ? "contract-reliant"
								  : "snc-unsynchronized" };
		finding_about_ops(&spec, facts, h, pr->f, pr->g);
		spec.evidence = db_arena_printf(a, "%s\n%s", finding_witness_lines(a, &pr->witness),
						how);
		if (!pr->contract) {   /* a contract keeps the pair out of the schedules */
			spec.evidence = db_arena_printf(a, "%s\n%s", spec.evidence,
							reconciliation(a, pr));
			spec.schedule = pr->broken.id ? &pr->broken : NULL;
		}
		if (pr->contract)
			spec.message = db_arena_printf(a, "%s x %s is SNC with no heavyweight "
				"instruction: it is correct only while every caller honours the %s "
				"contract (the single-owner loophole); two concurrent calls would "
				"break it", finding_op_label(a, f), finding_op_label(a, g), pr->contract);
		else
			spec.message = db_arena_printf(a, "%s x %s is SNC and deterministic, yet "
				"neither executes a heavyweight instruction: by the Laws of Order it "
				"cannot be linearizable. Add an atomic read-modify-write or a fence, make "
				"the API non-SNC (loophole 1), or accept non-linearizability (loophole 4) "
				"and mark it intentional", finding_op_label(a, f), finding_op_label(a, g));
		finding_add(out, &spec);
	}
}

/* A lock acquisition blocks when it runs after itself; a fence primitive executes (or
 * reaches) fences only. Neither is asked why it pays: that is what it is for. */
static bool is_lock_or_fence(const struct snc_fact_harness *h, int o,
			     const struct snc_fact_function *fn)
{
	for (int p = 0; p < h->npairs; p++)
		if (h->pairs[p].f == o && h->pairs[p].g == o && h->pairs[p].blocked_states > 0)
			return true;
	const struct snc_fact_cost *c = &h->ops[o].cost;
	if (c->calls)
		return c->rmw == 0 && c->fences > 0;
	for (int i = 0; fn && i < fn->nsites; i++)
		if (strcmp(fn->sites[i].kind, "fence") != 0)
			return false;
	return true;
}

static const char *cost_text(struct db_arena *a, const struct snc_fact_op *op)
{
	const struct snc_fact_cost *c = &op->cost;
	return db_arena_printf(a, "measured: %.2f heavyweight instructions per call (%.2f RMW, "
			       "%.2f full fences) on %.0f%% of %lld calls, %.0f instructions per call%s%s",
			       c->rmw + c->fences, c->rmw, c->fences, 100 * c->heavyweight_share,
			       (long long)c->calls, c->instructions, op->cost_sites ? "\n" : "",
			       op->cost_sites ? op->cost_sites : "");
}

/* Does an op pay heavyweight instructions on its common path? Measured: on at least
 * COMMON_PATH_SHARE of its calls; else the scan: it reaches a heavyweight site. *evidence
 * says which; -1 when neither is known. */
static int op_pays(struct db_arena *a, const struct snc_facts *facts, const struct snc_fact_op *op,
		   const char **evidence)
{
	if (op->cost.calls) {
		*evidence = cost_text(a, op);
		return op->cost.heavyweight_share >= COMMON_PATH_SHARE;
	}
	const struct snc_fact_function *fn = op_function(facts, op);
	if (!fn)
		return -1;
	*evidence = finding_site_lines(a, fn);
	return op->heavyweight > 0;
}

static void needless_heavyweight(const struct snc_facts *facts,
				 const struct snc_fact_harness *h, struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int o = 0; o < h->nops; o++) {
		const struct snc_fact_op *op = &h->ops[o];
		const char *how = NULL;
		if (op_pays(a, facts, op, &how) != 1 || is_lock_or_fence(h, o, op_function(facts, op)))
			continue;
		const char *partners = "";
		int npartners = 0;
		bool snc = false;
		for (int p = 0; p < h->npairs && !snc; p++) {
			const struct snc_fact_pair *pr = &h->pairs[p];
			if (pr->f != o && pr->g != o)
				continue;
			snc = facts_is_snc(pr->verdict);
			partners = db_arena_printf(a, "%s%s%s: %s", partners, npartners++ ? ", " : "",
						   h->ops[pr->f == o ? pr->g : pr->f].name, pr->verdict);
		}
		if (snc || npartners == 0)
			continue;
		struct finding_spec spec = { .rule = "needless-heavyweight" };
		finding_about_ops(&spec, facts, h, o, -1);
		spec.message = db_arena_printf(a, "%s is non-SNC with every operation of %s, itself "
			"included, yet pays heavyweight instructions: the Laws of Order do not force "
			"them. Could a split per-thread design (loophole 1 or 2, like a per-CPU "
			"counter) make it cheap, or do they guard what return values cannot show (lost "
			"updates among concurrent calls, a lock, a grace period)?",
			finding_op_label(a, op), h->name);
		spec.evidence = db_arena_printf(a, "verdicts with each partner: %s\n%s", partners, how);
		finding_add(out, &spec);
	}
}

/* A pair that rarely conflicts, paid for on nearly every call: the kmalloc loophole. */
static void hot_heavyweight(const struct snc_facts *facts, const struct snc_fact_harness *h,
			    struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		double rate = pr->states ? (double)pr->conflict_states / (double)pr->states : 0;
		if (pr->conflict_states == 0 || rate > RARE_CONFLICT)
			continue;
		int x = h->ops[pr->f].cost.heavyweight_share >= HOT_SHARE ? pr->f
		      : h->ops[pr->g].cost.heavyweight_share >= HOT_SHARE ? pr->g : -1;
		if (x < 0 || !h->ops[x].cost.calls)
			continue;
		const struct snc_fact_op *op = &h->ops[x];
		struct finding_spec spec = { .rule = "hot-heavyweight" };
		finding_about_ops(&spec, facts, h, pr->f, pr->g);
		spec.message = db_arena_printf(a, "%s x %s conflicts in only %lld of %lld states "
			"(%.0f%%), yet %s pays a heavyweight instruction on %.0f%% of its calls: the "
			"kmalloc loophole (2) applies: take a cheap path while there is no conflict "
			"(a per-thread cache, a check before the lock) and pay only when there is",
			spec.f, spec.g, (long long)pr->conflict_states, (long long)pr->states,
			100 * rate, finding_op_label(a, op), 100 * op->cost.heavyweight_share);
		spec.evidence = db_arena_printf(a, "conflict rate: %lld of %lld states\n%s: %s",
			(long long)pr->conflict_states, (long long)pr->states, finding_op_label(a, op),
			cost_text(a, op));
		finding_add(out, &spec);
	}
}

/* The call sites of an op's function, if there are some and none reads the value. */
static const struct snc_fact_function *value_never_read(const struct snc_facts *facts,
							const struct snc_fact_op *op)
{
	const struct snc_fact_function *fn = op_function(facts, op);
	if (!fn || fn->ncalls == 0)
		return NULL;
	for (int i = 0; i < fn->ncalls; i++)
		if (fn->calls[i].value_used)
			return NULL;
	return fn;
}

const char *finding_call_lines(struct db_arena *a, const struct snc_fact_function *fn)
{
	const char *text = "";
	for (int i = 0; i < fn->ncalls; i++)
		text = db_arena_printf(a, "%s%s%s:%d in %s: the value of %s is %s", text,
				       i ? "\n" : "", fn->calls[i].file, fn->calls[i].line,
				       fn->calls[i].caller, fn->name,
				       fn->calls[i].value_used ? "used" : "discarded");
	return text;
}

static void gratuitous_snc(const struct snc_facts *facts, const struct snc_fact_harness *h,
			   struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		if (!facts_is_snc(pr->verdict))
			continue;
		int x = pr->f;
		const struct snc_fact_function *fn = value_never_read(facts, &h->ops[x]);
		if (!fn && pr->g != pr->f)
			fn = value_never_read(facts, &h->ops[x = pr->g]);
		if (!fn)
			continue;
		struct finding_spec spec = { .rule = "gratuitous-snc" };
		finding_about_ops(&spec, facts, h, pr->f, pr->g);
		spec.message = db_arena_printf(a, "%s x %s is SNC only through the return value of "
			"%s, and none of its %d call site%s reads it: make %s return nothing (loophole "
			"1, as atomic_inc does) and the pair is no longer SNC",
			finding_op_label(a, &h->ops[pr->f]), finding_op_label(a, &h->ops[pr->g]),
			finding_op_label(a, &h->ops[x]), fn->ncalls, fn->ncalls == 1 ? "" : "s",
			h->ops[x].name);
		spec.evidence = db_arena_printf(a, "%s\n%s", finding_witness_lines(a, &pr->witness),
						finding_call_lines(a, fn));
		finding_add(out, &spec);
	}
}

/* An op that cannot run alone from some states: what it requires (precondition). */
static void preconditions(const struct snc_facts *facts, const struct snc_fact_harness *h,
			  struct snc_findings *out)
{
	struct db_arena *a = out->arena;
	for (int o = 0; o < h->nops; o++) {
		const struct snc_fact_op *op = &h->ops[o];
		if (!op->violated_states)
			continue;
		struct finding_spec spec = { .rule = "precondition" };
		finding_about_ops(&spec, facts, h, o, -1);
		if (op->requires_state)
			spec.message = db_arena_printf(a, "%s requires a state like `%s`: alone from `%s`, "
				"%s = %s (%lld of %lld states); a precondition for its callers, not a "
				"concurrency bug: those states are kept out of its verdicts and schedules",
				finding_op_label(a, op), op->requires_state, op->violated_state, op->violated_call,
				op->violated_outcome, (long long)op->violated_states, (long long)h->states);
		else
			spec.message = db_arena_printf(a, "%s requires a state no explored sequence "
				"builds: alone from `%s`, %s = %s, and it failed in all %lld states",
				finding_op_label(a, op), op->violated_state, op->violated_call, op->violated_outcome,
				(long long)op->violated_states);
		spec.evidence = db_arena_printf(a, "state: %s\n%s alone: %s\nstates where it fails "
			"alone: %lld of %lld", op->violated_state, op->violated_call,
			op->violated_outcome, (long long)op->violated_states, (long long)h->states);
		finding_add(out, &spec);
	}
}

void rules_from_verdicts(const struct snc_facts *facts, struct snc_findings *out)
{
	for (int i = 0; i < facts->nharnesses; i++) {
		const struct snc_fact_harness *h = &facts->harnesses[i];
		non_deterministic(facts, h, out);
		schedules(facts, h, out);
		unsynchronized(facts, h, out);
		needless_heavyweight(facts, h, out);
		hot_heavyweight(facts, h, out);
		gratuitous_snc(facts, h, out);
		preconditions(facts, h, out);
	}
}
