/* html_harness.c: a page per harness: its pair matrix, what each operation costs per call
 * as bars, and its history across the runs in the database.
 *
 * The cost bars draw, for each measured op, the instructions, atomic read-modify-writes and
 * full fences it executes per call (`snc run --measure`), each metric on its own scale
 * (the largest value of the harness fills its column), with the number beside the bar.
 *
 * The history takes every run that stored results of this harness (by name), oldest first:
 * per run, its pairs by verdict, the verdicts that changed since the harness's previous run,
 * and its heavyweight instructions per call; below, a sparkline per op of its cost per call
 * over the runs that measured it. */
#include <string.h>
#include "html.h"

#define BAR_W 150      /* the longest bar of a metric */
#define ROW_H 20
#define NAME_W 230     /* the op name column (names are cut by the label, titled in full) */
#define SPARK_W 160
#define SPARK_H 28
#define MAX_RUNS 256  /* runs shown in a history (the newest are kept when there are more) */

static const char *const metric_names[3] = { "instructions", "rmw", "fences" };
static const char *const metric_titles[3] = { "instructions per call", "atomic RMW per call",
					      "full fences per call" };
static const char *const metric_colours[3] = { "#8c959f", "#cf222e", "#8250df" };

static double metric(const struct snc_fact_cost *c, int m)
{
	return m == 0 ? c->instructions : m == 1 ? c->rmw : c->fences;
}

/* A name cut to fit the name column; the full name is in the row's title. */
static const char *short_name(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s", name);
	if (strlen(name) >= len)
		memcpy(buf + len - 4, "...", 4);
	return buf;
}

static void cost_bars(FILE *out, const struct snc_fact_harness *h, int harness)
{
	double max[3] = { 0, 0, 0 };
	int rows = 0;
	for (int o = 0; o < h->nops; o++) {
		if (!h->ops[o].cost.calls)
			continue;
		rows++;
		for (int m = 0; m < 3; m++)
			if (metric(&h->ops[o].cost, m) > max[m])
				max[m] = metric(&h->ops[o].cost, m);
	}
	html(out, "<h2 id=\"costs\">Cost per call (measured)</h2>\n");
	if (rows == 0) {
		html(out, "<p class=\"muted\" id=\"no-costs\">Not measured: <code>snc run --measure"
			  "</code> counts what each operation executes per call.</p>\n");
		return;
	}
	int col = BAR_W + 70, width = NAME_W + 3 * col, height = 24 + rows * ROW_H + 4;
	html(out, "<svg class=\"cost-bars\" id=\"cost-bars-%d\" xmlns=\"http://www.w3.org/2000/svg\" "
		  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
	     harness, width, height, width, height);
	for (int m = 0; m < 3; m++)
		html(out, "<text x=\"%d\" y=\"14\" font-weight=\"bold\">%r</text>\n", NAME_W + m * col,
		     metric_titles[m]);
	char name[33];
	int y = 24;
	for (int o = 0; o < h->nops; o++) {
		const struct snc_fact_op *op = &h->ops[o];
		if (!op->cost.calls)
			continue;
		html(out, "<g class=\"cost-row\" data-op=\"%s\"><title>%s: %D calls measured</title>"
			  "<text x=\"0\" y=\"%d\">%s</text>\n", op->name, op->name, op->cost.calls,
		     y + 14, short_name(op->name, name, sizeof name));
		for (int m = 0; m < 3; m++) {
			double v = metric(&op->cost, m);
			int w = max[m] > 0 ? (int)(BAR_W * v / max[m] + 0.5) : 0;
			int x = NAME_W + m * col;
			html(out, "<rect class=\"bar bar-%r\" data-metric=\"%r\" data-value=\"%f\" "
				  "x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%r\"/>"
				  "<text x=\"%d\" y=\"%d\">%f</text>\n",
			     metric_names[m], metric_names[m], v, x, y + 3, w > 0 || v == 0 ? w : 1,
			     ROW_H - 6, metric_colours[m], x + (w > 0 ? w : 1) + 4, y + 14, v);
		}
		html(out, "</g>\n");
		y += ROW_H;
	}
	html(out, "</svg>\n<p class=\"muted\">Each metric on its own scale: the largest value of "
		  "the harness fills its column. Calls after the first from a state, as a caller "
		  "pays in a loop.</p>\n");
}

/* The verdict of pair f x g in run, among harness name's rows; NULL when absent. */
static const char *verdict_in(const struct snc_history *hist, const char *name, int64_t run,
			      const char *f, const char *g)
{
	for (int i = 0; i < hist->count; i++) {
		const struct snc_history_row *r = &hist->items[i];
		if (strcmp(r->harness, name) != 0)
			continue;
		if (r->run_id == run && r->g && strcmp(r->f, f) == 0 && strcmp(r->g, g) == 0)
			return r->verdict;
	}
	return NULL;
}

/* The distinct runs of harness name's rows, oldest first. Returns how many. */
static int runs_of(const struct snc_history *hist, const char *name, int64_t *runs, int max)
{
	int n = 0;
	for (int i = 0; i < hist->count; i++) {
		if (strcmp(hist->items[i].harness, name) != 0)
			continue;
		int64_t id = hist->items[i].run_id;
		bool seen = false;
		for (int k = 0; k < n && !seen; k++)
			seen = runs[k] == id;
		if (!seen && n < max) {
			runs[n++] = id;
		} else if (!seen) {   /* full: the newest are kept */
			int oldest = 0;
			for (int k = 1; k < n; k++)
				oldest = runs[k] < runs[oldest] ? k : oldest;
			if (id > runs[oldest])
				runs[oldest] = id;
		}
	}
	for (int i = 1; i < n; i++)   /* insertion sort: a handful of runs */
		for (int k = i; k > 0 && runs[k - 1] > runs[k]; k--) {
			int64_t t = runs[k];
			runs[k] = runs[k - 1];
			runs[k - 1] = t;
		}
	return n;
}

/* The verdicts of run that differ from the previous run's (0: none, the first run). */
static void verdict_changes(FILE *out, const struct snc_history *hist, const char *name,
			    int64_t run, int64_t previous)
{
	if (!previous) {
		html(out, "<span class=\"muted\">first run</span>");
		return;
	}
	int changes = 0;
	for (int i = 0; i < hist->count; i++) {
		const struct snc_history_row *r = &hist->items[i];
		if (r->run_id != run || !r->g || strcmp(r->harness, name) != 0)
			continue;
		const char *before = verdict_in(hist, name, previous, r->f, r->g);
		if (before && strcmp(before, r->verdict) == 0)
			continue;
		html(out, "%r<span class=\"change\" data-pair=\"%s x %s\"><code>%s x %s</code>: ",
		     changes++ ? "<br>" : "", r->f, r->g, r->f, r->g);
		if (before)
			html(out, "<span class=\"v v-%r\">%s</span> &rarr; ", html_verdict_class(before),
			     before);
		else
			html(out, "new &rarr; ");
		html(out, "<span class=\"v v-%r\">%s</span></span>", html_verdict_class(r->verdict),
		     r->verdict);
	}
	if (!changes)
		html(out, "<span class=\"muted\">none</span>");
}

/* The cost of op in run (summed metric, or -1 when not measured there). */
static double cost_in(const struct snc_history *hist, const char *name, int64_t run,
		      const char *op, int m)
{
	for (int i = 0; i < hist->count; i++) {
		const struct snc_history_row *r = &hist->items[i];
		if (strcmp(r->harness, name) != 0)
			continue;
		if (r->run_id == run && !r->g && strcmp(r->f, op) == 0)
			return m == 0 ? r->instructions : r->rmw + r->fences;
	}
	return -1;
}

/* Where value v of the k-th of nruns runs stands in a sparkline whose top is max. */
static void spark_point(int k, int nruns, double v, double max, int *x, int *y)
{
	*x = nruns > 1 ? 4 + (SPARK_W - 8) * k / (nruns - 1) : SPARK_W / 2;
	*y = SPARK_H - 4 - (max > 0 ? (int)((SPARK_H - 8) * v / max) : 0);
}

/* A sparkline of op's metric over the runs (gaps where a run did not measure it), then
 * its newest value. */
static void sparkline(FILE *out, const struct snc_history *hist, const char *name,
		      const int64_t *runs, int nruns, const char *op, int m)
{
	double max = 0, last = 0;
	for (int k = 0; k < nruns; k++) {
		double v = cost_in(hist, name, runs[k], op, m);
		max = v > max ? v : max;
	}
	html(out, "<svg class=\"spark\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		  "height=\"%d\" viewBox=\"0 0 %d %d\"><polyline fill=\"none\" stroke=\"#0969da\" "
		  "stroke-width=\"1.5\" points=\"", SPARK_W, SPARK_H, SPARK_W, SPARK_H);
	for (int k = 0; k < nruns; k++) {
		double v = cost_in(hist, name, runs[k], op, m);
		if (v < 0)
			continue;
		int x, y;
		spark_point(k, nruns, v, max, &x, &y);
		html(out, "%d,%d ", x, y);
	}
	html(out, "\"/>");
	for (int k = 0; k < nruns; k++) {
		double v = cost_in(hist, name, runs[k], op, m);
		if (v < 0)
			continue;
		int x, y;
		spark_point(k, nruns, v, max, &x, &y);
		html(out, "<circle class=\"spark-point\" data-run=\"%D\" data-value=\"%f\" cx=\"%d\" "
			  "cy=\"%d\" r=\"2.5\" fill=\"#0969da\"><title>run %D: %f</title></circle>",
		     runs[k], v, x, y, runs[k], v);
		last = v;
	}
	html(out, "</svg> <span class=\"n\">%f</span>", last);
}

static void history(FILE *out, const struct snc_report *r, const struct snc_fact_harness *h)
{
	const struct snc_history *hist = r->history;
	const char *name = h->name;
	int64_t runs[MAX_RUNS];
	int nruns = hist ? runs_of(hist, name, runs, MAX_RUNS) : 0;
	html(out, "<h2 id=\"history\">History</h2>\n");
	if (nruns == 0) {
		html(out, "<p class=\"muted\">No runs of this harness in the database.</p>\n");
		return;
	}
	html(out, "<p class=\"muted\">Every run of <code>%s</code> in the database up to this "
		  "report's run, oldest first.</p>\n<table id=\"history-table\"><tr><th>run</th>"
		  "<th>started</th><th>pairs by verdict</th><th>verdicts changed</th>"
		  "<th>heavyweight per call (all ops)</th></tr>\n", h->name);
	for (int k = 0; k < nruns; k++) {
		const char *started = "";
		int counts[NVERDICTS] = { 0 };
		double heavy = 0;
		bool measured = false;
		for (int i = 0; i < hist->count; i++) {
			const struct snc_history_row *row = &hist->items[i];
			if (row->run_id != runs[k] || strcmp(row->harness, h->name) != 0)
				continue;
			started = row->started_at;
			if (row->g) {
				for (int v = 0; v < NVERDICTS; v++)
					counts[v] += strcmp(row->verdict, report_verdicts[v]) == 0;
			} else {
				heavy += row->rmw + row->fences;
				measured = true;
			}
		}
		html(out, "<tr class=\"history-run\" data-run=\"%D\"><td class=\"n\">%D</td><td>%s</td><td>",
		     runs[k], runs[k], started);
		for (int v = 0; v < NVERDICTS; v++)
			if (counts[v])
				html(out, "<span class=\"v v-%r\" data-verdict=\"%r\">%d %r</span> ",
				     report_verdicts[v], report_verdicts[v], counts[v], report_verdicts[v]);
		html(out, "</td><td class=\"changes\">");
		verdict_changes(out, hist, name, runs[k], k ? runs[k - 1] : 0);
		if (measured)
			html(out, "</td><td class=\"n heavy\">%f</td></tr>\n", heavy);
		else
			html(out, "</td><td class=\"muted\">not measured</td></tr>\n");
	}
	html(out, "</table>\n");
	bool measured = false;
	for (int i = 0; i < hist->count && !measured; i++)
		measured = !hist->items[i].g && strcmp(hist->items[i].harness, name) == 0;
	if (!measured)
		return;
	html(out, "<h3>Cost per call over the runs</h3>\n<table id=\"trend-table\">"
		  "<tr><th>op</th><th>instructions per call</th><th>heavyweight per call</th></tr>\n");
	for (int o = 0; o < h->nops; o++) {
		bool op_measured = false;
		for (int k = 0; k < nruns && !op_measured; k++)
			op_measured = cost_in(hist, name, runs[k], h->ops[o].name, 0) >= 0;
		html(out, "<tr class=\"trend\" data-op=\"%s\"><td><code>%s</code></td><td>",
		     h->ops[o].name, h->ops[o].name);
		if (!op_measured) {
			html(out, "<span class=\"muted\">not measured</span></td><td></td></tr>\n");
			continue;
		}
		sparkline(out, hist, name, runs, nruns, h->ops[o].name, 0);
		html(out, "</td><td>");
		sparkline(out, hist, name, runs, nruns, h->ops[o].name, 1);
		html(out, "</td></tr>\n");
	}
	html(out, "</table>\n");
}

int html_harness(const struct snc_report *r, const char *dir, int harness, char *err,
		 size_t errlen)
{
	const struct snc_fact_harness *h = &r->facts->harnesses[harness];
	char page[64], shown[4096];
	FILE *out = html_page_open(dir, html_harness_page(harness, page, sizeof page), h->name, err,
				   errlen);
	if (!out)
		return -1;
	html(out, "<header><p><a href=\"index.html\">snc report</a> &rsaquo; harnesses</p>"
		  "<h1>%s</h1></header>\n<main>\n<p class=\"muted\">run %D, %D states", h->name,
	     h->run_id, h->states);
	if (h->state_space > h->states)   /* --max-states or --max-executions */
		html(out, " (a sample of the %D up to its depth)", h->state_space);
	if (h->source)
		html(out, ", <code>%s</code>", report_shown_path(r->root, h->source, shown, sizeof shown));
	html(out, "</p>\n");
	if (h->library_threads > 0)   /* settle.c: what the executions did not have */
		html(out, "<p class=\"caveat\">The library ran %D thread%s of its own once a state was "
			  "built. Every execution is forked from the state, and a fork copies only the "
			  "calling thread: work handed to %s during an execution was never done, and "
			  "pairs whose results depend on it are classified as if %s never ran.</p>\n",
		     h->library_threads, h->library_threads == 1 ? "" : "s",
		     h->library_threads == 1 ? "it" : "them", h->library_threads == 1 ? "it" : "they");
	html(out, "<h2>Pairs</h2>\n");
	html_matrix(out, h, harness);
	cost_bars(out, h, harness);
	history(out, r, h);
	html(out, "<h2>Operations</h2>\n<p>");
	for (int o = 0; o < h->nops; o++)
		html(out, " <a href=\"%s\"><code>%s</code></a>", html_op_page(harness, o, page, sizeof page),
		     h->ops[o].name);
	html(out, "</p>\n</main>\n");
	return html_page_close(out, NULL, err, errlen);
}
