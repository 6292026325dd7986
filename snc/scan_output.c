/* scan_output.c: what `snc scan` prints, for a person or for a script.
 *
 * The terminal gets a summary (units, files, functions, pairs by static class, sites by
 * kind) and the top candidates: snc-candidate pairs ordered so that those with no
 * heavyweight instruction on either side come first (by the Laws of Order they cannot be
 * linearizable as they are, unless a contract keeps callers apart), each with how many
 * call sites use each side's return value (none using it means the return value could be
 * dropped, making the pair non-SNC). JSON (json-c, so any name from scanned code is
 * escaped) carries the same summary plus every function and pair. Counts cover the
 * project's functions: those of system headers only with --system. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "scan.h"
#include "snc_report.h"

struct totals {
	int functions, api, system;
	int classes[SA_NCLASSES];
	int kinds[SA_NKINDS];
};

static bool in_scope(const struct sa_fn *f)
{
	return !f->def->system || f->api;
}

static void count(const struct sa_model *m, struct totals *t)
{
	memset(t, 0, sizeof *t);
	for (int i = 0; i < m->nfns; i++) {
		const struct sa_fn *f = &m->fns[i];
		if (!in_scope(f)) {
			t->system++;
			continue;
		}
		t->functions++;
		t->api += f->api;
		for (int k = 0; k < f->def->nsites; k++)
			t->kinds[f->def->sites[k].kind]++;
	}
	for (int i = 0; i < m->npairs; i++)
		t->classes[m->pairs[i].cls]++;
}

/* A path relative to the current folder when it is below it. */
static const char *shown_path(const char *path)
{
	static char cwd[4096];
	if (!cwd[0] && !getcwd(cwd, sizeof cwd))
		return path;
	size_t n = strlen(cwd);
	if (strncmp(path, cwd, n) == 0 && path[n] == '/')
		return path + n + 1;
	return path;
}

static int cheap_sides(const struct sa_model *m, const struct sa_pair *p)
{
	return (m->fns[p->f].transitive == 0) + (m->fns[p->g].transitive == 0);
}

static const struct sa_model *sort_model;

static int compare_candidates(const void *a, const void *b)
{
	const struct sa_pair *x = *(const struct sa_pair *const *)a, *y = *(const struct sa_pair *const *)b;
	int cx = cheap_sides(sort_model, x), cy = cheap_sides(sort_model, y);
	if (cx != cy)
		return cy - cx;
	return x < y ? -1 : x > y;
}

/* The snc-candidate pairs, in the order a reviewer should read them. */
static const struct sa_pair **candidates(const struct sa_model *m, int *n)
{
	const struct sa_pair **list = malloc((size_t)(m->npairs + 1) * sizeof *list);
	*n = 0;
	if (!list)
		return NULL;
	for (int i = 0; i < m->npairs; i++)
		if (m->pairs[i].cls == SA_SNC_CANDIDATE)
			list[(*n)++] = &m->pairs[i];
	sort_model = m;
	qsort(list, (size_t)*n, sizeof *list, compare_candidates);
	return list;
}

static void use_text(const struct sa_fn *f, char *buf, size_t len)
{
	int total = f->callers_use + f->callers_discard;
	if (total == 0)
		snprintf(buf, len, "no callers");
	else
		snprintf(buf, len, "%d/%d use%s", f->callers_use, total,
			 f->callers_use == 0 ? " (gratuitous)" : "");
}

void scan_print_text(const struct scan_outcome *o, const char *db_path, int64_t run_id, int top)
{
	const struct sa_model *m = o->model;
	struct totals t;
	count(m, &t);
	printf("Scanned %d unit%s (%d parsed, %d unchanged and reused, %d with errors", o->units.count,
	       o->units.count == 1 ? "" : "s", o->parsed, o->reused, o->with_errors);
	if (o->refuse_alone)
		printf(", %d header%s refusing to be included alone", o->refuse_alone,
		       o->refuse_alone == 1 ? "" : "s");
	if (o->units.nleft_out)
		printf(", %d header%s of another platform left out", o->units.nleft_out,
		       o->units.nleft_out == 1 ? "" : "s");
	printf("), %d files\n", o->files);
	printf("Functions: %d (%d API)", t.functions, t.api);
	if (t.system)
		printf(", and %d in system headers followed for calls", t.system);
	printf("\nPairs:     ");
	for (int c = SA_NCLASSES - 1; c >= 0; c--) {
		const char *name = sa_class_name((enum sa_class)c);
		printf("%s%s%s %d%s", snc_color_start(stdout, name), name, snc_color_end(stdout, name),
		       t.classes[c], c ? ", " : "\n");
	}
	printf("Sites:     ");
	for (int k = 0; k < SA_NKINDS; k++)
		printf("%s %d%s", sa_kind_name((enum sa_kind)k), t.kinds[k],
		       k + 1 < SA_NKINDS ? ", " : "\n");

	int n = 0;
	const struct sa_pair **list = candidates(m, &n);
	if (n > 0 && top > 0) {
		printf("\nTop candidates (snc-candidate pairs, those without heavyweight "
		       "instructions first):\n");
		for (int i = 0; i < n && i < top; i++) {
			const struct sa_fn *f = &m->fns[list[i]->f], *g = &m->fns[list[i]->g];
			char fu[64], gu[64];
			use_text(f, fu, sizeof fu);
			use_text(g, gu, sizeof gu);
			printf("  %s / %s\n", f->def->name, g->def->name);
			printf("      shared: %s\n", list[i]->shared);
			printf("      heavyweight: %s %d, %s %d%s\n", f->def->name, f->transitive,
			       g->def->name, g->transitive,
			       f->transitive == 0 || g->transitive == 0
				       ? "  <- SNC without heavyweight instructions: not linearizable unless callers are kept apart"
				       : "");
			printf("      return value used by callers: %s %s, %s %s\n", f->def->name, fu,
			       g->def->name, gu);
			/* paths come from the scanned tree: escaped, like every hostile string */
			fputs("      at ", stdout);
			report_put_text(stdout, shown_path(f->def->file));
			printf(":%d and ", f->def->line);
			report_put_text(stdout, shown_path(g->def->file));
			printf(":%d\n", g->def->line);
		}
		if (n > top)
			printf("  ... and %d more (the scan_pairs view has them all)\n", n - top);
	}
	free(list);
	printf("\nStored in %s as run %lld (views scan_functions, scan_pairs, scan_heavyweight).\n",
	       db_path, (long long)run_id);
}

static json_object *function_json(const struct sa_model *m, const struct sa_fn *f)
{
	const struct sa_function *d = f->def;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "name", json_object_new_string(d->name));
	json_object_object_add(o, "file", json_object_new_string(d->file));
	json_object_object_add(o, "line", json_object_new_int(d->line));
	json_object_object_add(o, "signature", json_object_new_string(d->signature));
	json_object_object_add(o, "returns_value", json_object_new_boolean(d->returns_value));
	json_object_object_add(o, "linkage", json_object_new_string(sa_linkage_name(d->linkage)));
	json_object_object_add(o, "api", json_object_new_boolean(f->api));
	json_object_object_add(o, "heavyweight_sites", json_object_new_int(f->heavyweight));
	json_object_object_add(o, "light_sites", json_object_new_int(f->light));
	json_object_object_add(o, "transitive_heavyweight", json_object_new_int(f->transitive));
	json_object_object_add(o, "callers_use", json_object_new_int(f->callers_use));
	json_object_object_add(o, "callers_discard", json_object_new_int(f->callers_discard));
	json_object *sites = json_object_new_array();
	for (int k = 0; k < d->nsites; k++) {
		const struct sa_site *s = &d->sites[k];
		json_object *js = json_object_new_object();
		json_object_object_add(js, "kind", json_object_new_string(sa_kind_name(s->kind)));
		json_object_object_add(js, "op", json_object_new_string(s->op));
		json_object_object_add(js, "order", s->order ? json_object_new_string(s->order) : NULL);
		json_object_object_add(js, "macro", s->macro ? json_object_new_string(s->macro) : NULL);
		json_object_object_add(js, "line", json_object_new_int(s->line));
		json_object_array_add(sites, js);
	}
	json_object_object_add(o, "sites", sites);
	json_object *reach = json_object_new_array();
	for (int k = 0; k < f->nreach; k++) {
		json_object *jr = json_object_new_object();
		json_object_object_add(jr, "function",
				       json_object_new_string(m->fns[f->reach[k].target].def->name));
		json_object_object_add(jr, "distance", json_object_new_int(f->reach[k].distance));
		json_object_object_add(jr, "path", json_object_new_string(f->reach[k].path));
		json_object_array_add(reach, jr);
	}
	for (int k = 0; k < f->nvreach; k++) {
		/* a function of another unit at a constant argument (a variant) */
		const struct sa_variant_node *v = &m->variants[f->vreach[k].variant];
		json_object *jr = json_object_new_object();
		json_object_object_add(jr, "function", json_object_new_string(m->fns[v->fn].def->name));
		json_object_object_add(jr, "distance", json_object_new_int(f->vreach[k].distance));
		json_object_object_add(jr, "path", json_object_new_string(f->vreach[k].path));
		json_object_object_add(jr, "argument", json_object_new_int(v->def->param + 1));
		json_object_object_add(jr, "value", json_object_new_int64(v->def->value));
		json_object_array_add(reach, jr);
	}
	json_object_object_add(o, "reaches", reach);
	json_object *state = json_object_new_array();
	for (int k = 0; k < f->neffects; k++) {
		const struct sa_effect *e = &f->effects[k];
		json_object *je = json_object_new_object();
		json_object_object_add(je, "state", json_object_new_string(m->states[e->state].name));
		json_object_object_add(je, "mode", json_object_new_string(e->mode == SA_WRITE ? "write" : "read"));
		json_object_object_add(je, "via", e->via >= 0 ? json_object_new_string(m->fns[e->via].def->name) : NULL);
		json_object_array_add(state, je);
	}
	json_object_object_add(o, "state", state);
	return o;
}

int scan_print_json(const struct scan_outcome *o, const char *db_path, int64_t run_id)
{
	const struct sa_model *m = o->model;
	struct totals t;
	count(m, &t);
	json_object *root = json_object_new_object();
	json_object_object_add(root, "db", json_object_new_string(db_path));
	json_object_object_add(root, "run_id", json_object_new_int64(run_id));
	json_object *units = json_object_new_object();
	json_object_object_add(units, "total", json_object_new_int(o->units.count));
	json_object_object_add(units, "parsed", json_object_new_int(o->parsed));
	json_object_object_add(units, "reused", json_object_new_int(o->reused));
	json_object_object_add(units, "with_errors", json_object_new_int(o->with_errors));
	json_object_object_add(units, "refuse_alone", json_object_new_int(o->refuse_alone));
	json_object_object_add(units, "other_platform", json_object_new_int(o->units.nleft_out));
	json_object_object_add(root, "units", units);
	json_object_object_add(root, "files", json_object_new_int(o->files));
	json_object *classes = json_object_new_object(), *kinds = json_object_new_object();
	for (int c = 0; c < SA_NCLASSES; c++)
		json_object_object_add(classes, sa_class_name((enum sa_class)c),
				       json_object_new_int(t.classes[c]));
	for (int k = 0; k < SA_NKINDS; k++)
		json_object_object_add(kinds, sa_kind_name((enum sa_kind)k), json_object_new_int(t.kinds[k]));
	json_object_object_add(root, "pairs_by_class", classes);
	json_object_object_add(root, "sites_by_kind", kinds);
	json_object *fns = json_object_new_array();
	for (int i = 0; i < m->nfns; i++)
		if (in_scope(&m->fns[i]))
			json_object_array_add(fns, function_json(m, &m->fns[i]));
	json_object_object_add(root, "functions", fns);
	json_object *pairs = json_object_new_array();
	for (int i = 0; i < m->npairs; i++) {
		const struct sa_pair *p = &m->pairs[i];
		json_object *jp = json_object_new_object();
		json_object_object_add(jp, "f", json_object_new_string(m->fns[p->f].def->name));
		json_object_object_add(jp, "g", json_object_new_string(m->fns[p->g].def->name));
		json_object_object_add(jp, "static_class", json_object_new_string(sa_class_name(p->cls)));
		json_object_object_add(jp, "shared_state", json_object_new_string(p->shared));
		json_object_object_add(jp, "heavyweight_f", json_object_new_int(m->fns[p->f].transitive));
		json_object_object_add(jp, "heavyweight_g", json_object_new_int(m->fns[p->g].transitive));
		json_object_array_add(pairs, jp);
	}
	json_object_object_add(root, "pairs", pairs);
	json_object *diags = json_object_new_array();
	for (int i = 0; i < o->units.count; i++) {
		const struct sa_unit *u = &o->units.units[i];
		for (int k = 0; k < u->ndiagnostics; k++) {
			const struct sa_diagnostic *d = &u->diagnostics[k];
			json_object *jd = json_object_new_object();
			json_object_object_add(jd, "unit", json_object_new_string(u->file));
			json_object_object_add(jd, "file", d->file ? json_object_new_string(d->file) : NULL);
			json_object_object_add(jd, "line", json_object_new_int(d->line));
			json_object_object_add(jd, "severity", json_object_new_string(d->severity));
			json_object_object_add(jd, "message", json_object_new_string(d->message));
			json_object_array_add(diags, jd);
		}
	}
	json_object_object_add(root, "diagnostics", diags);
	/* report_json_text: a name or path that is not UTF-8 must not make the JSON invalid */
	char *text = report_json_text(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	if (text)
		puts(text);
	free(text);
	json_object_put(root);
	return 0;
}
