/* audit_family.c: the object families of an API and how each starts.
 *
 * A *family* is the set of functions whose first parameter points to the same type T: a
 * struct (every ck_stack_* function takes a struct ck_stack *), a scalar target (int * for
 * the ck_pr_*_int operations), a pointer (struct ck_spinlock_mcs ** for the MCS lock's
 * queue), or an opaque `void *` (urcu's __uatomic_* functions). A GNU transparent union of
 * pointers (urcu's cds_wfs_stack_ptr_t) puts its function in the family of each pointer
 * type it accepts. Functions without parameters that touch the same global state form a
 * family of their own ("globals"): union-find over the globals their bodies read or
 * write; bodiless ones (a library's) are grouped per header. Those that touch no state at
 * all (ck_pr's fences, ck_bitmap_size) form one "stateless" family per header: their
 * verdicts say they commute, and every state is the fresh one.
 *
 * Each family's *initial state*, in this order (a config file can name any of them):
 *   1. an initializer: `void x_init(T *, ...)` (the name ends in init, or starts with
 *      init_ as the kernel's INIT_LIST_HEAD; or it returns a
 *      status: int sem_init(sem_t *, ...)), run on a zeroed T (so only of a complete T);
 *   2. a constructor: returns T * and takes no T * (and is not variadic); the object is
 *      what it returns;
 *   3. what another family's call returns from a new object of that family, filled or not
 *      (audit_derive.c: a cds_wfs_head is what __cds_wfs_pop_all(stack) returns);
 *   4. a zeroed T, when T is complete (a scalar, a struct with a known size).
 * A family of an incomplete T without a constructor cannot be built and is reported.
 * The initializer and the destructors (names with destroy, deinit, fini, free, delete;
 * ending in _close, _dispose) are operations too, with the owner-only contract: only the
 * object's owner (re)starts or ends its life, so their verdicts hold while no other call
 * runs beside them. A constructor is an operation without it: it makes another object,
 * which any thread may do at once. Not the
 * destructor of an object a constructor returned (critnib_delete after critnib_new): it
 * frees what the library allocated, so whatever follows it would use freed memory. A helper
 * whose name starts with an underscore, when most of the family's functions are public,
 * is not an operation (ck_ring's _ck_ring_enqueue_reserve_sp; urcu's _LGPL_SOURCE bodies
 * are underscored and stay).
 *
 * Every other member becomes an operation (audit_roles.c gives its parameters values);
 * what cannot be generated is a note that says why. */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "snc_audit.h"

void *audit_grow(void *p, int *cap, int n, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? 2 * *cap : 16;
	p = realloc(p, (size_t)*cap * size);
	if (!p) {
		fprintf(stderr, "snc audit: out of memory\n");
		exit(2);
	}
	return p;
}

void audit_note(struct audit_plan *plan, const char *kind, const char *name, const char *family,
		const char *status, const char *fmt, ...)
{
	plan->notes = audit_grow(plan->notes, &plan->cap_notes, plan->nnotes, sizeof *plan->notes);
	char detail[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	plan->notes[plan->nnotes++] = (struct audit_note){
		strdup(kind), strdup(name), family ? strdup(family) : NULL, strdup(status),
		strdup(detail),
	};
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

/* destroy, deinit, fini, free, delete as a word anywhere; close, dispose at the end
 * (ev_bus_close after ev_bus_open; not ch_closed_count) */
static bool is_destructor(const char *name)
{
	static const char *const words[] = { "destroy", "deinit", "fini", "free", "delete", NULL };
	/* a setter of the callback that frees (GLib's g_ptr_array_set_free_func) ends nothing */
	static const char *const callback_words[] = { "func", "fn", "cb", "callback", "notify",
						      "handler", "hook", NULL };
	return (audit_name_has_word(name, words) || ends_with(name, "_close") ||
		ends_with(name, "_dispose")) && !audit_name_has_word(name, callback_words);
}

bool audit_is_destructor(const char *name)
{
	return is_destructor(name);
}

/* A T * to a struct or union (one level). */
static bool points_to_record(const struct sa_type *t)
{
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->target_cls == SA_TYPE_RECORD &&
	       t->pointee;
}

/* A string (const char *: a value, "0" or "1"; libuv's uv_os_setenv(name, value), its
 * uv_fs_* paths) or a character buffer (char *: AUDIT_STRING_BUFFER bytes, observed by
 * their content; uv_os_homedir(buffer, size)): an argument, never the object of a family
 * of char, built by a function returning a string (uv_version_string()) or a zeroed char
 * the function writes past. */
static bool is_string(const struct sa_type *t)
{
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->pointee &&
	       strcmp(t->pointee, "char") == 0;
}

/* A variadic function whose last named parameter is a format string (g_string_printf(string,
 * const char *format, ...)): called with no variadic argument, as its format (a string of
 * the domain, "0" or "1") has no conversion. */
static bool format_variadic(const struct sa_function *f)
{
	if (!f->typed || f->nparams < 1 || !strstr(f->signature, "..."))
		return false;
	const struct sa_param *last = &f->param_types[f->nparams - 1];
	return is_string(&last->type) && last->type.pointee_const &&
	       (strstr(last->name, "fmt") || strstr(last->name, "format"));
}

bool audit_is_stream(const struct sa_type *t)
{
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->pointee &&
	       (strcmp(t->pointee, "struct _IO_FILE") == 0 || strcmp(t->pointee, "FILE") == 0);
}

/* A string, a buffer or a stream: an argument, never the object of a family. */
static bool is_argument_only(const struct sa_type *t)
{
	return is_string(t) || audit_is_stream(t);
}

/* An integer, an enum, a bool, a string, a buffer or a stream: a value a call is given. */
static bool is_value(const struct sa_type *t)
{
	return t->cls == SA_TYPE_INTEGER || t->cls == SA_TYPE_ENUM || t->cls == SA_TYPE_BOOL ||
	       is_argument_only(t);
}

/* The family keys of a function's first parameter: the pointee of a pointer, or of each
 * member of a transparent union. When the first parameter is a scalar (urcu's
 * set_cpu_call_rcu_data(int cpu, struct call_rcu_data *crdp)), the first pointer to a
 * struct after it is the object. */
static int keys_of(const struct sa_function *f, const char *keys[8])
{
	if (f->nparams == 0)
		return 0;
	const struct sa_type *t = &f->param_types[0].type;
	bool scalar = is_value(t);
	for (int p = 1; scalar && f->typed && p < f->nparams; p++) {
		const struct sa_type *later = &f->param_types[p].type;
		if (points_to_record(later)) {
			keys[0] = later->pointee;
			return 1;
		}
	}
	if (t->cls == SA_TYPE_POINTER && t->target_cls != SA_TYPE_FUNCTION && !scalar) {
		keys[0] = t->pointee;
		return 1;
	}
	int n = 0;
	if (t->cls == SA_TYPE_TRANSPARENT_UNION)
		for (int i = 0; i < t->nmembers && n < 8; i++)
			if (t->members[i].cls == SA_TYPE_POINTER)
				keys[n++] = t->members[i].pointee;
	return n;
}

/* The harness name of a key: a C identifier (struct ck_stack: ck_stack; int: int;
 * struct ck_spinlock_mcs *: ck_spinlock_mcs_ptr). */
static char *name_of_key(const char *key)
{
	const char *p = key;
	for (const char *prefix; (prefix = strncmp(p, "struct ", 7) == 0 ? "struct " :
			strncmp(p, "union ", 6) == 0 ? "union " : strncmp(p, "const ", 6) == 0 ? "const " : NULL);)
		p += strlen(prefix);
	char *name = malloc(strlen(p) * 4 + 8), *o = name;
	for (; *p; p++) {
		if (*p == '*')
			o += sprintf(o, "%sptr", o > name && o[-1] != '_' ? "_" : "");
		else if (*p == ' ')
			*o++ = '_';
		else if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			 (*p >= '0' && *p <= '9'))
			*o++ = *p;
	}
	while (o > name && o[-1] == '_')
		o--;
	*o = '\0';
	return name;
}

/* The typedef an untyped pointer is spelled with, or NULL (`void *` itself, not a pointer
 * to void). */
static char *void_typedef(const struct sa_type *t)
{
	if (t->cls != SA_TYPE_POINTER || !t->pointee || strcmp(t->pointee, "void") != 0 ||
	    !t->spelling)
		return NULL;
	for (const char *s = t->spelling; *s;) {
		s += strspn(s, " *");
		size_t n = strcspn(s, " *");
		if (n == 0)
			break;
		if (!((n == 5 && strncmp(s, "const", 5) == 0) || (n == 8 && strncmp(s, "volatile", 8) == 0)))
			return n == 4 && strncmp(s, "void", 4) == 0 ? NULL : strndup(s, n);
		s += n;
	}
	return NULL;
}

/* Is t a `void *`, however spelled? */
static bool void_pointer(const struct sa_type *t)
{
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->pointee &&
	       strcmp(t->pointee, "void") == 0;
}

/* Is t a plain `void *` (no typedef)? */
static bool plain_void_pointer(const struct sa_type *t)
{
	char *name = void_typedef(t);
	bool plain = !name && void_pointer(t);
	free(name);
	return plain;
}

/* A family of `void` is split by the typedef, so that GLib's lockers,
 * g_thread_exit(gpointer) and g_once_init_enter(void *) are not one object's operations;
 * and a plain `void *` by the longest of plan->void_prefixes its function's name starts
 * with (zmq_ctx_set with zmq_ctx_new, zmq_atomic_counter_inc with zmq_atomic_counter_new). */
char *audit_object_group(const struct audit_plan *plan, const char *name, const struct sa_type *t)
{
	char *typedef_name = void_typedef(t);
	if (typedef_name || !void_pointer(t))
		return typedef_name;
	const char *best = NULL;
	for (int i = 0; i < plan->nvoid_prefixes; i++) {
		size_t n = strlen(plan->void_prefixes[i]);
		if (strncmp(name, plan->void_prefixes[i], n) == 0 && (!best || n > strlen(best)))
			best = plan->void_prefixes[i];
	}
	return best ? strdup(best) : NULL;
}

const char *audit_family_label(const struct audit_family *fam)
{
	return fam->group ? fam->group : fam->key;
}

/* Does type t (a parameter's or a result's of the function name) belong to fam's group? */
static bool in_group(const struct audit_plan *plan, const struct audit_family *fam,
		     const char *name, const struct sa_type *t)
{
	char *group = audit_object_group(plan, name, t);
	bool same = (!group && !fam->group) || (group && fam->group && strcmp(group, fam->group) == 0);
	free(group);
	return same;
}

struct member_list {
	struct audit_fn *v;
	int n, cap;
};

struct draft {
	struct audit_family fam;
	struct member_list members;
};

/* The draft of key (and group: a void family's typedef, or NULL), made when new. */
static struct draft *draft_in_group(struct draft **drafts, int *n, int *cap, const char *key,
				    const char *group, const char *header)
{
	for (int i = 0; i < *n; i++)
		if (strcmp((*drafts)[i].fam.key, key) == 0 &&
		    (!group ? !(*drafts)[i].fam.group
			    : (*drafts)[i].fam.group && strcmp((*drafts)[i].fam.group, group) == 0))
			return &(*drafts)[i];
	*drafts = audit_grow(*drafts, cap, *n, sizeof **drafts);
	struct draft *d = &(*drafts)[(*n)++];
	memset(d, 0, sizeof *d);
	d->fam.key = strdup(key);
	d->fam.group = group ? strdup(group) : NULL;
	d->fam.starter_out = -1;
	if (group) {
		d->fam.name = name_of_key(group);
	} else if (strcmp(key, "void") == 0) {   /* an opaque target: named after its header */
		const char *base = strrchr(header, '/') ? strrchr(header, '/') + 1 : header;
		char *name = strdup(base), *dot = strrchr(name, '.');
		if (dot)
			*dot = '\0';
		d->fam.name = name_of_key(name);
		free(name);
	} else {
		d->fam.name = name_of_key(key);
	}
	d->fam.header = header;
	d->fam.object_size = -1;
	return d;
}

static struct draft *draft_for(struct draft **drafts, int *n, int *cap, const char *key,
			       const char *header)
{
	return draft_in_group(drafts, n, cap, key, NULL, header);
}

static void add_member(struct draft *d, const struct audit_fn *f)
{
	d->members.v = audit_grow(d->members.v, &d->members.cap, d->members.n, sizeof *d->members.v);
	d->members.v[d->members.n++] = *f;
}

/* The parameter type of the family's object in f (for the object's size): the first
 * parameter, a member of its transparent union, the struct pointer after a scalar, or the
 * container after an entry (container_key). */
static const struct sa_type *object_type(const struct draft *d, const struct sa_function *f)
{
	const struct sa_type *t = &f->param_types[0].type;
	if (t->cls == SA_TYPE_TRANSPARENT_UNION)
		for (int i = 0; i < t->nmembers; i++)
			if (t->members[i].pointee && strcmp(t->members[i].pointee, d->fam.key) == 0)
				return &t->members[i];
	for (int p = 1; !(t->pointee && strcmp(t->pointee, d->fam.key) == 0) && p < f->nparams; p++)
		if (f->param_types[p].type.cls == SA_TYPE_POINTER && f->param_types[p].type.pointee &&
		    strcmp(f->param_types[p].type.pointee, d->fam.key) == 0)
			return &f->param_types[p].type;
	return t;
}

/* ---- globals families: union-find over shared global state ----------------------------- */

/* Does a T * point to one scalar? */
static bool points_to_scalar(const struct sa_type *t)
{
	return t->cls == SA_TYPE_POINTER && t->levels == 1 &&
	       (t->target_cls == SA_TYPE_INTEGER || t->target_cls == SA_TYPE_ENUM ||
		t->target_cls == SA_TYPE_BOOL || t->target_cls == SA_TYPE_FLOAT);
}

/* A pointer to one scalar after a scalar first parameter: an out-parameter, or a value
 * passed by pointer, of a function on global state (gmap_get(int key, int *value_out),
 * gmap_stat(const char *name, long *out)); first, it is the object (an atomic cell). */
static bool scalar_cell_after_first(const struct sa_function *f, int p)
{
	return p > 0 && points_to_scalar(&f->param_types[p].type);
}

/* Can parameter p of f be given to a function on global state: a value, a scalar cell
 * after the first, or an empty va_list after a format (log_vwrite(level, fmt, ap))? */
static bool global_arg(const struct sa_function *f, int p)
{
	return is_value(&f->param_types[p].type) || scalar_cell_after_first(f, p) ||
	       audit_va_list_after_format(f, p);
}

/* Takes nothing, or only integers, enums and bools (lock(int id), set_add(int key)), and
 * perhaps a callback with its `void *` payload (urcu's defer_rcu(fct, p)): no object, so
 * its state can only be the library's globals. */
static bool only_scalars(const struct sa_function *f)
{
	if (!f->typed)
		return f->nparams == 0;
	bool callback = false;
	for (int p = 0; p < f->nparams; p++) {
		const struct sa_type *t = &f->param_types[p].type;
		bool scalar = global_arg(f, p);
		bool fn = t->cls == SA_TYPE_POINTER && t->levels == 1 && t->target_cls == SA_TYPE_FUNCTION;
		callback |= fn;
		if (!scalar && !fn && !(t->cls == SA_TYPE_POINTER && t->levels == 1 &&
					t->target_cls == SA_TYPE_VOID))
			return false;
	}
	for (int p = 0; !callback && p < f->nparams; p++)   /* a void * alone may be an object */
		if (f->param_types[p].type.cls == SA_TYPE_POINTER &&
		    !is_argument_only(&f->param_types[p].type) && !scalar_cell_after_first(f, p))
			return false;
	return true;
}

/* Why a function with no object is in no family: its first parameter is no object, and,
 * when that parameter is a value, the parameter after it that no global-state function
 * takes (mallctl(const char *name, void *oldp, ...): oldp). */
static void note_no_object(struct audit_plan *plan, const struct sa_function *f)
{
	const struct sa_param *odd = NULL;
	for (int p = 1; f->typed && is_value(&f->param_types[0].type) && p < f->nparams && !odd; p++)
		if (!global_arg(f, p))
			odd = &f->param_types[p];
	if (odd)
		audit_note(plan, "function", f->name, NULL, "skipped", "its first parameter (%s) is "
			   "not a pointer to an object, and its parameter %s (%s) is neither a value "
			   "nor an out-parameter of a function on global state",
			   f->param_types[0].type.spelling, odd->name[0] ? odd->name : "(unnamed)",
			   odd->type.spelling);
	else
		audit_note(plan, "function", f->name, NULL, "skipped",
			   "its first parameter (%s) is not a pointer to an object",
			   f->param_types[0].type.spelling);
}

/* A first parameter named as where a result goes (out, *_out, result, ret, dst, snap), a
 * non-const pointer to one scalar or to a struct of scalars, the others values: with
 * global state behind it (reaches_globals), a function on the globals that writes its
 * result there (metrics_snapshot(struct metrics *out), ticket_take(unsigned *out)), not
 * an object of its own. */
static bool out_first(const struct sa_function *f)
{
	static const char *const names[] = { "out", "result", "res", "ret", "dst", "dest", "snap",
					     "snapshot", NULL };
	if (!f->typed || f->nparams == 0)
		return false;
	const struct sa_param *first = &f->param_types[0];
	const struct sa_type *t = &first->type;
	bool named = ends_with(first->name, "_out");
	for (int i = 0; names[i] && !named; i++)
		named = strcmp(first->name, names[i]) == 0;
	if (!named || t->cls != SA_TYPE_POINTER || t->levels != 1 || t->pointee_const ||
	    !(points_to_scalar(t) ||
	      (t->target_cls == SA_TYPE_RECORD && t->pointee_scalars && t->pointee_size > 0)))
		return false;
	for (int p = 1; p < f->nparams; p++)
		if (!global_arg(f, p))
			return false;
	return true;
}

static const struct sa_fn *model_fn(const struct sa_model *m, const struct sa_function *def);
static bool is_global(const struct sa_model *m, int state);

/* Does f, defined in the scanned code, read or write a global variable, itself or through
 * what it calls (the model's effects)? */
static bool reaches_globals(const struct sa_model *m, const struct sa_function *f)
{
	const struct sa_fn *mf = f ? model_fn(m, f) : NULL;
	for (int e = 0; mf && e < mf->neffects; e++)
		if (is_global(m, mf->effects[e].state))
			return true;
	return false;
}

static int find(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

static const struct sa_fn *model_fn(const struct sa_model *m, const struct sa_function *def)
{
	for (int i = 0; i < m->nfns; i++)
		if (m->fns[i].def == def)
			return &m->fns[i];
	return NULL;
}

static bool is_global(const struct sa_model *m, int state)
{
	return strncmp(m->states[state].key, "c:", 2) == 0;   /* a variable's USR, not a field */
}

/* Does f's own body (a wrapper's, outside the model) access a global variable? */
static bool touches_globals(const struct sa_function *f)
{
	for (int a = 0; a < f->naccesses; a++)
		if (strncmp(f->accesses[a].key, "c:", 2) == 0)
			return true;
	return false;
}

static void plan_globals(const struct sa_model *m, struct audit_fn **fns,
			 int n, struct draft **drafts, int *ndrafts, int *cap)
{
	int *parent = malloc((size_t)(n + 1) * sizeof *parent);
	int *first_state = malloc((size_t)(m->nstates + 1) * sizeof *first_state);
	for (int i = 0; i < n; i++)
		parent[i] = i;
	for (int s = 0; s < m->nstates; s++)
		first_state[s] = -1;
	for (int i = 0; i < n; i++) {
		const struct sa_fn *mf = fns[i]->body ? model_fn(m, fns[i]->body) : NULL;
		for (int e = 0; mf && e < mf->neffects; e++) {
			int s = mf->effects[e].state;
			if (!is_global(m, s))
				continue;
			if (first_state[s] < 0)
				first_state[s] = i;
			else
				parent[find(parent, i)] = find(parent, first_state[s]);
		}
	}
	for (int i = 0; i < n; i++) {
		const struct sa_fn *mf = fns[i]->body ? model_fn(m, fns[i]->body) : NULL;
		char key[1024];
		const char *base = strrchr(fns[i]->header, '/');
		base = base ? base + 1 : fns[i]->header;
		if (fns[i]->body) {
			int root = find(parent, i);
			const char *state = NULL;
			for (int s = 0; s < m->nstates && !state; s++)
				if (first_state[s] >= 0 && find(parent, first_state[s]) == root)
					state = m->states[s].name;
			if (!state && !mf && touches_globals(fns[i]->body))   /* a macro's wrapper */
				snprintf(key, sizeof key, "globals of %s", base);
			else if (!state || !mf)   /* a fence, a pure helper: no state at all */
				snprintf(key, sizeof key, "stateless of %s", base);
			else
				snprintf(key, sizeof key, "globals %s", state);
		} else {
			snprintf(key, sizeof key, "globals of %s", base);
		}
		struct draft *d = draft_for(drafts, ndrafts, cap, key, fns[i]->header);
		if (!d->fam.globals) {
			d->fam.globals = true;
			d->fam.stateless = strncmp(key, "stateless ", 10) == 0;
			free(d->fam.name);
			char name[1100];
			if (d->fam.stateless)   /* stateless_ck_pr */
				snprintf(name, sizeof name, "stateless_%.*s", (int)strcspn(base, "."), base);
			else
				snprintf(name, sizeof name, "globals_%s", strchr(key, ' ') + 1);
			d->fam.name = name_of_key(name);
		}
		add_member(d, fns[i]);
	}
	free(parent);
	free(first_state);
}

/* ---- starting states ------------------------------------------------------------------- */

static const struct audit_fn *member_named(const struct draft *d, const struct audit_fn *all,
					   int nall, const char *name)
{
	for (int i = 0; i < d->members.n; i++)
		if (strcmp(d->members.v[i].def->name, name) == 0)
			return &d->members.v[i];
	for (int i = 0; i < nall; i++)
		if (strcmp(all[i].def->name, name) == 0)
			return &all[i];
	return NULL;
}

static bool takes_key(const struct sa_function *f, const char *key)
{
	for (int p = 0; p < f->nparams; p++) {
		const struct sa_type *t = &f->param_types[p].type;
		if (t->cls == SA_TYPE_POINTER && strcmp(t->pointee, key) == 0)
			return true;
	}
	return false;
}

/* Does f, named as a destructor, release an item into the object rather than end the
 * object (pool_free(p, void *block), slab_free(s, struct obj *o)): does it take a pointer
 * to data, other than the object? Or does its name say it takes an item out and it takes
 * something to say which (cJSON_DeleteItemFromArray(array, int which), a key, an index)?
 * Or that it frees what the object holds, not the object (talloc_free_children(ctx))? */
static bool releases_an_item(const struct sa_function *f, const char *key)
{
	static const char *const item_words[] = { "from", "item", "entry", "element", "child",
						  "index", "key", NULL };
	static const char *const contents_words[] = { "items", "entries", "elements", "children",
						      "contents", "members", "nodes", NULL };
	if (audit_name_has_word(f->name, contents_words) ||
	    (f->nparams > 1 && audit_name_has_word(f->name, item_words)))
		return true;
	for (int p = 0; f->typed && p < f->nparams; p++) {
		const struct sa_type *t = &f->param_types[p].type;
		if (t->cls == SA_TYPE_POINTER && t->levels == 1 && t->target_cls != SA_TYPE_FUNCTION &&
		    !is_argument_only(t) && t->pointee && strcmp(t->pointee, key) != 0)
			return true;
	}
	return false;
}

bool audit_returns_status(const struct sa_function *f)
{
	return f->result.cls == SA_TYPE_VOID || f->result.cls == SA_TYPE_INTEGER ||
	       f->result.cls == SA_TYPE_ENUM || f->result.cls == SA_TYPE_BOOL;
}

/* Is a parameter of this name where a function reports an error (err, error, errp)? */
static bool names_an_error(const char *name)
{
	static const char *const words[] = { "err", "error", "errp", "errptr", NULL };
	return name && audit_name_has_word(name, words);
}

/* May a constructor of key take a parameter of type t? Not an object: no pointer to key,
 * no transparent union, no pointer to another struct but a const one it reads as options
 * (ev_bus_open(const struct ev_config *cfg), given a zeroed one: the defaults). */
static bool constructor_may_take(const struct audit_plan *plan, const struct sa_function *f,
				 const struct sa_param *param, const char *key)
{
	const struct sa_type *t = &param->type;
	if (t->cls == SA_TYPE_TRANSPARENT_UNION)
		return false;
	if (t->cls != SA_TYPE_POINTER)
		return true;
	/* a context (APR's pool) when the function is named as a maker: a getter of another
	 * object (apr_hash_pool_get(ht), apr_hash_first(pool, ht)) constructs nothing */
	return strcmp(t->pointee, key) != 0 && (t->target_cls != SA_TYPE_RECORD ||
	       (t->levels == 1 && t->pointee_const && t->pointee_size >= 0) ||
	       /* an error out-parameter: GLib's GError **error, g_thread_pool_new's last */
	       (t->levels == 2 && t->target && strcmp(t->target, key) != 0 &&
		names_an_error(param->name)) ||
	       (t->levels == 1 && audit_context_of(plan, t->pointee) &&
		audit_named_as_maker(f->name)) ||
	       /* attributes a maker takes, NULL for its defaults (cds_lfht_new's
		* pthread_attr_t *attr): given NULL (audit_roles.c) */
	       (t->levels == 1 && !t->pointee_const && audit_named_as_attributes(param->name) &&
		audit_named_as_maker(f->name)));
}

/* A T * parameter named as the new object's parent (nsync_note_new(nsync_note parent,
 * ...)): a constructor may take one, and gets NULL (a root) when it builds the initial
 * state, as obj is then. */
static bool names_a_parent(const struct sa_param *p, const char *key)
{
	static const char *const names[] = { "parent", "outer", "owner", NULL };
	const struct sa_type *t = &p->type;
	if (t->cls != SA_TYPE_POINTER || t->levels != 1 || !t->pointee || strcmp(t->pointee, key) != 0)
		return false;
	for (int i = 0; names[i]; i++)
		if (p->name && strcmp(p->name, names[i]) == 0)
			return true;
	return false;
}

/* Returns T * and takes nothing a constructor may not (constructor_may_take), but maybe
 * its parent (names_a_parent). */
static bool is_constructor(const struct audit_plan *plan, const struct sa_function *f,
			   const char *key)
{
	if (!f->typed || f->result.cls != SA_TYPE_POINTER || f->result.levels != 1 ||
	    strcmp(f->result.pointee, key) != 0 || is_destructor(f->name) ||
	    strstr(f->signature, "...") ||   /* sem_open(name, oflag, ...): not callable */
	    is_string(&f->result))   /* uv_version_string(): a string, not an object */
		return false;
	/* any function returning void * would build an opaque cell: only one named to make it
	 * does (pool_alloc, mi_malloc; not ck_epoch_record_ct, which returns a field) */
	if (strcmp(key, "void") == 0 && !audit_named_as_maker(f->name) && !strstr(f->name, "alloc"))
		return false;
	for (int p = 0; p < f->nparams; p++)
		if (!constructor_may_take(plan, f, &f->param_types[p], key) &&
		    !names_a_parent(&f->param_types[p], key))
			return false;
	return true;
}

/* The T ** parameter through which f returns a new object, or -1: a constructor that
 * returns a status (int mp_create(mp_pool_t **out, enum mp_mode mode, size_t n)), with the
 * same limits as one that returns T * on its other parameters. */
static int out_constructor_param(const struct audit_plan *plan, const struct sa_function *f,
				 const char *key)
{
	if (!f->typed || is_destructor(f->name) || strstr(f->signature, "...") || !audit_returns_status(f))
		return -1;
	int out = -1;
	for (int p = 0; p < f->nparams; p++) {
		const struct sa_type *t = &f->param_types[p].type;
		if (out < 0 && t->cls == SA_TYPE_POINTER && t->levels == 2 &&
		    t->target_cls == SA_TYPE_RECORD && t->target && strcmp(t->target, key) == 0)
			out = p;
		else if (!constructor_may_take(plan, f, &f->param_types[p], key))
			return -1;
	}
	return out;
}

/* out_constructor_param of a function named as a maker (mp_create(&pool, ...),
 * apr_pool_create(&pool, parent)): not one that changes a root pointer it is given the
 * address of (rl_insert(struct rl_node **root, int key) returns a status too). */
static int maker_out_param(const struct audit_plan *plan, const struct sa_function *f,
			   const char *key)
{
	return audit_named_as_maker(f->name) ? out_constructor_param(plan, f, key) : -1;
}

/* void x_init(T *, ...), or one that returns a status (int sem_init(sem_t *, int, unsigned),
 * pthread_mutex_init); or named the kernel's way, init first (INIT_LIST_HEAD,
 * init_llist_head) */
static bool is_initializer(const struct sa_function *f, const char *key)
{
	const char *keys[8];
	const char *macro = audit_wrapped_macro(f->name);   /* CDS_INIT_LIST_HEAD(ptr)'s wrapper */
	/* init as a word anywhere: liburcu's cds_lfq_init_rcu (its flavor after it) */
	bool named = macro ? audit_named_as_initializer(macro) :
		     ends_with(f->name, "init") || audit_named_as_initializer(f->name);
	return audit_returns_status(f) && named && !is_destructor(f->name) && !audit_named_as_unlinking(f->name) &&
	       keys_of(f, keys) > 0 && takes_key(f, key);
}

/* Is f's first parameter a T * (not ck_epoch_register(epoch, record, ...))? */
static bool takes_key_first(const struct sa_function *f, const char *key)
{
	const struct sa_type *t = f->nparams > 0 ? &f->param_types[0].type : NULL;
	return !t || t->cls != SA_TYPE_POINTER || !t->pointee || strcmp(t->pointee, key) == 0;
}

/* void or int x_register(U *u, T *t, ...), named register, attach or subscribe: T's
 * initial state is a zeroed T registered with a U (one shared U, initialized by U's own
 * initializer when the API has one): Concurrency Kit's ck_epoch_register(epoch, record,
 * ct), ck_hp_register(hp, record, pointers), whose records every other call needs
 * registered (they crashed on a zeroed record). */
static bool is_registration(const struct sa_function *f, const char *key)
{
	if (!f->typed || !audit_returns_status(f) || f->nparams < 2 || strstr(f->signature, "...") ||
	    !audit_named_as_registration(f->name) || !points_to_record(&f->param_types[0].type) ||
	    strcmp(f->param_types[0].type.pointee, key) == 0)
		return false;
	for (int p = 1; p < f->nparams; p++) {
		const struct sa_type *t = &f->param_types[p].type;
		if (t->cls == SA_TYPE_POINTER && t->levels == 1 && !t->pointee_const && t->pointee &&
		    strcmp(t->pointee, key) == 0)
			return true;
	}
	return false;
}

bool audit_is_global_initializer(const struct sa_function *f)
{
	bool scalars = true;
	for (int p = 0; p < f->nparams && scalars; p++) {
		enum sa_type_class c = f->param_types[p].type.cls;
		scalars = c == SA_TYPE_INTEGER || c == SA_TYPE_ENUM || c == SA_TYPE_BOOL;
	}
	return audit_returns_status(f) && scalars && f->typed && (ends_with(f->name, "_init") ||
	       ends_with(f->name, "_initialize") || strcasecmp(f->name, "init") == 0);
}

/* The initializer of the library a family's starter needs called first: an API function
 * of no parameters, returning nothing or a status, named `*_init` or `*_initialize`, with
 * the starter's prefix (`hq_lib_init()` before `hq_open()`, which aborts without it); the
 * shortest such name, or NULL. */
bool audit_initializes_library_of(const struct sa_function *f, const struct sa_function *maker)
{
	const char *cut = strchr(maker->name, '_');
	size_t prefix = cut ? (size_t)(cut - maker->name) + 1 : 0;
	return f != maker && prefix && f->nparams == 0 && !strstr(f->signature, "...") &&
	       audit_is_global_initializer(f) && strncmp(f->name, maker->name, prefix) == 0;
}

static const struct sa_function *library_initializer(const struct sa_function *starter,
						     const struct audit_fn *all, int nall)
{
	const struct sa_function *best = NULL;
	for (int i = 0; i < nall; i++)
		if (audit_initializes_library_of(all[i].def, starter) &&
		    (!best || strlen(all[i].def->name) < strlen(best->name)))
			best = all[i].def;
	return best;
}

/* The start a config file names for key: its verb's index (0 initializer, 1 constructor,
 * 2 zero) and rule into *r, or -1. */
static int configured_start(const struct audit_options *opt, const char *key,
			    const struct audit_rule **r)
{
	static const char *const verbs[] = { "initializer", "constructor", "zero" };
	for (int v = 0; v < 3; v++)
		if ((*r = audit_config_find(opt->config, key, verbs[v], NULL, NULL)))
			return v;
	return -1;
}

/* What the API has to start d's family with, in the order it is taken: an initializer (or
 * a registration), a constructor, a constructor writing through a T **; a context's maker
 * for an opaque type. All NULL when none. */
struct own_start {
	const struct sa_function *init, *ctor, *out_ctor;
	bool made;                 /* the ctor or out_ctor is a context's maker */
};

static struct own_start own_start(const struct audit_plan *plan, const struct draft *d,
				  const struct audit_fn *all, int nall)
{
	const struct audit_family *fam = &d->fam;
	struct own_start s = { 0 };
	/* an initializer needs storage of the type: not of an incomplete one (apr_atomic_init
	 * takes an apr_pool_t *, which only apr_pool_create makes) */
	for (int i = 0; i < d->members.n && (fam->object_size >= 0 || fam->globals); i++) {
		const struct sa_function *f = d->members.v[i].def;
		if ((fam->globals ? audit_is_global_initializer(f) : is_initializer(f, fam->key)) &&
		    (!s.init || strlen(f->name) < strlen(s.init->name)))
			s.init = f;
	}
	for (int i = 0; i < nall && !fam->globals && fam->object_size >= 0; i++)
		if (!s.init && is_registration(all[i].def, fam->key))
			s.init = all[i].def;   /* ck_epoch_register(epoch, obj, ...) */
	for (int i = 0; i < nall && !s.init; i++)
		if (is_constructor(plan, all[i].def, fam->key) && in_group(plan, fam, all[i].def->name, &all[i].def->result) &&
		    (!s.ctor || all[i].def->nparams < s.ctor->nparams))
			s.ctor = all[i].def;
	for (int i = 0; i < nall && !s.init && !s.ctor; i++)   /* mp_create(&obj, ...) */
		if (maker_out_param(plan, all[i].def, fam->key) >= 0 &&
		    (!s.out_ctor || all[i].def->nparams < s.out_ctor->nparams))
			s.out_ctor = all[i].def;
	/* an opaque type none of the API's functions makes, but a header it includes does
	 * (apr_tables.h's apr_array_make(apr_pool_t *p, ...) and apr_pools.h's
	 * apr_pool_create_ex): the maker found for it as a context makes the object */
	const struct audit_context *made = !s.init && !s.ctor && !s.out_ctor && !fam->globals &&
					   fam->object_size < 0 ? audit_context_of(plan, fam->key) : NULL;
	if (made && is_constructor(plan, made->maker, fam->key))
		s.ctor = made->maker;
	else if (made && out_constructor_param(plan, made->maker, fam->key) >= 0)
		s.out_ctor = made->maker;
	s.made = made != NULL;
	return s;
}

/* Picks the starter of d; returns 0, or -1 after a note saying why the family cannot be
 * built. */
static int pick_start(struct audit_plan *plan, struct draft *d, const struct audit_fn *all,
		      int nall, const struct audit_options *opt)
{
	struct audit_family *fam = &d->fam;
	const struct audit_rule *r;
	int v = configured_start(opt, fam->key, &r);
	if (v == 2) {
		fam->start = START_ZERO;
		return 0;
	}
	if (v >= 0) {
		const struct audit_fn *f = member_named(d, all, nall, r->function);
		if (!f) {
			audit_note(plan, "family", audit_family_label(fam), audit_family_label(fam),
				   "skipped", "%s:%d: no function "
				   "named %s in the API", opt->config->path, r->line, r->function);
			return -1;
		}
		fam->start = v == 0 ? START_INITIALIZER : START_CONSTRUCTOR;
		fam->starter = f->def;
		if (v == 1 && !is_constructor(plan, f->def, fam->key))
			fam->starter_out = out_constructor_param(plan, f->def, fam->key);
		return 0;
	}
	struct own_start s = own_start(plan, d, all, nall);
	/* a cds_wfs_head: what __cds_wfs_pop_all(stack) returns */
	const struct sa_function *producer = !s.init && !s.ctor && !s.out_ctor && !s.made &&
					     !fam->globals ? audit_derive_start(plan, fam) : NULL;
	if (s.init) {
		fam->start = START_INITIALIZER;
		fam->starter = s.init;
	} else if (s.ctor) {
		fam->start = START_CONSTRUCTOR;
		fam->starter = s.ctor;
	} else if (s.out_ctor) {
		fam->start = START_CONSTRUCTOR;
		fam->starter = s.out_ctor;
		fam->starter_out = out_constructor_param(plan, s.out_ctor, fam->key);
	} else if (producer) {
		fam->start = START_CONSTRUCTOR;
		fam->starter = producer;
	} else if (fam->object_size >= 0 || fam->globals) {
		fam->start = START_ZERO;
	} else {
		audit_note(plan, "family", audit_family_label(fam), audit_family_label(fam),
			   "skipped", "%s is incomplete (opaque) "
			   "and no constructor returns it: name one in a config file", fam->key);
		return -1;
	}
	return 0;
}

static char *initial_text(const struct audit_family *fam)
{
	char buf[1024];
	if (fam->stateless)
		snprintf(buf, sizeof buf, "none: no operation keeps state (every state is the fresh one)");
	else if (fam->globals && fam->starter)
		snprintf(buf, sizeof buf, "the globals after %s(...)", fam->starter->name);
	else if (fam->globals)
		snprintf(buf, sizeof buf, "the globals as the program starts");
	else if (fam->start == START_CONSTRUCTOR && fam->starter_out >= 0)
		snprintf(buf, sizeof buf, "%s(&obj, ...)", fam->starter->name);
	else if (fam->derivation)
		snprintf(buf, sizeof buf, "obj = %s", fam->derivation);
	else if (fam->start == START_CONSTRUCTOR) {
		size_t used = (size_t)snprintf(buf, sizeof buf, "obj = %s(...)", fam->starter->name);
		for (int i = 0, n = 0; i < fam->nfallbacks && used < sizeof buf; i++) {
			bool listed = fam->fallbacks[i].fn == fam->starter;
			for (int k = 0; k < i && !listed; k++)
				listed = fam->fallbacks[k].fn == fam->fallbacks[i].fn;
			if (!listed)
				used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s(...)",
							 n++ ? ", " : ", or while NULL ",
							 fam->fallbacks[i].fn->name);
		}
	}
	else if (fam->start == START_INITIALIZER)
		snprintf(buf, sizeof buf, "a zeroed %s, then %s(%sobj, ...)", fam->key,
			 audit_wrapped_macro(fam->starter->name) ? audit_wrapped_macro(fam->starter->name)
								 : fam->starter->name,
			 takes_key_first(fam->starter, fam->key) ? "" : "..., ");
	else
		snprintf(buf, sizeof buf, "a zeroed %s", fam->key);
	if (fam->library_init) {
		size_t used = strlen(buf);
		snprintf(buf + used, sizeof buf - used, ", after %s()", fam->library_init->name);
	}
	for (int i = 0; i < fam->ncontexts; i++) {   /* APR's pool */
		size_t used = strlen(buf);
		const struct audit_context *c = fam->contexts[i];
		used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s made by %s()",
					 i ? ", " : "; calls get a ", c->pointee, c->maker->name);
		for (int k = 0; k < c->nalternatives && used < sizeof buf; k++)
			used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s()",
						 k ? ", " : " (or while NULL ", c->alternatives[k]->name);
		if (c->nalternatives && used < sizeof buf)
			snprintf(buf + used, sizeof buf - used, ")");
	}
	for (int i = 0, n = fam->ncontexts; i < fam->npools; i++)   /* libuv's loop */
		if (fam->pools[i].init) {
			size_t used = strlen(buf);
			snprintf(buf + used, sizeof buf - used, "%s%s initialized by %s()",
				 n++ ? ", " : "; calls get a ", fam->pools[i].type, fam->pools[i].init->name);
		}
	if (fam->nsetup > 0)
		strncat(buf, ", then the config's set-up", sizeof buf - strlen(buf) - 1);
	return strdup(buf);
}

/* Whether a pointer type is spelled NAME * as declared (GAsyncQueue * for the family
 * struct _GAsyncQueue): qualifiers, stars and spaces aside. */
static bool pointer_spelled(const struct sa_type *t, const char *name)
{
	if (t->cls != SA_TYPE_POINTER || !t->spelling)
		return false;
	char word[256];
	const char *s = t->spelling;
	while (*s) {
		while (*s == ' ' || *s == '*')
			s++;
		size_t n = strcspn(s, " *");
		if (n == 0 || n >= sizeof word)
			return false;
		memcpy(word, s, n);
		word[n] = '\0';
		s += n;
		if (strcmp(word, "const") != 0 && strcmp(word, "volatile") != 0)
			return strcmp(word, name) == 0 && strspn(s, " *") == strlen(s);
	}
	return false;
}

/* --family NAME: the family's type, its harness's name, or the typedef its members
 * take it by. */
static bool selected(const struct draft *d, const struct audit_options *opt)
{
	if (opt->nfamilies == 0)
		return true;
	for (int i = 0; i < opt->nfamilies; i++) {
		const char *want = opt->families[i];
		if (strcmp(want, d->fam.key) == 0 || strcmp(want, d->fam.name) == 0)
			return true;
		for (int m = 0; m < d->members.n; m++) {
			const struct sa_function *f = d->members.v[m].def;
			for (int p = 0; f->typed && p < f->nparams; p++)
				if (f->param_types[p].type.pointee &&
				    strcmp(f->param_types[p].type.pointee, d->fam.key) == 0 &&
				    pointer_spelled(&f->param_types[p].type, want))
					return true;
		}
	}
	return false;
}

static bool skipped_by_config(const struct audit_options *opt, const char *family, const char *fn)
{
	return audit_config_find(opt->config, family, "skip", fn, NULL) != NULL;
}

static void free_args(struct audit_arg *args, int n)
{
	for (int i = 0; args && i < n; i++)
		free(args[i].fixed);
	free(args);
}

void audit_free_op(struct audit_op *op)
{
	free_args(op->args, op->nargs);
	op->args = NULL;
	op->nargs = 0;
}

static void free_fallbacks(struct audit_family *fam)
{
	for (int i = 0; i < fam->nfallbacks; i++)
		free_args(fam->fallbacks[i].args, fam->fallbacks[i].nargs);
	free(fam->fallbacks);
}

static int fewest_params(const void *a, const void *b)
{
	const struct sa_function *f = *(const struct sa_function *const *)a;
	const struct sa_function *g = *(const struct sa_function *const *)b;
	return f->nparams != g->nparams ? f->nparams - g->nparams : strcmp(f->name, g->name);
}

/* A family made by a constructor that returns it (not one the config names): the calls to
 * try when it returns NULL (qb_rb_create_from_file(fd, flags) reads a ring buffer from a
 * descriptor; qb_rb_open(name, size, QB_RB_FLAG_CREATE, 0) makes one). */
static void add_fallbacks(struct audit_plan *plan, struct draft *d, const struct audit_fn *all,
			  int nall, const struct audit_options *opt)
{
	struct audit_family *fam = &d->fam;
	if (fam->start != START_CONSTRUCTOR || fam->starter_out >= 0 || fam->nderived ||
	    audit_config_find(opt->config, fam->key, "constructor", NULL, NULL))
		return;
	const struct sa_function **ctors = calloc((size_t)nall + 1, sizeof *ctors);
	int n = 0;
	for (int i = 0; ctors && i < nall; i++)
		if (all[i].def != fam->starter && is_constructor(plan, all[i].def, fam->key) &&
		    in_group(plan, fam, all[i].def->name, &all[i].def->result))
			ctors[n++] = all[i].def;
	if (n > 1)
		qsort(ctors, (size_t)n, sizeof *ctors, fewest_params);
	audit_assign_fallbacks(fam, ctors, n, d->members.v, d->members.n, opt);
	free(ctors);
}

static bool effects_global(const struct sa_model *m, const struct sa_fn *mf)
{
	for (int e = 0; e < mf->neffects; e++)
		if (is_global(m, mf->effects[e].state))
			return true;
	return false;
}

/* The model function a call names by its USR, or -1. */
static int callee_by_usr(const struct sa_model *m, const struct sa_call *call)
{
	for (int i = 0; call->callee_usr && i < m->nfns; i++)
		if (m->fns[i].def->usr && strcmp(m->fns[i].def->usr, call->callee_usr) == 0)
			return i;
	return -1;
}

/* Does what a call of a macro's wrapper reaches keep global state, or is it unknown? The
 * callee by its USR, else by its name: a static inline function's USR names the file that
 * defined it where the library was scanned (c:generic.h@F@AO_nop_full), and the wrapper's
 * unit may see it otherwise; every model function of that name must keep none. */
static bool call_keeps_own_state(const struct sa_model *m, const struct sa_call *call)
{
	int by_usr = callee_by_usr(m, call);
	if (by_usr >= 0)
		return effects_global(m, &m->fns[by_usr]);
	bool found = false;
	for (int i = 0; call->callee && i < m->nfns; i++) {
		if (strcmp(m->fns[i].def->name, call->callee) != 0)
			continue;
		if (effects_global(m, &m->fns[i]))
			return true;
		found = true;
	}
	return !found;
}

/* Does f keep state outside its arguments (a global variable), or is its body unknown?
 * A macro's wrapper is outside the model: its own accesses, and the model's effects of
 * every function it calls, tell (AO_char_load_full(addr) is AO_nop_full() then
 * AO_char_load_acquire(addr): no global). */
static bool keeps_own_state(const struct sa_model *m, const struct audit_fn *f)
{
	if (!f->body)
		return true;
	const struct sa_fn *mf = model_fn(m, f->body);
	if (mf)
		return effects_global(m, mf);
	if (touches_globals(f->body))
		return true;
	for (int c = 0; c < f->body->ncalls; c++)
		if (call_keeps_own_state(m, &f->body->calls[c]))
			return true;
	return false;
}

/* Does a call of callee, a function outside the scanned code, change nothing but what its
 * arguments point to (the C library's memory and string functions, locks kept in the
 * caller's object)? */
static bool touches_only_arguments(const char *callee)
{
	static const char *const names[] = {
		"memcpy", "memmove", "memset", "memcmp", "memchr", "strlen", "strnlen", "strcmp",
		"strncmp", "strcasecmp", "strncasecmp", "strchr", "strrchr", "strstr", "strcpy",
		"strncpy", "strcat", "strncat", "strspn", "strcspn", "abs", "labs", "llabs", "free",
		"abort", "__assert_fail", "snprintf", "sprintf", "vsnprintf", "sched_yield",
		"pthread_self", "pthread_equal", NULL,
	};
	static const char *const prefixes[] = { "pthread_mutex_", "pthread_spin_", "pthread_rwlock_",
						"pthread_cond_", NULL };
	for (int i = 0; names[i]; i++)
		if (strcmp(callee, names[i]) == 0)
			return true;
	for (int i = 0; prefixes[i]; i++)
		if (strncmp(callee, prefixes[i], strlen(prefixes[i])) == 0)
			return true;
	return false;
}

/* Does def (a model function, or a wrapper outside the model) call, itself or through the
 * scanned functions it calls, an allocator or any function the scan has no body for but
 * those above? What such a call keeps is outside the harness's memory, where its digest
 * cannot see it: lst_add(0) and lst_add(1) left one digest and nodes holding 0 and 1. */
static bool reaches_unseen_memory(const struct sa_model *m, const struct sa_function *def,
				  bool *visited)
{
	for (int c = 0; c < def->ncalls; c++) {
		const struct sa_call *call = &def->calls[c];
		int target = callee_by_usr(m, call);   /* else by name, as call_keeps_own_state */
		for (int i = 0; i < m->nfns && target < 0; i++)
			if (call->callee && strcmp(m->fns[i].def->name, call->callee) == 0)
				target = i;
		if (target < 0) {
			if (!call->callee || !touches_only_arguments(call->callee))
				return true;
			continue;
		}
		if (visited[target])
			continue;
		visited[target] = true;
		if (reaches_unseen_memory(m, m->fns[target].def, visited))
			return true;
	}
	return false;
}

/* Can a digest of the harness's memory tell every state of the family apart: no member
 * keeps global state, reaches memory outside the harness (above) or is given a callback
 * that allocates? */
static bool digest_sees_everything(const struct sa_model *m, const struct audit_family *fam,
				   const struct audit_fn *members, int nmembers)
{
	if (audit_callbacks_allocate(fam))
		return false;
	bool *visited = calloc((size_t)m->nfns + 1, sizeof *visited);
	bool complete = visited != NULL;
	for (int i = 0; i < nmembers && complete; i++)
		complete = !keeps_own_state(m, &members[i]) &&
			   !reaches_unseen_memory(m, members[i].body, visited);
	free(visited);
	return complete;
}

/* Does f provably leave every state as it was: a scanned body that reads and writes no
 * variable and calls nothing (in a globals family its arguments are scalars)? Such a body
 * is a fence or arithmetic on its arguments. */
static bool keeps_no_state(const struct audit_fn *f)
{
	return f->body && f->body->naccesses == 0 && f->body->ncalls == 0;
}

static void free_family(struct audit_family *fam)
{
	for (int i = 0; fam->ops && i < fam->nops; i++)
		free_args(fam->ops[i].args, fam->ops[i].nargs);
	free(fam->ops);
	free_args(fam->start_args, fam->nstart_args);
	free_fallbacks(fam);
	for (int i = 0; i < fam->nsetup; i++)
		free(fam->setup[i]);
	free(fam->setup);
	for (int i = 0; i < fam->nderived; i++)
		free(fam->derived[i]);
	free(fam->derived);
	free(fam->derivation);
	free(fam->contexts);
	for (int i = 0; i < fam->npools; i++) {
		free(fam->pools[i].type);
		free(fam->pools[i].name);
	}
	free(fam->pools);
	free(fam->key);
	free(fam->group);
	free(fam->name);
	free(fam->initial);
}

static void add_family(struct audit_plan *plan, const struct audit_family *fam)
{
	plan->families = audit_grow(plan->families, &plan->cap_families, plan->nfamilies,
				    sizeof *plan->families);
	plan->families[plan->nfamilies++] = *fam;
}

/* ---- families over a harness's limit ---------------------------------------------------
 * A harness takes at most AUDIT_MAX_OPS operations; a family of more (cJSON's cJSON *, 80
 * functions; GMP's mpz_t) is audited in parts, each a harness of its own with the whole
 * family's set-up. The operations that only read the object (a pointer to a const
 * object), up to PART_READERS of them, are in every part, so that each part sees what its
 * writers change; the others are shared out in the order the headers declare them (which
 * keeps neighbours, mostly variants of one call, together). Pairs of two operations in
 * different parts are not classified. */
#define PART_READERS 16

static bool reads_only(const struct audit_op *op)
{
	for (int a = 0; a < op->nargs; a++)
		if (op->args[a].role == ROLE_OBJECT)
			return op->args[a].param->type.cls == SA_TYPE_POINTER &&
			       op->args[a].param->type.pointee_const;
	return false;
}

static char *copy_text(const char *s)
{
	return s ? strdup(s) : NULL;
}

static struct audit_arg *copy_args(const struct audit_arg *args, int n)
{
	if (!args)
		return NULL;
	struct audit_arg *c = malloc((size_t)(n > 0 ? n : 1) * sizeof *c);
	for (int i = 0; i < n; i++) {
		c[i] = args[i];
		c[i].fixed = copy_text(args[i].fixed);
	}
	return c;
}

static void *copy_array(const void *v, int n, size_t size)
{
	void *c = n > 0 ? malloc((size_t)n * size) : NULL;
	if (c)
		memcpy(c, v, (size_t)n * size);
	return c;
}

/* A family named name (malloc'd, now the copy's) like fam: a copy of everything it owns
 * but its operations (none yet). */
static struct audit_family copy_of(const struct audit_family *fam, char *name)
{
	struct audit_family c = *fam;
	c.key = strdup(fam->key);
	c.group = copy_text(fam->group);
	c.name = name;
	c.initial = copy_text(fam->initial);
	c.start_args = copy_args(fam->start_args, fam->nstart_args);
	c.fallbacks = copy_array(fam->fallbacks, fam->nfallbacks, sizeof *c.fallbacks);
	for (int i = 0; i < fam->nfallbacks; i++)
		c.fallbacks[i].args = copy_args(fam->fallbacks[i].args, fam->fallbacks[i].nargs);
	c.derived = copy_array(fam->derived, fam->nderived, sizeof *c.derived);
	for (int i = 0; i < fam->nderived; i++)
		c.derived[i] = strdup(fam->derived[i]);
	c.derivation = copy_text(fam->derivation);
	c.setup = copy_array(fam->setup, fam->nsetup, sizeof *c.setup);
	for (int i = 0; i < fam->nsetup; i++)
		c.setup[i] = strdup(fam->setup[i]);
	c.contexts = copy_array(fam->contexts, fam->ncontexts, sizeof *c.contexts);
	c.pools = copy_array(fam->pools, fam->npools, sizeof *c.pools);
	for (int i = 0; i < fam->npools; i++) {
		c.pools[i].type = strdup(fam->pools[i].type);
		c.pools[i].name = strdup(fam->pools[i].name);
	}
	c.ops = calloc(AUDIT_MAX_OPS, sizeof *c.ops);
	c.nops = 0;
	return c;
}

static void add_in_parts(struct audit_plan *plan, struct audit_family *fam)
{
	bool *everywhere = calloc((size_t)fam->nops, sizeof *everywhere);
	int readers = 0;
	for (int i = 0; i < fam->nops && readers < PART_READERS; i++)
		if (reads_only(&fam->ops[i]))
			everywhere[i] = true, readers++;
	int rest = fam->nops - readers, room = AUDIT_MAX_OPS - readers;
	int parts = (rest + room - 1) / room, each = (rest + parts - 1) / parts;
	audit_note(plan, "family", audit_family_label(fam), audit_family_label(fam), "audited",
		   "%d operations, more than a harness takes (%d): audited in %d parts (%s_part1 "
		   "..), each with the %d operations that only read the object and about %d of "
		   "the others; pairs of two operations in different parts are not classified",
		   fam->nops, AUDIT_MAX_OPS, parts, fam->name, readers, each);
	for (int p = 0; p < parts; p++) {
		char *name = malloc(strlen(fam->name) + 16);
		sprintf(name, "%s_part%d", fam->name, p + 1);
		struct audit_family part = copy_of(fam, name);
		for (int i = 0, other = 0; i < fam->nops; i++) {
			bool here = everywhere[i] || other / each == p;
			other += !everywhere[i];
			if (!here)
				continue;
			part.ops[part.nops] = fam->ops[i];
			part.ops[part.nops++].args = copy_args(fam->ops[i].args, fam->ops[i].nargs);
		}
		add_family(plan, &part);
	}
	free(everywhere);
	free_family(fam);
}

/* ---- a family started again by another constructor ------------------------------------ */

#define WORDS_MAX 16
#define WORD_LEN 32

/* The words of a name (audit_name_word), lower case; a leading underscore's word is
 * left out. */
static int name_words(const char *name, char words[][WORD_LEN], int max)
{
	int n = 0;
	size_t len;
	for (const char *w = name; n < max && (w = audit_name_word(name, w, &len)); w += len)
		if (w[0] != '_' && len < WORD_LEN) {
			for (size_t i = 0; i < len; i++)
				words[n][i] = (char)tolower((unsigned char)w[i]);
			words[n++][len] = '\0';
		}
	return n;
}

static bool has_word(char words[][WORD_LEN], int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (strcmp(words[i], word) == 0)
			return true;
	return false;
}

/* The words of ctor's name that the starter's has not ("array" of json_object_new_array
 * beside json_object_new_object), into apart; their number. */
static int words_apart(const struct sa_function *ctor, const struct sa_function *starter,
		       char apart[][WORD_LEN])
{
	char own[WORDS_MAX][WORD_LEN], theirs[WORDS_MAX][WORD_LEN];
	int n = name_words(ctor->name, own, WORDS_MAX), m = name_words(starter->name, theirs, WORDS_MAX);
	int k = 0;
	for (int i = 0; i < n; i++)
		if (!has_word(theirs, m, own[i]) && !has_word(apart, k, own[i]))
			memcpy(apart[k++], own[i], WORD_LEN);
	return k;
}

/* Is the name made with every word of apart? */
static bool named_with(const char *name, char apart[][WORD_LEN], int napart)
{
	char words[WORDS_MAX][WORD_LEN];
	int n = name_words(name, words, WORDS_MAX);
	for (int i = 0; i < napart; i++)
		if (!has_word(words, n, apart[i]))
			return false;
	return napart > 0;
}

int audit_plan_restart(struct audit_plan *plan, int index, const char *const *names, int n)
{
	const struct audit_family *fam = &plan->families[index];
	if (fam->instead_of || fam->start != START_CONSTRUCTOR || fam->starter_out >= 0 || fam->nderived ||
	    fam->globals)
		return -1;
	int best = -1, best_hits = 0, best_words = 0;
	char apart[WORDS_MAX][WORD_LEN];
	for (int f = 0; f < fam->nfallbacks; f++) {
		const struct sa_function *ctor = fam->fallbacks[f].fn;
		int k = ctor == fam->starter ? 0 : words_apart(ctor, fam->starter, apart);
		int hits = 0;
		for (int i = 0; k > 0 && i < n; i++)
			hits += named_with(names[i], apart, k);
		if (hits > best_hits || (hits == best_hits && hits > 0 && k < best_words))
			best = f, best_hits = hits, best_words = k;
	}
	if (best < 0)
		return -1;
	const struct audit_attempt *by = &fam->fallbacks[best];
	int napart = words_apart(by->fn, fam->starter, apart);
	/* room for "_start" once per family whose name it could take */
	char *name = malloc(strlen(fam->name) + (size_t)napart * (WORD_LEN + 1) +
			    8 * (size_t)plan->nfamilies + 1);
	strcpy(name, fam->name);
	for (int i = 0; i < napart; i++)
		strcat(strcat(name, "_"), apart[i]);
	for (int i = 0; i < plan->nfamilies; i++)
		if (strcmp(plan->families[i].name, name) == 0)
			strcat(name, "_start");
	struct audit_family again = copy_of(fam, name);
	again.instead_of = fam->starter;
	again.starter = by->fn;
	free_args(again.start_args, again.nstart_args);
	again.start_args = copy_args(by->args, by->nargs);
	again.nstart_args = by->nargs;
	/* the readers of the object, but those named for the kind the starter makes
	 * (value_map_has beside value_new_map, when value_new_list starts again) */
	char starters[WORDS_MAX][WORD_LEN];
	int nstarters = words_apart(fam->starter, by->fn, starters);
	int readers = 0;
	for (int i = 0; i < fam->nops && again.nops < AUDIT_MAX_OPS; i++) {
		bool reader = reads_only(&fam->ops[i]) && readers < PART_READERS &&
			      !named_with(fam->ops[i].name, starters, nstarters);
		if (!reader && !named_with(fam->ops[i].name, apart, napart))
			continue;
		readers += reader;
		again.ops[again.nops] = fam->ops[i];
		again.ops[again.nops++].args = copy_args(fam->ops[i].args, fam->ops[i].nargs);
	}
	free(again.initial);
	again.initial = initial_text(&again);
	add_family(plan, &again);
	return plan->nfamilies - 1;
}

int audit_plan_relink(struct audit_plan *plan, int index, const char *const *names, int n)
{
	const struct audit_family *fam = &plan->families[index];
	if (fam->instead_of || fam->globals || fam->nderived || !fam->starter ||
	    fam->start == START_CONSTRUCTOR || fam->object_size < 0)
		return -1;
	char *name = malloc(strlen(fam->name) + 8 + 8 * (size_t)plan->nfamilies + 1);
	if (!name)
		return -1;
	strcat(strcpy(name, fam->name), "_linked");
	for (int i = 0; i < plan->nfamilies; i++)
		if (strcmp(plan->families[i].name, name) == 0)
			strcat(name, "_start");
	struct audit_family again = copy_of(fam, name);
	const struct sa_function *linker = audit_derive_linked(plan, &again);
	if (!linker) {
		free_family(&again);
		return -1;
	}
	again.instead_of = fam->starter;
	again.start = START_CONSTRUCTOR;
	again.starter = linker;
	int readers = 0;
	for (int i = 0; i < fam->nops && again.nops < AUDIT_MAX_OPS; i++) {
		bool stuck = false;
		for (int k = 0; k < n && !stuck; k++)
			stuck = strcmp(fam->ops[i].name, names[k]) == 0;
		bool reader = !stuck && reads_only(&fam->ops[i]) && readers < PART_READERS;
		if (!stuck && !reader)
			continue;
		readers += reader;
		again.ops[again.nops] = fam->ops[i];
		again.ops[again.nops].local = false;   /* a linking changes the container too */
		again.ops[again.nops++].args = copy_args(fam->ops[i].args, fam->ops[i].nargs);
	}
	free(again.initial);
	again.initial = initial_text(&again);
	add_family(plan, &again);
	return plan->nfamilies - 1;
}

/* Turns a draft into a family of the plan (or notes why not). */
static void finish_family(struct audit_plan *plan, const struct sa_model *m, struct draft *d,
			  const struct audit_fn *all, int nall, const struct audit_options *opt)
{
	struct audit_family *fam = &d->fam;
	char why[512];
	if (pick_start(plan, d, all, nall, opt) != 0)
		goto drop;
	if (fam->starter && !fam->globals)
		fam->library_init = library_initializer(fam->starter, all, nall);
	for (int i = 0; opt->config && i < opt->config->nrules; i++) {
		const struct audit_rule *r = &opt->config->rules[i];
		if (strcmp(r->verb, "setup") == 0 && audit_rule_applies(r, fam->key)) {
			fam->setup = realloc(fam->setup, (size_t)(fam->nsetup + 1) * sizeof *fam->setup);
			fam->setup[fam->nsetup++] = strdup(r->value);
		}
	}
	if (fam->starter && !fam->nderived &&
	    audit_assign_start(fam, d->members.v, d->members.n, opt, why, sizeof why) != 0) {
		audit_note(plan, "family", audit_family_label(fam), audit_family_label(fam),
			   "skipped", "its %s %s: %s",
			   fam->start == START_CONSTRUCTOR ? "constructor" : "initializer",
			   fam->starter->name, why);
		goto drop;
	}
	add_fallbacks(plan, d, all, nall, opt);
	int public = 0, real = 0;   /* among the functions, not the macros' wrappers */
	for (int i = 0; i < d->members.n; i++)
		if (!audit_wrapped_macro(d->members.v[i].def->name)) {
			real++;
			public += d->members.v[i].def->name[0] != '_';
		}
	bool has_public = 2 * public > real;
	fam->ops = calloc((size_t)d->members.n + 1, sizeof *fam->ops);
	for (int i = 0; i < d->members.n; i++) {
		const struct sa_function *f = d->members.v[i].def;
		/* a constructor that returns a new object is no lifecycle call of this one: two
		 * threads make objects at once (a global id counter behind it is shared state) */
		bool lifecycle = !fam->globals &&   /* a handle's close is no object's end */
				 ((f == fam->starter && fam->start != START_CONSTRUCTOR) ||
				  (is_destructor(f->name) && !releases_an_item(f, fam->key)));
		if (skipped_by_config(opt, fam->key, f->name)) {
			audit_note(plan, "function", f->name, audit_family_label(fam), "skipped", "skipped by the config");
			continue;
		}
		if (fam->start == START_CONSTRUCTOR && f != fam->starter && is_destructor(f->name) &&
		    takes_key(f, fam->key) && !releases_an_item(f, fam->key)) {
			audit_note(plan, "function", f->name, audit_family_label(fam), "skipped", "ends the life of "
				   "the object %s() returns (the library allocated it): no call can "
				   "follow it, so each of its pairs would use freed memory",
				   fam->starter->name);
			continue;
		}
		if (f->name[0] == '_' && (has_public || fam->stateless) && !audit_has_alias(plan, f)) {
			audit_note(plan, "function", f->name, audit_family_label(fam), "skipped", "an internal helper "
				   "(leading underscore) in a family of %s", fam->stateless ?
				   "stateless helpers, behind no macro" :
				   "mostly public functions");
			continue;
		}
		if (f->noreturn) {
			audit_note(plan, "function", f->name, audit_family_label(fam), "skipped",
				   "declared noreturn: a call never gives a result");
			continue;
		}
		struct audit_op *op = &fam->ops[fam->nops];
		memset(op, 0, sizeof *op);
		op->fn = f;
		op->name = f->name;
		op->keeps_no_state = fam->globals && keeps_no_state(&d->members.v[i]);
		op->local = !fam->globals && fam->start != START_CONSTRUCTOR &&
			    !keeps_own_state(m, &d->members.v[i]);
		if (audit_assign_op(fam, d->members.v, d->members.n, opt, op, why, sizeof why) != 0) {
			audit_note(plan, "function", f->name, audit_family_label(fam), "skipped", "%s", why);
			free_args(op->args, op->nargs);
			continue;
		}
		if (why[0])   /* audited, with some parameters fixed */
			audit_note(plan, "function", f->name, audit_family_label(fam), "audited", "%s", why);
		if (lifecycle && !op->contract &&
		    !audit_config_find(opt->config, fam->key, "contract", f->name, NULL))
			op->contract = "owner-only";   /* only the owner (re)initializes or destroys */
		if (op->nvalues > 0)
			for (int a = 0; a < op->nargs; a++)
				if (op->args[a].role == ROLE_TOKEN && fam->tokens < opt->domain)
					fam->tokens = opt->domain;
		fam->nops++;
	}
	if (fam->nops == 0) {
		audit_note(plan, "family", audit_family_label(fam), audit_family_label(fam),
			   "skipped",
			   "no operations besides its %s", fam->starter ? "starter" : "members skipped above");
		goto drop;
	}
	fam->initial = initial_text(fam);
	fam->digest_complete = (fam->stateless || (!fam->globals && fam->start != START_CONSTRUCTOR)) &&
			       digest_sees_everything(m, fam, d->members.v, d->members.n);
	if (fam->nops <= AUDIT_MAX_OPS)
		add_family(plan, fam);
	else
		add_in_parts(plan, fam);
	free(d->members.v);
	return;
drop:
	free(d->members.v);
	free_family(fam);
}

static void unique_names(struct draft *drafts, int n)
{
	for (int i = 0; i < n; i++)
		for (int k = 0; k < i; k++)
			if (strcmp(drafts[i].fam.name, drafts[k].fam.name) == 0) {
				char *longer = malloc(strlen(drafts[i].fam.name) + 16);
				sprintf(longer, "%s_%d", drafts[i].fam.name, i);
				free(drafts[i].fam.name);
				drafts[i].fam.name = longer;
			}
}

/* Does some function of the API take a key * first? */
static bool taken_first(const struct audit_plan *plan, const char *key)
{
	for (int i = 0; i < plan->nfns; i++) {
		const struct sa_function *f = plan->fns[i].def;
		if (f->typed && f->nparams > 0 && points_to_record(&f->param_types[0].type) &&
		    strcmp(f->param_types[0].type.pointee, key) == 0)
			return true;
	}
	return false;
}

/* Does a function of the API hand an entry * out, other than one named as making it: one
 * that takes the container (llist_del_first(head) returns a node) or a getter
 * (ev_default_loop() returns the loop uv_timer_init(loop, timer) takes first)? */
static bool hands_out_from(const struct audit_plan *plan, const char *entry, const char *container)
{
	for (int i = 0; i < plan->nfns; i++) {
		const struct sa_function *f = plan->fns[i].def;
		if (!f->typed || !points_to_record(&f->result) || strcmp(f->result.pointee, entry) != 0)
			continue;
		if (!audit_named_as_maker(f->name))
			return true;
		for (int p = 0; p < f->nparams; p++)
			if (points_to_record(&f->param_types[p].type) &&
			    strcmp(f->param_types[p].type.pointee, container) == 0)
				return true;
	}
	return false;
}

/* A kernel-style operation that takes the entry first and its container after it
 * (llist_add(struct llist_node *new, struct llist_head *head)): its object is the container
 * when the API hands entries out of it (llist_del_first(head) returns one) and takes the
 * container first elsewhere. Keyed by its first parameter instead, it made a family of its
 * own, whose fresh node never met the container's other operations: every pair of the
 * list commuted. A first parameter handed out only by functions that make it is the object
 * (cds_lfht_lookup(ht, ..., iter) is the hash table's, cds_lfht_new() makes it). NULL when
 * f is not such an operation. */
static const char *container_key(const struct audit_plan *plan, const struct sa_function *f)
{
	if (!f->typed || f->nparams < 2 || !points_to_record(&f->param_types[0].type) ||
	    f->param_types[0].type.pointee_const)
		return NULL;
	const char *entry = f->param_types[0].type.pointee;
	for (int p = 1; p < f->nparams; p++) {
		const struct sa_type *h = &f->param_types[p].type;
		if (points_to_record(h) && strcmp(h->pointee, entry) != 0 &&
		    taken_first(plan, h->pointee) && hands_out_from(plan, entry, h->pointee))
			return h->pointee;
	}
	return NULL;
}

/* Does some function of the API take a key * as its object (is key a family's)? */
static bool is_family_key(const struct audit_plan *plan, const char *key)
{
	for (int i = 0; i < plan->nfns; i++) {
		const char *keys[8];
		int n = keys_of(plan->fns[i].def, keys);
		for (int k = 0; k < n; k++)
			if (strcmp(keys[k], key) == 0)
				return true;
	}
	return false;
}

/* Does f build the object of another family from options it reads (a constructor whose
 * first parameter, a const struct, would otherwise make it that struct's family)? */
static bool is_options_constructor(const struct audit_plan *plan, const struct sa_function *f)
{
	return points_to_record(&f->result) && is_constructor(plan, f, f->result.pointee) &&
	       is_family_key(plan, f->result.pointee);
}

/* Does f build, through a T ** parameter, the object of a family? Then it is that
 * family's starter, not an operation on a T * cell. */
static bool is_out_constructor(const struct audit_plan *plan, const struct sa_function *f)
{
	for (int p = 0; p < f->nparams; p++) {
		const struct sa_type *t = &f->param_types[p].type;
		if (t->cls == SA_TYPE_POINTER && t->levels == 2 && t->target_cls == SA_TYPE_RECORD &&
		    t->target && maker_out_param(plan, f, t->target) == p && is_family_key(plan, t->target))
			return true;
	}
	return false;
}

/* The name prefixes (up to the last underscore: zmq_ctx_ of zmq_ctx_new) of the
 * constructors of plain `void *` objects that a function taking a plain `void *` first
 * also starts with, when there are two or more: libzmq's contexts, atomic counters, timers
 * and pollers are all `void *`, and were one family whose pairs crossed them. */
static void find_void_prefixes(struct audit_plan *plan)
{
	for (int i = 0; i < plan->nfns; i++) {
		const struct sa_function *f = plan->fns[i].def;
		const char *cut = strrchr(f->name, '_');
		if (!f->typed || !plain_void_pointer(&f->result) || !cut || cut == f->name ||
		    !is_constructor(plan, f, "void"))
			continue;
		size_t n = (size_t)(cut - f->name) + 1;
		bool used = false, known = false;
		for (int k = 0; k < plan->nvoid_prefixes && !known; k++)
			known = strlen(plan->void_prefixes[k]) == n &&
				strncmp(plan->void_prefixes[k], f->name, n) == 0;
		for (int k = 0; k < plan->nfns && !used && !known; k++) {
			const struct sa_function *g = plan->fns[k].def;
			used = g->typed && g->nparams > 0 && plain_void_pointer(&g->param_types[0].type) &&
			       strncmp(g->name, f->name, n) == 0;
		}
		if (!used || known)
			continue;
		plan->void_prefixes = audit_grow(plan->void_prefixes, &plan->cap_void_prefixes,
						 plan->nvoid_prefixes, sizeof *plan->void_prefixes);
		plan->void_prefixes[plan->nvoid_prefixes++] = strndup(f->name, n);
	}
	if (plan->nvoid_prefixes == 1) {   /* nothing to tell apart */
		free(plan->void_prefixes[0]);
		plan->nvoid_prefixes = 0;
	}
}

/* ---- root pointers ------------------------------------------------------------------- */

/* Could d's family start from something of its own, as pick_start takes it: a configured
 * start, an initializer, a registration, a constructor, a context's maker? */
static bool has_own_start(const struct audit_plan *plan, const struct draft *d,
			  const struct audit_options *opt)
{
	const struct audit_rule *r;
	struct own_start s = own_start(plan, d, plan->fns, plan->nfns);
	return configured_start(opt, d->fam.key, &r) >= 0 || s.init || s.ctor || s.out_ctor;
}

/* Does every function of d take a root's value first, a K * where the family of K * (`root`)
 * takes its address; and, for an untyped root, a const one (a reader: JudyLGet(Pcvoid_t
 * PArray, ...), not JudyFree(Pvoid_t PWord, ...), which frees a block of memory)? */
static bool reads_roots(const struct draft *d)
{
	for (int i = 0; i < d->members.n; i++) {
		const struct sa_function *f = d->members.v[i].def;
		const struct sa_type *t = f->nparams > 0 ? &f->param_types[0].type : NULL;
		if (!t || t->cls != SA_TYPE_POINTER || t->levels != 1 || !t->pointee ||
		    strcmp(t->pointee, d->fam.key) != 0 ||
		    (strcmp(d->fam.key, "void") == 0 && !t->pointee_const))
			return false;
	}
	return d->members.n > 0;
}

/* A family of K * (its functions take K **, the address of a root pointer: rl_insert(&root,
 * key), JudyLIns(&PArray, ...)) takes in the functions that take the root's value
 * (rl_count(const struct rl_node *root), JudyLGet(Pcvoid_t PArray, ...)) when K has no
 * start of its own: they are called with *obj, and read the structure the root holds. On
 * their own they ran on a zeroed K, which no list or array is (a one-node list of key 0, a
 * Judy array at the address of a zeroed cell), and were never paired with the calls that
 * change the root. */
static void join_root_readers(const struct audit_plan *plan, struct draft *drafts, int *ndrafts,
			      const struct audit_options *opt)
{
	for (int b = 0; b < *ndrafts; b++) {
		struct draft *readers = &drafts[b];
		char root_key[512];
		snprintf(root_key, sizeof root_key, "%s *", readers->fam.key);
		struct draft *root = NULL;
		for (int a = 0; a < *ndrafts && !root; a++)
			if (a != b && !drafts[a].fam.group && strcmp(drafts[a].fam.key, root_key) == 0)
				root = &drafts[a];
		if (!root || !reads_roots(readers) || has_own_start(plan, readers, opt))
			continue;
		for (int i = 0; i < readers->members.n; i++) {
			struct audit_fn f = readers->members.v[i];
			f.root_value = true;
			add_member(root, &f);
		}
		free(readers->members.v);
		free(readers->fam.key);
		free(readers->fam.group);
		free(readers->fam.name);
		memmove(readers, readers + 1, (size_t)(*ndrafts - b - 1) * sizeof *drafts);
		(*ndrafts)--;
		b--;
	}
}

void audit_plan_families(struct audit_plan *plan, const struct sa_model *model,
			 const struct audit_options *opt)
{
	find_void_prefixes(plan);
	struct draft *drafts = NULL;
	int ndrafts = 0, cap = 0;
	struct audit_fn **scalar_only = calloc((size_t)plan->nfns + 1, sizeof *scalar_only);
	struct audit_fn **producers = calloc((size_t)plan->nfns + 1, sizeof *producers);
	int nscalar_only = 0, nproducers = 0;
	for (int i = 0; i < plan->nfns; i++) {
		const struct audit_fn *f = &plan->fns[i];
		const char *keys[8];
		if (f->helper)
			continue;   /* noted as an internal helper */
		if (f->undefined) {   /* mimalloc-internal.h's _mi_segment_try_reclaim_abandoned */
			audit_note(plan, "function", f->def->name, NULL, "skipped",
				   "declared, but no unit of the build defines it (and no library is "
				   "linked): a call would not link");
			continue;
		}
		if (strstr(f->def->signature, "...") && !format_variadic(f->def)) {
			audit_note(plan, "function", f->def->name, NULL, "skipped",
				   "variadic: the generator cannot call it");
			continue;
		}
		if (only_scalars(f->def) || (out_first(f->def) && reaches_globals(model, f->body))) {
			scalar_only[nscalar_only++] = &plan->fns[i];
			continue;
		}
		int nkeys = keys_of(f->def, keys);
		const char *container = container_key(plan, f->def);
		if (container) {
			keys[0] = container;   /* llist_add(new, head): of the list, not the node */
			nkeys = 1;
		}
		if (nkeys > 0 && is_options_constructor(plan, f->def)) {
			producers[nproducers++] = &plan->fns[i];   /* ev_bus_open(cfg): of ev_bus */
			continue;
		}
		if (nkeys > 0 && is_out_constructor(plan, f->def))
			continue;   /* mp_create(&obj, ...): builds mp_pool's initial state */
		if (nkeys == 0) {
			bool builds = false;
			for (int k = 0; k < plan->nfns && !builds; k++) {
				const char *other[8];
				builds = keys_of(plan->fns[k].def, other) > 0 &&
					 is_constructor(plan, f->def, other[0]);
			}
			if (builds)   /* a producer: an operation of the family it builds */
				producers[nproducers++] = &plan->fns[i];
			else
				note_no_object(plan, f->def);
			continue;
		}
		for (int k = 0; k < nkeys; k++) {
			char *group = nkeys == 1 && !container
				? audit_object_group(plan, f->def->name, &f->def->param_types[0].type) : NULL;
			struct draft *d = draft_in_group(&drafts, &ndrafts, &cap, keys[k], group, f->header);
			free(group);
			const struct sa_type *t = object_type(d, f->def);
			if (strcmp(keys[k], "void") == 0)
				d->fam.object_size = 8;   /* an opaque target: a 64-bit cell */
			else if (t->pointee_size > d->fam.object_size) {
				d->fam.object_size = t->pointee_size;
				d->fam.flexible = t->pointee_flexible;
			}
			add_member(d, f);
		}
	}
	int kept = 0;
	for (int i = 0; i < nscalar_only; i++) {   /* account_new(void) builds: a producer */
		bool builds = false;
		for (int k = 0; k < ndrafts && !builds; k++)
			builds = is_constructor(plan, scalar_only[i]->def, drafts[k].fam.key);
		if (builds)
			producers[nproducers++] = scalar_only[i];
		else
			scalar_only[kept++] = scalar_only[i];
	}
	nscalar_only = kept;
	/* Producers (functions returning the family's object and taking none: constructors,
	 * getters of a shared one) are operations of that family: what they return is compared
	 * like any pointer result (obj, a pool object, or another). The one picked to build the
	 * initial state is an operation too, with the owner-only contract. */
	for (int i = 0; i < nproducers; i++)
		for (int k = 0; k < ndrafts; k++)
			if (is_constructor(plan, producers[i]->def, drafts[k].fam.key) &&
			    in_group(plan, &drafts[k].fam, producers[i]->def->name,
				     &producers[i]->def->result))
				add_member(&drafts[k], producers[i]);
	free(producers);
	join_root_readers(plan, drafts, &ndrafts, opt);
	plan_globals(model, scalar_only, nscalar_only, &drafts, &ndrafts, &cap);
	free(scalar_only);
	unique_names(drafts, ndrafts);
	for (int i = 0; i < ndrafts; i++) {
		if (!selected(&drafts[i], opt)) {
			audit_note(plan, "family", audit_family_label(&drafts[i].fam), audit_family_label(&drafts[i].fam),
				   "skipped",
				   "not selected (--family)");
			drafts[i].members.n = 0;
			free(drafts[i].members.v);
			free(drafts[i].fam.key);
			free(drafts[i].fam.group);
			free(drafts[i].fam.name);
			continue;
		}
		finish_family(plan, model, &drafts[i], plan->fns, plan->nfns, opt);
	}
	free(drafts);
}

void audit_plan_free(struct audit_plan *plan)
{
	for (int i = 0; i < plan->nfamilies; i++)
		free_family(&plan->families[i]);
	free(plan->families);
	for (int i = 0; i < plan->ncontexts; i++) {
		free(plan->contexts[i].pointee);
		free(plan->contexts[i].type);
		free(plan->contexts[i].var);
		free(plan->contexts[i].make);
	}
	free(plan->contexts);
	for (int i = 0; i < plan->nthrough; i++) {
		free(plan->through[i].header);
		free(plan->through[i].includer);
	}
	free(plan->through);
	for (int i = 0; i < plan->nvoid_prefixes; i++)
		free(plan->void_prefixes[i]);
	free(plan->void_prefixes);
	for (int i = 0; i < plan->nnotes; i++) {
		free(plan->notes[i].kind);
		free(plan->notes[i].name);
		free(plan->notes[i].family);
		free(plan->notes[i].status);
		free(plan->notes[i].detail);
	}
	free(plan->notes);
	audit_aliases_free(plan);
	sa_units_free(&plan->wrapper_units);
	free(plan->fns);
	memset(plan, 0, sizeof *plan);
}
