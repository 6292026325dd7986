/* observe.c: state-only without a digest, by observation.
 *
 * Two pairs of calls f;g and g;f that return what they return alone may still leave
 * different states (a set's void add and remove of one key): `state-only`. A harness digest
 * shows that; without one, the state is observed through the family's own *read-like*
 * operations: after f;g and after g;f the executor runs each of them (on a new thread, in
 * declaration order) and hashes what they return into the pair's digest, which the
 * classifier compares as it compares digests.
 *
 * Read-like ops are found by running them, not by their names: an op is read-like while,
 * in every state run so far, each of its instances returned a value alone (no crash, no
 * block, not void), repeated it, and changed what no instance run right after it returns
 * (r then x gives x what x alone gives). Running them one after the other after a pair is
 * then the same as running each alone. The runner runs the fresh state once to find them
 * before the states it stores, then refines the set after every state: an op that turns
 * out to change something (remove(1) from a set that holds 1) stops observing. Any
 * deterministic sequence of calls is a sound observation (results that differ after f;g
 * and g;f prove the states differ); read-like ones only keep each observation from
 * masking the next. */
#include <stdlib.h>
#include <string.h>
#include "runtime.h"

struct observer {
	const struct harness_model *m;
	bool seen;                 /* at least one state folded in */
	bool *excluded;            /* per op: not read-like */
	int *list;                 /* the observing instances, m->ninst at most */
	bool *candidate;           /* per instance: its op is not excluded (yet) */
};

struct observer *observer_new(const struct harness_model *m)
{
	struct observer *o = calloc(1, sizeof *o);
	if (!o || !(o->excluded = calloc((size_t)m->nops, sizeof *o->excluded)) ||
	    !(o->list = calloc((size_t)m->ninst, sizeof *o->list)) ||
	    !(o->candidate = calloc((size_t)m->ninst, sizeof *o->candidate))) {
		if (o) {
			free(o->excluded);
			free(o->list);
		}
		free(o);
		return NULL;
	}
	o->m = m;
	for (int op = 0; op < m->nops; op++)
		o->excluded[op] = strcmp(op_returns(m->def->ops[op].kind), "void") == 0;
	return o;
}

void observer_free(struct observer *o)
{
	if (o) {
		free(o->excluded);
		free(o->list);
		free(o->candidate);
		free(o);
	}
}

void observer_add_state(struct observer *o, const struct state_outcome *so)
{
	if (so->status != STATE_OK)
		return;
	const struct harness_model *m = o->m;
	int n = m->ninst;
	o->seen = true;
	for (int r = 0; r < n; r++) {
		bool *out = &o->excluded[m->inst[r].op];
		if (*out)
			continue;
		if (so->solo[r].first.kind != R_VALUE || !so->solo_det[r]) {
			*out = true;
			continue;
		}
		for (int x = 0; x < n && !*out; x++) {
			const struct result *after = &so->pair[r * n + x].second;
			const struct result *alone = &so->solo[x].first;
			*out = after->kind == R_VALUE && alone->kind == R_VALUE &&
			       !results_equal(after, alone);
		}
	}
}

const bool *observer_candidates(struct observer *o)
{
	for (int i = 0; i < o->m->ninst; i++)
		o->candidate[i] = !o->excluded[o->m->inst[i].op];
	return o->candidate;
}

int observer_instances(struct observer *o, const int **inst)
{
	int k = 0;
	for (int i = 0; o->seen && i < o->m->ninst; i++)
		if (!o->excluded[o->m->inst[i].op])
			o->list[k++] = i;
	*inst = o->list;
	return k;
}

void observed_text(const struct harness_model *m, const int *inst, int n,
		   const struct execution *e, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && i < e->nobserved && used < len; i++) {
		const struct instance *in = &m->inst[inst[i]];
		struct result r = { .kind = R_VALUE, .value = e->observed[i] };
		char res[64];
		format_result(m, in->op, &r, res, sizeof res);
		used += (size_t)snprintf(buf + used, len - used, "%s%s = %s", i ? "; " : "", in->call,
					 res);
	}
	if (n > e->nobserved && used < len)
		snprintf(buf + used, len - used, "; ... (%d observations)", n);
}
