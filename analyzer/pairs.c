/* pairs.c: candidate pairs and their static class.
 *
 * Two API functions (a function with itself included) form a candidate pair when they
 * touch a common piece of state that some function writes: state nobody writes cannot
 * carry an influence. The class reads what the Laws of Order need for a pair to be SNC,
 * each operation influencing the other through a returned value:
 *
 *   never-snc      one of them returns nothing, so it can never be influenced;
 *   read-read      neither writes the shared state: they commute;
 *   one-way        one writes, the other only reads: influence goes one way at most;
 *   snc-candidate  both write shared state and both return a value: the pair may be SNC,
 *                  which running a harness (snc run) confirms or refutes.
 *
 * Accesses are the inherited ones (merge.c), so a function that writes through a helper
 * writes. API functions are those visible to callers outside their unit (extern, or inline
 * in a header), and by default not those of system headers. */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

struct pair_acc {
	int f, g;
	bool fw, gw;
	int *states;
	int nstates, cap;
};

struct pair_table {
	int64_t *keys;     /* f * n + g + 1, 0 = empty */
	int *index;
	size_t size;
	struct pair_acc *pairs;
	int npairs, cap;
};

static struct pair_acc *pair_get(struct pair_table *t, int n, int f, int g)
{
	if (2 * ((size_t)t->npairs + 1) > t->size) {
		size_t size = t->size ? 2 * t->size : 1024;
		int64_t *keys = sa_alloc(size * sizeof *keys);
		int *index = sa_alloc(size * sizeof *index);
		for (size_t i = 0; i < t->size; i++) {
			if (!t->keys[i])
				continue;
			size_t j = (size_t)(t->keys[i] * 0x9E3779B97F4A7C15ull) & (size - 1);
			while (keys[j])
				j = (j + 1) & (size - 1);
			keys[j] = t->keys[i];
			index[j] = t->index[i];
		}
		free(t->keys);
		free(t->index);
		t->keys = keys;
		t->index = index;
		t->size = size;
	}
	int64_t key = (int64_t)f * n + g + 1;
	size_t j = (size_t)(key * 0x9E3779B97F4A7C15ull) & (t->size - 1);
	while (t->keys[j] && t->keys[j] != key)
		j = (j + 1) & (t->size - 1);
	if (t->keys[j])
		return &t->pairs[t->index[j]];
	t->keys[j] = key;
	t->index[j] = t->npairs;
	struct pair_acc *p = SA_PUSH(t->pairs, t->npairs, t->cap);
	p->f = f;
	p->g = g;
	return p;
}

static int compare_pairs(const void *a, const void *b)
{
	const struct sa_pair *x = a, *y = b;
	if (x->f != y->f)
		return x->f < y->f ? -1 : 1;
	return (x->g > y->g) - (x->g < y->g);
}

/* Accessors of one state: function index and whether it writes the state. */
struct accessor {
	int fn;
	bool writes;
};

void sa_pairs(struct sa_model *m)
{
	int n = m->nfns;
	/* per state, who touches it (functions are visited in order, so lists are sorted) */
	struct accessor **by_state = sa_alloc((size_t)(m->nstates + 1) * sizeof *by_state);
	int *count = sa_alloc((size_t)(m->nstates + 1) * sizeof *count);
	int *cap = sa_alloc((size_t)(m->nstates + 1) * sizeof *cap);
	bool *written = sa_alloc((size_t)(m->nstates + 1) * sizeof *written);
	for (int i = 0; i < n; i++) {
		const struct sa_fn *f = &m->fns[i];
		for (int k = 0; k < f->neffects; k++) {
			int s = f->effects[k].state;
			bool w = f->effects[k].mode == SA_WRITE;
			if (w)
				written[s] = true;
			if (!f->api)
				continue;
			if (count[s] > 0 && by_state[s][count[s] - 1].fn == i) {
				by_state[s][count[s] - 1].writes |= w;
				continue;
			}
			struct accessor *a = SA_PUSH(by_state[s], count[s], cap[s]);
			a->fn = i;
			a->writes = w;
		}
	}
	struct pair_table t = { 0 };
	for (int s = 0; s < m->nstates; s++) {
		if (!written[s])
			continue;
		for (int a = 0; a < count[s]; a++)
			for (int b = a; b < count[s]; b++) {
				struct pair_acc *p = pair_get(&t, n, by_state[s][a].fn, by_state[s][b].fn);
				p->fw |= by_state[s][a].writes;
				p->gw |= by_state[s][b].writes;
				*(int *)SA_PUSH(p->states, p->nstates, p->cap) = s;
			}
	}
	m->pairs = sa_alloc((size_t)(t.npairs + 1) * sizeof *m->pairs);
	for (int i = 0; i < t.npairs; i++) {
		struct pair_acc *p = &t.pairs[i];
		struct sa_pair *out = &m->pairs[m->npairs++];
		out->f = p->f;
		out->g = p->g;
		bool fr = m->fns[p->f].def->returns_value, gr = m->fns[p->g].def->returns_value;
		if (!fr || !gr)
			out->cls = SA_NEVER_SNC;
		else if (!p->fw && !p->gw)
			out->cls = SA_READ_READ;
		else if (p->fw && p->gw)
			out->cls = SA_SNC_CANDIDATE;
		else
			out->cls = SA_ONE_WAY;
		size_t len = 1;
		for (int k = 0; k < p->nstates; k++)
			len += strlen(m->states[p->states[k]].name) + 2;
		char *w = out->shared = sa_alloc(len);
		for (int k = 0; k < p->nstates; k++) {
			const char *name = m->states[p->states[k]].name;
			size_t l = strlen(name);
			if (k) {
				memcpy(w, ", ", 2);
				w += 2;
			}
			memcpy(w, name, l + 1);
			w += l;
		}
		free(p->states);
	}
	qsort(m->pairs, (size_t)m->npairs, sizeof *m->pairs, compare_pairs);
	free(t.pairs);
	free(t.keys);
	free(t.index);
	for (int s = 0; s < m->nstates; s++)
		free(by_state[s]);
	free(by_state);
	free(count);
	free(cap);
	free(written);
}
