/* findings_internal.h: what the findings files of db/ share (facts.c, findings*.c): the
 * arena their strings and arrays live in, and the source lines a finding points at. */
#ifndef SNC_FINDINGS_INTERNAL_H
#define SNC_FINDINGS_INTERNAL_H

#include <stdbool.h>
#include "db_internal.h"

struct db_arena *db_arena_new(void);
void db_arena_free(struct db_arena *a);
/* Zeroed memory that lives as long as the arena. */
void *db_arena_alloc(struct db_arena *a, size_t n);
/* A copy of s in the arena; NULL for NULL. */
const char *db_arena_strdup(struct db_arena *a, const char *s);
const char *db_arena_printf(struct db_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Makes room for one more item in a malloc'd array holding count items (capacity 8, then
 * doubling, implied by the count). Returns the array, possibly moved. */
void *db_array_grow(void *items, int count, size_t size);

/* The line of the SNC_OP that declares op in a harness source file; 0 when not found. */
int source_op_line(const char *harness_source, const char *op);
/* Looks for `snc: intentional RULE -- reason` next to line of file: on it, or in the lines
 * just above it (up to the end of the previous definition). Returns the reason (possibly
 * empty) in the arena, or NULL when there is no such marker. */
const char *source_intentional(struct db_arena *a, const char *file, int line, const char *rule);

/* Adds a finding of rule about ops f and g (g < 0: about f alone) of harness h, with its
 * fingerprint, subject, location and intentional marker. kind tells apart findings of one
 * rule about the same functions (NULL when the rule has one kind). message and evidence
 * must live in out's arena. */
void finding_add(struct snc_findings *out, const char *rule, const struct snc_fact_harness *h,
		 int f, int g, const char *kind, const char *message, const char *evidence);
/* A witness as evidence lines: the state, then each order with what each call returns. */
const char *finding_witness_lines(struct db_arena *a, const struct snc_db_witness *w);

/* The rules that need a baseline (findings_regression.c). */
void rule_regression(const struct snc_facts *facts, const struct snc_facts *baseline,
		     struct snc_findings *out);

#endif
