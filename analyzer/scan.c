/* scan.c: parsing units in parallel.
 *
 * Each thread owns a CXIndex (libclang allows concurrent parses on distinct indexes) and
 * takes the next pending unit from a shared counter. A unit's facts are written into the
 * unit alone, so the result does not depend on which thread parsed what or in which
 * order: merging (merge.c) happens afterwards in unit order, which makes -j N produce
 * exactly what -j 1 does. Threads get a large stack: libclang parses on the calling
 * thread and deeply nested code needs room. */
#include <pthread.h>
#include <stdlib.h>
#include "analyzer.h"

#define SCAN_STACK (64u << 20)

struct pool {
	struct sa_units *units;
	int *todo;              /* indexes of pending units */
	int ntodo;
	int next, done;
	pthread_mutex_t lock;
	sa_progress_fn progress;
	void *ctx;
	struct sa_seen *seen;   /* header functions walked so far */
};

static void *worker(void *arg)
{
	struct pool *p = arg;
	CXIndex idx = clang_createIndex(0, 0);
	for (;;) {
		pthread_mutex_lock(&p->lock);
		int i = p->next < p->ntodo ? p->todo[p->next++] : -1;
		pthread_mutex_unlock(&p->lock);
		if (i < 0)
			break;
		struct sa_unit *u = &p->units->units[i];
		sa_parse_unit(idx, u, p->seen, i);
		pthread_mutex_lock(&p->lock);
		p->done++;
		if (p->progress)
			p->progress(p->done, p->ntodo, u, p->ctx);
		pthread_mutex_unlock(&p->lock);
	}
	clang_disposeIndex(idx);
	return NULL;
}

void sa_scan_units(struct sa_units *units, int jobs, sa_progress_fn progress, void *ctx)
{
	struct pool p = { .units = units, .progress = progress, .ctx = ctx };
	p.todo = sa_alloc((size_t)(units->count + 1) * sizeof *p.todo);
	for (int i = 0; i < units->count; i++)
		if (units->units[i].status == SA_UNIT_PENDING)
			p.todo[p.ntodo++] = i;
	if (p.ntodo == 0) {
		free(p.todo);
		return;
	}
	sa_clang_load();
	pthread_mutex_init(&p.lock, NULL);
	p.seen = sa_seen_new();
	if (jobs < 1)
		jobs = 1;
	if (jobs > p.ntodo)
		jobs = p.ntodo;
	pthread_t *threads = sa_alloc((size_t)jobs * sizeof *threads);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, SCAN_STACK);
	int started = 0;
	for (int i = 0; i < jobs; i++)
		if (pthread_create(&threads[started], &attr, worker, &p) == 0)
			started++;
	pthread_attr_destroy(&attr);
	if (started == 0)
		worker(&p);   /* no thread could be made: parse here */
	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	free(threads);
	sa_seen_free(p.seen);
	pthread_mutex_destroy(&p.lock);
	free(p.todo);
}
