/* sarif_flows.c: a concurrent schedule as a SARIF code flow, so that a code-review UI walks
 * a reviewer through the interleaving that broke linearizability (or did not repeat).
 *
 * The code flow has one thread flow per thread (thread 0 runs the pair's f, thread 1 its g);
 * each step is a location with a message and an executionOrder that numbers the steps of
 * both threads in the order they ran. A thread flow's message says what the scheduler's
 * hooks counted on that thread under the schedule (points, atomic RMWs, seq_cst fences and
 * stores, lock acquisitions).
 *
 * When the schedule's trace is stored (schedule_steps: what `snc replay` prints), there is
 * one step per trace entry but the switch markers: the call (at the op's SNC_OP line in the
 * harness) and each memory access, fence or lock operation, at the file:line of the code
 * that made it, its kind (read, store, rmw, lock, ...) as the step's kind. The trace names
 * a file by its base name ("racy_inc fixtures.c:9"); the step's file is the scanned or
 * harness file of that name (the scanned function of that name first).
 *
 * Without a trace (a JSON baseline, a schedule whose re-run ended otherwise), the steps are
 * what the schedule string "T:b1,b2,..." says (thread T starts; b1 scheduling points pass,
 * then the running thread is preempted at the next one; then the other runs b2 points, and
 * so on; after the last preemption both run to completion): each thread's call, then each
 * stretch it ran between preemptions, at the function it exercises. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sarif_internal.h"

enum { MAX_SWITCHES = 64 };

struct parsed_schedule {
	int first;                 /* the thread that starts */
	int n;                     /* preemptions */
	unsigned long budget[MAX_SWITCHES];
};

/* "T" or "T:b1,b2,...", strictly: decimal numbers, no spaces, no empty budgets. */
static bool parse_schedule(const char *text, struct parsed_schedule *s)
{
	if (!text || (text[0] != '0' && text[0] != '1'))
		return false;
	s->first = text[0] - '0';
	s->n = 0;
	const char *p = text + 1;
	if (*p == '\0')
		return true;
	if (*p != ':')
		return false;
	do {
		p++;
		if (*p < '0' || *p > '9' || s->n == MAX_SWITCHES)
			return false;
		unsigned long v = 0;
		for (; *p >= '0' && *p <= '9'; p++)
			if ((v = v * 10 + (unsigned long)(*p - '0')) > 0xffffffffUL)
				return false;
		s->budget[s->n++] = v;
	} while (*p == ',');
	return *p == '\0';
}

struct flow {
	const struct sarif_ctx *c;
	const struct snc_fact_harness *h;
	const struct snc_fact_op *op[2];
	const char *call[2];
	struct sarif_place place[2];
	json_object *steps[2];     /* the locations of each thread's flow */
	bool called[2];
	int order;                 /* executionOrder of the last step */
};

static void step(struct flow *f, int t, const char *file, int line, const char *name,
		 const char *kind, int nesting, const char *message)
{
	json_object *s = json_object_new_object();
	json_object_object_add(s, "location", sarif_location(f->c, file, line, name, message));
	if (kind) {
		json_object *kinds = json_object_new_array();
		json_object_array_add(kinds, json_object_new_string(kind));
		json_object_object_add(s, "kinds", kinds);
	}
	json_object_object_add(s, "nestingLevel", json_object_new_int(nesting));
	json_object_object_add(s, "executionOrder", json_object_new_int(++f->order));
	json_object_array_add(f->steps[t], s);
}

/* Thread t's call, at the op's SNC_OP line (its function when that is not known). */
static void call_step(struct flow *f, int t, const char *state)
{
	const struct snc_fact_op *op = f->op[t];
	char msg[2048];
	snprintf(msg, sizeof msg, "thread %d calls %s (op %s of harness %s) from state %s", t,
		 f->call[t], op->name, f->h->name, state);
	if (op->file && op->line > 0)
		step(f, t, op->file, op->line, op->name, "call", 0, msg);
	else
		step(f, t, f->place[t].file, f->place[t].line, f->place[t].name, "call", 0, msg);
	f->called[t] = true;
}

/* A stretch thread t ran: message as given, at the function the op exercises. */
static void run_step(struct flow *f, int t, const char *state, const char *message)
{
	if (!f->called[t])
		call_step(f, t, state);
	step(f, t, f->place[t].file, f->place[t].line, f->place[t].name, NULL, 1, message);
}

/* The last path separator of a file name, or the name itself. */
static const char *base_name(const char *file)
{
	const char *slash = strrchr(file, '/');
	return slash ? slash + 1 : file;
}

static bool same_base(const char *file, const char *base, size_t len)
{
	if (!file)
		return false;
	const char *b = base_name(file);
	return strlen(b) == len && memcmp(b, base, len) == 0;
}

/* Where a trace entry's place ("function file.c:LINE") is: the scanned function of that
 * name in a file of that base name, else any scanned file of that base name, else the
 * harness's source or an op's file. false when the place has no line or no known file. */
static bool trace_place(const struct flow *f, const char *place, struct sarif_place *out)
{
	const char *space = place ? strrchr(place, ' ') : NULL;
	const char *colon = space ? strrchr(space, ':') : NULL;
	if (!colon || colon[1] < '1' || colon[1] > '9')
		return false;
	const char *base = space + 1;
	size_t base_len = (size_t)(colon - base), name_len = (size_t)(space - place);
	out->line = atoi(colon + 1);
	const struct snc_facts *facts = f->c->r->facts;
	const char *file = NULL;
	for (int pass = 0; pass < 2 && !file; pass++)
		for (int i = 0; i < facts->nfunctions && !file; i++) {
			const struct snc_fact_function *fn = &facts->functions[i];
			if (same_base(fn->file, base, base_len) &&
			    (pass == 1 || (strlen(fn->name) == name_len &&
					   memcmp(fn->name, place, name_len) == 0)))
				file = fn->file;
		}
	const char *known[] = { f->h->source, f->op[0]->file, f->op[1]->file };
	for (size_t i = 0; i < sizeof known / sizeof *known && !file; i++)
		if (same_base(known[i], base, base_len))
			file = known[i];
	if (!file)
		return false;
	out->file = file;
	out->name = NULL;          /* the caller marks the variable, when on the line */
	return true;
}

/* One step per entry of the stored trace but the switch markers; the last carries the
 * outcome. */
static void trace_steps(struct flow *f, const struct snc_fact_schedule *s)
{
	int last = -1;
	for (int i = 0; i < s->nsteps; i++)
		if (strcmp(s->steps[i].kind, "switch") != 0)
			last = i;
	for (int i = 0; i <= last; i++) {
		const struct snc_fact_step *e = &s->steps[i];
		int t = e->thread ? 1 : 0;
		if (strcmp(e->kind, "switch") == 0)
			continue;
		if (!f->called[t])
			call_step(f, t, s->state);
		if (strcmp(e->kind, "call") == 0)
			continue;
		char msg[2048], tail[1024] = "";
		if (i == last)
			snprintf(tail, sizeof tail, "; outcome: %s (sequential orders give: %s | %s)",
				 s->outcome, s->f_then_g, s->g_then_f);
		struct sarif_place at;
		bool found = trace_place(f, e->place, &at);
		if (found)
			at.name = e->variable;
		else
			at = f->place[t];
		snprintf(msg, sizeof msg, "thread %d: %s%s%s%s%s", t, e->access,
			 e->place ? (found ? " in " : " at ") : "", e->place ? e->place : "",
			 found ? "" : " (outside the known sources)", tail);
		step(f, t, at.file, at.line, at.name, e->kind, 1, msg);
	}
	for (int t = 0; t < 2; t++)   /* a thread the kept part of the trace never reached */
		if (!f->called[t])
			call_step(f, t, s->state);
}

/* The steps the schedule string gives: each stretch a thread ran between preemptions. */
static void schedule_steps(struct flow *f, const struct snc_fact_schedule *s,
			   const struct parsed_schedule *ps)
{
	char msg[2048];
	int t = ps->first;
	for (int i = 0; i < ps->n; i++, t = 1 - t) {
		snprintf(msg, sizeof msg, "thread %d: %s %s %lu scheduling point%s (accesses the "
			 "scheduler controls), then is preempted", t, f->call[t],
			 f->called[t] ? "resumes and passes" : "passes", ps->budget[i],
			 ps->budget[i] == 1 ? "" : "s");
		run_step(f, t, s->state, msg);
	}
	snprintf(msg, sizeof msg, "thread %d: %s %s until it returns (or blocks and lets the "
		 "other run)", t, f->call[t], f->called[t] ? "resumes and runs" : "runs");
	run_step(f, t, s->state, msg);
	snprintf(msg, sizeof msg, "thread %d: %s %s to completion; outcome: %s (sequential "
		 "orders give: %s | %s)", 1 - t, f->call[1 - t],
		 f->called[1 - t] ? "resumes and runs" : "runs", s->outcome, s->f_then_g, s->g_then_f);
	run_step(f, 1 - t, s->state, msg);
}

/* A thread flow's message: its call and what the hooks counted on that thread under the
 * schedule, when known (the heavyweight instructions the Laws of Order ask for among them). */
static void thread_text(const struct snc_fact_schedule *s, int t, const char *call, char *buf,
			size_t len)
{
	const struct snc_db_hook_counts *c = &s->thread[t];
	if (s->thread[0].points + s->thread[1].points == 0) {
		snprintf(buf, len, "thread %d: %s", t, call);
		return;
	}
	snprintf(buf, len, "thread %d: %s, which passed %lld scheduling point%s under this "
		 "schedule: %lld atomic RMW%s, %lld seq_cst fence%s, %lld seq_cst store%s, %lld lock "
		 "acquisition%s", t, call, (long long)c->points, c->points == 1 ? "" : "s",
		 (long long)c->rmw, c->rmw == 1 ? "" : "s", (long long)c->seq_cst_fences,
		 c->seq_cst_fences == 1 ? "" : "s", (long long)c->seq_cst_stores,
		 c->seq_cst_stores == 1 ? "" : "s", (long long)c->lock_acquisitions,
		 c->lock_acquisitions == 1 ? "" : "s");
}

json_object *sarif_code_flows(const struct sarif_ctx *c, const struct snc_fact_harness *h,
			      const struct snc_fact_pair *p, const struct snc_fact_schedule *s)
{
	struct parsed_schedule ps;
	if (!s || !s->id || !parse_schedule(s->schedule, &ps))
		return NULL;
	struct flow f = {
		.c = c, .h = h, .op = { &h->ops[p->f], &h->ops[p->g] },
		.call = { s->f_call, s->g_call },
		.steps = { json_object_new_array(), json_object_new_array() },
	};
	for (int t = 0; t < 2; t++)
		f.place[t] = sarif_op_place(c->r->facts, f.op[t]);
	if (!f.place[0].file || !f.place[1].file) {
		json_object_put(f.steps[0]);
		json_object_put(f.steps[1]);
		return NULL;
	}
	char msg[2048];
	if (s->nsteps > 0)
		trace_steps(&f, s);
	else
		schedule_steps(&f, s, &ps);

	json_object *threads = json_object_new_array();
	for (int k = 0; k < 2; k++) {
		json_object *tf = json_object_new_object();
		char id[16];
		snprintf(id, sizeof id, "thread-%d", k);
		json_object_object_add(tf, "id", json_object_new_string(id));
		thread_text(s, k, f.call[k], msg, sizeof msg);
		json_object *m = json_object_new_object();
		json_object_object_add(m, "text", json_object_new_string(msg));
		json_object_object_add(tf, "message", m);
		json_object_object_add(tf, "locations", f.steps[k]);
		json_object_array_add(threads, tf);
	}
	json_object *flow = json_object_new_object();
	snprintf(msg, sizeof msg, "from state %s, %s on thread 0 and %s on thread 1 under "
		 "schedule %s (%d preemption%s) end with %s, %s (%s | %s); snc replay %lld shows "
		 "every access", s->state, s->f_call, s->g_call, s->schedule, s->preemptions,
		 s->preemptions == 1 ? "" : "s", s->outcome,
		 s == &p->unrepeated ? "and with another outcome when run again; the sequential "
				       "orders give" : "which no sequential order gives",
		 s->f_then_g, s->g_then_f, (long long)s->id);
	json_object *m = json_object_new_object();
	json_object_object_add(m, "text", json_object_new_string(msg));
	json_object_object_add(flow, "message", m);
	json_object_object_add(flow, "threadFlows", threads);
	json_object *flows = json_object_new_array();
	json_object_array_add(flows, flow);
	return flows;
}
