/* model.c: releasing units, and the allocation helpers every file of the analyzer uses. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

void sa_function_clear(struct sa_function *f)
{
	sa_type_clear(&f->result);
	for (int i = 0; f->param_types && i < f->nparams; i++) {
		free(f->param_types[i].name);
		sa_type_clear(&f->param_types[i].type);
	}
	free(f->param_types);
	free(f->usr);
	free(f->name);
	free(f->file);
	free(f->signature);
	free(f->return_type);
	free(f->params);
	for (int i = 0; i < f->naccesses; i++) {
		free(f->accesses[i].key);
		free(f->accesses[i].state);
	}
	free(f->accesses);
	for (int i = 0; i < f->ncalls; i++) {
		free(f->calls[i].callee_usr);
		free(f->calls[i].callee);
		free(f->calls[i].via);
	}
	free(f->calls);
	for (int i = 0; i < f->nsites; i++) {
		free(f->sites[i].op);
		free(f->sites[i].order);
		free(f->sites[i].macro);
		free(f->sites[i].via);
	}
	free(f->sites);
	memset(f, 0, sizeof *f);
}

void sa_function_copy(struct sa_function *dst, const struct sa_function *src)
{
	*dst = *src;
	dst->usr = sa_strdup(src->usr);
	dst->name = sa_strdup(src->name);
	dst->file = sa_strdup(src->file);
	dst->signature = sa_strdup(src->signature);
	dst->return_type = sa_strdup(src->return_type);
	dst->params = sa_strdup(src->params);
	sa_type_copy(&dst->result, &src->result);
	dst->param_types = NULL;
	if (src->param_types) {
		dst->param_types = sa_alloc((size_t)(src->nparams > 0 ? src->nparams : 1) *
					    sizeof *dst->param_types);
		for (int i = 0; i < src->nparams; i++) {
			dst->param_types[i].name = sa_strdup(src->param_types[i].name);
			sa_type_copy(&dst->param_types[i].type, &src->param_types[i].type);
		}
	}
	dst->accesses = sa_alloc((size_t)(src->naccesses + 1) * sizeof *dst->accesses);
	for (int i = 0; i < src->naccesses; i++) {
		dst->accesses[i] = src->accesses[i];
		dst->accesses[i].key = sa_strdup(src->accesses[i].key);
		dst->accesses[i].state = sa_strdup(src->accesses[i].state);
	}
	dst->calls = sa_alloc((size_t)(src->ncalls + 1) * sizeof *dst->calls);
	for (int i = 0; i < src->ncalls; i++) {
		dst->calls[i] = src->calls[i];
		dst->calls[i].callee_usr = sa_strdup(src->calls[i].callee_usr);
		dst->calls[i].callee = sa_strdup(src->calls[i].callee);
		dst->calls[i].via = sa_strdup(src->calls[i].via);
	}
	dst->sites = sa_alloc((size_t)(src->nsites + 1) * sizeof *dst->sites);
	for (int i = 0; i < src->nsites; i++) {
		dst->sites[i] = src->sites[i];
		dst->sites[i].op = sa_strdup(src->sites[i].op);
		dst->sites[i].order = sa_strdup(src->sites[i].order);
		dst->sites[i].macro = sa_strdup(src->sites[i].macro);
		dst->sites[i].via = sa_strdup(src->sites[i].via);
	}
}

void sa_unit_clear_facts(struct sa_unit *u)
{
	for (int i = 0; i < u->nfiles; i++) {
		free(u->files[i].path);
		free(u->files[i].includer);
	}
	free(u->files);
	for (int i = 0; i < u->nfunctions; i++)
		sa_function_clear(&u->functions[i]);
	free(u->functions);
	for (int i = 0; i < u->ndeclarations; i++)
		sa_function_clear(&u->declarations[i]);
	free(u->declarations);
	u->declarations = NULL;
	u->ndeclarations = 0;
	for (int i = 0; i < u->ndiagnostics; i++) {
		free(u->diagnostics[i].file);
		free(u->diagnostics[i].severity);
		free(u->diagnostics[i].message);
	}
	free(u->diagnostics);
	u->files = NULL;
	u->functions = NULL;
	u->diagnostics = NULL;
	u->nfiles = u->nfunctions = u->ndiagnostics = 0;
}

void sa_unit_clear(struct sa_unit *u)
{
	sa_unit_clear_facts(u);
	free(u->file);
	free(u->directory);
	for (int i = 0; i < u->nargs; i++)
		free(u->args[i]);
	free(u->args);
	memset(u, 0, sizeof *u);
}

void sa_units_free(struct sa_units *units)
{
	for (int i = 0; i < units->count; i++)
		sa_unit_clear(&units->units[i]);
	free(units->units);
	units->units = NULL;
	units->count = 0;
}

static void out_of_memory(void)
{
	fputs("snc: out of memory\n", stderr);
	abort();
}

void *sa_alloc(size_t size)
{
	void *p = calloc(1, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *sa_grow(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *sa_strdup(const char *s)
{
	if (!s)
		return NULL;
	char *d = strdup(s);
	if (!d)
		out_of_memory();
	return d;
}

char *sa_printf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = NULL;
	int n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		out_of_memory();
	return s;
}

char *sa_cx(CXString s)
{
	const char *c = clang_getCString(s);
	char *d = sa_strdup(c ? c : "");
	clang_disposeString(s);
	return d;
}
