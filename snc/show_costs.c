/* show_costs.c: a run's measured costs, read once through the views cost_measurements,
 * op_costs and verdict_evidence (db/store/costs_read.c) and kept in memory, so that show.c can
 * print them where they belong: the cost table after each harness's verdicts, the evidence
 * under each snc pair.
 *
 * The table reads, per op: CALLS (loop calls measured), INSTR/CALL, RMW/CALL and
 * FENCES/CALL in the loop phase, HW SHARE (the share of those calls that executed any
 * heavyweight instruction), FIRST (heavyweight instructions per *first* call from a state,
 * where one-time costs show), and the op's most executed heavyweight site. The evidence
 * says, for the solo execution of each witness call from the witness state, whether it
 * holds an AWAR, else a fenced RAW, else neither: the theorem's condition, checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "show_costs.h"
#include "snc_db.h"

struct measurement {
	char *harness, *status, *reason;
	int64_t states;
	int loop_calls;
	double seconds;
};

struct op_cost {
	char *harness, *op, *top_kind, *top_function, *top_caller;
	char *label;               /* op, or "op (function)" for one an audit named by a macro */
	int64_t calls, first_calls;
	double instructions, rmw, fences, share, first_heavyweight, top_per_call;
};

struct evidence {
	char *harness, *f, *g, *role, *state, *call, *awar_example, *fenced_example,
		*unfenced_example;
	int64_t awar, raw_unfenced, raw_fenced;
};

struct show_costs {
	struct measurement *m;
	struct op_cost *ops;
	struct evidence *ev;
	int nm, nops, nev;
	bool oom;
};

static char *copy(struct show_costs *sc, const char *s)
{
	char *c = s ? strdup(s) : NULL;
	sc->oom |= s && !c;
	return c;
}

/* Grows *items (count entries) by one zeroed entry; NULL when out of memory. */
static void *append(struct show_costs *sc, void **items, int *count, size_t size)
{
	char *more = realloc(*items, (size_t)(*count + 1) * size);
	if (!more) {
		sc->oom = true;
		return NULL;
	}
	*items = more;
	memset(more + (size_t)*count * size, 0, size);
	return more + (size_t)(*count)++ * size;
}

static int add_measurement(const struct snc_db_cost_measurement *r, void *ctx)
{
	struct show_costs *sc = ctx;
	struct measurement *m = append(sc, (void **)&sc->m, &sc->nm, sizeof *m);
	if (!m)
		return 1;
	*m = (struct measurement){
		.harness = copy(sc, r->harness), .status = copy(sc, r->status),
		.reason = copy(sc, r->reason), .states = r->states, .loop_calls = r->loop_calls,
		.seconds = r->seconds,
	};
	return 0;
}

static char *label_of(struct show_costs *sc, const char *op, const char *function)
{
	char *text = NULL;
	if (asprintf(&text, "%s (%s)", op, function) < 0) {
		sc->oom = true;
		return NULL;
	}
	return text;
}

static int add_op(const struct snc_db_op_cost *r, void *ctx)
{
	struct show_costs *sc = ctx;
	struct op_cost *o = append(sc, (void **)&sc->ops, &sc->nops, sizeof *o);
	if (!o)
		return 1;
	*o = (struct op_cost){
		.harness = copy(sc, r->harness), .op = copy(sc, r->op),
		.label = r->implemented_by ? label_of(sc, r->op, r->implemented_by) : copy(sc, r->op),
		.top_kind = copy(sc, r->top_kind), .top_function = copy(sc, r->top_function),
		.top_caller = copy(sc, r->top_caller), .calls = r->calls,
		.first_calls = r->first_calls, .instructions = r->instructions_per_call,
		.rmw = r->rmw_per_call, .fences = r->fences_per_call,
		.share = r->heavyweight_call_share, .top_per_call = r->top_per_call,
		.first_heavyweight = r->first_rmw_per_call < 0 ? -1
				     : r->first_rmw_per_call + r->first_fences_per_call,
	};
	return 0;
}

static int add_evidence(const struct snc_db_verdict_evidence *r, void *ctx)
{
	struct show_costs *sc = ctx;
	struct evidence *e = append(sc, (void **)&sc->ev, &sc->nev, sizeof *e);
	if (!e)
		return 1;
	*e = (struct evidence){
		.harness = copy(sc, r->harness), .f = copy(sc, r->f), .g = copy(sc, r->g),
		.role = copy(sc, r->role), .state = copy(sc, r->state), .call = copy(sc, r->call),
		.awar_example = copy(sc, r->awar_example),
		.fenced_example = copy(sc, r->raw_fenced_example),
		.unfenced_example = copy(sc, r->raw_unfenced_example),
		.awar = r->awar, .raw_unfenced = r->raw_unfenced, .raw_fenced = r->raw_fenced,
	};
	return 0;
}

void show_costs_free(struct show_costs *sc)
{
	if (!sc)
		return;
	for (int i = 0; i < sc->nm; i++) {
		free(sc->m[i].harness);
		free(sc->m[i].status);
		free(sc->m[i].reason);
	}
	for (int i = 0; i < sc->nops; i++) {
		struct op_cost *o = &sc->ops[i];
		free(o->harness);
		free(o->op);
		free(o->label);
		free(o->top_kind);
		free(o->top_function);
		free(o->top_caller);
	}
	for (int i = 0; i < sc->nev; i++) {
		struct evidence *e = &sc->ev[i];
		char *strings[] = { e->harness, e->f, e->g, e->role, e->state, e->call,
				    e->awar_example, e->fenced_example, e->unfenced_example };
		for (size_t k = 0; k < sizeof strings / sizeof strings[0]; k++)
			free(strings[k]);
	}
	free(sc->m);
	free(sc->ops);
	free(sc->ev);
	free(sc);
}

struct show_costs *show_costs_load(struct snc_db *db, int64_t run_id)
{
	struct show_costs *sc = calloc(1, sizeof *sc);
	int stored = sc ? snc_db_costs_stored(db) : -1;
	if (stored <= 0) {
		if (stored < 0)
			show_costs_free(sc);
		return stored < 0 ? NULL : sc;
	}
	if (snc_db_each_cost_measurement(db, run_id, add_measurement, sc) != 0 ||
	    snc_db_each_op_cost(db, run_id, add_op, sc) != 0 ||
	    snc_db_each_verdict_evidence(db, run_id, add_evidence, sc) != 0 || sc->oom) {
		show_costs_free(sc);
		return NULL;
	}
	return sc;
}

static const struct measurement *measurement_of(const struct show_costs *sc, const char *harness)
{
	for (int i = sc->nm - 1; i >= 0; i--)   /* the newest, if measured twice */
		if (strcmp(sc->m[i].harness, harness) == 0)
			return &sc->m[i];
	return NULL;
}

/* "lock cmpxchg in pthread_mutex_lock (from mutex_set_add)" */
static void site_text(const struct op_cost *o, char *buf, size_t len)
{
	if (!o->top_kind)
		snprintf(buf, len, "-");
	else if (o->top_caller)
		snprintf(buf, len, "%s in %s (from %s)", o->top_kind,
			 o->top_function ? o->top_function : "?", o->top_caller);
	else
		snprintf(buf, len, "%s in %s", o->top_kind, o->top_function ? o->top_function : "?");
}

static void ratio_text(double v, const char *fmt, char *buf, size_t len)
{
	if (v < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, fmt, v);
}

void show_costs_print(const struct show_costs *sc, const char *harness)
{
	const struct measurement *m = sc ? measurement_of(sc, harness) : NULL;
	if (!m)
		return;
	if (strcmp(m->status, "measured") != 0) {
		printf("  costs: not measured (%s)\n", m->reason ? m->reason : m->status);
		return;
	}
	printf("  costs under valgrind --tool=snc, from %lld states, %d loop calls after each first "
	       "call:\n", (long long)m->states, m->loop_calls);
	int w = 2;
	for (int i = 0; i < sc->nops; i++)
		if (strcmp(sc->ops[i].harness, harness) == 0 && (int)strlen(sc->ops[i].label) > w)
			w = (int)strlen(sc->ops[i].label);
	printf("  %-*s  %6s  %10s  %8s  %11s  %8s  %6s  %s\n", w, "OP", "CALLS", "INSTR/CALL",
	       "RMW/CALL", "FENCES/CALL", "HW SHARE", "FIRST", "HEAVIEST SITE");
	for (int i = 0; i < sc->nops; i++) {
		const struct op_cost *o = &sc->ops[i];
		if (strcmp(o->harness, harness) != 0)
			continue;
		char in[32], rmw[32], fences[32], share[32], first[32], site[400];
		ratio_text(o->instructions, "%.1f", in, sizeof in);
		ratio_text(o->rmw, "%.3f", rmw, sizeof rmw);
		ratio_text(o->fences, "%.3f", fences, sizeof fences);
		ratio_text(o->share < 0 ? -1 : o->share * 100, "%.1f%%", share, sizeof share);
		ratio_text(o->first_heavyweight, "%.2f", first, sizeof first);
		site_text(o, site, sizeof site);
		printf("  %-*s  %6lld  %10s  %8s  %11s  %8s  %6s  %s\n", w, o->label, (long long)o->calls,
		       in, rmw, fences, share, first, site);
	}
}

/* What one solo execution shows: "AWAR: ...", "fenced RAW: ...", or neither. */
static void pattern_text(const struct evidence *e, char *buf, size_t len)
{
	if (e->awar)
		snprintf(buf, len, "AWAR: %s", e->awar_example ? e->awar_example : "?");
	else if (e->raw_fenced)
		snprintf(buf, len, "fenced RAW: %s", e->fenced_example ? e->fenced_example : "?");
	else if (e->raw_unfenced)
		snprintf(buf, len, "no AWAR, no fenced RAW (unfenced RAW: %s)",
			 e->unfenced_example ? e->unfenced_example : "?");
	else
		snprintf(buf, len, "no AWAR, no fenced RAW");
}

static bool matches(const struct evidence *e, const char *harness, const char *f, const char *g)
{
	return strcmp(e->harness, harness) == 0 && strcmp(e->f, f) == 0 && strcmp(e->g, g) == 0;
}

bool show_costs_evidence_text(const struct show_costs *sc, const char *harness, const char *f,
			      const char *g, char *buf, size_t len)
{
	const struct evidence *first = NULL;
	size_t used = 0;
	for (int i = 0; sc && i < sc->nev && used < len; i++) {
		const struct evidence *e = &sc->ev[i];
		if (!matches(e, harness, f, g))
			continue;
		char pattern[1200];
		pattern_text(e, pattern, sizeof pattern);
		if (!first) {
			first = e;
			used += (size_t)snprintf(buf, len, "solo %s from %s: %s", e->call, e->state,
						 pattern);
		} else if (strcmp(first->call, e->call) != 0) {
			used += (size_t)snprintf(buf + used, len - used, "; solo %s: %s", e->call,
						 pattern);
		}
	}
	return first != NULL;
}

json_object *show_costs_evidence_json(const struct show_costs *sc, const char *harness,
				      const char *f, const char *g)
{
	json_object *list = NULL;
	for (int i = 0; sc && i < sc->nev; i++) {
		const struct evidence *e = &sc->ev[i];
		if (!matches(e, harness, f, g))
			continue;
		json_object *o = json_object_new_object();
		json_object_object_add(o, "role", json_object_new_string(e->role));
		json_object_object_add(o, "state", json_object_new_string(e->state));
		json_object_object_add(o, "call", json_object_new_string(e->call));
		json_object_object_add(o, "awar", json_object_new_int64(e->awar));
		json_object_object_add(o, "raw_fenced", json_object_new_int64(e->raw_fenced));
		json_object_object_add(o, "raw_unfenced", json_object_new_int64(e->raw_unfenced));
		const char *examples[][2] = {
			{ "awar_example", e->awar_example },
			{ "raw_fenced_example", e->fenced_example },
			{ "raw_unfenced_example", e->unfenced_example },
		};
		for (int k = 0; k < 3; k++)
			json_object_object_add(o, examples[k][0], examples[k][1]
				? json_object_new_string(examples[k][1]) : NULL);
		if (!list)
			list = json_object_new_array();
		json_object_array_add(list, o);
	}
	return list;
}

static json_object *ratio_json(double v)
{
	return v < 0 ? NULL : json_object_new_double(v);
}

json_object *show_costs_json(const struct show_costs *sc)
{
	json_object *list = json_object_new_array();
	for (int i = 0; sc && i < sc->nm; i++) {
		const struct measurement *m = &sc->m[i];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "harness", json_object_new_string(m->harness));
		json_object_object_add(o, "status", json_object_new_string(m->status));
		json_object_object_add(o, "reason", m->reason ? json_object_new_string(m->reason) : NULL);
		json_object_object_add(o, "states", json_object_new_int64(m->states));
		json_object_object_add(o, "loop_calls", json_object_new_int(m->loop_calls));
		json_object_object_add(o, "seconds", ratio_json(m->seconds));
		json_object *ops = json_object_new_array();
		for (int k = 0; k < sc->nops; k++) {
			const struct op_cost *c = &sc->ops[k];
			if (strcmp(c->harness, m->harness) != 0)
				continue;
			json_object *op = json_object_new_object();
			json_object_object_add(op, "op", json_object_new_string(c->op));
			json_object_object_add(op, "calls", json_object_new_int64(c->calls));
			json_object_object_add(op, "instructions_per_call", ratio_json(c->instructions));
			json_object_object_add(op, "rmw_per_call", ratio_json(c->rmw));
			json_object_object_add(op, "fences_per_call", ratio_json(c->fences));
			json_object_object_add(op, "heavyweight_call_share", ratio_json(c->share));
			json_object_object_add(op, "first_calls", json_object_new_int64(c->first_calls));
			json_object_object_add(op, "first_heavyweight_per_call",
					       ratio_json(c->first_heavyweight));
			json_object_array_add(ops, op);
		}
		json_object_object_add(o, "ops", ops);
		json_object_array_add(list, o);
	}
	return list;
}
