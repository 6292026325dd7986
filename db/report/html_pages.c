/* html_pages.c: a page per pair of operations and a page per operation.
 *
 * A pair page reads the way the article argues: the verdict and what the Laws of Order say
 * about it, the conflict rate (in how many explored states the two do not commute), and the
 * witness as a two-column table: the state, then each order of the two calls with what each
 * call returns. A pair that did not repeat shows its non-determinism witness too, and a pair
 * explored under controlled schedules the schedule that broke linearizability, if any.
 *
 * An operation page shows where it is (a source excerpt), the scanned function it exercises,
 * every pair it is part of, and the findings about it. A function page (from the scan)
 * shows its source, each heavyweight site it reaches as an excerpt with the call path that
 * reaches it, its call sites, its candidate pairs, and the findings about it. */
#include <string.h>
#include "html.h"

#define EXCERPT_BEFORE 3
#define EXCERPT_AFTER 6

static const char *theorem_note(const char *verdict)
{
	if (strcmp(verdict, "snc") == 0)
		return "Strongly non-commutative from one common state: by the Laws of Order, a "
		       "deterministic, linearizable implementation must execute a heavyweight "
		       "instruction (an atomic read-modify-write or a store-load fence) in these "
		       "operations, unless it uses a loophole: make the API non-SNC, make the "
		       "heavyweight path rare, accept non-determinism or non-linearizability.";
	if (strcmp(verdict, "snc-split") == 0)
		return "Each influences the other, but only from different states: the theorem "
		       "needs one common state, so it does not apply to this pair as such.";
	if (strcmp(verdict, "non-commutative") == 0)
		return "One operation influences the other, never the reverse: not SNC, so the Laws "
		       "of Order demand no heavyweight instruction here.";
	if (strcmp(verdict, "state-only") == 0)
		return "Neither return value is ever influenced, but the final states differ with "
		       "the order: not SNC.";
	if (strcmp(verdict, "commutative") == 0)
		return "The two commute in every state tried: no coordination is needed.";
	return "No comparison was possible: every execution crashed or blocked.";
}

/* The witness: the state, then each order with each call's return. */
static void witness_table(FILE *out, const struct snc_db_witness *w, const char *id)
{
	html(out, "<table class=\"facts witness\" id=\"%r\">"
		  "<tr><th>state</th><td><code>%s</code></td></tr>"
		  "<tr><th><code>%s</code> then <code>%s</code></th>"
		  "<td><code>%s</code> returns <code>%s</code>, <code>%s</code> returns <code>%s</code></td></tr>"
		  "<tr><th><code>%s</code> then <code>%s</code></th>"
		  "<td><code>%s</code> returns <code>%s</code>, <code>%s</code> returns <code>%s</code></td></tr>"
		  "</table>\n",
	     id, w->state, w->f_call, w->g_call, w->f_call, w->f_alone, w->g_call, w->g_after_f,
	     w->g_call, w->f_call, w->g_call, w->g_alone, w->f_call, w->f_after_g);
}

static void schedule_table(FILE *out, const struct snc_fact_schedule *s, const char *id)
{
	html(out, "<table class=\"facts\" id=\"%r\">"
		  "<tr><th>state</th><td><code>%s</code></td></tr>"
		  "<tr><th>thread 0, thread 1</th><td><code>%s</code>, <code>%s</code></td></tr>"
		  "<tr><th>schedule</th><td><code>%s</code> (%d preemptions)</td></tr>"
		  "<tr><th>outcome</th><td><code>%s</code></td></tr>"
		  "<tr><th>sequential orders</th><td><code>%s</code><br><code>%s</code></td></tr>"
		  "<tr><th>replay</th><td><code>snc replay %D</code></td></tr></table>\n",
	     id, s->state, s->f_call, s->g_call, s->schedule, s->preemptions, s->outcome,
	     s->f_then_g, s->g_then_f, s->id);
}

static void nav(FILE *out, const struct snc_fact_harness *h, int harness)
{
	html(out, "<header><p><a href=\"index.html\">snc report</a> &rsaquo; "
		  "<a href=\"index.html#harness-%d\">%s</a></p>", harness, h->name);
}

/* An op as a pair's page names it: "rcu_read_lock (urcu_memb_read_lock)" when an audit
 * named it by a macro. */
static void op_label(const struct snc_fact_op *op, char *buf, size_t len)
{
	if (op->implemented_by)
		snprintf(buf, len, "%s (%s)", op->name, op->implemented_by);
	else
		snprintf(buf, len, "%s", op->name);
}

int html_pair(const struct snc_report *r, const char *dir, int harness, int pair, char *err,
	      size_t errlen)
{
	const struct snc_fact_harness *h = &r->facts->harnesses[harness];
	const struct snc_fact_pair *p = &h->pairs[pair];
	char f[600], g[600], page[64], title[1300];
	op_label(&h->ops[p->f], f, sizeof f);
	op_label(&h->ops[p->g], g, sizeof g);
	snprintf(title, sizeof title, "%s x %s", f, g);
	FILE *out = html_page_open(dir, html_pair_page(harness, pair, page, sizeof page), title,
				   err, errlen);
	if (!out)
		return -1;
	nav(out, h, harness);
	html(out, "<h1>%s x %s</h1></header>\n<main>\n<p><span class=\"v v-%r\" id=\"verdict\">%s</span> "
		  "%s</p>\n", f, g, html_verdict_class(p->verdict), p->verdict,
	     theorem_note(p->verdict));
	html(out, "<table class=\"facts\">"
		  "<tr><th>conflict rate</th><td id=\"conflict\" data-conflict-states=\"%D\" "
		  "data-states=\"%D\">%D of %D states (%P)</td></tr>",
	     p->conflict_states, p->states, p->conflict_states, p->states,
	     report_conflict_rate(p));
	if (p->direction)
		html(out, "<tr><th>direction</th><td>%s influences %s</td></tr>",
		     strcmp(p->direction, "f->g") == 0 ? f : g,
		     strcmp(p->direction, "f->g") == 0 ? g : f);
	html(out, "<tr><th>deterministic</th><td>%r</td></tr>", p->deterministic ? "yes" : "no");
	if (p->contract)
		html(out, "<tr><th>contract</th><td>%s: the API never runs these two "
			  "concurrently</td></tr>", p->contract);
	if (p->crash_states || p->blocked_states)
		html(out, "<tr><th>crashed / blocked</th><td>%D / %D states</td></tr>",
		     p->crash_states, p->blocked_states);
	html(out, "</table>\n<h2>Witness</h2>\n");
	if (p->witness.role)
		witness_table(out, &p->witness, "witness");
	else
		html(out, "<p class=\"muted\">None: no state showed an influence.</p>\n");
	if (p->solo[0].measured || p->solo[1].measured) {
		html(out, "<h2>Solo executions from the witness state (measured)</h2>\n<table>"
			  "<tr><th>call</th><th>AWAR</th><th>fenced RAW</th><th>unfenced RAW</th>"
			  "<th>example</th></tr>\n");
		for (int i = 0; i < 2; i++)
			if (p->solo[i].measured)
				html(out, "<tr><td><code>%s</code></td><td class=\"n\">%D</td>"
					  "<td class=\"n\">%D</td><td class=\"n\">%D</td><td>%s</td></tr>\n",
				     p->solo[i].call, p->solo[i].awar, p->solo[i].raw_fenced,
				     p->solo[i].raw_unfenced, p->solo[i].example);
		html(out, "</table>\n");
	}
	if (p->schedules) {
		html(out, "<h2>Schedules</h2>\n<p id=\"schedules\">%D concurrent schedules of the two "
			  "calls explored%r</p>\n", p->schedules,
		     p->broken.id ? "; this one ends with what no sequential order gives:"
				  : ", none broke linearizability (within the bound).");
		if (p->broken.id) {
			schedule_table(out, &p->broken, "broken-schedule");
			html_schedule_picture(out, &p->broken, "broken-picture");
		}
		if (p->unrepeated.id) {
			html(out, "<p>This one gave another outcome when re-run:</p>\n");
			schedule_table(out, &p->unrepeated, "unrepeated-schedule");
		}
	}
	if (p->nondeterminism.role) {
		html(out, "<h2>Non-determinism</h2>\n<p>Repeated from a copy of this state, these "
			  "calls did not give the same results again (the first run is shown).</p>\n");
		witness_table(out, &p->nondeterminism, "nondeterminism");
	}
	html(out, "<p>Operations: <a href=\"%s\"><code>%s</code></a>",
	     html_op_page(harness, p->f, page, sizeof page), f);
	if (p->g != p->f)
		html(out, ", <a href=\"%s\"><code>%s</code></a>",
		     html_op_page(harness, p->g, page, sizeof page), g);
	html(out, "</p>\n");
	html_findings_about(out, r, h, p->f, p->g);
	html(out, "</main>\n");
	return html_page_close(out, NULL, err, errlen);
}

int html_op(const struct snc_report *r, const char *dir, int harness, int op, char *err,
	    size_t errlen)
{
	const struct snc_fact_harness *h = &r->facts->harnesses[harness];
	const struct snc_fact_op *o = &h->ops[op];
	char page[64], shown[4096];
	FILE *out = html_page_open(dir, html_op_page(harness, op, page, sizeof page), o->name,
				   err, errlen);
	if (!out)
		return -1;
	nav(out, h, harness);
	html(out, "<h1>%s</h1></header>\n<main>\n<table class=\"facts\">"
		  "<tr><th>returns</th><td>%s</td></tr>", o->name, o->returns);
	if (o->contract)
		html(out, "<tr><th>contract</th><td>%s</td></tr>", o->contract);
	if (o->file)
		html(out, "<tr><th>declared</th><td><code>%s:%d</code></td></tr>",
		     report_shown_path(r->root, o->file, shown, sizeof shown), o->line);
	if (o->function >= 0)
		html(out, "<tr><th>function</th><td><a href=\"%s\"><code>%s</code></a></td></tr>",
		     html_function_page(o->function, page, sizeof page),
		     r->facts->functions[o->function].name);
	if (o->heavyweight >= 0)
		html(out, "<tr><th>heavyweight sites reached</th><td id=\"heavyweight\">%D</td></tr>",
		     o->heavyweight);
	html(out, "</table>\n");
	if (o->file && o->line > 0) {
		html(out, "<h2>Source</h2>\n");
		html_excerpt(out, o->file, o->line, EXCERPT_BEFORE, EXCERPT_AFTER);
	}
	html(out, "<h2>Pairs</h2>\n<table><tr><th>with</th><th>verdict</th><th>conflict rate</th></tr>\n");
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		if (pr->f != op && pr->g != op)
			continue;
		html(out, "<tr><td><a href=\"%s\"><code>%s</code></a></td>"
			  "<td><span class=\"v v-%r\">%s</span></td><td class=\"n\">%P</td></tr>\n",
		     html_pair_page(harness, p, page, sizeof page),
		     h->ops[pr->f == op ? pr->g : pr->f].name, html_verdict_class(pr->verdict),
		     pr->verdict, report_conflict_rate(pr));
	}
	html(out, "</table>\n");
	if (o->cost.calls)
		html(out, "<h2>Measured cost</h2>\n<table class=\"facts\" id=\"cost\">"
			  "<tr><th>calls</th><td class=\"n\">%D</td></tr>"
			  "<tr><th>instructions per call</th><td class=\"n\">%f</td></tr>"
			  "<tr><th>atomic RMW per call</th><td class=\"n\" id=\"rmw-per-call\">%f</td></tr>"
			  "<tr><th>full fences per call</th><td class=\"n\" id=\"fences-per-call\">%f</td></tr>"
			  "<tr><th>calls paying</th><td class=\"n\">%P</td></tr></table>\n%r%s%r",
		     o->cost.calls, o->cost.instructions, o->cost.rmw, o->cost.fences,
		     o->cost.heavyweight_share, o->cost_sites ? "<p>where:</p><pre>" : "",
		     o->cost_sites, o->cost_sites ? "</pre>\n" : "");
	else if (o->cost.first_calls)   /* a lock's acquire: a second call from a state blocks */
		html(out, "<h2>Measured cost</h2>\n<p>Only first calls from a state were measured "
			  "(a second call from the same state blocked or failed).</p>\n"
			  "<table class=\"facts\" id=\"cost\">"
			  "<tr><th>first calls</th><td class=\"n\">%D</td></tr>"
			  "<tr><th>instructions per first call</th><td class=\"n\">%f</td></tr>"
			  "<tr><th>atomic RMW per first call</th><td class=\"n\" id=\"first-rmw-per-call\">%f</td></tr>"
			  "<tr><th>full fences per first call</th><td class=\"n\" id=\"first-fences-per-call\">%f</td></tr>"
			  "</table>\n%r%s%r",
		     o->cost.first_calls, o->cost.first_instructions, o->cost.first_rmw,
		     o->cost.first_fences, o->cost_sites ? "<p>where:</p><pre>" : "",
		     o->cost_sites, o->cost_sites ? "</pre>\n" : "");
	if (o->nondet_state)
		html(out, "<h2>Non-determinism</h2>\n<p>From <code>%s</code>, <code>%s</code> "
			  "returned <code>%s</code>, and something else when repeated from a copy "
			  "of the same state.</p>\n", o->nondet_state, o->nondet_call,
		     o->nondet_result);
	html_findings_about(out, r, h, op, -1);
	html(out, "</main>\n");
	return html_page_close(out, NULL, err, errlen);
}

struct function_subject {
	const struct snc_report *r;
	int function;
};

/* A finding about the function: from the scan alone by its name, or about an op tied to it. */
static bool about_function(const struct snc_finding *x, const void *ctx)
{
	const struct function_subject *fs = ctx;
	const char *name = fs->r->facts->functions[fs->function].name;
	if (!x->harness)
		return strcmp(x->f, name) == 0 || (x->g && strcmp(x->g, name) == 0);
	for (int hi = 0; hi < fs->r->facts->nharnesses; hi++) {
		const struct snc_fact_harness *h = &fs->r->facts->harnesses[hi];
		if (strcmp(h->name, x->harness) != 0)
			continue;
		for (int o = 0; o < h->nops; o++)
			if (h->ops[o].function == fs->function &&
			    (strcmp(h->ops[o].name, x->f) == 0 ||
			     (x->g && strcmp(h->ops[o].name, x->g) == 0)))
				return true;
	}
	return false;
}

static void function_sites(FILE *out, const struct snc_report *r,
			   const struct snc_fact_function *fn)
{
	char shown[4096];
	html(out, "<h2>Heavyweight sites</h2>\n");
	if (fn->nsites == 0)
		html(out, "<p class=\"muted\">None reached: no atomic read-modify-write, full fence, "
			  "seq_cst store or lock acquisition in it or in what it calls.</p>\n");
	for (int i = 0; i < fn->nsites; i++) {
		const struct snc_fact_site *s = &fn->sites[i];
		html(out, "<h3><code>%s</code> <span class=\"muted\">(%s%r%s)</span></h3>\n"
			  "<p>in <code>%s</code> at <code>%s:%d</code>, reached as <code>%s</code></p>\n",
		     s->op, s->kind, s->memory_order ? ", " : "", s->memory_order, s->function,
		     report_shown_path(r->root, s->file, shown, sizeof shown), s->line, s->path);
		html_excerpt(out, s->file, s->line, 2, 3);
	}
}

int html_function(const struct snc_report *r, const char *dir, int function, char *err,
		  size_t errlen)
{
	const struct snc_facts *f = r->facts;
	const struct snc_fact_function *fn = &f->functions[function];
	char page[64], shown[4096];
	FILE *out = html_page_open(dir, html_function_page(function, page, sizeof page), fn->name,
				   err, errlen);
	if (!out)
		return -1;
	html(out, "<header><p><a href=\"index.html\">snc report</a> &rsaquo; "
		  "<a href=\"index.html#functions\">functions</a></p><h1>%s</h1></header>\n<main>\n"
		  "<table class=\"facts\"><tr><th>signature</th><td><code>%s</code></td></tr>"
		  "<tr><th>location</th><td><code>%s:%d</code></td></tr>"
		  "<tr><th>linkage</th><td>%s%r</td></tr>"
		  "<tr><th>heavyweight sites</th><td id=\"heavyweight\">%D of its own, %D reached</td></tr>",
	     fn->name, fn->signature, report_shown_path(r->root, fn->file, shown, sizeof shown),
	     fn->line, fn->linkage, fn->api ? ", API" : "", fn->heavyweight_sites,
	     fn->transitive_heavyweight);
	for (int hi = 0; hi < f->nharnesses; hi++) {
		for (int o = 0; o < f->harnesses[hi].nops; o++) {
			const struct snc_fact_op *op = &f->harnesses[hi].ops[o];
			if (op->function != function)
				continue;
			html(out, "<tr><th>exercised by</th><td><a href=\"%s\"><code>%s</code></a> in %s",
			     html_op_page(hi, o, page, sizeof page), op->name, f->harnesses[hi].name);
			if (op->cost.calls)
				html(out, ": measured <span class=\"measured\">%f</span> heavyweight "
					  "instructions per call (%f RMW, %f full fences), on %P of calls",
				     op->cost.rmw + op->cost.fences, op->cost.rmw, op->cost.fences,
				     op->cost.heavyweight_share);
			html(out, "</td></tr>");
		}
	}
	html(out, "</table>\n<h2>Source</h2>\n");
	html_excerpt(out, fn->file, fn->line, EXCERPT_BEFORE, EXCERPT_AFTER);
	function_sites(out, r, fn);
	if (fn->ncalls) {
		html(out, "<h2>Call sites</h2>\n<table><tr><th>caller</th><th>where</th>"
			  "<th>return value</th></tr>\n");
		for (int i = 0; i < fn->ncalls; i++)
			html(out, "<tr><td><code>%s</code></td><td><code>%s:%d</code></td><td>%r</td></tr>\n",
			     fn->calls[i].caller, report_shown_path(r->root, fn->calls[i].file, shown,
								   sizeof shown),
			     fn->calls[i].line, fn->calls[i].value_used ? "used" : "discarded");
		html(out, "</table>\n");
	}
	int npairs = 0;
	for (int i = 0; i < f->nscan_pairs; i++) {
		const struct snc_fact_scan_pair *sp = &f->scan_pairs[i];
		if (sp->f != function && sp->g != function)
			continue;
		if (npairs++ == 0)
			html(out, "<h2>Candidate pairs (scan)</h2>\n<table><tr><th>with</th>"
				  "<th>static class</th><th>shared state</th></tr>\n");
		int other = sp->f == function ? sp->g : sp->f;
		html(out, "<tr><td><a href=\"%s\"><code>%s</code></a></td><td>%s</td><td>%s</td></tr>\n",
		     html_function_page(other, page, sizeof page), f->functions[other].name,
		     sp->static_class, sp->shared_state);
	}
	if (npairs)
		html(out, "</table>\n");
	html_findings_section(out, r, about_function,
			      &(struct function_subject){ r, function });
	html(out, "</main>\n");
	return html_page_close(out, NULL, err, errlen);
}
