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
 * The analyzer never touches SQL. Ownership: every string and array in these structures is
 * malloc'd and owned by the structure that holds it; sa_unit_clear() and sa_model_free()
 * release them. Lines are 1-based; a site or function produced by a macro is reported at
 * the line where the macro is used (the expansion location), not inside the macro.
 */
#ifndef SNC_ANALYZER_H
#define SNC_ANALYZER_H

#include <stdbool.h>
#include <stdint.h>

/* ---- facts of one translation unit ----------------------------------------------------- */

enum sa_linkage {
	SA_LINK_EXTERN,          /* visible to other units: part of the API */
	SA_LINK_STATIC,          /* internal to its unit */
	SA_LINK_INLINE_HEADER,   /* an inline definition in a header: API of every includer */
};

/* What a function does to a piece of shared state (bits). */
enum { SA_READ = 1, SA_WRITE = 2 };

/* A synchronization site. Heavyweight kinds are the ones the Laws of Order name: an atomic
 * read-modify-write (AWAR), a full fence or a seq_cst store (store-load ordering, RAW), and
 * a lock acquisition (heavyweight through the lock's own RMW). Light sites order less
 * (acquire/release/relaxed loads and stores, sfence/lfence) and cost no more than plain
 * accesses on x86: they are what a cheap implementation uses. */
enum sa_kind { SA_RMW, SA_FENCE, SA_SEQ_CST_STORE, SA_LOCK, SA_LIGHT, SA_NKINDS };

struct sa_access {
	char *key;      /* identity: a variable's USR, or "record.field" */
	char *state;    /* what a person reads: "count", "mutex_set.present" */
	unsigned mode;  /* SA_READ | SA_WRITE */
	int line;       /* first line of the access in the function */
};

struct sa_call {
	char *callee_usr;
	char *callee;         /* the callee's name */
	int line, column;
	bool value_used;      /* false when the call is a statement or cast to void */
};

struct sa_site {
	enum sa_kind kind;
	char *op;             /* the operation: __atomic_fetch_add, atomic_store, ++, asm lock cmpxchgq */
	char *order;          /* memory order: seq_cst, acquire, ... or NULL (asm, locks) */
	char *macro;          /* the macro used at the reported line, or NULL */
	int line, column;
};

/* The C type of a parameter or a result, in the terms a harness generator needs
 * (types.c). Only a unit parsed now has them: the store keeps the spelled signature, not
 * these, so a function loaded from an earlier scan has `typed` false. */
enum sa_type_class {
	SA_TYPE_OTHER = 0,         /* none below: arrays, vectors, complex numbers, ... */
	SA_TYPE_VOID,
	SA_TYPE_BOOL,
	SA_TYPE_INTEGER,           /* char, short, int, long, long long, signed or not */
	SA_TYPE_ENUM,
	SA_TYPE_FLOAT,
	SA_TYPE_POINTER,
	SA_TYPE_RECORD,            /* a struct or union */
	SA_TYPE_FUNCTION,          /* what a function pointer points to */
	SA_TYPE_TRANSPARENT_UNION, /* a union of pointers, any of which may be passed */
};

struct sa_type {
	enum sa_type_class cls;
	char *spelling;            /* as declared: "ck_stack_t *", "const void *" */
	int size;                  /* sizeof, -1 when unknown */
	bool is_signed;            /* integers and enums */
	/* Pointers (cls SA_TYPE_POINTER): `pointee` is what the first level points to, as C
	 * code can name it ("struct ck_stack", "int", "struct ck_spinlock_mcs *"): the
	 * canonical type, or the typedef of an anonymous record; without qualifiers. */
	char *pointee;
	bool pointee_const;
	int pointee_size;          /* -1: incomplete (an opaque struct, void) */
	bool pointee_flexible;     /* a struct ending in a flexible array member */
	int levels;                /* 1 for T *, 2 for T ** */
	enum sa_type_class target_cls;  /* what the last level points to */
	char *target;              /* ... named like pointee ("struct ck_stack_entry" for T **) */
	struct sa_type *members;   /* transparent unions: the pointer types they accept */
	int nmembers;
};

struct sa_param {
	char *name;                /* "" when unnamed */
	struct sa_type type;
};

struct sa_function {
	char *usr, *name, *file;    /* file: absolute path */
	int line;
	char *signature;            /* "long atomic_add_return(long n)" */
	char *return_type;
	char *params;               /* "long n" (comma separated, as declared) */
	int nparams;
	bool returns_value;
	bool system;                /* defined in a system header */
	enum sa_linkage linkage;
	bool typed;                 /* result and param_types are set (parsed now) */
	struct sa_type result;
	struct sa_param *param_types;   /* nparams of them */
	struct sa_access *accesses;
	int naccesses;
	struct sa_call *calls;
	int ncalls;
	struct sa_site *sites;
	int nsites;
};

struct sa_diagnostic {
	char *file;                 /* NULL when the diagnostic has no location */
	int line, column;
	char *severity;             /* error, fatal */
	char *message;
};

/* A file a unit read, with the hash of its content (XXH3-128, hex). */
struct sa_file {
	char *path;
	char hash[33];
	char *includer;             /* the file whose #include read it first; NULL for the main
				       file and for files loaded from the store */
};

enum sa_unit_status {
	SA_UNIT_PENDING,   /* not parsed yet */
	SA_UNIT_PARSED,    /* parsed without errors */
	SA_UNIT_ERRORS,    /* parsed with error diagnostics: facts from what clang recovered */
	SA_UNIT_FAILED,    /* libclang gave no AST at all */
};

struct sa_unit {
	char *file;                 /* main file, absolute */
	char *directory;            /* where relative paths in args are resolved */
	char **args;                /* compiler flags, without the compiler and the file */
	int nargs;
	char flags_hash[33];        /* hash of directory and args */
	enum sa_unit_status status;  /* of the parse, or of the earlier parse when reused */
	int64_t reused_from;        /* facts copied from this earlier unit (its id in the store):
				       files and flags unchanged; 0 when parsed now */
	struct sa_file *files;      /* the main file first, then every file it included */
	int nfiles;
	struct sa_function *functions;
	int nfunctions;
	struct sa_diagnostic *diagnostics;
	int ndiagnostics;
	/* Functions declared without a body in the unit's main file or in a file below its
	 * folder (an API a library defines elsewhere), typed; not defined in the unit. Like
	 * types, only a unit parsed now has them. */
	struct sa_function *declarations;
	int ndeclarations;
};

const char *sa_kind_name(enum sa_kind kind);          /* rmw, fence, seq_cst-store, lock, light */
const char *sa_linkage_name(enum sa_linkage linkage); /* extern, static, inline-header */
const char *sa_unit_status_name(enum sa_unit_status status); /* pending, parsed, errors, failed */
/* Parses the names above back; returns -1 for an unknown name. */
int sa_kind_parse(const char *name);
int sa_linkage_parse(const char *name);
int sa_unit_status_parse(const char *name);

/* Frees what a function holds and zeroes it. */
void sa_function_clear(struct sa_function *f);
/* Frees what a unit holds and zeroes it. */
void sa_unit_clear(struct sa_unit *u);
/* Frees a unit's facts (files, functions, diagnostics) but keeps what defines it. */
void sa_unit_clear_facts(struct sa_unit *u);

/* ---- step 1: units --------------------------------------------------------------------- */

struct sa_units {
	struct sa_unit *units;
	int count;
};

/* Every .c file below each directory (hidden folders skipped) and every file named, with
 * flags: extra (e.g. -I/-D given by the user). Headers (.h) are kept aside in headers and
 * become units only if no .c unit includes them (sa_units_add_orphan_headers). Returns 0,
 * or -1 with a one-line reason in err (a path that does not exist). */
int sa_units_from_paths(char *const *paths, int npaths, char *const *extra, int nextra,
			struct sa_units *out, struct sa_units *headers, char *err, size_t errlen);
/* The units of a compile_commands.json (the file, or the folder holding it). */
int sa_units_from_compdb(const char *path, struct sa_units *out, char *err, size_t errlen);
/* Appends the headers that none of the scanned units read, as units of their own. */
void sa_units_add_orphan_headers(struct sa_units *units, struct sa_units *headers);
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

/* ---- step 3: model --------------------------------------------------------------------- */

enum sa_class { SA_NEVER_SNC, SA_READ_READ, SA_ONE_WAY, SA_SNC_CANDIDATE, SA_NCLASSES };
const char *sa_class_name(enum sa_class c);  /* never-snc, read-read, one-way, snc-candidate */

/* A function reaches a site of target (itself at distance 0) through path. */
struct sa_reach {
	int target;       /* index into model functions */
	int distance;     /* calls between them */
	char *path;       /* "f -> g -> target" */
};

/* An access after inheritance: via is the callee it comes through (-1 when direct). */
struct sa_effect {
	int state;        /* index into model states */
	unsigned mode;
	int via;
};

struct sa_fn {
	const struct sa_function *def;   /* the facts, owned by a unit */
	int unit;
	int *callees;                    /* distinct defined callees, ascending */
	int ncallees;
	struct sa_effect *effects;       /* one per state, ascending by state */
	int neffects;
	struct sa_reach *reach;          /* functions with heavyweight sites it reaches */
	int nreach;
	int heavyweight;                 /* its own heavyweight sites */
	int light;                       /* its own light sites */
	int transitive;                  /* heavyweight sites it reaches, its own included */
	int callers_use, callers_discard;/* call sites that use / discard its return value */
	bool api;                        /* takes part in pairs */
	int *call_target;                /* per call of def: callee index or -1 */
};

struct sa_state {
	char *key, *name;
};

struct sa_pair {
	int f, g;                         /* f <= g */
	enum sa_class cls;
	char *shared;                     /* shared state names, ", " separated */
};

struct sa_model {
	struct sa_unit *units;            /* borrowed */
	int nunits;
	struct sa_fn *fns;                /* sorted by file, line, name, usr */
	int nfns;
	struct sa_state *states;          /* sorted by name, key */
	int nstates;
	struct sa_pair *pairs;            /* sorted by f, g */
	int npairs;
};

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
