/* walk.c: the facts of each function definition, from libclang's cursor tree.
 *
 * One recursive descent per function body carries two pieces of context down the tree:
 *
 *   - the access mode of the lvalue being visited: a variable or field met in the left
 *     operand of `=` is written, of a compound assignment or `++`/`--` read and written,
 *     anywhere else read. The mode passes through parentheses, `.` (writing g.hits writes
 *     g), subscripts of arrays (not of pointers: p[i] = v writes what p points to, which
 *     the scanner cannot name) and implicit casts. `p->f` names the field state
 *     `record.f`; the pointer p itself is read. The object of an atomic operation written
 *     `&x` gets the operation's mode (a store writes x, an RMW reads and writes it).
 *   - whether the value of the expression is used: a call is "discarded" when it is an
 *     expression statement (child of a block, a label, a loop or if body) or cast to void.
 *     This is what the gratuitous-return-value count rests on. Positions the cursor tree
 *     cannot tell apart (for loops with missing clauses) count as used, the cautious side.
 *
 * Synchronization sites come from three places: builtin calls (__sync_*, fences, lock
 * calls) are CallExprs named by the callee; clang's AtomicExpr (every __atomic_* and
 * __c11_atomic_* operation, so all of <stdatomic.h>) has no cursor kind of its own and
 * shows as an UnexposedExpr with at least two children whose location holds the builtin's
 * name; operators on _Atomic objects are recognized by the operand's canonical type. asm
 * statements are read through asm.c. Every site is reported at its expansion location, the
 * line the user wrote, and names the macro used there if any (smp_mb, ck_pr_cas_ptr).
 *
 * A function named anywhere but as the callee of a call (a callback passed to call_rcu, an
 * address stored in a struct) is a *reference* of the function being walked: not a call
 * edge (nothing is inherited through it), but a use of the function by its neighbours.
 *
 * Odd code must not crash the scan: every cursor and type is checked, recursion is bounded
 * (deeper expressions are skipped, not followed), and a partial AST from a file with
 * errors is walked like any other. */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

#define MAX_DEPTH 2000

enum { ACC_READ = SA_READ, ACC_WRITE = SA_WRITE, ACC_RW = SA_READ | SA_WRITE };

struct file_name {
	CXFile file;
	char *path;
};

struct walker {
	CXTranslationUnit tu;
	struct sa_unit *u;
	struct sa_function *fn;
	CXCursor fn_cursor;
	int cap_functions, cap_access, cap_call, cap_reference, cap_site, cap_declarations;
	char **asm_templates;     /* the function's asm templates, printed on first need */
	int nasm, next_asm;
	bool asm_loaded;
	CXCursor *fresh;          /* locals that hold a newly allocated object */
	int nfresh, cap_fresh;
	struct file_name *files;  /* CXFile -> absolute path, per unit */
	int nfiles, cap_files;
	/* computed orders (fold.c) */
	struct sa_env env;        /* a callee's parameters bound at a call with constants */
	int guard;                /* the parameter the branch being walked depends on, or -1 */
	unsigned dependent;       /* parameters the function's sites depend on (bits) */
	int inline_depth;         /* callees being walked at a call site (0: none) */
	CXCursor inline_at;       /* that call, where their sites are reported */
	char *via;                /* "g -> h": the callees being walked */
	struct dependence *deps;  /* usr -> dependent bits, functions walked so far */
	int ndeps, cap_deps;
	struct sa_seen *seen;     /* header functions earlier units walked (seen.c) */
	int index;                /* the unit's place in unit order */
};

/* The parameters a function's sites depend on, for its callers to specialize it. */
struct dependence {
	char *usr;
	unsigned params;
};

/* The children of a cursor, collected so that each can get its own context. */
struct kids {
	CXCursor small[8];
	CXCursor *v;
	int n, cap;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct kids *k = data;
	if (k->n == k->cap) {
		int cap = k->cap * 2;
		CXCursor *v = sa_alloc((size_t)cap * sizeof *v);
		memcpy(v, k->v, (size_t)k->n * sizeof *v);
		if (k->v != k->small)
			free(k->v);
		k->v = v;
		k->cap = cap;
	}
	k->v[k->n++] = c;
	return CXChildVisit_Continue;
}

static void kids_of(CXCursor c, struct kids *k)
{
	k->v = k->small;
	k->n = 0;
	k->cap = 8;
	clang_visitChildren(c, collect, k);
}

static void kids_free(struct kids *k)
{
	if (k->v != k->small)
		free(k->v);
}

static const char *path_of(struct walker *w, CXFile file)
{
	if (!file)
		return NULL;
	for (int i = 0; i < w->nfiles; i++)
		if (clang_File_isEqual(w->files[i].file, file))
			return w->files[i].path;
	struct file_name *f = SA_PUSH(w->files, w->nfiles, w->cap_files);
	f->file = file;
	char *name = sa_cx(clang_getFileName(file));
	f->path = sa_realpath_in(w->u->directory, name);
	free(name);
	return f->path;
}

static bool is_kind(CXCursor c, enum CXCursorKind k)
{
	return clang_getCursorKind(c) == k;
}

static bool is_atomic_type(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Atomic;
}

/* The cursor with parentheses and implicit casts (single-child unexposed expressions)
 * removed. */
static CXCursor strip(CXCursor c)
{
	for (int i = 0; i < 64; i++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			return c;
		struct kids kids;
		kids_of(c, &kids);
		CXCursor only = kids.n == 1 ? kids.v[0] : clang_getNullCursor();
		kids_free(&kids);
		if (clang_Cursor_isNull(only))
			return c;
		c = only;
	}
	return c;
}

/* ---- recording facts ------------------------------------------------------------------- */

static void add_access(struct walker *w, char *key, char *state, unsigned mode, CXCursor at)
{
	struct sa_function *fn = w->fn;
	if (w->inline_depth > 0) {   /* the callee's accesses come through the call edge */
		free(key);
		free(state);
		return;
	}
	for (int i = 0; i < fn->naccesses; i++) {
		if (strcmp(fn->accesses[i].key, key) == 0) {
			fn->accesses[i].mode |= mode;
			free(key);
			free(state);
			return;
		}
	}
	unsigned line = 0;
	clang_getExpansionLocation(clang_getCursorLocation(at), NULL, &line, NULL, NULL);
	struct sa_access *a = SA_PUSH(fn->accesses, fn->naccesses, w->cap_access);
	a->key = key;
	a->state = state;
	a->mode = mode;
	a->line = (int)line;
}

/* The identifier at the expansion location when the cursor comes from a macro. */
static char *macro_at(struct walker *w, CXSourceLocation loc)
{
	CXFile sfile, efile;
	unsigned soff, eoff;
	clang_getSpellingLocation(loc, &sfile, NULL, NULL, &soff);
	clang_getExpansionLocation(loc, &efile, NULL, NULL, &eoff);
	if (!efile || (sfile && clang_File_isEqual(sfile, efile) && soff == eoff))
		return NULL;
	CXToken *tok = clang_getToken(w->tu, clang_getLocationForOffset(w->tu, efile, eoff));
	if (!tok)
		return NULL;
	char *name = NULL;
	if (clang_getTokenKind(*tok) == CXToken_Identifier)
		name = sa_cx(clang_getTokenSpelling(w->tu, *tok));
	clang_disposeTokens(w->tu, tok, 1);
	return name;
}

/* A site; param is the parameter its order depends on (-1: none). Inside a callee walked
 * at a call with constant arguments, the site is the caller's, at the call, via the
 * callee. */
static void add_site(struct walker *w, enum sa_kind kind, const char *op, const char *order,
		     CXCursor at, int param)
{
	struct sa_function *fn = w->fn;
	if (w->inline_depth > 0) {
		at = w->inline_at;
		param = -1;
	} else if (param < 0) {
		param = w->guard;
	}
	if (param >= 0 && param < 32)
		w->dependent |= 1u << param;
	CXSourceLocation loc = clang_getCursorLocation(at);
	unsigned line = 0, column = 0;
	clang_getExpansionLocation(loc, NULL, &line, &column, NULL);
	struct sa_site *s = SA_PUSH(fn->sites, fn->nsites, w->cap_site);
	s->kind = kind;
	s->op = sa_strdup(op);
	s->order = sa_strdup(order);
	s->macro = macro_at(w, loc);
	if (s->macro && strcmp(s->macro, op) == 0) {   /* the builtin itself (parse.c's prelude) */
		free(s->macro);
		s->macro = NULL;
	}
	s->line = (int)line;
	s->column = (int)column;
	s->param = param;
	s->via = w->inline_depth > 0 ? sa_strdup(w->via) : NULL;
}

/* The memory order expr computes, or NULL; *param: the parameter it depends on, or -1. */
static const char *order_of(struct walker *w, CXCursor expr, int *param)
{
	long long v;
	*param = -1;
	if (clang_Cursor_isNull(expr))
		return NULL;
	if (sa_fold(expr, &w->env, w->fn_cursor, &v, param))
		return sa_order_name(v);
	if (w->inline_depth > 0)
		*param = -1;
	CXEvalResult r = *param < 0 ? clang_Cursor_Evaluate(expr) : NULL;
	const char *name = NULL;
	if (r && clang_EvalResult_getKind(r) == CXEval_Int)
		name = sa_order_name(clang_EvalResult_getAsLongLong(r));
	if (r)
		clang_EvalResult_dispose(r);
	return name;
}

/* ---- expressions ----------------------------------------------------------------------- */

static void visit(struct walker *w, CXCursor c, unsigned acc, bool discard, int depth);

static void visit_kids(struct walker *w, CXCursor c, unsigned acc, bool discard, int depth)
{
	struct kids k;
	kids_of(c, &k);
	for (int i = 0; i < k.n; i++)
		visit(w, k.v[i], acc, discard, depth + 1);
	kids_free(&k);
}

/* Is c (a DeclRefExpr) the name of a function used as a value, not called: its address
 * taken, passed or stored? Recorded as a reference of the function being walked, where
 * the name is written (the callee of a call is not visited as one: call() skips it), but
 * not for a callee walked at a call (its own walk records its references). */
static bool function_ref(struct walker *w, CXCursor c)
{
	CXCursor decl = clang_getCursorReferenced(c);
	if (!is_kind(decl, CXCursor_FunctionDecl))
		return false;
	if (w->inline_depth > 0)
		return true;
	unsigned line = 0, column = 0;
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, &column, NULL);
	struct sa_function *fn = w->fn;
	struct sa_reference *r = SA_PUSH(fn->references, fn->nreferences, w->cap_reference);
	r->target_usr = sa_cx(clang_getCursorUSR(decl));
	r->target = sa_cx(clang_getCursorSpelling(decl));
	r->line = (int)line;
	r->column = (int)column;
	return true;
}

static void var_ref(struct walker *w, CXCursor c, unsigned acc)
{
	CXCursor decl = clang_getCursorReferenced(c);
	char *key, *name;
	if (!clang_Cursor_isNull(decl) && sa_state_of_var(decl, &key, &name))
		add_access(w, key, name, acc, c);
}

/* Is the object of a `.` access something reached through a pointer (`(*p).f`, `p[i].f`)? */
static bool through_pointer(CXCursor base)
{
	CXCursor b = strip(base);
	if (is_kind(b, CXCursor_UnaryOperator))
		return clang_getCursorUnaryOperatorKind(b) == CXUnaryOperator_Deref;
	if (is_kind(b, CXCursor_ArraySubscriptExpr)) {
		struct kids k;
		kids_of(b, &k);
		bool ptr = k.n > 0 && clang_getCanonicalType(clang_getCursorType(strip(k.v[0]))).kind ==
					      CXType_Pointer;
		kids_free(&k);
		return ptr;
	}
	return false;
}

/* ---- objects allocated by the function itself ---------------------------------------- */

static bool is_allocation(CXCursor e)
{
	static const char *const allocators[] = { "malloc", "calloc", "realloc", "reallocarray",
						  "aligned_alloc", "memalign", "valloc", "strdup",
						  "strndup", NULL };
	CXCursor s = strip(e);
	if (is_kind(s, CXCursor_CStyleCastExpr)) {
		struct kids k;
		kids_of(s, &k);
		s = k.n > 0 ? strip(k.v[k.n - 1]) : clang_getNullCursor();
		kids_free(&k);
	}
	if (!is_kind(s, CXCursor_CallExpr))
		return false;
	CXCursor callee = clang_getCursorReferenced(s);
	if (clang_Cursor_isNull(callee))
		return false;
	char *name = sa_cx(clang_getCursorSpelling(callee));
	bool found = false;
	for (int i = 0; allocators[i] && !found; i++)
		found = strcmp(name, allocators[i]) == 0;
	free(name);
	return found;
}

/* A local variable (automatic storage) that is initialized or assigned from an allocator
 * points to an object no other thread can see yet: writing its fields (a constructor
 * filling a new node) is not a write of shared state. The scanner does not follow the
 * pointer further (publishing it makes the object shared, yet its initialization stays
 * private), and it does not track a variable reassigned to a shared object later. */
static void note_fresh(struct walker *w, CXCursor var, CXCursor value)
{
	if (clang_Cursor_isNull(var) || !is_kind(var, CXCursor_VarDecl))
		return;
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(var);
	if (sc == CX_SC_Static || sc == CX_SC_Extern ||
	    is_kind(clang_getCursorSemanticParent(var), CXCursor_TranslationUnit))
		return;
	if (is_allocation(value))
		*SA_PUSH(w->fresh, w->nfresh, w->cap_fresh) = var;
}

static bool is_fresh(struct walker *w, CXCursor base)
{
	if (w->nfresh == 0)
		return false;
	CXCursor b = strip(base);
	if (!is_kind(b, CXCursor_DeclRefExpr))
		return false;
	CXCursor var = clang_getCursorReferenced(b);
	for (int i = 0; i < w->nfresh; i++)
		if (clang_equalCursors(w->fresh[i], var))
			return true;
	return false;
}

static void member_ref(struct walker *w, CXCursor c, unsigned acc, int depth)
{
	struct kids k;
	kids_of(c, &k);
	CXCursor base = k.n > 0 ? k.v[0] : clang_getNullCursor();
	bool arrow = !clang_Cursor_isNull(base) &&
		     clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer;
	if (arrow || (!clang_Cursor_isNull(base) && through_pointer(base))) {
		char *key, *name;
		CXCursor field = clang_getCursorReferenced(c);
		if (!clang_Cursor_isNull(field) && !is_fresh(w, base) &&
		    sa_state_of_field(field, &key, &name))
			add_access(w, key, name, acc, c);
		for (int i = 0; i < k.n; i++)
			visit(w, k.v[i], ACC_READ, false, depth + 1);
	} else {
		for (int i = 0; i < k.n; i++)
			visit(w, k.v[i], acc, false, depth + 1);
	}
	kids_free(&k);
}

static void subscript(struct walker *w, CXCursor c, unsigned acc, int depth)
{
	struct kids k;
	kids_of(c, &k);
	for (int i = 0; i < k.n; i++) {
		unsigned mode = ACC_READ;
		if (i == 0) {
			enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(strip(k.v[0]))).kind;
			if (t == CXType_ConstantArray || t == CXType_IncompleteArray ||
			    t == CXType_VariableArray || t == CXType_DependentSizedArray)
				mode = acc;
		}
		visit(w, k.v[i], mode, false, depth + 1);
	}
	kids_free(&k);
}

/* An expression under its explicit casts (`(long *)&x`, and parse.c's prelude's cast of an
 * _Atomic object's address): the operand is a cast's last child. */
static CXCursor strip_casts(CXCursor c)
{
	c = strip(c);
	for (int i = 0; i < 16 && is_kind(c, CXCursor_CStyleCastExpr); i++) {
		struct kids k;
		kids_of(c, &k);
		CXCursor operand = k.n > 0 ? k.v[k.n - 1] : clang_getNullCursor();
		kids_free(&k);
		if (clang_Cursor_isNull(operand))
			break;
		c = strip(operand);
	}
	return c;
}

/* The object operand of an atomic operation: `&x` (or `(T *)&x`) gives x the operation's
 * mode; anything else (a pointer variable) is only read, as what it points to cannot be
 * named. */
static void atomic_object(struct walker *w, CXCursor obj, unsigned mode, int depth)
{
	CXCursor s = strip_casts(obj);
	if (is_kind(s, CXCursor_UnaryOperator) &&
	    clang_getCursorUnaryOperatorKind(s) == CXUnaryOperator_AddrOf) {
		struct kids k;
		kids_of(s, &k);
		for (int i = 0; i < k.n; i++)
			visit(w, k.v[i], mode, false, depth + 1);
		kids_free(&k);
	} else {
		visit(w, obj, ACC_READ, false, depth + 1);
	}
}

static unsigned role_mode(enum sa_atomic_role role)
{
	return role == SA_ATOMIC_STORE ? ACC_WRITE : role == SA_ATOMIC_RMW ? ACC_RW : ACC_READ;
}

/* The builtin name at a cursor's spelling location (AtomicExpr's location is its name). */
static char *token_at(struct walker *w, CXCursor c)
{
	CXFile file;
	unsigned off;
	clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, &off);
	if (!file)
		return NULL;
	CXToken *tok = clang_getToken(w->tu, clang_getLocationForOffset(w->tu, file, off));
	if (!tok)
		return NULL;
	char *name = NULL;
	if (clang_getTokenKind(*tok) == CXToken_Identifier)
		name = sa_cx(clang_getTokenSpelling(w->tu, *tok));
	clang_disposeTokens(w->tu, tok, 1);
	return name;
}

/* An UnexposedExpr with two or more children: an AtomicExpr when its name says so.
 * Returns false (and does nothing) otherwise. */
static bool atomic_expr(struct walker *w, CXCursor c, struct kids *k, int depth)
{
	char *name = token_at(w, c);
	enum sa_atomic_role role = name && (strncmp(name, "__atomic_", 9) == 0 ||
					    strncmp(name, "__c11_atomic_", 13) == 0)
					   ? sa_atomic_role(name) : SA_ATOMIC_NONE;
	if (role == SA_ATOMIC_NONE || role == SA_ATOMIC_LOCK) {
		bool init = name && strcmp(name, "__c11_atomic_init") == 0;
		if (init)
			atomic_object(w, k->v[0], ACC_WRITE, depth);
		for (int i = init ? 1 : 0; init && i < k->n; i++)
			visit(w, k->v[i], ACC_READ, false, depth + 1);
		free(name);
		return init;
	}
	int param;
	const char *order = order_of(w, k->v[1], &param);
	add_site(w, sa_atomic_kind(role, order), name, order, c, param);
	atomic_object(w, k->v[0], role_mode(role), depth);
	for (int i = 1; i < k->n; i++)
		visit(w, k->v[i], ACC_READ, false, depth + 1);
	free(name);
	return true;
}

/* __sync_fetch_and_add_4 -> __sync_fetch_and_add */
static char *without_size_suffix(const char *name)
{
	char *s = sa_strdup(name);
	size_t n = strlen(s);
	if (strncmp(s, "__sync_", 7) == 0 && n > 2 && s[n - 2] == '_' && s[n - 1] >= '1' &&
	    s[n - 1] <= '9')
		s[n - 2] = '\0';
	else if (strncmp(s, "__sync_", 7) == 0 && n > 3 && s[n - 3] == '_' && s[n - 2] == '1' &&
		 s[n - 1] == '6')
		s[n - 3] = '\0';
	return s;
}

/* A parameter through which a callee may write: a pointer to non-const. */
static bool writable_pointer(CXType t)
{
	CXType c = clang_getCanonicalType(t);
	if (c.kind != CXType_Pointer)
		return false;
	CXType pointee = clang_getPointeeType(c);
	return pointee.kind != CXType_Invalid && !clang_isConstQualifiedType(pointee) &&
	       clang_getCanonicalType(pointee).kind != CXType_FunctionProto &&
	       clang_getCanonicalType(pointee).kind != CXType_FunctionNoProto;
}

/* Calls on synchronization objects (pthread_mutex_unlock(&s->lock), sem_post, ...) take
 * their object's address but are not data writes: the lock word is not the state an API
 * returns values from (acquisitions are sites of their own). */
static bool synchronization_call(CXCursor callee)
{
	static const char *const prefixes[] = { "pthread_", "sem_", "mtx_", "cnd_", "flockfile",
						"funlockfile", NULL };
	char *name = sa_cx(clang_getCursorSpelling(callee));
	bool found = false;
	for (int i = 0; prefixes[i] && !found; i++)
		found = strncmp(name, prefixes[i], strlen(prefixes[i])) == 0;
	free(name);
	return found;
}

/* ---- callees walked at a call with constant arguments ---------------------------------- */

#define MAX_INLINE 4

static unsigned dependence_of(struct walker *w, const char *usr)
{
	for (int i = w->ndeps - 1; i >= 0; i--)
		if (strcmp(w->deps[i].usr, usr) == 0)
			return w->deps[i].params;
	return 0;
}

static void walk_body(struct walker *w, CXCursor fn, int depth);

/* A call of a static or inline function of the unit whose sites depend on a parameter,
 * with a constant for that parameter: the callee's body is walked again with its
 * parameters bound, and the sites and calls found become the caller's, at this call, "via"
 * the callee (the call is "resolved": the callee's own sites and calls are not followed
 * through it).
 * Returns whether it was. The callee must have been walked before (C defines helpers
 * before their use); a parameter passed on from the caller makes the caller depend on it
 * in turn. */
static bool specialize(struct walker *w, CXCursor c, CXCursor callee, int nargs)
{
	if (w->inline_depth >= MAX_INLINE || w->ndeps == 0)
		return false;
	CXCursor def = clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(def) || !is_kind(def, CXCursor_FunctionDecl) ||
	    clang_equalCursors(def, w->fn_cursor) ||
	    (clang_Cursor_getStorageClass(def) != CX_SC_Static && !clang_Cursor_isFunctionInlined(def)))
		return false;
	char *usr = sa_cx(clang_getCursorUSR(def));
	unsigned params = dependence_of(w, usr);
	free(usr);
	if (params == 0)
		return false;
	struct sa_binding b[32];
	int nb = 0;
	for (int i = 0; i < nargs && i < 32; i++) {
		if (!(params & (1u << i)))
			continue;
		long long v;
		int p = -1;
		if (sa_fold(clang_Cursor_getArgument(c, (unsigned)i), &w->env, w->fn_cursor, &v, &p))
			b[nb++] = (struct sa_binding){ clang_Cursor_getArgument(def, (unsigned)i), v };
		else if (p >= 0 && p < 32 && w->inline_depth == 0)
			w->dependent |= 1u << p;
	}
	if (nb == 0)
		return false;
	struct walker saved = *w;
	char *name = sa_cx(clang_getCursorSpelling(def));
	w->via = w->via ? sa_printf("%s -> %s", saved.via, name) : sa_strdup(name);
	free(name);
	if (w->inline_depth == 0)
		w->inline_at = c;
	w->inline_depth++;
	w->env = (struct sa_env){ b, nb };
	w->guard = -1;
	w->fn_cursor = def;
	w->asm_templates = NULL;
	w->asm_loaded = false;
	w->nasm = w->next_asm = 0;
	walk_body(w, def, 0);
	for (int i = 0; i < w->nasm; i++)
		free(w->asm_templates[i]);
	free(w->asm_templates);
	free(w->via);
	/* back to the caller: everything but what the callee's walk added to shared lists */
	saved.cap_site = w->cap_site;
	saved.cap_call = w->cap_call;
	saved.files = w->files;
	saved.nfiles = w->nfiles;
	saved.cap_files = w->cap_files;
	saved.fresh = w->fresh;
	saved.cap_fresh = w->cap_fresh;
	*w = saved;
	return true;
}

/* The caller's parameter (0-based) that arg is, unchanged, or -1. */
static int parameter_passed(struct walker *w, CXCursor arg)
{
	CXCursor ref = strip(arg);
	if (!is_kind(ref, CXCursor_DeclRefExpr))
		return -1;
	CXCursor decl = clang_getCursorReferenced(ref);
	if (!is_kind(decl, CXCursor_ParmDecl))
		return -1;
	int n = clang_Cursor_getNumArguments(w->fn_cursor);
	for (int i = 0; i < n; i++)
		if (clang_equalCursors(decl, clang_Cursor_getArgument(w->fn_cursor, (unsigned)i)))
			return i;
	return -1;
}

/* The arguments of a call the unit did not resolve that fold to constants, for the model
 * to resolve the callee's variants (variants.c: a function of another unit, or one passing
 * its parameter on to such a function): integers and enums only, the types an order or a
 * size has; and those that pass one of the caller's own parameters on unchanged (outside
 * callees walked at a call). */
static void constant_arguments(struct walker *w, CXCursor c, int nargs, struct sa_call *k)
{
	int cap = 0;
	for (int i = 0; i < nargs; i++) {
		CXCursor arg = clang_Cursor_getArgument(c, (unsigned)i);
		enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(arg)).kind;
		if (t != CXType_Enum && (t < CXType_Bool || t > CXType_Int128))
			continue;
		long long v = 0;
		int param = -1;
		if (!sa_fold(arg, &w->env, w->fn_cursor, &v, &param) &&
		    (w->inline_depth > 0 || param < 0 || (param = parameter_passed(w, arg)) < 0))
			continue;
		struct sa_const_arg *a = SA_PUSH(k->consts, k->nconsts, cap);
		a->index = i;
		a->value = v;
		a->param = param;
	}
}

static void call(struct walker *w, CXCursor c, bool discard, int depth)
{
	CXCursor callee = clang_getCursorReferenced(c);
	int nargs = clang_Cursor_getNumArguments(c);
	bool is_fn = !clang_Cursor_isNull(callee) && is_kind(callee, CXCursor_FunctionDecl);
	char *name = is_fn ? sa_cx(clang_getCursorSpelling(callee)) : NULL;
	enum sa_atomic_role role = SA_ATOMIC_NONE;
	if (name) {
		role = sa_atomic_role(name);
		/* a user's own function that happens to share a lock call's name is a call */
		if (role == SA_ATOMIC_LOCK && clang_isCursorDefinition(clang_getCursorDefinition(callee)))
			role = SA_ATOMIC_NONE;
	}
	bool builtin = name && strncmp(name, "__", 2) == 0 &&
		       (strncmp(name, "__builtin_", 10) == 0 || strncmp(name, "__sync_", 7) == 0 ||
			strncmp(name, "__atomic_", 9) == 0 || strncmp(name, "__c11_atomic_", 13) == 0);
	CXCursor object = nargs > 0 ? clang_Cursor_getArgument(c, 0) : clang_getNullCursor();
	if (role != SA_ATOMIC_NONE) {
		char *op = without_size_suffix(name);
		const char *order = NULL;
		int param = -1;
		if (role == SA_ATOMIC_FENCE && strcmp(name, "__sync_synchronize") != 0)
			order = nargs > 0 ? order_of(w, object, &param) : NULL;
		else if (role == SA_ATOMIC_STORE && strncmp(name, "__sync_", 7) == 0)
			order = "release";   /* __sync_lock_release */
		else if (strncmp(name, "__sync_", 7) == 0)
			order = "seq_cst";
		else if (strncmp(name, "__atomic_", 9) == 0 && nargs > 1)
			order = order_of(w, clang_Cursor_getArgument(c, 1), &param);
		add_site(w, sa_atomic_kind(role, order), op, order, c, param);
		free(op);
	}
	bool resolved = is_fn && role == SA_ATOMIC_NONE && !builtin && specialize(w, c, callee, nargs);
	if (name && !builtin) {
		/* inside a callee walked at a call: the call it makes is the caller's, at that
		 * call, via the callee (the search for heavyweight sites goes on from there) */
		struct sa_function *fn = w->fn;
		unsigned line = 0, column = 0;
		CXCursor at = w->inline_depth > 0 ? w->inline_at : c;
		clang_getExpansionLocation(clang_getCursorLocation(at), NULL, &line, &column, NULL);
		struct sa_call *k = SA_PUSH(fn->calls, fn->ncalls, w->cap_call);
		k->callee_usr = sa_cx(clang_getCursorUSR(callee));
		k->callee = name;
		k->line = (int)line;
		k->column = (int)column;
		k->value_used = !discard;
		k->resolved = resolved;
		k->via = w->inline_depth > 0 ? sa_strdup(w->via) : NULL;
		if (!resolved && is_fn)
			constant_arguments(w, c, nargs, k);
		name = NULL;
	}
	free(name);
	/* the callee expression, then the arguments; the object of an atomic builtin call
	 * gets the operation's mode, and so does `&x` passed for a pointer to non-const */
	struct kids k;
	kids_of(c, &k);
	CXType ftype = clang_getCursorType(callee);
	bool sync_object = is_fn && role == SA_ATOMIC_NONE && !builtin && synchronization_call(callee);
	for (int i = 0; i < k.n; i++) {
		int arg = -1;
		for (int a = 0; a < nargs && arg < 0; a++)
			if (clang_equalCursors(k.v[i], clang_Cursor_getArgument(c, (unsigned)a)))
				arg = a;
		if (arg < 0 && is_kind(strip(k.v[i]), CXCursor_DeclRefExpr) &&
		    is_kind(clang_getCursorReferenced(strip(k.v[i])), CXCursor_FunctionDecl))
			continue;   /* the function called, not a reference to it */
		if (role != SA_ATOMIC_NONE && role != SA_ATOMIC_LOCK && role != SA_ATOMIC_FENCE && arg == 0)
			atomic_object(w, k.v[i], role_mode(role), depth);
		else if (arg >= 0 && is_fn && role == SA_ATOMIC_NONE && !builtin && !sync_object &&
			 writable_pointer(clang_getArgType(ftype, (unsigned)arg)))
			atomic_object(w, k.v[i], ACC_RW, depth);
		else
			visit(w, k.v[i], ACC_READ, false, depth + 1);
	}
	kids_free(&k);
}

static void asm_stmt(struct walker *w, CXCursor c);

static void unary(struct walker *w, CXCursor c, int depth)
{
	enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
	bool incdec = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
		      op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
	struct kids k;
	kids_of(c, &k);
	if (incdec && k.n > 0 && is_atomic_type(k.v[0])) {
		CXString s = clang_getUnaryOperatorKindSpelling(op);
		add_site(w, SA_RMW, clang_getCString(s), "seq_cst", c, -1);
		clang_disposeString(s);
	}
	for (int i = 0; i < k.n; i++)
		visit(w, k.v[i], incdec ? ACC_RW : ACC_READ, false, depth + 1);
	kids_free(&k);
}

static void binary(struct walker *w, CXCursor c, bool discard, int depth)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	bool assign = op == CXBinaryOperator_Assign;
	bool compound = op >= CXBinaryOperator_MulAssign && op <= CXBinaryOperator_OrAssign;
	struct kids k;
	kids_of(c, &k);
	if (assign && k.n == 2 && is_kind(strip(k.v[0]), CXCursor_DeclRefExpr))
		note_fresh(w, clang_getCursorReferenced(strip(k.v[0])), k.v[1]);
	if ((assign || compound) && k.n > 0 && is_atomic_type(k.v[0])) {
		CXString s = clang_getBinaryOperatorKindSpelling(op);
		add_site(w, assign ? SA_SEQ_CST_STORE : SA_RMW, clang_getCString(s), "seq_cst", c, -1);
		clang_disposeString(s);
	}
	for (int i = 0; i < k.n; i++) {
		unsigned mode = ACC_READ;
		bool d = false;
		if (i == 0 && assign)
			mode = ACC_WRITE;
		else if (i == 0 && compound)
			mode = ACC_RW;
		if (op == CXBinaryOperator_Comma)
			d = i == 0 ? true : discard;
		visit(w, k.v[i], mode, d, depth + 1);
	}
	kids_free(&k);
}

/* Statements whose expression children are evaluated for effect only, except the
 * condition at index cond (-1: none). */
static void statement(struct walker *w, CXCursor c, int cond, int depth)
{
	struct kids k;
	kids_of(c, &k);
	for (int i = 0; i < k.n; i++)
		visit(w, k.v[i], ACC_READ, i != cond, depth + 1);
	kids_free(&k);
}

static void for_stmt(struct walker *w, CXCursor c, int depth)
{
	struct kids k;
	kids_of(c, &k);
	for (int i = 0; i < k.n; i++) {
		/* init; cond; inc; body when all four are there, otherwise only the body is sure */
		bool d = i == k.n - 1 || (k.n == 4 && (i == 0 || i == 2));
		visit(w, k.v[i], ACC_READ, d, depth + 1);
	}
	kids_free(&k);
}

/* ---- branches on constants ------------------------------------------------------------ */

static enum CXChildVisitResult count_asm(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (is_kind(c, CXCursor_GCCAsmStmt))
		(*(int *)data)++;
	return CXChildVisit_Recurse;
}

/* A branch not taken: nothing in it happens, but its asm statements keep their place in
 * the function's list of templates. */
static void skip(struct walker *w, CXCursor c)
{
	int n = is_kind(c, CXCursor_GCCAsmStmt);
	clang_visitChildren(c, count_asm, &n);
	if (n > 0 && !w->asm_loaded) {
		w->nasm = sa_asm_templates(w->fn_cursor, &w->asm_templates);
		w->asm_loaded = true;
	}
	w->next_asm += n;
}

/* Folds a branch condition; when it is not constant but depends on a parameter, the
 * branches are walked with that parameter as their guard (restored by the caller). */
static bool condition(struct walker *w, CXCursor cond, long long *value)
{
	int p = -1;
	if (sa_fold(cond, &w->env, w->fn_cursor, value, &p))
		return true;
	if (p >= 0 && w->inline_depth == 0 && w->guard < 0)
		w->guard = p;
	return false;
}

static void if_stmt(struct walker *w, CXCursor c, int depth)
{
	struct kids k;
	kids_of(c, &k);
	long long cond;
	int guard = w->guard;
	bool known = k.n >= 2 && condition(w, k.v[0], &cond);
	for (int i = 0; i < k.n; i++) {
		if (known && i > 0 && i != (cond ? 1 : 2))
			skip(w, k.v[i]);
		else
			visit(w, k.v[i], ACC_READ, i != 0, depth + 1);
	}
	w->guard = guard;
	kids_free(&k);
}

/* Does a case label (or a chain, `case 1: case 2:`) match value? *body: the statement
 * under the labels. */
static bool case_matches(struct walker *w, CXCursor c, long long value, CXCursor *body)
{
	bool hit = false;
	for (int i = 0; i < 64 && is_kind(c, CXCursor_CaseStmt); i++) {
		struct kids k;
		kids_of(c, &k);
		long long label;
		if (k.n >= 2 && sa_fold(k.v[0], NULL, w->fn_cursor, &label, NULL) && label == value)
			hit = true;
		CXCursor under = k.n >= 2 ? k.v[k.n - 1] : clang_getNullCursor();
		kids_free(&k);
		c = under;
	}
	*body = c;
	return hit;
}

/* switch on a constant (sizeof(*p), a bound order): only the selected arm is walked, from
 * its label to the first break at its level (a break deeper in the arm is not followed:
 * the arms after it are walked too, the cautious side). */
static void switch_stmt(struct walker *w, CXCursor c, int depth)
{
	struct kids k;
	kids_of(c, &k);
	long long value;
	int guard = w->guard;
	bool known = k.n == 2 && condition(w, k.v[0], &value) && is_kind(k.v[1], CXCursor_CompoundStmt);
	if (!known) {
		for (int i = 0; i < k.n; i++)
			visit(w, k.v[i], ACC_READ, i != 0, depth + 1);
		w->guard = guard;
		kids_free(&k);
		return;
	}
	visit(w, k.v[0], ACC_READ, false, depth + 1);
	struct kids arms;
	kids_of(k.v[1], &arms);
	int start = -1, fallback = -1;
	for (int i = 0; i < arms.n && start < 0; i++) {
		CXCursor under;
		if (is_kind(arms.v[i], CXCursor_CaseStmt) && case_matches(w, arms.v[i], value, &under))
			start = i;
		else if (is_kind(arms.v[i], CXCursor_DefaultStmt) && fallback < 0)
			fallback = i;
	}
	if (start < 0)
		start = fallback;
	bool active = false;
	for (int i = 0; i < arms.n; i++) {
		CXCursor stmt = arms.v[i];
		if (i == start)
			active = true;
		if (active && is_kind(stmt, CXCursor_BreakStmt))
			active = false;
		if (!active) {
			skip(w, stmt);
			continue;
		}
		if (is_kind(stmt, CXCursor_CaseStmt)) {
			case_matches(w, stmt, value, &stmt);
			if (clang_Cursor_isNull(stmt))
				continue;
		}
		visit(w, stmt, ACC_READ, true, depth + 1);
	}
	kids_free(&arms);
	w->guard = guard;
	kids_free(&k);
}

static void visit(struct walker *w, CXCursor c, unsigned acc, bool discard, int depth)
{
	if (depth > MAX_DEPTH)
		return;
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclRefExpr:
		if (!function_ref(w, c))
			var_ref(w, c, acc);
		return;
	case CXCursor_MemberRefExpr:
		member_ref(w, c, acc, depth);
		return;
	case CXCursor_ArraySubscriptExpr:
		subscript(w, c, acc, depth);
		return;
	case CXCursor_UnaryOperator:
		unary(w, c, depth);
		return;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		binary(w, c, discard, depth);
		return;
	case CXCursor_CallExpr:
		call(w, c, discard, depth);
		return;
	case CXCursor_ParenExpr:
		visit_kids(w, c, acc, discard, depth);
		return;
	case CXCursor_CStyleCastExpr:
		visit_kids(w, c, ACC_READ,
			   clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Void, depth);
		return;
	case CXCursor_UnexposedExpr: {
		struct kids k;
		kids_of(c, &k);
		bool done = k.n >= 2 && atomic_expr(w, c, &k, depth);
		for (int i = 0; !done && i < k.n; i++)
			visit(w, k.v[i], k.n == 1 ? acc : ACC_READ, k.n == 1 && discard, depth + 1);
		kids_free(&k);
		return;
	}
	case CXCursor_ConditionalOperator: {
		struct kids k;
		kids_of(c, &k);
		long long cond;
		int p = -1;
		bool known = k.n == 3 && sa_fold(k.v[0], &w->env, w->fn_cursor, &cond, &p);
		int guard = w->guard;
		if (!known && p >= 0 && w->inline_depth == 0 && w->guard < 0)
			w->guard = p;
		for (int i = 0; i < k.n; i++) {
			if (known && i > 0 && i != (cond ? 1 : 2))
				skip(w, k.v[i]);
			else
				visit(w, k.v[i], ACC_READ, i > 0 && discard, depth + 1);
		}
		w->guard = guard;
		kids_free(&k);
		return;
	}
	case CXCursor_VarDecl: {
		struct kids k;
		kids_of(c, &k);
		if (k.n > 0 && clang_isExpression(clang_getCursorKind(k.v[k.n - 1])))
			note_fresh(w, c, k.v[k.n - 1]);
		for (int i = 0; i < k.n; i++)
			visit(w, k.v[i], ACC_READ, false, depth + 1);
		kids_free(&k);
		return;
	}
	case CXCursor_GCCAsmStmt:
		asm_stmt(w, c);
		visit_kids(w, c, ACC_READ, false, depth);
		return;
	case CXCursor_CompoundStmt:
	case CXCursor_LabelStmt:
	case CXCursor_DefaultStmt:
		statement(w, c, -1, depth);
		return;
	case CXCursor_IfStmt:
		if_stmt(w, c, depth);
		return;
	case CXCursor_SwitchStmt:
		switch_stmt(w, c, depth);
		return;
	case CXCursor_WhileStmt:
	case CXCursor_CaseStmt:
		statement(w, c, 0, depth);
		return;
	case CXCursor_DoStmt:
		statement(w, c, 1, depth);
		return;
	case CXCursor_ForStmt:
		for_stmt(w, c, depth);
		return;
	default:
		visit_kids(w, c, ACC_READ, false, depth);
		return;
	}
}

/* ---- asm ------------------------------------------------------------------------------- */

struct asm_ctx {
	struct walker *w;
	CXCursor at;
};

static void add_asm_site(enum sa_kind kind, const char *mnemonic, void *data)
{
	struct asm_ctx *a = data;
	char *op = sa_printf("asm %s", mnemonic);
	add_site(a->w, kind, op, NULL, a->at, -1);
	free(op);
}

static void asm_stmt(struct walker *w, CXCursor c)
{
	if (!w->asm_loaded) {
		w->nasm = sa_asm_templates(w->fn_cursor, &w->asm_templates);
		w->asm_loaded = true;
	}
	if (w->next_asm >= w->nasm)
		return;
	struct asm_ctx a = { w, c };
	sa_asm_sites(w->asm_templates[w->next_asm++], add_asm_site, &a);
}

/* ---- functions ------------------------------------------------------------------------- */

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Is a function defined in file (absolute) one of a header, as the unit sees it? */
static bool in_header(const struct walker *w, const char *file)
{
	return strcmp(file, w->u->file) != 0 || has_suffix(file, ".h");
}

/* Does the function never return? `__attribute__((noreturn))` is part of its type
 * (thrd_exit's "void (int) __attribute__((noreturn))"); `_Noreturn`, or stdnoreturn.h's
 * `noreturn`, is a token before its name. */
static bool declared_noreturn(CXTranslationUnit tu, CXCursor c, CXType ftype)
{
	char *spelled = sa_cx(clang_getTypeSpelling(ftype));
	bool found = strstr(spelled, "noreturn") != NULL;
	free(spelled);
	CXToken *tokens = NULL;
	unsigned n = 0;
	if (!found)
		clang_tokenize(tu, clang_getRange(clang_getRangeStart(clang_getCursorExtent(c)),
						  clang_getCursorLocation(c)), &tokens, &n);
	for (unsigned i = 0; i < n && !found; i++) {
		char *t = sa_cx(clang_getTokenSpelling(tu, tokens[i]));
		found = strcmp(t, "_Noreturn") == 0 || strcmp(t, "noreturn") == 0 ||
			strcmp(t, "__noreturn__") == 0;
		free(t);
	}
	if (tokens)
		clang_disposeTokens(tu, tokens, n);
	return found;
}

static void describe(struct walker *w, CXCursor c, struct sa_function *fn)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file;
	unsigned line = 0;
	clang_getExpansionLocation(loc, &file, &line, NULL, NULL);
	const char *path = path_of(w, file);
	fn->file = sa_strdup(path ? path : w->u->file);
	fn->line = (int)line;
	fn->name = sa_cx(clang_getCursorSpelling(c));
	fn->usr = sa_cx(clang_getCursorUSR(c));
	if (!fn->usr[0]) {
		free(fn->usr);
		fn->usr = sa_printf("c:%s@%u@F@%s", fn->file, line, fn->name);
	}
	fn->system = clang_Location_isInSystemHeader(loc) != 0;
	CXType result = clang_getCursorResultType(c);
	fn->return_type = sa_cx(clang_getTypeSpelling(result));
	fn->returns_value = clang_getCanonicalType(result).kind != CXType_Void;

	int n = clang_Cursor_getNumArguments(c);
	fn->typed = true;
	sa_type_of(w->tu, result, &fn->result);
	fn->param_types = sa_alloc((size_t)(n > 0 ? n : 1) * sizeof *fn->param_types);
	size_t cap = 64, len = 0;
	char *params = sa_alloc(cap);
	for (int i = 0; i < n; i++) {
		CXCursor arg = clang_Cursor_getArgument(c, (unsigned)i);
		char *type = sa_cx(clang_getTypeSpelling(clang_getCursorType(arg)));
		char *pname = sa_cx(clang_getCursorSpelling(arg));
		fn->param_types[i].name = sa_strdup(pname);
		sa_param_type_of(w->tu, clang_getCursorType(arg), &fn->param_types[i].type);
		size_t tl = strlen(type);
		bool tight = !pname[0] || (tl > 0 && type[tl - 1] == '*');
		char *one = sa_printf("%s%s%s%s", i ? ", " : "", type, tight ? "" : " ", pname);
		size_t l = strlen(one);
		if (len + l + 1 > cap) {
			cap = 2 * (len + l + 1);
			params = sa_grow(params, cap);
		}
		memcpy(params + len, one, l + 1);
		len += l;
		free(type);
		free(pname);
		free(one);
	}
	CXType ftype = clang_getCursorType(c);
	bool variadic = ftype.kind == CXType_FunctionProto && clang_isFunctionTypeVariadic(ftype);
	char *shown = sa_printf("%s%s", params, variadic ? (n ? ", ..." : "...") : "");
	free(params);
	fn->params = shown;
	fn->nparams = n < 0 ? 0 : n;
	const char *none = ftype.kind == CXType_FunctionProto ? "void" : "";
	fn->signature = sa_printf("%s %s(%s)", fn->return_type, fn->name, n > 0 || variadic ? shown : none);

	fn->noreturn = declared_noreturn(w->tu, c, ftype);

	if (in_header(w, fn->file) && clang_Cursor_isFunctionInlined(c))
		fn->linkage = SA_LINK_INLINE_HEADER;
	else if (clang_Cursor_getStorageClass(c) == CX_SC_Static)
		fn->linkage = SA_LINK_STATIC;
	else
		fn->linkage = SA_LINK_EXTERN;
}

static void add_dependence(struct walker *w, const char *usr, unsigned params)
{
	struct dependence *d = SA_PUSH(w->deps, w->ndeps, w->cap_deps);
	d->usr = sa_strdup(usr);
	d->params = params;
}

/* A header function an earlier unit of the scan walked is copied from it, not walked
 * (seen.c says why the result is the same). Returns whether it was. */
static bool copy_seen(struct walker *w, CXCursor c)
{
	if (!w->seen)
		return false;
	CXFile file;
	unsigned line = 0;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, NULL, NULL);
	const char *path = path_of(w, file);
	if (!path || !in_header(w, path))
		return false;
	char *usr = sa_cx(clang_getCursorUSR(c));
	struct sa_function copy;
	unsigned dependent = 0;
	bool found = usr[0] && sa_seen_copy(w->seen, w->index, usr, path, (int)line, &copy, &dependent);
	if (found) {
		*(struct sa_function *)SA_PUSH(w->u->functions, w->u->nfunctions, w->cap_functions) = copy;
		if (dependent)
			add_dependence(w, usr, dependent);
	}
	free(usr);
	return found;
}

/* ---- variants: an extern function at each value of a parameter its sites depend on ---- */

#define MAX_VARIANT_VALUES 16

struct values {
	long long v[MAX_VARIANT_VALUES];
	int n;
};

static void add_value(struct values *v, long long value)
{
	for (int i = 0; i < v->n; i++)
		if (v->v[i] == value)
			return;
	if (v->n < MAX_VARIANT_VALUES)
		v->v[v->n++] = value;
}

static enum CXChildVisitResult enum_value(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (is_kind(c, CXCursor_EnumConstantDecl))
		add_value(data, clang_getEnumConstantDeclValue(c));
	return CXChildVisit_Continue;
}

/* The values a parameter gets variants for: the constants of its enum type; for an integer
 * the C11 orders' (__ATOMIC_RELAXED 0 to __ATOMIC_SEQ_CST 5). */
static void variant_values(CXCursor param, struct values *out)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(param));
	out->n = 0;
	if (t.kind == CXType_Enum)
		clang_visitChildren(clang_getTypeDeclaration(t), enum_value, out);
	else if (t.kind >= CXType_Bool && t.kind <= CXType_Int128)
		for (long long v = __ATOMIC_RELAXED; v <= __ATOMIC_SEQ_CST; v++)
			add_value(out, v);
}

/* The order of the first site that, walked without the binding, depended on param. */
static char *dependent_order(const struct sa_function *fn, const struct sa_function *bound, int param)
{
	for (int i = 0; i < bound->nsites; i++) {
		const struct sa_site *b = &bound->sites[i];
		for (int k = 0; !b->via && k < fn->nsites; k++) {
			const struct sa_site *s = &fn->sites[k];
			if (s->param == param && !s->via && s->line == b->line &&
			    s->column == b->column && strcmp(s->op, b->op) == 0)
				return sa_strdup(b->order);
		}
	}
	return NULL;
}

/* A function that is not static, whose sites depend on parameters, walked again for each
 * value of each such parameter (the others left unbound): callers in other units that
 * pass that value get these sites and calls (the model resolves them, sa_variants). */
static void add_variants(struct walker *w, CXCursor c, struct sa_function *fn)
{
	unsigned dependent = w->dependent;
	int cap = 0;
	for (int p = 0; p < 32 && p < fn->nparams; p++) {
		if (!(dependent & (1u << p)))
			continue;
		struct values values;
		CXCursor param = clang_Cursor_getArgument(c, (unsigned)p);
		variant_values(param, &values);
		for (int i = 0; i < values.n; i++) {
			struct sa_function bound = { 0 };
			struct sa_binding b = { param, values.v[i] };
			w->fn = &bound;
			w->cap_access = w->cap_call = w->cap_reference = w->cap_site = 0;
			w->env = (struct sa_env){ &b, 1 };
			w->guard = -1;
			w->nfresh = 0;
			w->next_asm = 0;
			walk_body(w, c, 0);
			struct sa_variant *v = SA_PUSH(fn->variants, fn->nvariants, cap);
			v->param = p;
			v->value = values.v[i];
			v->order = dependent_order(fn, &bound, p);
			v->sites = bound.sites;
			v->nsites = bound.nsites;
			v->calls = bound.calls;
			v->ncalls = bound.ncalls;
			bound.sites = NULL;
			bound.calls = NULL;
			bound.nsites = bound.ncalls = 0;
			sa_function_clear(&bound);
		}
	}
	w->fn = fn;
	w->env = (struct sa_env){ NULL, 0 };
	w->guard = -1;
	w->dependent = dependent;
}

static void function(struct walker *w, CXCursor c)
{
	struct sa_unit *u = w->u;
	if (copy_seen(w, c))
		return;
	struct sa_function *fn = SA_PUSH(u->functions, u->nfunctions, w->cap_functions);
	w->fn = fn;
	w->fn_cursor = c;
	w->cap_access = w->cap_call = w->cap_reference = w->cap_site = 0;
	w->asm_loaded = false;
	w->nasm = w->next_asm = 0;
	w->nfresh = 0;
	w->guard = -1;
	w->dependent = 0;
	describe(w, c, fn);
	walk_body(w, c, 0);
	if (w->dependent && fn->linkage == SA_LINK_EXTERN)
		add_variants(w, c, fn);
	for (int i = 0; i < w->nasm; i++)
		free(w->asm_templates[i]);
	free(w->asm_templates);
	w->asm_templates = NULL;
	if (w->dependent)
		add_dependence(w, fn->usr, w->dependent);
	if (w->seen && in_header(w, fn->file))
		sa_seen_add(w->seen, w->index, fn, w->dependent);
}

static void walk_body(struct walker *w, CXCursor fn, int depth)
{
	struct kids k;
	kids_of(fn, &k);
	for (int i = 0; i < k.n; i++)
		if (is_kind(k.v[i], CXCursor_CompoundStmt))
			visit(w, k.v[i], ACC_READ, true, depth);
	kids_free(&k);
}

/* Is the declaration in the unit's main file or in a file below the main file's folder
 * (the API a header declares, e.g. include/foo.h and include/foo/impl.h)? */
static bool in_api_files(struct walker *w, CXCursor c)
{
	CXFile file;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	const char *path = path_of(w, file);
	if (!path)
		return false;
	const char *slash = strrchr(w->u->file, '/');
	size_t dir = slash ? (size_t)(slash - w->u->file) + 1 : 0;
	return strcmp(path, w->u->file) == 0 || (dir > 0 && strncmp(path, w->u->file, dir) == 0);
}

/* A function declared without a body: described once, for a generator to call it. */
static void declaration(struct walker *w, CXCursor c)
{
	struct sa_unit *u = w->u;
	char *usr = sa_cx(clang_getCursorUSR(c));
	bool seen = !usr[0];
	for (int i = 0; i < u->ndeclarations && !seen; i++)
		seen = strcmp(u->declarations[i].usr, usr) == 0;
	free(usr);
	if (seen || !in_api_files(w, c))
		return;
	describe(w, c, SA_PUSH(u->declarations, u->ndeclarations, w->cap_declarations));
}

/* Drops the declarations of functions the unit defines after all. */
static void drop_defined(struct sa_unit *u)
{
	int kept = 0;
	for (int i = 0; i < u->ndeclarations; i++) {
		bool defined = false;
		for (int k = 0; k < u->nfunctions && !defined; k++)
			defined = strcmp(u->functions[k].usr, u->declarations[i].usr) == 0;
		if (defined)
			sa_function_clear(&u->declarations[i]);
		else
			u->declarations[kept++] = u->declarations[i];
	}
	u->ndeclarations = kept;
}

/* A variable the unit's main file defines with external linkage: its name. */
static void variable(struct walker *w, CXCursor c)
{
	CXFile file;
	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	const char *path = path_of(w, file);
	if (!clang_isCursorDefinition(c) || clang_Cursor_getStorageClass(c) == CX_SC_Static ||
	    clang_Cursor_getStorageClass(c) == CX_SC_Extern || !path || strcmp(path, w->u->file) != 0)
		return;
	int cap = w->u->nvariables;
	*SA_PUSH(w->u->variables, w->u->nvariables, cap) = sa_cx(clang_getCursorSpelling(c));
}

static enum CXChildVisitResult top(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct walker *w = data;
	if (is_kind(c, CXCursor_FunctionDecl) && clang_isCursorDefinition(c))
		function(w, c);
	else if (is_kind(c, CXCursor_FunctionDecl))
		declaration(w, c);
	else if (is_kind(c, CXCursor_VarDecl))
		variable(w, c);
	else if (is_kind(c, CXCursor_LinkageSpec) || is_kind(c, CXCursor_UnexposedDecl))
		return CXChildVisit_Recurse;
	return CXChildVisit_Continue;
}

void sa_walk_unit(CXTranslationUnit tu, struct sa_unit *u, struct sa_seen *seen, int index)
{
	struct walker w = { .tu = tu, .u = u, .guard = -1, .seen = seen, .index = index };
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top, &w);
	drop_defined(u);
	for (int i = 0; i < w.nfiles; i++)
		free(w.files[i].path);
	free(w.files);
	free(w.fresh);
	for (int i = 0; i < w.ndeps; i++)
		free(w.deps[i].usr);
	free(w.deps);
}
