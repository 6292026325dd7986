/* json_write.c: `snc report --json`, everything in the report for scripts, and the
 * baseline a CI job keeps instead of a database (json_read.c reads it back). The layout is
 * documented in docs/report.md; "format_version" changes when a field changes meaning.
 * Paths are shown as in the other reports (relative to the root when under it). */
#include <errno.h>
#include <json-c/json.h>
#include <string.h>
#include "report_internal.h"


static json_object *str(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static json_object *path(const struct snc_report *r, const char *p)
{
	char shown[4096];
	return p ? json_object_new_string(report_shown_path(r->root, p, shown, sizeof shown)) : NULL;
}

static json_object *witness(const struct snc_db_witness *w)
{
	if (!w->role)
		return NULL;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "role", str(w->role));
	json_object_object_add(o, "state", str(w->state));
	json_object_object_add(o, "f_call", str(w->f_call));
	json_object_object_add(o, "g_call", str(w->g_call));
	json_object_object_add(o, "f_alone", str(w->f_alone));
	json_object_object_add(o, "g_alone", str(w->g_alone));
	json_object_object_add(o, "f_after_g", str(w->f_after_g));
	json_object_object_add(o, "g_after_f", str(w->g_after_f));
	json_object_object_add(o, "digest_fg", str(w->digest_fg));
	json_object_object_add(o, "digest_gf", str(w->digest_gf));
	return o;
}

/* A line number, left out when unknown (0): no reader should take "line 0" for a place. */
static void add_line(json_object *o, const char *key, int line)
{
	if (line > 0)
		json_object_object_add(o, key, json_object_new_int(line));
}

static json_object *op_json(const struct snc_report *r, const struct snc_fact_op *op)
{
	const struct snc_fact_function *fn =
		op->function >= 0 ? &r->facts->functions[op->function] : NULL;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "name", str(op->name));
	json_object_object_add(o, "returns", str(op->returns));
	json_object_object_add(o, "contract", str(op->contract));
	json_object_object_add(o, "file", path(r, op->file));
	add_line(o, "line", op->line);
	json_object_object_add(o, "function", fn ? str(fn->name) : NULL);
	json_object_object_add(o, "function_file", fn ? path(r, fn->file) : NULL);
	if (fn)
		add_line(o, "function_line", fn->line);
	json_object_object_add(o, "heavyweight", op->heavyweight >= 0
				? json_object_new_int64(op->heavyweight) : NULL);
	json_object *cost = NULL;
	if (op->cost.calls || op->cost.first_calls) {
		cost = json_object_new_object();
		json_object_object_add(cost, "calls", json_object_new_int64(op->cost.calls));
		if (op->cost.calls) {
			json_object_object_add(cost, "instructions_per_call",
					       json_object_new_double(op->cost.instructions));
			json_object_object_add(cost, "rmw_per_call", json_object_new_double(op->cost.rmw));
			json_object_object_add(cost, "fences_per_call",
					       json_object_new_double(op->cost.fences));
			json_object_object_add(cost, "heavyweight_call_share",
					       json_object_new_double(op->cost.heavyweight_share));
		}
		json_object_object_add(cost, "first_calls", json_object_new_int64(op->cost.first_calls));
		if (op->cost.first_calls) {
			json_object_object_add(cost, "first_instructions_per_call",
					       json_object_new_double(op->cost.first_instructions));
			json_object_object_add(cost, "first_rmw_per_call",
					       json_object_new_double(op->cost.first_rmw));
			json_object_object_add(cost, "first_fences_per_call",
					       json_object_new_double(op->cost.first_fences));
		}
		json_object_object_add(cost, "sites", str(op->cost_sites));
	}
	json_object_object_add(o, "cost", cost);
	json_object *nd = NULL;
	if (op->nondet_state) {
		nd = json_object_new_object();
		json_object_object_add(nd, "state", str(op->nondet_state));
		json_object_object_add(nd, "call", str(op->nondet_call));
		json_object_object_add(nd, "result", str(op->nondet_result));
	}
	json_object_object_add(o, "nondeterminism", nd);
	return o;
}

static json_object *schedule(const struct snc_fact_schedule *s)
{
	if (!s->id)
		return NULL;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "id", json_object_new_int64(s->id));
	json_object_object_add(o, "state", str(s->state));
	json_object_object_add(o, "f_call", str(s->f_call));
	json_object_object_add(o, "g_call", str(s->g_call));
	json_object_object_add(o, "schedule", str(s->schedule));
	json_object_object_add(o, "preemptions", json_object_new_int(s->preemptions));
	json_object_object_add(o, "outcome", str(s->outcome));
	json_object_object_add(o, "f_then_g", str(s->f_then_g));
	json_object_object_add(o, "g_then_f", str(s->g_then_f));
	return o;
}

static json_object *pair_json(const struct snc_fact_harness *h, const struct snc_fact_pair *p)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "f", str(h->ops[p->f].name));
	json_object_object_add(o, "g", str(h->ops[p->g].name));
	json_object_object_add(o, "verdict", str(p->verdict));
	json_object_object_add(o, "direction", str(p->direction));
	json_object_object_add(o, "contract", str(p->contract));
	json_object_object_add(o, "states", json_object_new_int64(p->states));
	json_object_object_add(o, "conflict_states", json_object_new_int64(p->conflict_states));
	json_object_object_add(o, "conflict_rate", json_object_new_double(report_conflict_rate(p)));
	json_object_object_add(o, "crash_states", json_object_new_int64(p->crash_states));
	json_object_object_add(o, "blocked_states", json_object_new_int64(p->blocked_states));
	json_object_object_add(o, "deterministic", json_object_new_boolean(p->deterministic));
	json_object_object_add(o, "witness", witness(&p->witness));
	json_object_object_add(o, "nondeterminism", witness(&p->nondeterminism));
	json_object *solo = NULL;
	if (p->solo[0].measured || p->solo[1].measured) {
		solo = json_object_new_array();
		for (int i = 0; i < 2; i++) {
			const struct snc_fact_pattern *s = &p->solo[i];
			json_object *j = NULL;
			if (s->measured) {
				j = json_object_new_object();
				json_object_object_add(j, "call", str(s->call));
				json_object_object_add(j, "awar", json_object_new_int64(s->awar));
				json_object_object_add(j, "raw_fenced", json_object_new_int64(s->raw_fenced));
				json_object_object_add(j, "raw_unfenced", json_object_new_int64(s->raw_unfenced));
				json_object_object_add(j, "rmw", json_object_new_int64(s->rmw));
				json_object_object_add(j, "fences", json_object_new_int64(s->fences));
				json_object_object_add(j, "example", str(s->example));
			}
			json_object_array_add(solo, j);
		}
	}
	json_object_object_add(o, "solo_patterns", solo);
	json_object_object_add(o, "schedules", json_object_new_int64(p->schedules));
	json_object_object_add(o, "broken_schedule", schedule(&p->broken));
	json_object_object_add(o, "unrepeated_schedule", schedule(&p->unrepeated));
	return o;
}

static json_object *harnesses(const struct snc_report *r)
{
	json_object *list = json_object_new_array();
	for (int i = 0; i < r->facts->nharnesses; i++) {
		const struct snc_fact_harness *h = &r->facts->harnesses[i];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "name", str(h->name));
		json_object_object_add(o, "source", path(r, h->source));
		json_object_object_add(o, "run_id", json_object_new_int64(h->run_id));
		json_object_object_add(o, "states", json_object_new_int64(h->states));
		json_object_object_add(o, "state_space", json_object_new_int64(h->state_space));
		json_object_object_add(o, "library_threads", json_object_new_int64(h->library_threads));
		json_object *ops = json_object_new_array(), *pairs = json_object_new_array();
		for (int k = 0; k < h->nops; k++)
			json_object_array_add(ops, op_json(r, &h->ops[k]));
		for (int k = 0; k < h->npairs; k++)
			json_object_array_add(pairs, pair_json(h, &h->pairs[k]));
		json_object_object_add(o, "operations", ops);
		json_object_object_add(o, "pairs", pairs);
		json_object_array_add(list, o);
	}
	return list;
}

static json_object *function_json(const struct snc_report *r, const struct snc_fact_function *fn)
{
	json_object *o = json_object_new_object(), *sites = json_object_new_array(),
		    *calls = json_object_new_array();
	json_object_object_add(o, "name", str(fn->name));
	json_object_object_add(o, "file", path(r, fn->file));
	add_line(o, "line", fn->line);
	json_object_object_add(o, "signature", str(fn->signature));
	json_object_object_add(o, "linkage", str(fn->linkage));
	json_object_object_add(o, "returns_value", json_object_new_boolean(fn->returns_value));
	json_object_object_add(o, "api", json_object_new_boolean(fn->api));
	json_object_object_add(o, "heavyweight_sites", json_object_new_int64(fn->heavyweight_sites));
	json_object_object_add(o, "transitive_heavyweight",
			       json_object_new_int64(fn->transitive_heavyweight));
	for (int i = 0; i < fn->nsites; i++) {
		const struct snc_fact_site *s = &fn->sites[i];
		json_object *j = json_object_new_object();
		json_object_object_add(j, "kind", str(s->kind));
		json_object_object_add(j, "op", str(s->op));
		json_object_object_add(j, "memory_order", str(s->memory_order));
		json_object_object_add(j, "function", str(s->function));
		json_object_object_add(j, "file", path(r, s->file));
		add_line(j, "line", s->line);
		json_object_object_add(j, "distance", json_object_new_int(s->distance));
		json_object_object_add(j, "path", str(s->path));
		json_object_array_add(sites, j);
	}
	for (int i = 0; i < fn->ncalls; i++) {
		json_object *j = json_object_new_object();
		json_object_object_add(j, "caller", str(fn->calls[i].caller));
		json_object_object_add(j, "file", path(r, fn->calls[i].file));
		add_line(j, "line", fn->calls[i].line);
		json_object_object_add(j, "value_used", json_object_new_boolean(fn->calls[i].value_used));
		json_object_array_add(calls, j);
	}
	json_object_object_add(o, "heavyweight", sites);
	json_object_object_add(o, "call_sites", calls);
	return o;
}

/* The scan the facts hold, or null. */
static json_object *scan(const struct snc_report *r)
{
	const struct snc_facts *f = r->facts;
	if (!f->scan_run_id)
		return NULL;
	json_object *o = json_object_new_object(), *fns = json_object_new_array(),
		    *pairs = json_object_new_array();
	json_object_object_add(o, "run_id", json_object_new_int64(f->scan_run_id));
	for (int i = 0; i < f->nfunctions; i++)
		json_object_array_add(fns, function_json(r, &f->functions[i]));
	for (int i = 0; i < f->nscan_pairs; i++) {
		const struct snc_fact_scan_pair *sp = &f->scan_pairs[i];
		json_object *j = json_object_new_object();
		json_object_object_add(j, "f", str(f->functions[sp->f].name));
		json_object_object_add(j, "f_file", path(r, f->functions[sp->f].file));
		json_object_object_add(j, "g", str(f->functions[sp->g].name));
		json_object_object_add(j, "g_file", path(r, f->functions[sp->g].file));
		json_object_object_add(j, "shared_state", str(sp->shared_state));
		json_object_object_add(j, "static_class", str(sp->static_class));
		json_object_array_add(pairs, j);
	}
	json_object_object_add(o, "functions", fns);
	json_object_object_add(o, "pairs", pairs);
	return o;
}

static json_object *summary(const struct snc_report *r)
{
	struct report_counts c;
	report_count(r, &c);
	json_object *o = json_object_new_object(), *v = json_object_new_object(),
		    *f = json_object_new_object();
	json_object_object_add(o, "harnesses", json_object_new_int(c.harnesses));
	json_object_object_add(o, "operations", json_object_new_int(c.ops));
	json_object_object_add(o, "pairs", json_object_new_int(c.pairs));
	for (int k = 0; k < NVERDICTS; k++)
		json_object_object_add(v, report_verdicts[k], json_object_new_int(c.verdicts[k]));
	for (enum snc_severity s = SNC_NOTE; s <= SNC_ERROR; s++)
		json_object_object_add(f, snc_severity_name(s), json_object_new_int(c.outstanding[s]));
	json_object_object_add(f, "intentional", json_object_new_int(c.intentional));
	json_object_object_add(o, "verdicts", v);
	json_object_object_add(o, "findings", f);
	return o;
}

static json_object *rules(void)
{
	json_object *list = json_object_new_array();
	for (const struct snc_rule *rule = snc_rules; rule->id; rule++) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "id", str(rule->id));
		json_object_object_add(o, "severity", str(snc_severity_name(rule->severity)));
		json_object_object_add(o, "summary", str(rule->summary));
		json_object_object_add(o, "help", str(rule->help));
		json_object_array_add(list, o);
	}
	return list;
}

static json_object *findings(const struct snc_report *r)
{
	json_object *list = json_object_new_array();
	for (int i = 0; i < r->findings->count; i++) {
		const struct snc_finding *x = &r->findings->items[i];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "rule", str(x->rule->id));
		json_object_object_add(o, "severity", str(snc_severity_name(x->severity)));
		json_object_object_add(o, "fingerprint", str(x->fingerprint));
		json_object_object_add(o, "subject", str(x->subject));
		json_object_object_add(o, "message", str(x->message));
		json_object_object_add(o, "evidence", str(x->evidence));
		json_object_object_add(o, "file", path(r, x->file));
		add_line(o, "line", x->line);
		json_object_object_add(o, "harness", str(x->harness));
		json_object_object_add(o, "f", str(x->f));
		json_object_object_add(o, "g", str(x->g));
		json_object_object_add(o, "intentional", json_object_new_boolean(x->intentional));
		json_object_object_add(o, "reason", str(x->reason));
		json_object_array_add(list, o);
	}
	return list;
}

int report_json(const struct snc_report *r, const char *file, char *err, size_t errlen)
{
	const struct snc_facts *f = r->facts;
	json_object *top = json_object_new_object(), *run = json_object_new_object();
	json_object_object_add(top, "format", json_object_new_string("snc-report"));
	json_object_object_add(top, "format_version", json_object_new_int(REPORT_JSON_FORMAT_VERSION));
	json_object_object_add(run, "id", json_object_new_int64(f->run_id));
	json_object_object_add(run, "command", str(f->command));
	json_object_object_add(run, "started_at", str(f->started_at));
	json_object_object_add(run, "tool_version", str(f->tool_version));
	json_object_object_add(run, "status", str(f->status));
	json_object_object_add(top, "run", run);
	json_object_object_add(top, "summary", summary(r));
	json_object_object_add(top, "harnesses", harnesses(r));
	json_object_object_add(top, "scan", scan(r));
	json_object_object_add(top, "rules", rules());
	json_object_object_add(top, "findings", findings(r));
	int rc = report_json_to_file(file, top, JSON_C_TO_STRING_PRETTY |
					 JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
	json_object_put(top);
	if (rc != 0) {
		snprintf(err, errlen, "cannot write '%s': %s", file, strerror(errno));
		return -1;
	}
	return 0;
}
