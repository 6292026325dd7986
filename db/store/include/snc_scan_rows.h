/* snc_scan_rows.h: what a scan is, as the store keeps it: the facts of each translation
 * unit (files and their hashes, functions with their accesses, calls, references to
 * functions and synchronization sites, diagnostics) and the model merged from them
 * (functions across units, shared state, the heavyweight sites each function reaches and
 * the candidate pairs). The analyzer (snc_analyzer.h) fills these rows from sources; the
 * store (snc_db.h) stores them and loads a unit's facts back for an unchanged rescan.
 * Plain data: every string and array is malloc'd and owned by the structure that holds
 * it. Lines are 1-based. */
#ifndef SNC_SCAN_ROWS_H
#define SNC_SCAN_ROWS_H

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

/* An argument of a call that folds to a constant, or that is the calling function's own
 * parameter passed on unchanged. */
struct sa_const_arg {
	int index;            /* 0-based */
	long long value;      /* the constant (when param is -1) */
	int param;            /* -1, or the caller's parameter (0-based) passed as it is */
};

struct sa_call {
	char *callee_usr;
	char *callee;         /* the callee's name */
	int line, column;
	bool value_used;      /* false when the call is a statement or cast to void */
	bool resolved;        /* a static/inline callee walked at this call's constant
				 arguments: its sites and calls are the caller's (with via set),
				 its own are not followed through this call */
	char *via;            /* a call made by such a callee ("g", "g -> h"), reported at
				 the resolved call; NULL for the function's own calls */
	struct sa_const_arg *consts;   /* arguments that fold to constants or pass a parameter
					  on (calls not resolved in the unit), for the model
					  to resolve the callee's variants */
	int nconsts;
};

/* A function named as a value, not called: its address taken, passed or stored (the
 * callback a header hands to call_rcu, a function pointer put in a struct). */
struct sa_reference {
	char *target_usr;
	char *target;         /* the function's name */
	int line, column;     /* where it is named (a macro's at the line that uses it) */
};

struct sa_site {
	enum sa_kind kind;
	char *op;             /* the operation: __atomic_fetch_add, atomic_store, ++, asm lock cmpxchgq */
	char *order;          /* memory order: seq_cst, acquire, ... or NULL (asm, locks) */
	char *macro;          /* the macro used at the reported line, or NULL */
	int line, column;
	int param;            /* the parameter (0-based) the order or the branch holding the
				 site depends on, -1 for none: the kind is then the cautious
				 one (seq_cst) and callers passing a constant resolve it */
	char *via;            /* for a site of a callee walked at a call with constant
				 arguments ("g", "g -> h"): reported at that call; else NULL */
};

/* A function whose sites depend on a parameter, walked again with that parameter bound to
 * one value: what a caller in any unit that passes this constant gets. Only functions
 * that are not static have them (static ones are resolved within their unit). */
struct sa_variant {
	int param;            /* 0-based */
	long long value;
	char *order;          /* the order the sites that depend on the parameter take (the
				 first of them), NULL when none is left at this value */
	struct sa_site *sites;   /* every site of the function at this value (param: another
				    parameter it still depends on, or -1) */
	int nsites;
	struct sa_call *calls;   /* every call it makes at this value (resolved ones marked) */
	int ncalls;
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

#define SA_ENUM_VALUES 8

struct sa_param;

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
	bool pointee_scalars;      /* a complete struct holding no pointer, at any depth (a
				      snapshot a function fills: its bytes are its content) */
	bool plain_record;         /* a struct (cls SA_TYPE_RECORD) of scalars, no pointer, no
				      padding, no bit-field: its bytes are its value (a result
				      returned by value) */
	int levels;                /* 1 for T *, 2 for T ** */
	enum sa_type_class target_cls;  /* what the last level points to */
	char *target;              /* ... named like pointee ("struct ck_stack_entry" for T **) */
	struct sa_type *members;   /* transparent unions: the pointer types they accept */
	int nmembers;
	/* Enums (cls SA_TYPE_ENUM): the values of the first enumerators, in declaration
	 * order, each once (enum mp_mode { MP_FIFO = 1, MP_LIFO }: 1, 2). */
	long long enum_values[SA_ENUM_VALUES];
	int nenum_values;
	char enum_names[SA_ENUM_VALUES][32];   /* their names ("" when longer than 31) */
	/* Pointers to a function (target_cls SA_TYPE_FUNCTION, levels 1): its result and
	 * parameters, so a generator can write a callback of exactly that type. */
	struct sa_type *fn_result;     /* NULL for any other type */
	struct sa_type *fn_params;
	int fn_nparams;
	bool fn_variadic;
	/* Pointers to a complete struct (levels 1): its fields that are function pointers (an
	 * allocator's malloc and free, a table's hash), so a generator can fill them. */
	struct sa_param *pointee_callbacks;
	int npointee_callbacks;
	/* A struct by value (cls SA_TYPE_RECORD, plain_record), or the struct a pointer points
	 * to (levels 1, no padding), whose fields are all integers, enums or bools, at most
	 * SA_RECORD_FIELDS of them: the fields, so a generator can show a result or what a
	 * function filled field by field ({pushed = 1, popped = 0}); else none. */
	struct sa_param *record_fields;
	int nrecord_fields;
};

#define SA_RECORD_FIELDS 4

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
	bool noreturn;              /* declared _Noreturn or __attribute__((noreturn)) (typed) */
	struct sa_type result;
	struct sa_param *param_types;   /* nparams of them */
	struct sa_access *accesses;
	int naccesses;
	struct sa_call *calls;
	int ncalls;
	struct sa_reference *references;   /* functions it names without calling them */
	int nreferences;
	struct sa_site *sites;
	int nsites;
	struct sa_variant *variants;   /* per dependent parameter and value (see above) */
	int nvariants;
	struct sa_function_share *share;   /* NULL: the pointers above are this function's own;
					      else they are a header function's facts that units
					      including the header share, read-only (the analyzer's
					      seen.c), and freeing releases the share */
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
	/* The variables the unit's main file defines with external linkage (a default
	 * `cds_lfht_mm_order` another unit's code uses). Only a unit parsed now has them. */
	char **variables;
	int nvariables;
};

const char *sa_kind_name(enum sa_kind kind);          /* rmw, fence, seq_cst-store, lock, light */
const char *sa_linkage_name(enum sa_linkage linkage); /* extern, static, inline-header */
const char *sa_unit_status_name(enum sa_unit_status status); /* pending, parsed, errors, failed */
/* Parses the names above back; returns -1 for an unknown name. */
int sa_kind_parse(const char *name);
int sa_linkage_parse(const char *name);
int sa_unit_status_parse(const char *name);

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
	bool *callee_resolved;           /* per callee: every call to it is resolved (its sites
					    and calls are the caller's, sa_site.via, sa_call.via) */
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
	int *call_variant;               /* per call of def: index into model variants of the
					    callee's variant at this call's constant, or -1 */
	int *vcallees;                   /* distinct such variants, ascending */
	int nvcallees;
	struct sa_variant_reach *vreach; /* variants with heavyweight sites it reaches */
	int nvreach;
};

/* A variant of a function (sa_variant) as the model uses it: a node of the call graph that
 * calls resolved at that constant lead to instead of the function. */
struct sa_variant_node {
	int fn;                          /* index into model functions */
	const struct sa_variant *def;    /* owned by the function's unit, or (derived) by the
					    model */
	bool derived;                    /* made by the model: the function passes its
					    parameter def->param on to a function with variants
					    (its own sites and calls, the calls that pass the
					    parameter on resolved at def->value) */
	int *callees;                    /* distinct defined callees at this value, ascending */
	bool *callee_resolved;
	int ncallees;
	int *vcallees;                   /* variants its calls at constants resolve to */
	int nvcallees;
	int heavyweight;                 /* its own heavyweight sites */
	int transitive;                  /* what a call resolved to it reaches, its own included */
};

/* A function reaches the heavyweight sites of a variant through path. */
struct sa_variant_reach {
	int variant;      /* index into model variants */
	int distance;
	char *path;       /* "f -> g": the variant's function last */
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
	struct sa_variant_node *variants; /* by function, then as the function lists them */
	int nvariants;
};

#endif
