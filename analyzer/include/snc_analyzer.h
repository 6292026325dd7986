/* snc_analyzer.h: the static half of snc, a libclang scanner of C sources.
 *
 * A scan has three steps, each a call below:
 *
 *   1. units: what to parse. sa_units_from_paths() walks directories and files (every .c,
 *      default flags), sa_units_from_compdb() reads a compile_commands.json through
 *      libclang's compilation-database API (the flags the project really builds with).
 *   2. facts: sa_scan_units() parses units in parallel (one CXIndex per thread) and fills
 *      each unit with what it defines: functions with their signature and linkage, the
 *      shared state each one reads and writes directly, its call sites (and whether each
 *      uses the returned value), its synchronization sites (heavyweight or light), and the
 *      compiler's diagnostics. A unit's facts depend only on its own files, so a unit whose
 *      files and flags did not change can be copied from an earlier scan instead (db/ does
 *      that: the facts are plain data that it can store and load back).
 *   3. model: sa_model_build() merges the units (a function defined in a header seen from
 *      several units is one function, keyed by its USR), resolves the call graph, inherits
 *      accesses and heavyweight sites along it (one shortest call path per reachable site)
 *      and forms the candidate pairs with their static class.
 *
 * The analyzer never touches SQL. Ownership: every string and array in the row structures
 * is malloc'd and owned by the structure that holds it; sa_unit_clear() and sa_model_free()
 * release them. Lines are 1-based; a site or function produced by a macro is reported at
 * the line where the macro is used (the expansion location), not inside the macro.
 */
#ifndef SNC_ANALYZER_H
#define SNC_ANALYZER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The facts and the model are the store's scan rows (snc_scan_rows.h): plain data the
 * analyzer fills and the store keeps, in the direction sources -> analyzer -> store. */
#include "snc_scan_rows.h"

/* Frees what a function holds and zeroes it. */
void sa_function_clear(struct sa_function *f);
/* Frees what a unit holds and zeroes it. */
void sa_unit_clear(struct sa_unit *u);
/* Frees a unit's facts (files, functions, diagnostics) but keeps what defines it. */
void sa_unit_clear_facts(struct sa_unit *u);

/* ---- step 1: units --------------------------------------------------------------------- */

/* A header left out of the units, and why (platform.c: "arch.h includes it under #elif
 * defined(__powerpc__)"). */
struct sa_left_out {
	char *file, *why;
};

struct sa_units {
	struct sa_unit *units;
	int count;
	struct sa_left_out *left_out;   /* headers of another platform (platform.c) */
	int nleft_out;
};

/* Every .c file below each directory (hidden folders skipped) and every file named, with
 * flags: extra (e.g. -I/-D given by the user). Headers (.h) are kept aside in headers and
 * become units only if no .c unit includes them (sa_units_add_orphan_headers). Returns 0,
 * or -1 with a one-line reason in err (a path that does not exist). */
int sa_units_from_paths(char *const *paths, int npaths, char *const *extra, int nextra,
			struct sa_units *out, struct sa_units *headers, char *err, size_t errlen);
/* The units of a compile_commands.json (the file, or the folder holding it). */
int sa_units_from_compdb(const char *path, struct sa_units *out, char *err, size_t errlen);
/* Appends the headers that none of the scanned units read, as units of their own; those
 * of another platform (sa_other_platforms) go to units->left_out instead. */
void sa_units_add_orphan_headers(struct sa_units *units, struct sa_units *headers);
/* For each of headers (n; NULL ones are skipped), which no unit read: is it named by an
 * #include of a file the units read (a source, or a file of the header's folder or the
 * three above it) under a condition on a platform macro (__powerpc__, _WIN32)? Then
 * why[i] says where ("arch.h includes it under #elif defined(__powerpc__)"), else it is
 * empty. Each file is read once for all of them. */
void sa_other_platforms(const struct sa_units *units, const char *const *headers, int n,
			char (*why)[512]);
/* A source (.c) unit that parsed without errors and read header, or NULL: a header with
 * errors alone that such a unit reads needs what its includers include first. */
const struct sa_unit *sa_units_source_reading(const struct sa_units *units, const char *header);
/* The reason header was left out of units, or NULL. */
const char *sa_units_left_out(const struct sa_units *units, const char *header);
/* Sorts units by file then flags (the order every result is merged in). */
void sa_units_sort(struct sa_units *units);
void sa_units_free(struct sa_units *units);

/* ---- step 2: facts --------------------------------------------------------------------- */

/* Hashes a file's content into hex (33 bytes). Returns 0, or -1 if it cannot be read. */
int sa_hash_file(const char *path, char hex[33]);
/* Are the unit's files (as loaded from an earlier scan) still what they were? */
bool sa_unit_files_unchanged(const struct sa_unit *u);

/* Called after each unit is done, from the scanning threads one at a time. */
typedef void (*sa_progress_fn)(int done, int total, const struct sa_unit *u, void *ctx);

/* Parses every unit whose status is SA_UNIT_PENDING with jobs threads. Never stops on a
 * unit that does not parse (its status and diagnostics say why). */
void sa_scan_units(struct sa_units *units, int jobs, sa_progress_fn progress, void *ctx);
/* Is u a header that refuses to be included on its own (its first error is an #error
 * directive of its own: "Do not include this file directly")? Its errors then say nothing
 * about the flags; its functions are seen through the headers that include it (alone.c). */
bool sa_unit_refuses_alone(const struct sa_unit *u);

/* A preprocessor directive read as text (directive.c): the name after the `#` of line
 * (`if`, `include`, `error`) into word, and where the rest of the line starts; NULL when
 * the line is no directive. */
const char *sa_directive(const char *line, char *word, size_t len);
/* Does the header guard itself against a second inclusion (#pragma once, or its first
 * directive an #ifndef NAME followed by #define NAME)? */
bool sa_has_include_guard(const char *path);

/* ---- step 3: model (the sa_model rows) -------------------------------------------------- */

struct sa_model_options {
	bool system_api;     /* functions defined in system headers take part in pairs too */
};

/* Builds the model over units (which must outlive it). NULL only when out of memory. */
struct sa_model *sa_model_build(struct sa_unit *units, int nunits,
				const struct sa_model_options *opt);
void sa_model_free(struct sa_model *m);

/* ---- macros (macros.c) -------------------------------------------------------------- */

/* What a macro's expansion is. */
enum sa_macro_kind {
	SA_MACRO_ALIAS,        /* one identifier: `#define rcu_read_lock urcu_memb_read_lock` */
	SA_MACRO_CALL,         /* IDENT(ARGS): `#define cds_wfs_push(s, n) _cds_wfs_push(s, n)` */
	SA_MACRO_EXPRESSION,   /* a function-like macro that expands to anything else */
};

struct sa_macro {
	char *name;
	char *file;            /* absolute */
	int line;
	bool function_like;
	char *params;          /* function-like: "s , n" (tokens), else NULL */
	char *body;            /* the expansion's tokens, space separated */
	enum sa_macro_kind kind;
	char *target;          /* ALIAS, CALL: the identifier named or called */
	char *args;            /* CALL: the arguments' tokens, "s , n" */
};

struct sa_macros {
	struct sa_macro *macros;
	int count;
};

/* Parses u's main file again, with its flags and the preprocessing record, and lists every
 * macro defined in a file (object-like ones only when they rename an identifier). Returns
 * 0, or -1 when libclang could not parse it. */
int sa_macros_read(const struct sa_unit *u, struct sa_macros *out);
void sa_macros_free(struct sa_macros *m);
const char *sa_macro_kind_name(enum sa_macro_kind k);   /* alias, call, expression */

#endif
