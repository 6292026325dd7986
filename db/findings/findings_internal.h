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

/* Adds the newest scan at or before run_id (if any) to facts and ties each harness op to
 * the function it exercises (facts_scan.c). Returns 0, or -1 with the error recorded. */
int facts_load_scan(struct snc_db *db, struct snc_facts *facts, int64_t run_id);

/* The pair of ops named f and g (either order) of h, or NULL; the op named name, or NULL. */
struct snc_fact_pair *facts_pair_named(struct snc_fact_harness *h, const char *f, const char *g);
struct snc_fact_op *facts_op_named(const struct snc_fact_harness *h, const char *name);
/* How a message names an op: "rcu_read_lock (urcu_memb_read_lock)" when an audit named it
 * by a macro, else its name. */
const char *finding_op_label(struct db_arena *a, const struct snc_fact_op *op);
/* Is the verdict one of the two SNC ones (snc, snc-split)? */
bool facts_is_snc(const char *verdict);

/* Runs sql, whose two parameters are a harness's run id and name, for every harness of the
 * facts, and hands each row to row_fn with its harness. Returns 0, or -1 with the error
 * recorded as what failed ("reading ..."). */
typedef void facts_row_fn(struct snc_facts *facts, struct snc_fact_harness *h, sqlite3_stmt *st);
int facts_each_harness_row(struct snc_db *db, struct snc_facts *facts, const char *sql,
			   facts_row_fn *row_fn, const char *what);

/* Adds what each harness's run measured (op costs, where their heavyweight instructions
 * executed, the patterns of snc witnesses) when the database has measurements
 * (facts_costs.c). Returns 0, or -1 with the error recorded. */
int facts_load_costs(struct snc_db *db, struct snc_facts *facts);

/* Adds, for each pair a harness run explored under controlled schedules, how many ran and
 * the simplest non-linearizable and non-deterministic ones (facts_schedules.c). Returns 0,
 * or -1 with the error recorded. */
int facts_load_schedules(struct snc_db *db, struct snc_facts *facts);
/* Adds each op's precondition, where the database records them (facts_preconditions.c).
 * Returns 0, or -1 with the error recorded. */
int facts_load_preconditions(struct snc_db *db, struct snc_facts *facts);
/* A copy of a schedule's strings in the arena. */
struct snc_fact_schedule facts_copy_schedule(struct db_arena *a, const struct snc_fact_schedule *s);

/* Is file the source of one of the facts' harnesses (the same file, by real path)? */
bool facts_in_harness_source(const struct snc_facts *facts, const char *file);

/* The line of the SNC_OP that declares op in a harness source file; 0 when not found. */
int source_op_line(const char *harness_source, const char *op);
/* Looks for `snc: intentional RULE -- reason` next to line of file: on it, or in the lines
 * just above it (up to the end of the previous definition). Returns the reason (possibly
 * empty) in out's arena, or NULL when there is no such marker. Each file is read once per
 * out (kept in out->sources until snc_findings_compute returns). */
const char *source_intentional(struct snc_findings *out, const char *file, int line,
			       const char *rule);
void finding_sources_free(struct finding_sources *sources);

/* What a rule knows about a finding it adds. */
enum { FINDING_PLACES = 6 };   /* two ops: macro, function, SNC_OP line each */
struct finding_place {
	const char *file;
	int line;
};
struct finding_spec {
	const char *rule;
	enum snc_severity severity;   /* 0: the rule's */
	const char *object;           /* the harness, or the shared state (fingerprint, subject) */
	const char *harness;          /* NULL for a finding from the scan alone */
	const char *f, *g;            /* function or op names (g NULL: about f alone) */
	const char *kind;             /* tells apart findings of one rule about the same names */
	struct finding_place where[FINDING_PLACES];  /* [0] is shown; markers are looked for at all */
	const char *message, *evidence;  /* in out's arena */
	const struct snc_fact_schedule *schedule;  /* the schedule it rests on, or NULL */
};

/* Adds a finding: rule, severity, fingerprint, subject, place and intentional marker. */
void finding_add(struct snc_findings *out, const struct finding_spec *spec);
/* Fills the harness, names and places of a finding about ops f and g (g < 0: f alone). */
void finding_about_ops(struct finding_spec *spec, const struct snc_facts *facts,
		       const struct snc_fact_harness *h, int f, int g);
/* A witness as evidence lines: the state, then each order with what each call returns. */
const char *finding_witness_lines(struct db_arena *a, const struct snc_db_witness *w);
/* The heavyweight sites a function reaches, one line each with its call path. */
const char *finding_site_lines(struct db_arena *a, const struct snc_fact_function *fn);

/* The call sites of a function, one line each, saying whether each reads the value. */
const char *finding_call_lines(struct db_arena *a, const struct snc_fact_function *fn);

/* The rules: from verdicts (with the scan where it helps), from the scan alone, and
 * against a baseline. */
void rules_from_verdicts(const struct snc_facts *facts, struct snc_findings *out);
void rules_from_scan(const struct snc_facts *facts, struct snc_findings *out);
void rule_regression(const struct snc_facts *facts, const struct snc_facts *baseline,
		     struct snc_findings *out);

#endif
