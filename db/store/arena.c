/* arena.c: the memory behind facts and findings.
 *
 * A run's facts and the findings computed from them are read-only once built and are
 * dropped together, so every string and array they point to comes from one arena: a
 * chain of large blocks, freed in one call. Allocation never moves earlier memory, so a
 * pointer handed out stays valid until the arena is freed; arrays that grow (a harness's
 * operations while they are read) are allocated with malloc by their owner instead.
 * Running out of memory ends the program: a report half-built is worth nothing. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "findings_internal.h"

#define ARENA_BLOCK 65536

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	max_align_t data[];
};

struct db_arena {
	struct arena_block *head;
};

struct db_arena *db_arena_new(void)
{
	return calloc(1, sizeof(struct db_arena));
}

void db_arena_free(struct db_arena *a)
{
	if (!a)
		return;
	for (struct arena_block *b = a->head, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	free(a);
}

void *db_arena_alloc(struct db_arena *a, size_t n)
{
	n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	struct arena_block *b = a->head;
	if (!b || b->size - b->used < n) {
		size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
		b = malloc(sizeof *b + size);
		if (!b) {
			fputs("snc: out of memory\n", stderr);
			abort();
		}
		b->size = size;
		b->used = 0;
		b->next = a->head;
		a->head = b;
	}
	void *p = (char *)b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

const char *db_arena_strdup(struct db_arena *a, const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	char *p = db_arena_alloc(a, n);
	memcpy(p, s, n);
	return p;
}

const char *db_arena_printf(struct db_arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *p = db_arena_alloc(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}
