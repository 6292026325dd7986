/* analyzer.h: what the files of analyzer/ share and nothing outside may see: allocation
 * helpers (out of memory ends the process with a message, as nothing sensible can follow),
 * a growable array, libclang string conversion, and the entry points between the steps of
 * a scan (parse.c drives walk.c, which uses state.c, atomics.c and asm.c). */
#ifndef SNC_ANALYZER_INTERNAL_H
#define SNC_ANALYZER_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include "clang_api.h"
#include "snc_analyzer.h"

void *sa_alloc(size_t size);                 /* zeroed */
void *sa_grow(void *p, size_t size);         /* realloc */
char *sa_strdup(const char *s);              /* NULL stays NULL */
char *sa_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Makes room for one more element of arr (count n, capacity cap) and returns it zeroed. */
#define SA_PUSH(arr, n, cap)                                                              \
	(((n) == (cap) ? ((cap) = (cap) ? 2 * (cap) : 8,                                  \
			  (arr) = sa_grow((arr), (size_t)(cap) * sizeof *(arr))) : 0),     \
	 memset(&(arr)[(n)], 0, sizeof *(arr)), &(arr)[(n)++])

/* A libclang string as a malloc'd C string (never NULL); disposes s. */
char *sa_cx(CXString s);

/* Absolute, symlink-free form of path (or a copy of path if it cannot be resolved). */
char *sa_realpath(const char *path);
/* The same for a path as libclang names it in a unit parsed in directory (file names
 * relative to -working-directory are relative to the unit's directory, not to ours). */
char *sa_realpath_in(const char *directory, const char *path);

/* compdb.c: adds the unit of one compile command as clang's reader gives it (the
 * directory and file as written, argv[0] the compiler); sources other than C are left out. */
void sa_compdb_add(const char *db_dir, const char *written_dir, const char *file,
		   char *const *argv, unsigned nargs, struct sa_units *out, int *cap);
/* compdb_plain.c: reads db_dir/compile_commands.json without libclang when clang's reader
 * would take every command as written (see there): true with its units added to out,
 * false with out untouched when clang's reader must do it. */
bool sa_compdb_read_plain(const char *db_dir, struct sa_units *out, int *cap);

/* hash.c: the hash of a unit's directory and flags, into u->flags_hash. */
void sa_hash_flags(struct sa_unit *u);

/* seen.c: header functions walked by earlier units of one scan (index: the unit's place
 * in unit order), for later units to copy instead of walking them again. A copy is
 * shallow: it holds a reference to the facts (struct sa_function_share), which the last
 * holder frees. */
struct sa_function_share {
	atomic_int refs;
	struct sa_function fn;   /* its own facts (share NULL) */
};
void sa_function_share_release(struct sa_function_share *share);
struct sa_seen;
struct sa_seen *sa_seen_new(void);
void sa_seen_free(struct sa_seen *s);
/* Sets out to the function with this usr, file and line as a unit before unit walked it
 * (a shared copy; and its dependence bits, see walk.c); false when none did. */
bool sa_seen_copy(struct sa_seen *s, int unit, const char *usr, const char *file, int line,
		  struct sa_function *out, unsigned *dependent);
/* Records fn, just walked by unit, unless a lower unit did: its facts move into a share
 * that fn then holds a reference to, as later copies will. */
void sa_seen_add(struct sa_seen *s, int unit, struct sa_function *fn, unsigned dependent);


/* parse.c: parses one unit (index: its place in unit order) and fills its facts, with idx
 * owned by the calling thread. */
void sa_parse_unit(CXIndex idx, struct sa_unit *u, struct sa_seen *seen, int index);
/* model.c: frees a unit's diagnostics (a parse that is kept replaces them). */
void sa_unit_drop_diagnostics(struct sa_unit *u);
/* The unit's flags as libclang takes them (then -w and its working directory); the array
 * is sa_alloc'd, its strings the unit's. */
const char **sa_clang_argv(const struct sa_unit *u, int *nargv);

/* walk.c: the facts of every function defined in tu (the unit's files are already set). */
void sa_walk_unit(CXTranslationUnit tu, struct sa_unit *u, struct sa_seen *seen, int index);

/* types.c: describes t for a harness generator (see struct sa_type); sa_type_clear frees. */
void sa_type_of(CXTranslationUnit tu, CXType t, struct sa_type *out);
/* The same for a parameter's declared type: an array of one element (GMP's mpz_t) is the
 * pointer to it that C adjusts it to (va_list aside). */
void sa_param_type_of(CXTranslationUnit tu, CXType t, struct sa_type *out);
void sa_type_clear(struct sa_type *t);

/* state.c: the shared state a reference names, or false when it is not shared (locals,
 * thread-locals, parameters). key and name are malloc'd. */
bool sa_state_of_var(CXCursor decl, char **key, char **name);
bool sa_state_of_field(CXCursor field, char **key, char **name);

/* atomics.c: classification of atomic builtins, C11 operations and lock calls. */
enum sa_atomic_role {
	SA_ATOMIC_NONE,    /* not a synchronization operation */
	SA_ATOMIC_LOAD,
	SA_ATOMIC_STORE,
	SA_ATOMIC_RMW,
	SA_ATOMIC_FENCE,
	SA_ATOMIC_LOCK,
};
/* The role of an atomic builtin (__atomic_*, __c11_atomic_*, __sync_*) or a lock call. */
enum sa_atomic_role sa_atomic_role(const char *name);
/* The site kind of an operation with its role and order. */
enum sa_kind sa_atomic_kind(enum sa_atomic_role role, const char *order);

/* fold.c: constants through calls, parameters and branches. A parameter bound to a
 * constant while a callee is walked at a call site with constant arguments: */
struct sa_binding {
	CXCursor param;
	long long value;
};
struct sa_env {
	const struct sa_binding *b;
	int n;
};
/* Folds expr to a constant with env's parameters bound; fn is the function being walked.
 * Returns false when it is not constant; *param (when not NULL) is then the index of the
 * unbound parameter of fn it depends on, or -1. */
bool sa_fold(CXCursor expr, const struct sa_env *env, CXCursor fn, long long *value, int *param);
/* The C11 name of an order's value (relaxed ... seq_cst), or NULL. */
const char *sa_order_name(long long value);

/* asm.c: the synchronization instructions in an asm template, reported through add(). */
void sa_asm_sites(const char *template_text,
		  void (*add)(enum sa_kind kind, const char *mnemonic, void *ctx), void *ctx);
/* The template strings of a function's asm statements, in order, from libclang's pretty
 * printer (the only C API that shows them with macros expanded). Returns the count. */
int sa_asm_templates(CXCursor function, char ***templates);

/* closure.c: per function, the functions with heavyweight sites it reaches (one
 * shortest call path each) and the transitive count. */
void sa_closure(struct sa_model *m);

/* variants.c: calls resolved to variants of functions of other units (call_variant,
 * vcallees, the variant nodes); before sa_closure. sa_variants_free frees what it and
 * the closure's variant reach added. */
void sa_variants(struct sa_model *m);
void sa_variants_free(struct sa_model *m);

/* pairs.c: the candidate pairs of the model's API functions, with their static class. */
void sa_pairs(struct sa_model *m);

#endif
