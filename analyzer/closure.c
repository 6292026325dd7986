/* closure.c: heavyweight sites reachable through the call graph.
 *
 * Concurrency Kit's ck_stack_push_upmc has no locked instruction of its own: it reaches
 * `lock cmpxchgq` through ck_pr_cas_ptr_value. So a function "contains" every heavyweight
 * site of every function it can call. A breadth-first search from each function over its
 * (sorted) callees finds them with one shortest call path each, the same path on every
 * run; a function with sites of its own reaches itself at distance 0. Light sites are not
 * carried up: what is cheap to execute is only interesting where it is written. A call
 * resolved at constant arguments (walk.c) already put the callee's sites, as they are at
 * those arguments, into the caller: the callee's own sites count only where some other
 * call reaches it (the search still goes through it to what it calls). A call resolved to
 * a variant of a function of another unit (variants.c) leads to the variant, a node after
 * the functions with the sites and calls of the function at that constant; a search from
 * each variant gives what a call resolved to it reaches. */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

/* The call-graph node v: a function (v < nfns) or a variant (nfns + its index). */
struct node {
	const int *callees;
	const bool *resolved;
	int ncallees;
	const int *vcallees;
	int nvcallees;
	int heavyweight;
	const char *name;
};

static struct node node_of(const struct sa_model *m, int v)
{
	if (v < m->nfns) {
		const struct sa_fn *f = &m->fns[v];
		return (struct node){ f->callees, f->callee_resolved, f->ncallees, f->vcallees,
				      f->nvcallees, f->heavyweight, f->def->name };
	}
	const struct sa_variant_node *x = &m->variants[v - m->nfns];
	return (struct node){ x->callees, x->callee_resolved, x->ncallees, x->vcallees,
			      x->nvcallees, x->heavyweight, m->fns[x->fn].def->name };
}

static char *path_to(const struct sa_model *m, const int *parent, int from, int to)
{
	int len = 0, hops = 0;
	for (int v = to; v >= 0; v = v == from ? -1 : parent[v]) {
		len += (int)strlen(node_of(m, v).name) + 4;
		hops++;
	}
	int *chain = sa_alloc((size_t)hops * sizeof *chain);
	int k = hops;
	for (int v = to; v >= 0; v = v == from ? -1 : parent[v])
		chain[--k] = v;
	char *s = sa_alloc((size_t)len + 1);
	char *p = s;
	for (int i = 0; i < hops; i++) {
		if (i) {
			memcpy(p, " -> ", 4);
			p += 4;
		}
		const char *name = node_of(m, chain[i]).name;
		size_t l = strlen(name);
		memcpy(p, name, l);
		p += l;
	}
	*p = '\0';
	free(chain);
	return s;
}

/* Is a an ancestor of v (or v itself) on the search tree from start? */
static bool ancestor(const int *parent, int start, int a, int v)
{
	for (; v >= 0; v = v == start ? -1 : parent[v])
		if (v == a)
			return true;
	return false;
}

struct search {
	int *queue, *dist, *parent;
	bool *own;
	int head, tail;
};

/* Reaches t from v by a call that counts (its sites are the caller's) or not. */
static void step(struct search *s, int start, int v, int t, bool counts)
{
	if (s->dist[t] < 0) {
		s->dist[t] = s->dist[v] + 1;
		s->parent[t] = v;
		s->own[t] = counts;
		s->queue[s->tail++] = t;
	} else if (counts && !s->own[t] && !ancestor(s->parent, start, t, v)) {
		/* first reached only through resolved calls: this call counts, and what t
		 * calls is searched now */
		s->dist[t] = s->dist[v] + 1;
		s->parent[t] = v;
		s->own[t] = true;
		s->queue[s->tail++] = t;
	}
}

void sa_closure(struct sa_model *m)
{
	int n = m->nfns, total = m->nfns + m->nvariants;
	struct search s = {
		.queue = sa_alloc((size_t)(2 * total + 1) * sizeof *s.queue),
		.dist = sa_alloc((size_t)(total + 1) * sizeof *s.dist),
		.parent = sa_alloc((size_t)(total + 1) * sizeof *s.parent),
		.own = sa_alloc((size_t)(total + 1) * sizeof *s.own),
	};
	for (int i = 0; i < total; i++)
		s.dist[i] = -1;
	for (int start = 0; start < total; start++) {
		struct sa_fn *f = start < n ? &m->fns[start] : NULL;
		int cap = 0, vcap = 0, transitive = 0;
		s.head = s.tail = 0;
		s.queue[s.tail++] = start;
		s.dist[start] = 0;
		s.parent[start] = -1;
		s.own[start] = true;
		while (s.head < s.tail) {
			int v = s.queue[s.head++];
			if (!s.own[v])
				continue;   /* its calls at those arguments are the caller's */
			struct node fv = node_of(m, v);
			for (int k = 0; k < fv.ncallees; k++)
				step(&s, start, v, fv.callees[k], !fv.resolved[k]);
			for (int k = 0; k < fv.nvcallees; k++)
				step(&s, start, v, n + fv.vcallees[k], true);
		}
		for (int i = 0; i < s.tail; i++) {
			int v = s.queue[i];
			if (s.dist[v] < 0)
				continue;   /* queued twice: recorded already */
			int heavyweight = node_of(m, v).heavyweight;
			if (s.own[v] && heavyweight > 0) {
				transitive += heavyweight;
				if (f && v < n) {
					struct sa_reach *r = SA_PUSH(f->reach, f->nreach, cap);
					r->target = v;
					r->distance = s.dist[v];
					r->path = path_to(m, s.parent, start, v);
				} else if (f) {
					struct sa_variant_reach *r = SA_PUSH(f->vreach, f->nvreach, vcap);
					r->variant = v - n;
					r->distance = s.dist[v];
					r->path = path_to(m, s.parent, start, v);
				}
			}
			s.dist[v] = -2;
		}
		if (f)
			f->transitive = transitive;
		else
			m->variants[start - n].transitive = transitive;
		for (int i = 0; i < s.tail; i++)
			s.dist[s.queue[i]] = -1;
	}
	free(s.queue);
	free(s.dist);
	free(s.parent);
	free(s.own);
}
