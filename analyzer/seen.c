/* seen.c: header functions already walked by an earlier unit of the same scan.
 *
 * Every unit that includes a header walks the header's inline functions again (Concurrency
 * Kit's ck_pr.h has hundreds, included by every unit). The model keeps one copy per USR,
 * the one from the first unit in unit order, so a later unit's copy is never stored: a
 * unit may take a copy of the function as an earlier unit (lower index) walked it instead
 * of walking it again. The first unit holding a function never finds it here (no lower
 * unit has it), so what the model keeps is always a walk of its own, whatever the number
 * of threads. Keyed by USR, file and line; one table per sa_scan_units() call, shared by
 * its threads under a mutex.
 *
 * The copy a later unit takes is shallow: the walked facts move into a share (struct
 * sa_function_share) that the table, the unit that walked them and every copy hold a
 * counted reference to; nothing writes a function's facts after its walk, and the last
 * holder (the table or a unit, whichever is freed last) frees them. Deep copies cost Concurrency Kit's scan (every
 * unit includes ck_pr.h) about 3% of its instructions, in copying and freeing, and 1,800
 * page faults for the memory they took. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include "analyzer.h"

struct seen_entry {
	char *key;
	int unit;
	unsigned dependent;
	struct sa_function_share *share;
};

struct sa_seen {
	pthread_mutex_t lock;
	struct seen_entry *v;   /* open addressing, power-of-two size */
	size_t size, used;
};

struct sa_seen *sa_seen_new(void)
{
	struct sa_seen *s = sa_alloc(sizeof *s);
	pthread_mutex_init(&s->lock, NULL);
	return s;
}

void sa_seen_free(struct sa_seen *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->size; i++)
		if (s->v[i].key) {
			free(s->v[i].key);
			sa_function_share_release(s->v[i].share);
		}
	free(s->v);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

void sa_function_share_release(struct sa_function_share *share)
{
	if (atomic_fetch_sub(&share->refs, 1) == 1) {
		sa_function_clear(&share->fn);
		free(share);
	}
}

static char *key_of(const char *usr, const char *file, int line)
{
	return sa_printf("%s\n%s\n%d", usr, file, line);
}

static struct seen_entry *slot(struct sa_seen *s, const char *key)
{
	size_t i = (size_t)XXH3_64bits(key, strlen(key)) & (s->size - 1);
	while (s->v[i].key && strcmp(s->v[i].key, key) != 0)
		i = (i + 1) & (s->size - 1);
	return &s->v[i];
}

bool sa_seen_copy(struct sa_seen *s, int unit, const char *usr, const char *file, int line,
		  struct sa_function *out, unsigned *dependent)
{
	char *key = key_of(usr, file, line);
	bool found = false;
	pthread_mutex_lock(&s->lock);
	if (s->size > 0) {
		struct seen_entry *e = slot(s, key);
		if (e->key && e->unit < unit) {
			atomic_fetch_add(&e->share->refs, 1);
			*out = e->share->fn;
			out->share = e->share;
			*dependent = e->dependent;
			found = true;
		}
	}
	pthread_mutex_unlock(&s->lock);
	free(key);
	return found;
}

void sa_seen_add(struct sa_seen *s, int unit, struct sa_function *fn, unsigned dependent)
{
	char *key = key_of(fn->usr, fn->file, fn->line);
	pthread_mutex_lock(&s->lock);
	if (2 * (s->used + 1) > s->size) {
		struct sa_seen bigger = { .size = s->size ? 2 * s->size : 1024 };
		bigger.v = sa_alloc(bigger.size * sizeof *bigger.v);
		for (size_t i = 0; i < s->size; i++)
			if (s->v[i].key)
				*slot(&bigger, s->v[i].key) = s->v[i];
		free(s->v);
		s->v = bigger.v;
		s->size = bigger.size;
	}
	struct seen_entry *e = slot(s, key);
	if (!e->key) {
		e->key = key;
		key = NULL;
		s->used++;
	} else if (e->unit > unit) {
		sa_function_share_release(e->share);   /* keep the copy of the lowest unit */
	} else {
		e = NULL;
	}
	if (e) {
		e->unit = unit;
		e->dependent = dependent;
		e->share = sa_alloc(sizeof *e->share);
		atomic_init(&e->share->refs, 2);   /* the table's and fn's */
		e->share->fn = *fn;
		fn->share = e->share;
	}
	pthread_mutex_unlock(&s->lock);
	free(key);
}
