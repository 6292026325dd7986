/* snc_audit.h: the audit generator, a library `snc audit` calls: what its files share.
 *
 * An audit turns a library's headers into verdicts without a hand-written harness:
 *
 *   1. scan (scan_run.c): the headers and sources through the analyzer, every unit parsed
 *      now, because the generator needs the parameter types the store does not keep;
 *   2. plan (audit_api.c, audit_family.c, audit_roles.c, with audit_config.c): which
 *      functions are the API of the named headers, their *object families* (functions whose
 *      first parameter points to the same type), how each family's initial state is built,
 *      and which values each parameter takes (its *role*);
 *   3. generate (audit_emit.c): one harness per family, a readable C file against <snc.h>;
 *   4. build and run (cmd_audit.c): each harness program classifies into the audit's run.
 *
 * What cannot be generated (a header that does not parse, a function whose parameter has
 * no generator, a family without operations) becomes a *note*: stored with the run and
 * printed, and the audit goes on with the rest. docs/audit.md describes every heuristic.
 */
#ifndef SNC_AUDIT_H
#define SNC_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "snc_analyzer.h"

/* ---- configuration (audit_config.c) ------------------------------------------------- */

/* One line of a config file: `[family TYPE]` sections scope the lines after them. */
struct audit_rule {
	char *family;              /* the section's object type, NULL before any section */
	char *verb;                /* constructor, initializer, zero, setup, arg, role,
				      contract, skip */
	char *function;            /* the function named ("*": every one), or NULL */
	char *param;               /* arg/role: the parameter's name */
	char *value;               /* the rest of the line */
	int line;
};

struct audit_config {
	const char *path;
	struct audit_rule *rules;
	int nrules, cap;
	int domain;                /* `domain N`, 0 when not set */
};

/* Reads a config file. Returns 0, or -1 with a one-line reason (file:line: ...) in err. */
int audit_config_read(const char *path, struct audit_config *cfg, char *err, size_t errlen);
void audit_config_free(struct audit_config *cfg);
/* Does a rule's section cover the family keyed family ("struct ck_ring")? */
bool audit_rule_applies(const struct audit_rule *r, const char *family);
/* The last rule of verb that applies to function (or to the family when function is NULL)
 * in the family keyed `family`, or NULL. param, when given, must match too. */
const struct audit_rule *audit_config_find(const struct audit_config *cfg, const char *family,
					   const char *verb, const char *function,
					   const char *param);

/* ---- the plan ------------------------------------------------------------------------ */

/* What a parameter is given. */
enum audit_role {
	ROLE_OBJECT,   /* the family's object */
	ROLE_VALUE,    /* a value from a domain (integers, enums, bool, floating point) */
	ROLE_FIXED,    /* one C expression (a size, a config value) */
	ROLE_FRESH,    /* a zeroed object from a pool, never handed out before */
	ROLE_SHARED,   /* one zeroed object (with room for an array) shared by every call */
	ROLE_TOKEN,    /* a void * payload: token#k; a written token is observed */
	ROLE_OUT,      /* an out-parameter: a slot whose value is observed */
	ROLE_NULL,     /* NULL (config) */
	ROLE_CALLBACK, /* a function pointer: a callback of its type (audit_callbacks.c) */
	ROLE_ANOTHER,  /* a second pointer to the object's type, in a family a constructor
			  builds: a new object, made as the initial one was (another()) */
};

const char *audit_role_name(enum audit_role r);
int audit_role_parse(const char *name);      /* -1 when unknown */

struct audit_arg {
	const struct sa_param *param;
	enum audit_role role;
	long lo, hi;               /* ROLE_VALUE */
	bool by_pointer;           /* ROLE_VALUE passed as a pointer to a const value;
				      ROLE_OBJECT: &obj (the constructor writes the object) */
	bool root_value;           /* ROLE_OBJECT: *obj, the root pointer's value */
	long long map[SA_ENUM_VALUES];   /* ROLE_VALUE of an enum whose first values are not
				      consecutive: value k of the domain passes map[k - lo] */
	int nmap;
	bool zeroed;               /* ROLE_FIXED: a struct passed by value, zeroed */
	bool bytes;                /* ROLE_VALUE for a const void * read with the length the
				      next parameter gives (map_get(m, key, klen)): the address
				      of a long holding the value, that length sizeof(long) */
	bool string;               /* ROLE_VALUE to const char: a C string, the value's
				      decimal digits ("0", "1"), a literal that outlives the
				      call; ROLE_OUT to char: a buffer of AUDIT_STRING_BUFFER
				      bytes, observed by a hash of its string */
	bool record;               /* ROLE_OUT to a struct holding no pointer (a snapshot,
				      an info struct): a zeroed one, observed by a hash of
				      its bytes */
	bool by_fields;            /* ... or field by field, each its own packed field (at
				      most four integers, enums or bools, when the op's
				      fields fit: *out = {hits = 1, misses = 0}) */
	char *fixed;               /* ROLE_FIXED: the expression */
	bool stream;               /* ROLE_FIXED to a FILE *: snc_stream(), on /dev/null */
	bool va_args;              /* ROLE_FIXED: the last parameter, a va_list after a format:
				      an empty one, through a variadic trampoline (audit_emit.c) */
	int pool;                  /* ROLE_FRESH, ROLE_SHARED: index into the family's pools */
	bool observed;             /* ROLE_OUT, or a ROLE_TOKEN the function may write */
};

/* audit_roles.c: a va_list type (va_list, __gnuc_va_list); parameter index of f is the
 * last, a va_list after a const char * format, every parameter before it spelled as a
 * declaration can take it: given an empty one by a trampoline (audit_emit.c). */
bool audit_is_va_list(const struct sa_type *t);
bool audit_va_list_after_format(const struct sa_function *f, int index);

#define AUDIT_STRING_BUFFER 256
#define AUDIT_BLOCK_BYTES 256   /* a block of memory given back to the library (pool_free) */

/* The number a ROLE_VALUE argument passes for value v of its domain: v, or the enumerator
 * it stands for when the enum's values are not consecutive (a->map). */
long long audit_passed_value(const struct audit_arg *a, long v);
/* The C expression of a ROLE_VALUE argument a whose value is the variable `local` (a long
 * in lo..hi): the value itself, or, when a is passed by pointer, the address of a constant
 * holding it (a string literal for a string, a long's bytes for a key of bytes), or the
 * enumerator it picks. */
void audit_value_expr(const struct audit_arg *a, const char *local, char *buf, size_t len);

enum audit_field { FIELD_INT, FIELD_UINT, FIELD_BOOL, FIELD_POINTER, FIELD_TOKEN };

struct audit_op {
	const struct sa_function *fn;
	const char *name;          /* what verdicts call it: the function's name, or its
				      macro's when the function's is an implementation name */
	struct audit_arg *args;    /* one per parameter */
	int nargs;
	int nvalues;               /* ROLE_VALUE and ROLE_TOKEN arguments: 0..2 */
	int nfields;               /* observed: the return value (if any) and observed args */
	bool packed;               /* more than the return value is observed */
	const char *contract;      /* single-producer, single-consumer, owner-only, or NULL */
	bool keeps_no_state;       /* a globals family's op whose scanned body reads and writes
				      no variable and calls nothing (a fence, arithmetic on its
				      scalar arguments): the harness's .stateless_ops */
	bool local;                /* an object family's op whose scanned body (a wrapper's:
				      what it calls) writes no global: what it changes is the
				      object the digest hashes; the harness's .local_ops when
				      the digest is not complete */
};

struct audit_pool {
	char *type;                /* the element type, as C names it */
	char *name;                /* entry, node, buffer: how results name its objects */
	bool shared;               /* one object for every call (else handed out fresh) */
	bool flexible;             /* ends in a flexible array member: elements get room */
	const struct sa_type *param_type;   /* the pointer parameter it was made for (its
					       struct's callback fields are filled) */
	const struct sa_function *init;     /* shared struct: the library's initializer,
					       called on it in setup() (uv_loop_init) */
};

enum audit_start { START_ZERO, START_INITIALIZER, START_CONSTRUCTOR };

/* One call that may make a family's object: a constructor with its arguments. */
struct audit_attempt {
	const struct sa_function *fn;
	struct audit_arg *args;    /* every value fixed */
	int nargs;
};

#define AUDIT_MAX_FALLBACKS 16  /* calls tried after the starter's returns NULL */

#define AUDIT_MAX_OPS 64   /* operations of one family (one generated harness) */

struct audit_family {
	char *key;                 /* the object type ("struct ck_stack", "int"), or
				      "globals of FILE" for functions without parameters */
	char *name;                /* the harness's name, a C identifier */
	char *group;               /* a family of void: the typedef its functions spell the
				      object with (GMutexLocker), or NULL for void * itself */
	bool globals;              /* a family of functions without parameters */
	bool stateless;            /* ... that touch no state at all (fences, pure helpers):
				      every state is the fresh one */
	int object_size;           /* sizeof the object type, -1 when incomplete */
	bool flexible;             /* the object type ends in a flexible array member */
	enum audit_start start;
	const struct sa_function *starter;   /* the constructor or initializer */
	const struct sa_function *library_init;   /* the library's initializer, called before
						     the starter (hq_lib_init before hq_open) */
	int starter_out;           /* a constructor that returns a status and writes the object
				      through this T ** parameter (mp_create(&obj, ...)), or -1 */
	struct audit_arg *start_args;        /* its parameters' roles */
	int nstart_args;
	struct audit_attempt *fallbacks;     /* a constructor returning the object: the calls
						tried in turn while the last returned NULL (the
						starter's other values, the other constructors) */
	int nfallbacks;
	const struct audit_context **contexts;   /* made in setup(), first */
	int ncontexts;
	char **setup;              /* extra set-up statements (config) */
	int nsetup;
	struct audit_op *ops;
	int nops;
	struct audit_pool *pools;
	int npools;
	int tokens;                /* token#0 .. token#(tokens-1), 0 when none */
	const char *header;        /* the header that declares the family */
	bool digest_complete;      /* all its state is in memory the harness owns: no
				      constructor, no function touching globals or unscanned */
	char *initial;             /* one line: how the initial state is built */
	char **derived;            /* an object made from another family's (audit_derive.c):
				      blocks of C, each setting `made` while it is NULL */
	int nderived;
	char *derivation;          /* ... said in one line: "__cds_wfs_pop_all(a new struct
				      cds_wfs_stack, as it is or after _cds_wfs_push(...))" */
	const struct sa_function *instead_of;   /* a family started again by another of its
					      constructors (audit_plan_restart): the
					      starter of the family it restarts; else NULL */
};

/* Something the audit skipped or could not do, and why. */
struct audit_note {
	char *kind;                /* header, family, function */
	char *name;
	char *family;              /* the family concerned, or NULL */
	char *status;              /* skipped, failed */
	char *detail;
};

/* An API function of the named headers. */
struct audit_fn {
	const struct sa_function *def;   /* as the header declares it (its types are what the
					    harness sees), or its definition there */
	const struct sa_function *body;  /* its definition in the scanned code (state, sites),
					    or NULL when a library defines it */
	const char *header;        /* which named header's API it belongs to */
	bool helper;               /* an internal helper of the header (audit_helpers.c) */
	bool undefined;            /* declared, but defined by no unit the harnesses compile
				      and no library is linked: a call would not link */
	bool root_value;           /* its first parameter is the value of the family's object,
				      a root pointer (rl_count(root) in the family of
				      rl_insert(&root, key)): it is passed *obj */
};

/* A macro of a named header that is a public name of an API function, or a function-like
 * macro that is not (audit_macros.c). */
struct audit_alias {
	char *name;
	const char *header;        /* the named header whose API it is */
	char *file;
	int line;
	char *params;              /* function-like: its parameters; else NULL */
	const char *kind;          /* object-like, function-like */
	const char *target;        /* the API function it resolves to, or NULL */
	const struct audit_fn *fn; /* that function */
	char *args;                /* function-like alias: the arguments target gets */
	bool passes_through;       /* an alias that passes target exactly its own parameters,
				      in order (a rename; ck_pr_load_int(SRC) calling
				      ck_pr_md_load_int(SRC)), fixing none */
	char *why;                 /* no target: why it is skipped */
	char *typed_params;        /* no target: its parameters typed from its expansion
				      ("struct cds_wfs_head *head, ..."; "" for none), the
				      prototype of its inferred wrapper; NULL when untyped */
	char **variants;           /* ... the prototypes to try, in order (the first that
				      compiles is typed_params) */
	char **variant_args;       /* ... and what each passes the macro ("(*p), v") */
	int nvariants;
	char *locals;              /* ... a loop's cursors, declared in its wrapper */
	bool iterator;             /* ... a for-loop over cursors: the wrapper counts */
	bool statement;            /* no target: expands to a statement, not a value */
	char *result_type;         /* no target, but one call of an API function on members of
				      its arguments (AO_stack_pop(l)): that function's result
				      type, which its wrapper returns; else NULL */
	bool borrowed;             /* an initializer of a header beside the named one, not of
				      its API: kept only when its wrapper compiles */
};

/* An opaque object the API takes beside its own (APR's pool), made once in setup() by a
 * function of the library (audit_contexts.c). */
#define AUDIT_CONTEXT_NEEDS 4
#define AUDIT_CONTEXT_ALTERNATIVES 2
struct audit_context {
	char *pointee;             /* the opaque type, as parameters point to it */
	char *type;                /* the variable's type ("apr_pool_t *") */
	char *var;                 /* the harness's variable (snc_context0) */
	char *make;                /* the statement that makes it */
	const struct sa_function *maker, *init;   /* init: the library's, called first */
	bool maker_declared, init_declared;   /* without a body: a library defines them */
	int needs[AUDIT_CONTEXT_NEEDS];   /* the contexts its maker takes, made before it */
	int nneeds;
	/* the next makers, tried in turn while the context is still NULL */
	const struct sa_function *alternatives[AUDIT_CONTEXT_ALTERNATIVES];
	bool alternatives_declared[AUDIT_CONTEXT_ALTERNATIVES];
	int nalternatives;
};

/* A named header that refuses to be included alone (glib/gasyncqueue.h: "Only <glib.h> can
 * be included directly"), and the header it is parsed and included through (glib.h). */
struct audit_through {
	char *header, *includer;   /* absolute paths */
};

struct audit_plan {
	struct audit_fn *fns;
	int nfns, cap_fns;
	struct audit_alias *aliases;
	int naliases, cap_aliases;
	struct audit_family *families;
	int nfamilies, cap_families;
	struct audit_note *notes;
	int nnotes, cap_notes;
	char **void_prefixes;      /* the name prefixes that split the family of plain void *
				      (audit_object_group), none when fewer than two */
	int nvoid_prefixes, cap_void_prefixes;
	struct sa_units wrapper_units;   /* the parse of snc_inferred.h (its wrappers' facts) */
	const struct sa_units *units;    /* the scan's units (audit_collect_api's): which header
					    includes which */
	struct audit_context *contexts;
	int ncontexts, cap_contexts;
	struct audit_through *through;   /* named headers audited through another one */
	int nthrough, cap_through;
};

struct audit_options {
	int domain;                /* integer domains are 0..domain-1 */
	char *const *families;     /* --family: only these keys (or names); NULL: all */
	int nfamilies;
	const struct audit_config *config;
	const struct audit_plan *plan;   /* its contexts (audit_context_of) */
};

/* audit_api.c: the API functions of each named header (what it and the headers below its
 * folder that it includes declare or define), typed, in file and line order. Headers that
 * did not parse, or declare nothing, get a note. */
/* Appends one function to the plan (exits 2 when memory runs out). */
void audit_plan_append(struct audit_plan *plan, struct audit_fn fn);
void audit_collect_api(struct audit_plan *plan, const struct sa_model *model,
		       const struct sa_units *units, char *const *headers, int nheaders);

/* audit_family.c's helpers the other files share: a growing array (twice the capacity when
 * n reached it; exits 2 when memory runs out); does f return nothing or a status (an int,
 * an enum, a bool); is f a library's global initializer (reg_init(void), apr_initialize(),
 * or with scalar parameters, returning nothing or a status: run before every state). */
void *audit_grow(void *p, int *cap, int n, size_t size);
bool audit_returns_status(const struct sa_function *f);
bool audit_is_global_initializer(const struct sa_function *f);
/* Is f the library initializer maker's family needs called first: no parameters, nothing or
 * a status returned, named *_init or *_initialize, with maker's prefix (apr_initialize
 * before apr_pool_create_ex, hq_lib_init before hq_open)? */
bool audit_initializes_library_of(const struct sa_function *f, const struct sa_function *maker);
/* Is t a FILE * (a stream the library reads or writes: json_dumpf(json, FILE *output, ...))?
 * An argument, a stream on /dev/null, never the object of a family: a zeroed FILE crashed
 * every call. */
bool audit_is_stream(const struct sa_type *t);

/* audit_contexts.c: for every opaque type an API function takes a pointer to, the
 * library's function that makes one, if any (call after audit_collect_api); and the
 * context of a pointee type, or NULL. */
void audit_find_contexts(struct audit_plan *plan, const struct sa_units *units);
const struct audit_context *audit_context_of(const struct audit_plan *plan, const char *pointee);
/* The API's initializer of a complete struct calls share (uv_loop_init(uv_loop_t *)): its
 * first parameter points to it, a word of its name is init or initialize, it returns
 * nothing or a status and its other parameters can be given nothing; fewest parameters,
 * then shortest name. NULL when none. */
const struct sa_function *audit_initializer_of(const struct audit_plan *plan, const char *pointee);
/* Is the function so named one that ends an object's life (destroy, deinit, fini, free,
 * delete as a word; _close, _dispose at the end; not a setter of a free callback)? */
bool audit_is_destructor(const char *name);
/* audit_derive.c: when an API function (the producer) returns fam's object from a pointer
 * to another, complete struct and scalars, the attempts of make_object() into fam->derived
 * (a new such struct, as it is, then after each call that fills it); returns the producer,
 * or NULL when there is none. */
const struct sa_function *audit_derive_start(const struct audit_plan *plan,
					     struct audit_family *fam);
/* ... and, for an entry's family, the attempts of an entry linked into a new source by a
 * function that fills one with it (_cds_wfs_push(stack, node)); returns the first such
 * function, or NULL. */
const struct sa_function *audit_derive_linked(const struct audit_plan *plan,
					      struct audit_family *fam);
/* Is a word of name create, new, alloc, make, open or init (apr_pool_create_ex, PR_NewLock)? */
bool audit_named_as_maker(const char *name);
/* Is a parameter so named a set of attributes a maker takes, NULL for its defaults
 * (attr, attrs, attributes, opts, options: cds_lfht_new(..., pthread_attr_t *attr))? */
bool audit_named_as_attributes(const char *name);
/* Is a word of name init or initialize (sem_init, CDS_INIT_LIST_HEAD, apr_initialize)? */
bool audit_named_as_initializer(const char *name);
/* Is a word of name one of taking an element out: del, remove, move, splice, replace,
 * unlink (cds_list_del_init unlinks, then initializes: no initializer)? */
bool audit_named_as_unlinking(const char *name);
/* Is a word of name register, attach or subscribe (ck_epoch_register)? */
bool audit_named_as_registration(const char *name);

/* The files of unit u that are the API of its main file (the header). */
int audit_api_files(const struct sa_unit *u, char ***out);
/* The unit a named header's API is read from, and its API files into *files (malloc'd, the
 * strings are the unit's): the header's own unit, or the unit of the header it is audited
 * through (audit_plan_through) when it refuses to be included alone, with the files of the
 * named header's API inside it. NULL when neither was parsed. */
const struct sa_unit *audit_api_unit(const struct audit_plan *plan, const struct sa_units *units,
				     const char *header, char ***files, int *nfiles);

/* audit_compatible.c: which of the headers compile together (keep[i]), with the harnesses'
 * compiler and cflags, in dir: all when one file including them all compiles; else taken
 * most read first (readers[i]: the units of the build that read it), each kept when it
 * compiles with those kept before it, or set aside with the compiler's first error in
 * why[i] (liburcu's flavours: urcu-bp.h and urcu-memb.h are never included together).
 * Returns how many were set aside. */
/* Does path compile (the harnesses' compiler, $CC or cc, -fsyntax-only, with cflags)? Its
 * messages into *messages (malloc'd, or NULL). True too when no compiler could run:
 * nothing can be decided then. */
bool audit_syntax_ok(const char *path, char *const *cflags, int ncflags, char **messages);
int audit_compatible_headers(char *const *headers, int n, const int *readers, char *const *cflags,
			     int ncflags, const char *dir, bool *keep, char (*why)[256]);

/* Is one of the words of a name (split at '_' and where a capital follows a small letter:
 * apr_pool_create_ex, PR_NewLock), whatever its case, one of words (NULL-terminated)?
 * numa_sched_setaffinity holds no word "fini". */
bool audit_name_has_word(const char *name, const char *const *words);
/* The words of a name, in turn: the first from w = name, the next from w + *len of the one
 * before; NULL after the last. Split as above; the name's own leading underscores stay
 * with its first word (_talloc_free: "_talloc", "free"). */
const char *audit_name_word(const char *name, const char *w, size_t *len);
/* Frees what an operation owns (its arguments); the op itself is the family's. */
void audit_free_op(struct audit_op *op);
/* The group of the untyped object t (a parameter's or the result's of the function name;
 * malloc'd): the typedef it is spelled with (GMutexLocker in `GMutexLocker *`, a `typedef
 * void GMutexLocker`), or for a plain `void *` the longest of plan->void_prefixes name
 * starts with (zmq_ctx_); NULL otherwise. */
char *audit_object_group(const struct audit_plan *plan, const char *name, const struct sa_type *t);
/* How notes name a family: its group (a typedef of void), else its key. */
const char *audit_family_label(const struct audit_family *fam);
/* The folders the C compiler searches by itself, in its order (NULL-terminated). */
extern const char *const audit_compiler_folders[];
/* path below one of those folders: what follows the folder ("sys/types.h" of
 * /usr/include/x86_64-linux-gnu/sys/types.h, as <...> spells it), else NULL. */
const char *audit_in_compiler_folder(const char *path);
/* The folder an include flag at cflags[i] names (-IDIR, -I DIR, -isystem DIR), or NULL. */
const char *audit_include_folder(char *const *cflags, int ncflags, int i);
/* What to #include for header: the header its #error names when it refuses to be included
 * alone (audit_plan_through; its parse says so), else header itself. */
const char *audit_included_through(const struct audit_plan *plan, const char *header);
/* audit_pkgconfig.c: the pkg-config packages whose include folders hold the named headers
 * (or what they include that the compiler cannot find with cflags) into *packages, and
 * the flags `pkg-config --cflags` gives for them that cflags lacks into *flags (malloc'd;
 * free each). Returns the number of packages; 0 when none, or pkg-config does not run. */
int audit_pkgconfig_flags(char *const *headers, int nheaders, char *const *cflags, int ncflags,
			  char ***packages, char ***flags, int *nflags);

/* audit_includer.c: the header that a named header's #error says to include instead
 * ("Only <glib.h> can be included directly"), found along the -I directories of cflags,
 * the header's folder and the three above it, then the system's, into out (absolute).
 * False when the header has no #error or names no header found. */
bool audit_includer_named(const char *header, char *const *cflags, int ncflags, char *out,
			  size_t len);
/* audit_system_reader.c: for a header that does not compile alone for a type the system's
 * headers declare (tdb.h's mode_t) but does after them, writes DIR/snc_reads_NAME.c, which
 * includes them and then it, and puts its path into out: scanned, it reads the header as
 * a program including it does. False when the header compiles alone, or not even so. */
bool audit_system_reader(const char *header, char *const *cflags, int ncflags, const char *dir,
			 char *out, size_t len);
#define AUDIT_SYSTEM_READER "snc_reads_"   /* how the names of those sources start */
/* Audits header through includer (both paths): it is parsed and included through it. */
void audit_plan_through(struct audit_plan *plan, const char *header, const char *includer);
/* The header header is audited through, or NULL. */
const char *audit_through(const struct audit_plan *plan, const char *header);

/* audit_macros.c: the macros of each named header's API files that rename or call an API
 * function (aliases), and the function-like ones that do not (with why). Call after
 * audit_collect_api. */
void audit_collect_macros(struct audit_plan *plan, const struct sa_units *units,
			  char *const *headers, int nheaders);
/* The name verdicts give fn (docs/audit.md, Macro APIs): 1. when fn's own starts with '_',
 * its alias with the fewest leading underscores (uatomic_add_return for
 * __uatomic_add_return); 2. then an alias that is that name with an infix left out and
 * passes the arguments through (ck_pr_load_int for ck_pr_md_load_int, rcu_read_lock for
 * urcu_memb_read_lock); ties: longest, then byte order. */
const char *audit_public_name(const struct audit_plan *plan, const struct sa_function *fn);
/* Is fn the function of a macro users call (urcu's _cds_wfs_push behind cds_wfs_push)? */
bool audit_has_alias(const struct audit_plan *plan, const struct sa_function *fn);
void audit_aliases_free(struct audit_plan *plan);
/* After the wrappers are inferred: the borrowed initializers none could be written for
 * (urcu/list.h's CDS_INIT_LIST_HEAD, typed on rculfqueue.h's struct rcu_head) are no
 * name of the API, and are dropped. */
void audit_drop_untyped_borrowed(struct audit_plan *plan);

/* audit_helpers.c: marks the static helpers of each header (defined by it, called or passed
 * as a callback by its other functions, behind no macro, outside its API's name prefix)
 * and notes each as an internal helper: no family takes them, and they are not counted
 * as public names. Call after the macros are collected and their wrappers added. */
void audit_mark_helpers(struct audit_plan *plan);

/* audit_family.c: groups the API into families, picks each family's initial state and
 * its operations; what is left out gets a note. */
void audit_plan_families(struct audit_plan *plan, const struct sa_model *model,
			 const struct audit_options *opt);

/* audit_roles.c: the roles of one function's parameters in a family. Returns 0, or -1
 * with why in why (the function cannot be generated). */
int audit_assign_op(struct audit_family *fam, const struct audit_fn *all, int nall,
		    const struct audit_options *opt, struct audit_op *op, char *why,
		    size_t whylen);
/* The roles of a constructor's or initializer's parameters (fixed values, fresh or
 * shared objects). Returns 0, or -1 with why. */
int audit_assign_start(struct audit_family *fam, const struct audit_fn *all, int nall,
		       const struct audit_options *opt, char *why, size_t whylen);
/* The calls tried, in turn, when the constructor's returns NULL (fam->fallbacks): its own
 * with one parameter at a time given another value, then ctors' (fewest parameters first)
 * alike, at most AUDIT_MAX_FALLBACKS. */
void audit_assign_fallbacks(struct audit_family *fam, const struct sa_function *const *ctors,
			    int nctors, const struct audit_fn *members, int nmembers,
			    const struct audit_options *opt);
/* The contract a function's name implies (ck_fifo_spsc_dequeue: single-consumer). */
const char *audit_contract_from_name(const char *name);

void audit_note(struct audit_plan *plan, const char *kind, const char *name,
		const char *family, const char *status, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
void audit_plan_free(struct audit_plan *plan);
/* Operations of a variant type may need another kind of object than the starter makes
 * (json-c's json_object_array_add aborts on what json_object_new_object() makes). Given
 * the names of plan->families[index]'s operations that gave no result alone from any
 * state, adds a family started by the constructor among its fallbacks whose name sets it
 * apart from the starter's by words those names share (json_object_new_array: "array"),
 * with the operations named with those words and the readers of the object. Returns the
 * new family's index, or -1 when no constructor fits (or the family is a restart). */
int audit_plan_restart(struct audit_plan *plan, int index, const char *const *names, int n);
/* When ops names[0..n) of family index gave no result alone from any state (they wait for
 * good or crash), and a function links an entry of its type into another object: a family
 * of those ops (and the readers) whose object is an entry so linked (audit_derive_linked),
 * started again; its index, or -1 when none fits. */
int audit_plan_relink(struct audit_plan *plan, int index, const char *const *names, int n);
/* Can the family make another object as it made its initial one: a constructor that
 * returns it, whose arguments are all fixed (no slot, no varying value)? */
bool audit_makes_another(const struct audit_family *fam);

/* audit_libs.c: links each --lib that is not a C source into an empty program. Returns 0,
 * or -1 with the library that cannot be linked in err. */
int audit_check_libs(char *const *libs, int nlibs, char *err, size_t errlen);
/* The libraries (paths) of the packages that installed headers (or, for a header no
 * package installed, PREFIX/include/..., those installed in PREFIX/lib*) which define the
 * most of needed (function names without a body in the headers), the fewest that do, into
 * *found (malloc'd; free each); where they come from into package ("package liburcu-dev,
 * which installed the headers"). Returns how many of needed they define (0: none found,
 * *found empty). */
int audit_find_libs(char *const *needed, int nneeded, char *const *headers, int nheaders,
		    char ***found, int *nfound, char *package, size_t package_len);

/* audit_wrappers.c: writes DIR/snc_macros.h, a wrapper snc_macro_NAME for each `macro`
 * line of the config, after including the named headers. Returns 1 (path set), 0 when the
 * config types no macro, -1 when it cannot be written. */
int audit_write_macro_wrappers(const struct audit_config *cfg, char *const *headers, int nheaders,
			       const char *dir, char *path, size_t len);
/* The names of a parameter list ("struct x *a, int b": "a, b"), as a call's arguments. */
void audit_param_names(const char *params, char *buf, size_t len);

/* audit_infer.c: a wrapper snc_macro_NAME in DIR/snc_inferred.h for each function-like
 * macro without a function whose parameters its expansion types (audit_alias's variants,
 * tried in order; the one that compiles becomes typed_params), parsed with the audit's
 * flags; those that compile join plan->fns (their alias's target), the others keep a why. Returns 1 (path set) when any was added, 0 when
 * none, -1 when the header cannot be written or parsed. */
int audit_infer_wrappers(struct audit_plan *plan, char *const *headers, int nheaders,
			 char *const *cflags, int ncflags, const char *dir, char *path, size_t len);
/* The API function named name (a wrapper included), or NULL. */
const struct audit_fn *audit_api_named(const struct audit_plan *plan, const char *name);

/* The macro a generated wrapper stands for (snc_macro_NAME: NAME), or NULL. */
const char *audit_wrapped_macro(const char *function);

/* audit_coverage.c: where a public function ended, given which planned families were
 * audited (audited[i] for plan->families[i]). */
struct audit_where {
	const struct audit_family *family;   /* where it is an operation or the starter */
	const char *status;        /* audited, skipped, failed */
	bool in_verdict;           /* an operation of an audited family */
	bool starter;              /* builds a family's initial state */
	bool noted;                /* a note of its own says why (already stored) */
	bool internal;             /* an internal helper, not a public name */
	char detail[512];          /* why, when not in a verdict */
};
void audit_where_is(const struct audit_plan *plan, const bool *audited, const struct sa_function *fn,
		    struct audit_where *w);
struct audit_coverage {
	int functions, macros;     /* the public names counted */
	int in_verdict, starters, skipped, failed;
	int internal;              /* internal helpers (not public names), counted apart */
};
void audit_count(const struct audit_where *w, struct audit_coverage *c);
/* "API: 120 public names (100 functions, 20 macros), 110 in a verdict (92%), ..." */
void audit_coverage_line(const struct audit_coverage *c, char *buf, size_t len);

/* audit_emit.c: the harness of a family, as C text. include is how the harness includes
 * the header (<ck_stack.h> or "/abs/path.h"); command is how to run it again. */
/* Does one of fns hand out U: return a U *, or fill a U ** argument (after the first)?
 * U is then an *entry* (audit_roles.c): a fresh one from a pool for each call. */
bool audit_hands_out(const struct audit_fn *fns, int n, const char *u);

/* The callbacks a family's function pointer parameters and struct fields get, defined in
 * its harness, and the expression that passes the one for argument a
 * (audit_callbacks.c). */
void audit_emit_callbacks(FILE *out, const struct audit_family *fam);
/* Does one of fam's callbacks allocate (its memory is outside the harness's digest)? */
bool audit_callbacks_allocate(const struct audit_family *fam);
/* Does fam pass structs with function pointer fields (filled by fill_callbacks())? */
bool audit_fills_callbacks(const struct audit_family *fam);
/* Is param of the function fn_name a visitor: a callback the function calls for what the
 * object holds (critnib_iter(c, min, max, func, privdata))? Its calls are then counted
 * into the operation's result. */
bool audit_callback_visits(const char *fn_name, const struct sa_param *param);
void audit_callback_expr(const struct audit_family *fam, const struct audit_arg *a, char *buf,
			 size_t len);

/* The named headers fam's harness includes, each once, its own first (fam->header) unless
 * another of them includes it: those of its operations, its constructor or initializer,
 * the library's initializer and its contexts' makers, less those another of them
 * includes (a header without an include guard must not be read twice); *out is malloc'd.
 * Returns how many. */
int audit_family_headers(const struct audit_plan *plan, const struct audit_family *fam,
			 const char ***out);
/* Writes describe_arg(), how fam's arguments read in calls (strings, tokens, bools, enums:
 * audit_arg_text.c), when some argument reads as more than its number; false when none does. */
bool audit_emit_describe_arg(FILE *out, const struct audit_family *fam);
/* Writes fam's harness; it includes includes[0 .. nincludes) (each spelled for an #include
 * line: "<ck_pr.h>", "\"/abs/path.h\""). */
void audit_emit(FILE *out, const struct audit_family *fam, char *const *includes, int nincludes,
		const char *command);
/* How C code includes header: <rel> when it lies in a system include folder, or, when it
 * has an #include_next, under the first include folder of the audit's flags that holds it
 * (given once by audit_include_folders). */
char *audit_include_of(const char *header);
void audit_include_folders(char *const *cflags, int ncflags);
/* Can header be written in an #include "..." line as it is? (No '"', '\\', '>' nor control
 * characters: the preprocessor has no escapes there.) */
bool audit_include_spellable(const char *header);

/* ---- a single-header library's implementation (audit_single_header.c) ----------------- */

/* The macro a single-header library defines its functions under (#ifdef SQ_IMPLEMENTATION:
 * a name ending in _IMPLEMENTATION or _IMPL that header tests), into macro. */
bool audit_implementation_macro(const char *header, char *macro, size_t len);
/* Writes DIR/snc_implementationN.c, the unit its user writes (#define MACRO, #include
 * "HEADER"), its path into path; -1 when it cannot (or header cannot be spelled). */
int audit_write_implementation_unit(const char *dir, int index, const char *header,
				    const char *macro, char *path, size_t len);
/* Does project folder dir hold a C file of its library (audit_library_source, and not one
 * that defines main)? */
bool audit_folder_has_library_source(const char *dir);

/* ---- a project's API when no header is given (audit_project.c) ----------------------- */

/* The public headers of dir, sorted: those under dir/include when there is one, else every
 * .h under dir outside hidden directories and those of tests, examples, benchmarks,
 * documentation, build output and vendored code. Returns a malloc'd NULL-terminated array
 * of malloc'd paths (dir/...), with *count set; NULL when out of memory. */
char **audit_headers_of_dir(const char *dir, size_t *count);
void audit_headers_free(char **headers);

/* The public headers of a compile database's project: those of the directories its units
 * name with -I, -iquote or -isystem (relative to the unit's directory), outside /usr and
 * an out-of-tree build folder holding the database (generated headers), and only the
 * ones named include (or below one) when there are such; without any, the headers next to
 * its .c files. Sorted, no path twice; NULL with err set when the database cannot
 * be read. */
char **audit_headers_of_compdb(const char *compdb, size_t *count, char *err, size_t errlen);

/* The compile database a project directory holds: dir/compile_commands.json, else
 * dir/build/compile_commands.json, else the one of the first folder (by name) whose name
 * starts with build (build-debug); its path into out. Returns false when there is none. */
bool audit_compdb_of_dir(const char *dir, char *out, size_t len);

/* Is file (below dir) a source of the library a directory holds: not in a directory of
 * tests, examples or build output (as above), and not a snc harness (SNC_HARNESS)? */
bool audit_library_source(const char *dir, const char *file);

#endif
