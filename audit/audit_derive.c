/* audit_derive.c: a family's object made from another family's object.
 *
 * Some objects are never built alone: liburcu's `struct cds_wfs_head` is what
 * __cds_wfs_pop_all(stack) returns, the nodes of the stack it took, whose last `next` is
 * the end marker. A zeroed head is none of these: its NULL `next` reads as a push still in
 * progress, and every iteration from it (cds_wfs_for_each_blocking, _cds_wfs_next_blocking)
 * waited for good. When a family's type has no initializer, constructor or context, but an
 * API function (the *producer*) returns it from a pointer to another struct (the *source*,
 * complete, so the harness can make one) and scalars, and some function fills a source
 * (named push, add, insert, enqueue, put, append, send, ...), the object is what the
 * producer returns from a new source after one call of such a function (its other
 * parameters given 1, a new entry, a token or "1"), the first that is not NULL, trying
 * each in turn, then from a new source as it is; else a zeroed object, as before.
 * The fills come first: a producer may wait while its source is empty (a queue's
 * receive), and then the set-up would never end; a function named as waiting is no fill.
 * Without a fill the family starts as before. audit_emit.c writes these attempts into
 * make_object(), where one that crashes is abandoned for the next. The same attempts make
 * an entry linked into a new source, for a family started again (audit_derive_linked,
 * below). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

#define DERIVE_FILLS 6          /* fill calls tried, at most */
#define DERIVE_TEXT 4096

/* The complete, writable struct t points to, or that one of its transparent union's
 * pointers does (urcu's cds_wfs_stack_ptr_t); NULL when none. */
static const struct sa_type *source_pointer(const struct sa_type *t)
{
	if (t->cls == SA_TYPE_TRANSPARENT_UNION) {
		for (int i = 0; i < t->nmembers; i++)
			if (source_pointer(&t->members[i]))
				return &t->members[i];
		return NULL;
	}
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->target_cls == SA_TYPE_RECORD &&
	       t->pointee && t->pointee_size >= 0 && !t->pointee_const ? t : NULL;
}

/* Does t (a parameter of a fill or the producer) accept a pointer to the source? */
static bool takes_source(const struct sa_type *t, const char *source)
{
	if (t->cls == SA_TYPE_TRANSPARENT_UNION) {
		for (int i = 0; i < t->nmembers; i++)
			if (takes_source(&t->members[i], source))
				return true;
		return false;
	}
	return t->cls == SA_TYPE_POINTER && t->levels == 1 && t->pointee &&
	       strcmp(t->pointee, source) == 0;
}

static bool is_scalar(const struct sa_type *t)
{
	return t->cls == SA_TYPE_INTEGER || t->cls == SA_TYPE_ENUM || t->cls == SA_TYPE_BOOL;
}

/* Returns key * from a source and scalars: not a destructor, not variadic. */
static const struct sa_type *producer_source(const struct sa_function *f, const char *key)
{
	const struct sa_type *r = &f->result;
	if (!f->typed || f->nparams < 1 || strstr(f->signature, "...") || audit_is_destructor(f->name) ||
	    r->cls != SA_TYPE_POINTER || r->levels != 1 || !r->pointee || strcmp(r->pointee, key) != 0)
		return NULL;
	const struct sa_type *source = source_pointer(&f->param_types[0].type);
	if (!source || strcmp(source->pointee, key) == 0)
		return NULL;
	for (int p = 1; p < f->nparams; p++)
		if (!is_scalar(&f->param_types[p].type))
			return NULL;
	return source;
}

static bool named_as_filling(const char *name)
{
	static const char *const verbs[] = { "push", "add", "insert", "enqueue", "put", "append",
					     "prepend", "set", "store", "link", "send", "post",
					     "offer", "submit", "publish", NULL };
	static const char *const waits[] = { "wait", "blocking", "block", NULL };
	return audit_name_has_word(name, verbs) && !audit_named_as_unlinking(name) &&
	       !audit_named_as_initializer(name) && !audit_is_destructor(name) &&
	       !audit_name_has_word(name, waits);   /* io_uring_submit_and_wait: no fill to wait on */
}

struct text {
	char buf[DERIVE_TEXT];
	size_t used;
	bool full;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = t->full ? -1 : vsnprintf(t->buf + t->used, sizeof t->buf - t->used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof t->buf - t->used)
		t->full = true;
	else
		t->used += (size_t)n;
}

/* `NAME = calloc(1, sizeof *NAME)` of a struct, then its initializer on it, if any (its
 * other parameters given 0 and NULL). */
static void add_new_struct(struct text *t, const struct audit_plan *plan, const char *type,
			   const char *name)
{
	add(t, "\t\t%s *%s = calloc(1, sizeof *%s);\n\t\tif (!%s)\n\t\t\tabort();\n", type, name,
	    name, name);
	const struct sa_function *init = audit_initializer_of(plan, type);
	if (!init)
		return;
	add(t, "\t\t%s(%s", init->name, name);
	for (int p = 1; p < init->nparams; p++)
		add(t, ", %s", init->param_types[p].type.cls == SA_TYPE_POINTER ? "NULL" : "0");
	add(t, ");\n");
}

/* The argument of a fill's parameter p beyond the source, declaring what it needs first;
 * false when the generator has none to give. */
static bool fill_arg(struct text *decl, struct text *call, const struct audit_plan *plan,
		     const struct sa_param *param, int p)
{
	const struct sa_type *t = &param->type;
	if (is_scalar(t)) {
		add(call, ", 1");
		return true;
	}
	if (t->cls != SA_TYPE_POINTER || t->levels != 1 || !t->pointee)
		return false;
	if (t->target_cls == SA_TYPE_RECORD && t->pointee_size >= 0 && !t->pointee_const) {
		char name[32];
		snprintf(name, sizeof name, "entry%d", p);
		add_new_struct(decl, plan, t->pointee, name);   /* a new node to link in */
		add(call, ", %s", name);
		return true;
	}
	if (strcmp(t->pointee, "char") == 0 && t->pointee_const) {
		add(call, ", \"1\"");
		return true;
	}
	if (strcmp(t->pointee, "void") == 0) {
		add(call, ", (void *)&derived_token");
		return true;
	}
	return false;
}

/* The name a call is shown by: the macro users call for a generated wrapper. */
static const char *shown_name(const struct sa_function *f)
{
	return audit_wrapped_macro(f->name) ? audit_wrapped_macro(f->name) : f->name;
}

/* Keeps an attempt, its declarations then its calls, in fam->derived; false when its text
 * did not fit. */
static bool keep_attempt(struct audit_family *fam, const struct text *decl, const struct text *call)
{
	struct text block = { .used = 0 };
	add(&block, "%s%s", decl->buf, call->buf);
	if (decl->full || call->full || block.full)
		return false;
	fam->derived = realloc(fam->derived, (size_t)(fam->nderived + 1) * sizeof *fam->derived);
	if (!fam->derived || !(fam->derived[fam->nderived] = strdup(block.buf))) {
		fprintf(stderr, "snc audit: out of memory\n");
		exit(2);
	}
	fam->nderived++;
	return true;
}

/* One attempt: a new source, the fill (if any), the producer; into fam->derived. */
static bool add_attempt(struct audit_family *fam, const struct audit_plan *plan,
			const struct sa_function *producer, const char *source,
			const struct sa_function *fill)
{
	struct text decl = { .used = 0 }, call = { .used = 0 };
	add(&decl, "\t\t/* a new %s%s%s */\n", source, fill ? " after " : "", fill ? fill->name : "");
	add_new_struct(&decl, plan, source, "source");
	if (fill) {
		add(&call, "\t\t%s(source", fill->name);
		for (int p = 1; p < fill->nparams; p++)
			if (!fill_arg(&decl, &call, plan, &fill->param_types[p], p))
				return false;
		add(&call, ");\n");
	}
	add(&call, "\t\tmade = %s(source", producer->name);
	for (int p = 1; p < producer->nparams; p++)
		add(&call, ", 0");
	add(&call, ");\n");
	return keep_attempt(fam, &decl, &call);
}

const struct sa_function *audit_derive_start(const struct audit_plan *plan,
					     struct audit_family *fam)
{
	const struct sa_function *producer = NULL;
	const struct sa_type *source = NULL;
	for (int i = 0; i < plan->nfns; i++) {
		const struct sa_function *f = plan->fns[i].def;
		const struct sa_type *s = producer_source(f, fam->key);
		if (s && (!producer || f->nparams < producer->nparams ||
			  (f->nparams == producer->nparams && strlen(f->name) < strlen(producer->name)))) {
			producer = f;
			source = s;
		}
	}
	if (!producer)
		return NULL;
	struct text said = { .used = 0 };
	add(&said, "%s(a new %s after", producer->name, source->pointee);
	for (int i = 0, n = 0; i < plan->nfns && n < DERIVE_FILLS; i++) {
		const struct sa_function *f = plan->fns[i].def;
		if (f == producer || !f->typed || f->nparams < 1 || strstr(f->signature, "...") ||
		    !takes_source(&f->param_types[0].type, source->pointee) || !named_as_filling(f->name))
			continue;
		if (add_attempt(fam, plan, producer, source->pointee, f))
			add(&said, "%s %s(...)", n++ ? " or" : "", shown_name(f));
	}
	if (!fam->nderived)
		return NULL;   /* nothing fills a source: no object of it to expect */
	add_attempt(fam, plan, producer, source->pointee, NULL);
	add(&said, ", or as it is)%s%s", fam->object_size >= 0 ? ", or a zeroed " : "",
	    fam->object_size >= 0 ? fam->key : "");
	free(fam->derivation);
	fam->derivation = strdup(said.full ? "a call of another family's object" : said.buf);
	return producer;
}

/* ---- an entry linked into a new source --------------------------------------------------
 * An operation on an entry that waits for good, or crashes, from every state of a zeroed
 * one (liburcu's _cds_wfs_next_blocking(node) waits for the next pointer a push writes)
 * may need the entry linked into a container first. audit_derive_linked gives such a
 * family its attempts: a new entry (calloc, then its initializer), linked by a function
 * that fills a new source with it (_cds_wfs_push(stack, node)), is the object. */

/* Does f link an entry of key into a source: source first, a key * second, named as
 * filling, its other parameters ones fill_arg can give? Returns the source's pointer type. */
static const struct sa_type *links_entry(const struct sa_function *f, const char *key)
{
	if (!f->typed || f->nparams < 2 || strstr(f->signature, "...") || !named_as_filling(f->name))
		return NULL;
	const struct sa_type *source = source_pointer(&f->param_types[0].type);
	const struct sa_type *entry = &f->param_types[1].type;
	if (!source || strcmp(source->pointee, key) == 0 || entry->cls != SA_TYPE_POINTER ||
	    entry->levels != 1 || entry->pointee_const || !entry->pointee ||
	    strcmp(entry->pointee, key) != 0)
		return NULL;
	return source;
}

const struct sa_function *audit_derive_linked(const struct audit_plan *plan,
					      struct audit_family *fam)
{
	const struct sa_function *first = NULL;
	struct text said = { .used = 0 };
	for (int i = 0; i < plan->nfns && fam->nderived < DERIVE_FILLS; i++) {
		const struct sa_function *f = plan->fns[i].def;
		const struct sa_type *source = links_entry(f, fam->key);
		if (!source)
			continue;
		struct text decl = { .used = 0 }, call = { .used = 0 };
		add(&decl, "\t\t/* a new %s, linked into a new %s by %s */\n", fam->key,
		    source->pointee, f->name);
		add_new_struct(&decl, plan, fam->key, "entry");
		add_new_struct(&decl, plan, source->pointee, "source");
		add(&call, "\t\t%s(source, entry", f->name);
		bool given = true;
		for (int p = 2; p < f->nparams && given; p++)
			given = fill_arg(&decl, &call, plan, &f->param_types[p], p);
		add(&call, ");\n\t\tmade = entry;\n");
		if (!given || !keep_attempt(fam, &decl, &call))
			continue;
		add(&said, "%s%s(a new %s, obj)", first ? " or " : "", shown_name(f), source->pointee);
		first = first ? first : f;
	}
	if (!first)
		return NULL;
	char *text = NULL;
	if (asprintf(&text, "a new %s after %s", fam->key, said.full ? "a call that links it" : said.buf) < 0)
		text = NULL;
	free(fam->derivation);
	fam->derivation = text;
	return first;
}
