/* variants.c: calls resolved at constant arguments across units.
 *
 * Within a unit, walk.c resolves a call of a static or inline function whose sites depend
 * on a parameter by walking the callee again at the call's constants. A function defined
 * in another unit cannot be walked from the caller's AST, so its own unit walks it once
 * per value of each such parameter (sa_variant: its sites and calls at that value), and
 * each call records the arguments that fold to constants (sa_call.consts). Both are facts
 * of their units, stored and loaded back with them, so the resolution here, after every
 * unit is in the model, works the same whether a unit was parsed now or reused.
 *
 * A call that is not resolved in its unit, to a function with a variant for a parameter
 * the call passes a constant for, is resolved to that variant (the first such parameter):
 * a node of the call graph with the variant's sites and calls. The call-path search
 * (closure.c) goes to the variant instead of the function; when every call of a caller to
 * the function is resolved, the function's own (cautious) sites do not count through it.
 * A variant's calls are resolved the same way, so an order passed on through several
 * units is followed. Accesses are inherited from the function as before. */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

struct usr_index {
	const char *usr;
	int fn;
};

static int compare_usr(const void *a, const void *b)
{
	return strcmp(((const struct usr_index *)a)->usr, ((const struct usr_index *)b)->usr);
}

static int int_compare(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

struct lookup {
	struct usr_index *by_usr;
	int n;
	int **nodes;    /* per function: its variant nodes, its own first */
	int *nnodes, *capnodes;
	int cap;        /* of m->variants */
};

static int function_of(const struct lookup *l, const char *usr)
{
	if (!usr)
		return -1;
	struct usr_index key = { usr, 0 };
	const struct usr_index *hit = bsearch(&key, l->by_usr, (size_t)l->n, sizeof key, compare_usr);
	return hit ? hit->fn : -1;
}

static void add_node(struct sa_model *m, struct lookup *l, int fn, const struct sa_variant *def,
		     bool derived)
{
	struct sa_variant_node *node = SA_PUSH(m->variants, m->nvariants, l->cap);
	node->fn = fn;
	node->def = def;
	node->derived = derived;
	for (int s = 0; s < def->nsites; s++)
		node->heavyweight += def->sites[s].kind != SA_LIGHT;
	*(int *)SA_PUSH(l->nodes[fn], l->nnodes[fn], l->capnodes[fn]) = m->nvariants - 1;
}

/* The variant node a call to target resolves to, or -1. An argument passing the caller's
 * parameter bound_param on counts as the constant bound_value (a derived variant's). */
static int variant_at(const struct sa_model *m, const struct lookup *l, int target,
		      const struct sa_call *c, int bound_param, long long bound_value)
{
	if (target < 0 || c->resolved || l->nnodes[target] == 0)
		return -1;
	for (int a = 0; a < c->nconsts; a++) {
		const struct sa_const_arg *arg = &c->consts[a];
		if (arg->param >= 0 && arg->param != bound_param)
			continue;
		long long value = arg->param >= 0 ? bound_value : arg->value;
		for (int j = 0; j < l->nnodes[target]; j++) {
			const struct sa_variant *v = m->variants[l->nodes[target][j]].def;
			if (v->param == arg->index && v->value == value)
				return l->nodes[target][j];
		}
	}
	return -1;
}

/* Sorted distinct values of v[0..n) in place; returns how many. */
static int distinct(int *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, int_compare);
	int k = 0;
	for (int i = 0; i < n; i++)
		if (k == 0 || v[k - 1] != v[i])
			v[k++] = v[i];
	return k;
}

/* Callees of calls (distinct, ascending), each marked resolved when no call to it stays
 * unresolved (resolved in the unit or to a variant); and the variants reached. */
static void edges(const struct sa_model *m, const struct lookup *l, const struct sa_call *calls,
		  int ncalls, const int *target, int bound_param, long long bound_value,
		  int *variant, int **callees, bool **resolved, int *ncallees, int **vcallees,
		  int *nvcallees)
{
	int *t = sa_alloc((size_t)(ncalls + 1) * sizeof *t);
	int *v = sa_alloc((size_t)(ncalls + 1) * sizeof *v);
	int nt = 0, nv = 0;
	for (int k = 0; k < ncalls; k++) {
		variant[k] = variant_at(m, l, target[k], &calls[k], bound_param, bound_value);
		if (target[k] >= 0)
			t[nt++] = target[k];
		if (variant[k] >= 0)
			v[nv++] = variant[k];
	}
	nt = distinct(t, nt);
	*callees = t;
	*ncallees = nt;
	*resolved = sa_alloc((size_t)(nt + 1) * sizeof **resolved);
	for (int i = 0; i < nt; i++) {
		bool all = true;
		for (int k = 0; k < ncalls && all; k++)
			if (target[k] == t[i])
				all = calls[k].resolved || variant[k] >= 0;
		(*resolved)[i] = all;
	}
	*vcallees = v;
	*nvcallees = distinct(v, nv);
}

/* Does fn have a variant node for param (any value, or this value when any_value is
 * false)? */
static bool has_node(const struct sa_model *m, const struct lookup *l, int fn, int param,
		     long long value, bool any_value, bool own_only)
{
	for (int j = 0; j < l->nnodes[fn]; j++) {
		const struct sa_variant_node *node = &m->variants[l->nodes[fn][j]];
		if ((!own_only || !node->derived) && node->def->param == param &&
		    (any_value || node->def->value == value))
			return true;
	}
	return false;
}

/* Derived variants (see the top), to a fixed point: each (function, parameter, value) is
 * made once, from the finite values of the functions' own variants. */
static void derive(struct sa_model *m, struct lookup *l)
{
	for (bool changed = true; changed;) {
		changed = false;
		for (int i = 0; i < m->nfns; i++) {
			const struct sa_function *d = m->fns[i].def;
			for (int k = 0; k < d->ncalls; k++) {
				int target = m->fns[i].call_target[k];
				const struct sa_call *c = &d->calls[k];
				if (target < 0 || c->resolved || c->via)
					continue;
				for (int a = 0; a < c->nconsts; a++) {
					int p = c->consts[a].param;
					if (p < 0 || has_node(m, l, i, p, 0, true, true))
						continue;
					for (int j = 0; j < l->nnodes[target]; j++) {
						const struct sa_variant *v = m->variants[l->nodes[target][j]].def;
						if (v->param != c->consts[a].index ||
						    has_node(m, l, i, p, v->value, false, false))
							continue;
						struct sa_variant *x = sa_alloc(sizeof *x);
						*x = (struct sa_variant){ p, v->value, v->order, d->sites,
									  d->nsites, d->calls, d->ncalls };
						add_node(m, l, i, x, true);
						changed = true;
					}
				}
			}
		}
	}
}

void sa_variants(struct sa_model *m)
{
	int own = 0;
	for (int i = 0; i < m->nfns; i++)
		own += m->fns[i].def->nvariants;
	if (own == 0)
		return;   /* nothing to resolve: call_variant stays NULL */
	struct lookup l = { sa_alloc((size_t)(m->nfns + 1) * sizeof *l.by_usr), m->nfns,
			    sa_alloc((size_t)(m->nfns + 1) * sizeof *l.nodes),
			    sa_alloc((size_t)(m->nfns + 1) * sizeof *l.nnodes),
			    sa_alloc((size_t)(m->nfns + 1) * sizeof *l.capnodes), 0 };
	for (int i = 0; i < m->nfns; i++) {
		l.by_usr[i] = (struct usr_index){ m->fns[i].def->usr, i };
		for (int v = 0; v < m->fns[i].def->nvariants; v++)
			add_node(m, &l, i, &m->fns[i].def->variants[v], false);
	}
	qsort(l.by_usr, (size_t)m->nfns, sizeof *l.by_usr, compare_usr);
	derive(m, &l);
	for (int i = 0; i < m->nvariants; i++) {
		struct sa_variant_node *node = &m->variants[i];
		const struct sa_variant *d = node->def;
		int *target = sa_alloc((size_t)(d->ncalls + 1) * sizeof *target);
		int *variant = sa_alloc((size_t)(d->ncalls + 1) * sizeof *variant);
		for (int k = 0; k < d->ncalls; k++)
			target[k] = node->derived ? m->fns[node->fn].call_target[k]
						  : function_of(&l, d->calls[k].callee_usr);
		edges(m, &l, d->calls, d->ncalls, target, node->derived ? d->param : -1, d->value,
		      variant, &node->callees, &node->callee_resolved, &node->ncallees,
		      &node->vcallees, &node->nvcallees);
		free(target);
		free(variant);
	}
	for (int i = 0; i < m->nfns; i++) {
		struct sa_fn *f = &m->fns[i];
		free(f->callees);
		free(f->callee_resolved);
		f->call_variant = sa_alloc((size_t)(f->def->ncalls + 1) * sizeof *f->call_variant);
		edges(m, &l, f->def->calls, f->def->ncalls, f->call_target, -1, 0, f->call_variant,
		      &f->callees, &f->callee_resolved, &f->ncallees, &f->vcallees, &f->nvcallees);
	}
	for (int i = 0; i < m->nfns; i++)
		free(l.nodes[i]);
	free(l.nodes);
	free(l.nnodes);
	free(l.capnodes);
	free(l.by_usr);
}

void sa_variants_free(struct sa_model *m)
{
	for (int i = 0; i < m->nvariants; i++) {
		free(m->variants[i].callees);
		free(m->variants[i].callee_resolved);
		free(m->variants[i].vcallees);
		if (m->variants[i].derived)
			free((struct sa_variant *)m->variants[i].def);
	}
	free(m->variants);
	for (int i = 0; i < m->nfns; i++) {
		struct sa_fn *f = &m->fns[i];
		free(f->call_variant);
		free(f->vcallees);
		for (int k = 0; k < f->nvreach; k++)
			free(f->vreach[k].path);
		free(f->vreach);
	}
}
