/* merge.c: from the facts of many units to one model.
 *
 * A function defined in a header is walked once per unit that includes it; all copies
 * share a USR and are one function, the copy from the first unit (in unit order, so the
 * result never depends on how units were scheduled). Functions are then sorted by file,
 * line, name and USR (macro-generated functions share a line, hence the name), states by
 * name and key, and every index in the model refers to those orders.
 *
 * Writes and reads through a callee are the caller's too: accesses are inherited along the
 * call graph to a fixed point, each inherited (state, mode) remembering the callee it came
 * through. Calls are resolved by USR to defined functions; a call to anything else (libc,
 * a function outside the scan, a function pointer) is kept but leads nowhere. */
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include "analyzer.h"

/* ---- a string -> index map ------------------------------------------------------------- */

struct index_map {
	const char **keys;
	int *values;
	size_t size;
};

static void map_init(struct index_map *m, size_t n)
{
	m->size = 16;
	while (m->size < 2 * n + 1)
		m->size *= 2;
	m->keys = sa_alloc(m->size * sizeof *m->keys);
	m->values = sa_alloc(m->size * sizeof *m->values);
}

static size_t map_slot(const struct index_map *m, const char *key)
{
	size_t i = (size_t)XXH3_64bits(key, strlen(key)) & (m->size - 1);
	while (m->keys[i] && strcmp(m->keys[i], key) != 0)
		i = (i + 1) & (m->size - 1);
	return i;
}

static int map_get(const struct index_map *m, const char *key)
{
	size_t i = map_slot(m, key);
	return m->keys[i] ? m->values[i] : -1;
}

/* Adds key with value unless present; returns the value stored. */
static int map_put(struct index_map *m, const char *key, int value)
{
	size_t i = map_slot(m, key);
	if (!m->keys[i]) {
		m->keys[i] = key;
		m->values[i] = value;
	}
	return m->values[i];
}

static void map_free(struct index_map *m)
{
	free(m->keys);
	free(m->values);
}

/* ---- functions ------------------------------------------------------------------------- */

static int compare_fns(const void *a, const void *b)
{
	const struct sa_function *x = ((const struct sa_fn *)a)->def, *y = ((const struct sa_fn *)b)->def;
	int c = strcmp(x->file, y->file);
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	c = strcmp(x->name, y->name);
	return c ? c : strcmp(x->usr, y->usr);
}

static void collect_functions(struct sa_model *m)
{
	size_t total = 0;
	for (int i = 0; i < m->nunits; i++)
		total += (size_t)m->units[i].nfunctions;
	struct index_map seen;
	map_init(&seen, total);
	m->fns = sa_alloc((total + 1) * sizeof *m->fns);
	for (int i = 0; i < m->nunits; i++) {
		struct sa_unit *u = &m->units[i];
		for (int k = 0; k < u->nfunctions; k++) {
			if (map_put(&seen, u->functions[k].usr, m->nfns) != m->nfns)
				continue;
			m->fns[m->nfns].def = &u->functions[k];
			m->fns[m->nfns].unit = i;
			m->nfns++;
		}
	}
	map_free(&seen);
	qsort(m->fns, (size_t)m->nfns, sizeof *m->fns, compare_fns);
}

struct callee {
	int target;
	bool resolved;
};

static int compare_callees(const void *a, const void *b)
{
	const struct callee *x = a, *y = b;
	if (x->target != y->target)
		return x->target < y->target ? -1 : 1;
	return (int)x->resolved - (int)y->resolved;   /* an unresolved call first */
}

static void resolve_calls(struct sa_model *m)
{
	struct index_map by_usr;
	map_init(&by_usr, (size_t)m->nfns);
	for (int i = 0; i < m->nfns; i++)
		map_put(&by_usr, m->fns[i].def->usr, i);
	for (int i = 0; i < m->nfns; i++) {
		struct sa_fn *f = &m->fns[i];
		const struct sa_function *d = f->def;
		f->call_target = sa_alloc((size_t)(d->ncalls + 1) * sizeof *f->call_target);
		struct callee *all = sa_alloc((size_t)(d->ncalls + 1) * sizeof *all);
		int n = 0;
		for (int k = 0; k < d->ncalls; k++) {
			int t = d->calls[k].callee_usr ? map_get(&by_usr, d->calls[k].callee_usr) : -1;
			f->call_target[k] = t;
			if (t < 0)
				continue;
			all[n++] = (struct callee){ t, d->calls[k].resolved };
			if (d->calls[k].via)
				continue;   /* made by a callee walked at a call: not a call site here */
			if (d->calls[k].value_used)
				m->fns[t].callers_use++;
			else
				m->fns[t].callers_discard++;
		}
		qsort(all, (size_t)n, sizeof *all, compare_callees);
		f->callees = sa_alloc((size_t)(n + 1) * sizeof *f->callees);
		f->callee_resolved = sa_alloc((size_t)(n + 1) * sizeof *f->callee_resolved);
		for (int k = 0; k < n; k++)
			if (f->ncallees == 0 || f->callees[f->ncallees - 1] != all[k].target) {
				f->callees[f->ncallees] = all[k].target;
				f->callee_resolved[f->ncallees++] = all[k].resolved;
			}
		free(all);
	}
	map_free(&by_usr);
}

/* ---- states and accesses --------------------------------------------------------------- */

static int compare_states(const void *a, const void *b)
{
	const struct sa_state *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : strcmp(x->key, y->key);
}

static int compare_effects(const void *a, const void *b)
{
	const struct sa_effect *x = a, *y = b;
	if (x->state != y->state)
		return x->state < y->state ? -1 : 1;
	return (x->mode > y->mode) - (x->mode < y->mode);
}

static void collect_states(struct sa_model *m)
{
	size_t total = 0;
	for (int i = 0; i < m->nfns; i++)
		total += (size_t)m->fns[i].def->naccesses;
	struct index_map keys;
	map_init(&keys, total);
	m->states = sa_alloc((total + 1) * sizeof *m->states);
	for (int i = 0; i < m->nfns; i++) {
		const struct sa_function *d = m->fns[i].def;
		for (int k = 0; k < d->naccesses; k++) {
			if (map_put(&keys, d->accesses[k].key, m->nstates) != m->nstates)
				continue;
			m->states[m->nstates].key = sa_strdup(d->accesses[k].key);
			m->states[m->nstates].name = sa_strdup(d->accesses[k].state);
			m->nstates++;
		}
	}
	map_free(&keys);
	qsort(m->states, (size_t)m->nstates, sizeof *m->states, compare_states);
	map_init(&keys, (size_t)m->nstates);
	for (int i = 0; i < m->nstates; i++)
		map_put(&keys, m->states[i].key, i);
	/* direct effects: one per (state, single mode bit) */
	for (int i = 0; i < m->nfns; i++) {
		struct sa_fn *f = &m->fns[i];
		const struct sa_function *d = f->def;
		f->effects = sa_alloc((size_t)(2 * d->naccesses + 1) * sizeof *f->effects);
		for (int k = 0; k < d->naccesses; k++) {
			int s = map_get(&keys, d->accesses[k].key);
			for (unsigned bit = SA_READ; bit <= SA_WRITE; bit <<= 1)
				if (d->accesses[k].mode & bit)
					f->effects[f->neffects++] = (struct sa_effect){ s, bit, -1 };
		}
		qsort(f->effects, (size_t)f->neffects, sizeof *f->effects, compare_effects);
	}
	map_free(&keys);
}

/* Merges callee's effects into f's (both sorted); returns whether f gained any. */
static bool inherit_from(struct sa_fn *f, const struct sa_fn *callee, int callee_index)
{
	int n = f->neffects, extra = 0;
	for (int a = 0, b = 0; b < callee->neffects;) {
		int c = a < n ? compare_effects(&f->effects[a], &callee->effects[b]) : 1;
		if (c < 0) {
			a++;
		} else {
			if (c > 0)
				extra++;
			else
				a++;
			b++;
		}
	}
	if (extra == 0)
		return false;
	struct sa_effect *merged = sa_alloc((size_t)(n + extra) * sizeof *merged);
	int out = 0;
	for (int a = 0, b = 0; a < n || b < callee->neffects;) {
		int c = a >= n ? 1 : b >= callee->neffects ? -1
				   : compare_effects(&f->effects[a], &callee->effects[b]);
		if (c <= 0) {
			merged[out++] = f->effects[a++];
			if (c == 0)
				b++;
		} else {
			merged[out] = callee->effects[b++];
			merged[out++].via = callee_index;
		}
	}
	free(f->effects);
	f->effects = merged;
	f->neffects = out;
	return true;
}

static void inherit(struct sa_model *m)
{
	for (bool changed = true; changed;) {
		changed = false;
		for (int i = 0; i < m->nfns; i++)
			for (int k = 0; k < m->fns[i].ncallees; k++) {
				int t = m->fns[i].callees[k];
				if (t != i && inherit_from(&m->fns[i], &m->fns[t], t))
					changed = true;
			}
	}
}

struct sa_model *sa_model_build(struct sa_unit *units, int nunits,
				const struct sa_model_options *opt)
{
	struct sa_model *m = sa_alloc(sizeof *m);
	m->units = units;
	m->nunits = nunits;
	collect_functions(m);
	resolve_calls(m);
	collect_states(m);
	inherit(m);
	for (int i = 0; i < m->nfns; i++) {
		struct sa_fn *f = &m->fns[i];
		for (int k = 0; k < f->def->nsites; k++) {
			if (f->def->sites[k].kind == SA_LIGHT)
				f->light++;
			else
				f->heavyweight++;
		}
		f->api = f->def->linkage != SA_LINK_STATIC && (!f->def->system || opt->system_api);
	}
	sa_variants(m);
	sa_closure(m);
	sa_pairs(m);
	return m;
}

void sa_model_free(struct sa_model *m)
{
	if (!m)
		return;
	sa_variants_free(m);
	for (int i = 0; i < m->nfns; i++) {
		struct sa_fn *f = &m->fns[i];
		free(f->callees);
		free(f->callee_resolved);
		free(f->effects);
		for (int k = 0; k < f->nreach; k++)
			free(f->reach[k].path);
		free(f->reach);
		free(f->call_target);
	}
	free(m->fns);
	for (int i = 0; i < m->nstates; i++) {
		free(m->states[i].key);
		free(m->states[i].name);
	}
	free(m->states);
	for (int i = 0; i < m->npairs; i++)
		free(m->pairs[i].shared);
	free(m->pairs);
	free(m);
}
