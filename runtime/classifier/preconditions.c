/* preconditions.c: where an operation cannot run at all.
 *
 * An op that crashes, exits, or blocks forever when it runs *alone* from a state (unlock
 * without lock, dequeue on a queue that needs its stub node) has a precondition the state
 * violates: that is the API's contract with its caller, not a concurrency bug. Blocking
 * counts only while blocking is not observable (with --blocking-observable, a lock that
 * blocks after lock is the behaviour under study). Such states give the op no comparison
 * in the classifier anyway (an op that did not return influences nothing and is influenced
 * by nothing), the schedules pass does not explore its pairs from them, and this module
 * records, per op, how many states violate it, the first one (shortest first) with the
 * call and how it failed, and the first state from which every instance of the op ran:
 * what the op requires, as the report says ("requires a state like lock()"). */
#include <stdlib.h>
#include <string.h>
#include "runtime.h"
#include "snc_db.h"

bool precondition_violated(const struct result *alone, bool blocking_observable)
{
	return alone->kind == R_CRASH || alone->kind == R_EXIT ||
	       (alone->kind == R_BLOCK && !blocking_observable);
}

struct op_precondition {
	int64_t violated;
	char state[512], call[256], outcome[64];
	char satisfied[512];
	bool has_satisfied;
};

struct preconditions {
	const struct harness_model *m;
	bool blocking_observable;
	struct op_precondition *ops;
};

struct preconditions *preconditions_new(const struct harness_model *m, bool blocking_observable)
{
	struct preconditions *p = calloc(1, sizeof *p);
	if (!p || !(p->ops = calloc((size_t)m->nops, sizeof *p->ops))) {
		free(p);
		return NULL;
	}
	p->m = m;
	p->blocking_observable = blocking_observable;
	return p;
}

void preconditions_free(struct preconditions *p)
{
	if (p) {
		free(p->ops);
		free(p);
	}
}

void preconditions_add_state(struct preconditions *p, const char *label,
			     const struct state_outcome *so)
{
	const struct harness_model *m = p->m;
	for (int op = 0; op < m->nops; op++) {
		struct op_precondition *pc = &p->ops[op];
		int failed = -1;
		bool all_ran = true;
		for (int i = 0; i < m->ninst; i++) {
			if (m->inst[i].op != op)
				continue;
			const struct result *alone = &so->solo[i].first;
			all_ran &= alone->kind == R_VALUE;
			if (failed < 0 && precondition_violated(alone, p->blocking_observable))
				failed = i;
		}
		if (all_ran && !pc->has_satisfied) {
			pc->has_satisfied = true;
			snprintf(pc->satisfied, sizeof pc->satisfied, "%s", label);
		}
		if (failed < 0 || pc->violated++ > 0)
			continue;
		snprintf(pc->state, sizeof pc->state, "%s", label);
		snprintf(pc->call, sizeof pc->call, "%s", m->inst[failed].call);
		format_result(m, op, &so->solo[failed].first, pc->outcome, sizeof pc->outcome);
	}
}

int preconditions_store(const struct preconditions *p, struct snc_db *db, int64_t harness_id,
			const int64_t *op_ids)
{
	for (int op = 0; op < p->m->nops; op++) {
		const struct op_precondition *pc = &p->ops[op];
		if (!pc->violated)
			continue;
		struct snc_db_precondition row = {
			.harness_id = harness_id, .op_id = op_ids[op], .violated_states = pc->violated,
			.state = pc->state, .call = pc->call, .outcome = pc->outcome,
			.satisfied_state = pc->has_satisfied ? pc->satisfied : NULL,
		};
		if (snc_db_precondition_add(db, &row) != 0)
			return -1;
	}
	return 0;
}
