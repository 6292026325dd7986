/* model.c: releasing units, and the allocation helpers every file of the analyzer uses. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

static void calls_clear(struct sa_call *calls, int n)
{
	for (int i = 0; i < n; i++) {
		free(calls[i].callee_usr);
		free(calls[i].callee);
		free(calls[i].via);
		free(calls[i].consts);
	}
	free(calls);
}

static void sites_clear(struct sa_site *sites, int n)
{
	for (int i = 0; i < n; i++) {
		free(sites[i].op);
		free(sites[i].order);
		free(sites[i].macro);
		free(sites[i].via);
	}
	free(sites);
}

void sa_function_clear(struct sa_function *f)
{
	if (f->share) {   /* the facts are the share's */
		sa_function_share_release(f->share);
		memset(f, 0, sizeof *f);
		return;
	}
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
	calls_clear(f->calls, f->ncalls);
	for (int i = 0; i < f->nreferences; i++) {
		free(f->references[i].target_usr);
		free(f->references[i].target);
	}
	free(f->references);
	sites_clear(f->sites, f->nsites);
	for (int i = 0; i < f->nvariants; i++) {
		free(f->variants[i].order);
		calls_clear(f->variants[i].calls, f->variants[i].ncalls);
		sites_clear(f->variants[i].sites, f->variants[i].nsites);
	}
	free(f->variants);
	memset(f, 0, sizeof *f);
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
	for (int i = 0; i < u->nvariables; i++)
		free(u->variables[i]);
	free(u->variables);
	u->variables = NULL;
	u->nvariables = 0;
	sa_unit_drop_diagnostics(u);
	u->files = NULL;
	u->functions = NULL;
	u->nfiles = u->nfunctions = 0;
}

void sa_unit_drop_diagnostics(struct sa_unit *u)
{
	for (int i = 0; i < u->ndiagnostics; i++) {
		free(u->diagnostics[i].file);
		free(u->diagnostics[i].severity);
		free(u->diagnostics[i].message);
	}
	free(u->diagnostics);
	u->diagnostics = NULL;
	u->ndiagnostics = 0;
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
	for (int i = 0; i < units->nleft_out; i++) {
		free(units->left_out[i].file);
		free(units->left_out[i].why);
	}
	free(units->left_out);
	units->left_out = NULL;
	units->nleft_out = 0;
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
