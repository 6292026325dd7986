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
 * call reaches it (the search still goes through it to what it calls). */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

static char *path_to(const struct sa_model *m, const int *parent, int from, int to)
{
	int len = 0, hops = 0;
	for (int v = to; v >= 0; v = v == from ? -1 : parent[v]) {
		len += (int)strlen(m->fns[v].def->name) + 4;
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
		size_t l = strlen(m->fns[chain[i]].def->name);
		memcpy(p, m->fns[chain[i]].def->name, l);
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

void sa_closure(struct sa_model *m)
{
	int n = m->nfns;
	int *queue = sa_alloc((size_t)(2 * n + 1) * sizeof *queue);
	int *dist = sa_alloc((size_t)(n + 1) * sizeof *dist);
	int *parent = sa_alloc((size_t)(n + 1) * sizeof *parent);
	bool *own = sa_alloc((size_t)(n + 1) * sizeof *own);
	for (int i = 0; i < n; i++)
		dist[i] = -1;
	for (int start = 0; start < n; start++) {
		struct sa_fn *f = &m->fns[start];
		int head = 0, tail = 0, cap = 0;
		queue[tail++] = start;
		dist[start] = 0;
		parent[start] = -1;
		own[start] = true;
		while (head < tail) {
			int v = queue[head++];
			const struct sa_fn *fv = &m->fns[v];
			if (!own[v])
				continue;   /* its calls at those arguments are the caller's */
			for (int k = 0; k < fv->ncallees; k++) {
				int t = fv->callees[k];
				bool counts = !fv->callee_resolved[k];
				if (dist[t] < 0) {
					dist[t] = dist[v] + 1;
					parent[t] = v;
					own[t] = counts;
					queue[tail++] = t;
				} else if (counts && !own[t] && !ancestor(parent, start, t, v)) {
					/* first reached only through resolved calls: this call counts,
					 * and what t calls is searched now */
					dist[t] = dist[v] + 1;
					parent[t] = v;
					own[t] = true;
					queue[tail++] = t;
				}
			}
		}
		for (int i = 0; i < tail; i++) {
			int v = queue[i];
			const struct sa_fn *fv = &m->fns[v];
			if (dist[v] < 0)
				continue;   /* queued twice: recorded already */
			if (own[v] && fv->heavyweight > 0) {
				struct sa_reach *r = SA_PUSH(f->reach, f->nreach, cap);
				r->target = v;
				r->distance = dist[v];
				r->path = path_to(m, parent, start, v);
				f->transitive += fv->heavyweight;
			}
			dist[v] = -2;
		}
		for (int i = 0; i < tail; i++)
			dist[queue[i]] = -1;
	}
	free(queue);
	free(dist);
	free(parent);
	free(own);
}
