/* html_svg.c: the pictures of the HTML report, as inline SVG (no script, no external
 * file). The pair matrix of a harness is an op x op grid, symmetric because a verdict
 * belongs to the unordered pair: the cell of (f, g) and of (g, f) show the same verdict and
 * link to the same pair page. Row labels sit on the left, column labels above, slanted so
 * that long names fit.
 *
 * The chart puts every measured pair of every harness at its conflict rate (how often the
 * Laws of Order may demand synchronization) against the heavyweight instructions per call
 * its costlier op executes (how often the code pays): high and left is an SNC pair that
 * pays nothing, low and right a pair that pays on every call for rare conflicts. */
#include <string.h>
#include "html.h"

#define CELL 26
#define CHAR_W 7       /* width of a label character at 11px monospace */
#define MAX_LABEL 32   /* characters of a name shown in a label (the title has it all) */

static int label_chars(const struct snc_fact_harness *h)
{
	int n = 4;
	for (int o = 0; o < h->nops; o++) {
		int len = (int)strlen(h->ops[o].name);
		n = len > n ? len : n;
	}
	return n > MAX_LABEL ? MAX_LABEL : n;
}

/* A name cut to MAX_LABEL characters (on a byte boundary: names are C identifiers or
 * whatever a harness gave, and the full name is in the cell's title). */
static const char *label(const char *name, char *buf)
{
	snprintf(buf, MAX_LABEL + 1, "%s", name);
	if (strlen(name) > MAX_LABEL)
		memcpy(buf + MAX_LABEL - 3, "...", 4);
	return buf;
}

static const struct snc_fact_pair *pair_at(const struct snc_fact_harness *h, int i, int j,
					   int *index)
{
	for (int p = 0; p < h->npairs; p++) {
		const struct snc_fact_pair *pr = &h->pairs[p];
		if ((pr->f == i && pr->g == j) || (pr->f == j && pr->g == i)) {
			*index = p;
			return pr;
		}
	}
	return NULL;
}

void html_matrix(FILE *out, const struct snc_fact_harness *h, int harness)
{
	int n = h->nops, left = label_chars(h) * CHAR_W + 10;
	int top = label_chars(h) * CHAR_W * 7 / 10 + 14;   /* slanted labels at 45 degrees */
	int width = left + n * CELL + top, height = top + n * CELL + 4;
	char buf[MAX_LABEL + 1], page[64];
	html(out, "<svg class=\"matrix\" id=\"matrix-%d\" xmlns=\"http://www.w3.org/2000/svg\" "
		  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
	     harness, width, height, width, height);
	for (int o = 0; o < n; o++) {
		html(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n", left - 6,
		     top + o * CELL + CELL / 2 + 4, label(h->ops[o].name, buf));
		int x = left + o * CELL + CELL / 2;
		html(out, "<text transform=\"translate(%d,%d) rotate(-45)\">%s</text>\n", x, top - 6,
		     label(h->ops[o].name, buf));
	}
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++) {
			int p;
			const struct snc_fact_pair *pr = pair_at(h, i, j, &p);
			int x = left + j * CELL, y = top + i * CELL;
			if (!pr) {
				html(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
					  "fill=\"#fff\" stroke=\"#d0d7de\"/>\n", x, y, CELL, CELL);
				continue;
			}
			html(out, "<a href=\"%s\"><rect class=\"cell v-%r\" data-verdict=\"%r\" "
				  "x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%r\" "
				  "stroke=\"#fff\"><title>%s x %s: %s</title></rect></a>\n",
			     html_pair_page(harness, p, page, sizeof page),
			     html_verdict_class(pr->verdict), html_verdict_class(pr->verdict), x, y,
			     CELL, CELL, html_verdict_colour(pr->verdict), h->ops[i].name,
			     h->ops[j].name, pr->verdict);
		}
	}
	html(out, "</svg>\n");
}

#define CHART_W 640
#define CHART_H 360
#define CHART_LEFT 56
#define CHART_BOTTOM 44
#define MAX_SPOTS 1024   /* points remembered to set coinciding ones apart */

static double pays_per_call(const struct snc_fact_op *op)
{
	return op->cost.rmw + op->cost.fences;
}

void html_chart(FILE *out, const struct snc_facts *f)
{
	double xmax = 1;
	for (int i = 0; i < f->nharnesses; i++)
		for (int o = 0; o < f->harnesses[i].nops; o++)
			if (pays_per_call(&f->harnesses[i].ops[o]) > xmax)
				xmax = pays_per_call(&f->harnesses[i].ops[o]);
	int pw = CHART_W - CHART_LEFT - 16, ph = CHART_H - CHART_BOTTOM - 12, points = 0;
	html(out, "<svg id=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		  "height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n"
		  "<rect x=\"%d\" y=\"12\" width=\"%d\" height=\"%d\" fill=\"#f6f8fa\" "
		  "stroke=\"#d0d7de\"/>\n", CHART_W, CHART_H, CHART_W, CHART_H, CHART_LEFT, pw, ph);
	for (int t = 0; t <= 4; t++) {
		int y = 12 + ph - ph * t / 4, x = CHART_LEFT + pw * t / 4;
		html(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d%%</text>"
			  "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%f</text>\n",
		     CHART_LEFT - 6, y + 4, 25 * t, x, 12 + ph + 16, xmax * t / 4);
	}
	html(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">heavyweight instructions "
		  "per call (the costlier op, measured)</text>\n<text transform=\"translate(14,%d) "
		  "rotate(-90)\" text-anchor=\"middle\">conflict rate</text>\n",
	     CHART_LEFT + pw / 2, CHART_H - 6, 12 + ph / 2);
	char page[64];
	int spots[MAX_SPOTS][2];
	for (int i = 0; i < f->nharnesses; i++) {
		const struct snc_fact_harness *h = &f->harnesses[i];
		for (int p = 0; p < h->npairs; p++) {
			const struct snc_fact_pair *pr = &h->pairs[p];
			const struct snc_fact_op *a = &h->ops[pr->f], *b = &h->ops[pr->g];
			if (!a->cost.calls || !b->cost.calls)
				continue;
			double x = pays_per_call(a) > pays_per_call(b) ? pays_per_call(a) : pays_per_call(b);
			double rate = report_conflict_rate(pr);
			int cx = CHART_LEFT + (int)(pw * x / xmax), cy = 12 + ph - (int)(ph * rate);
			/* Pairs on the same spot are set side by side, so that each can be seen. */
			int same = 0;
			for (int k = 0; k < points && k < MAX_SPOTS; k++)
				same += spots[k][0] == cx && spots[k][1] == cy;
			if (points < MAX_SPOTS) {
				spots[points][0] = cx;
				spots[points][1] = cy;
			}
			points++;
			html(out, "<a href=\"%s\"><circle class=\"point\" cx=\"%d\" cy=\"%d\" r=\"6\" "
				  "fill=\"%r\" stroke=\"#24292f\" fill-opacity=\"0.85\"><title>%s x %s in %s: "
				  "%s, conflict rate %P, %f heavyweight per call</title></circle></a>\n",
			     html_pair_page(i, p, page, sizeof page), cx + 9 * same, cy,
			     html_verdict_colour(pr->verdict), a->name, b->name, h->name, pr->verdict,
			     rate, x);
		}
	}
	html(out, "</svg>\n<p class=\"muted\"><span id=\"chart-points\">%d</span> measured pairs. "
		  "High and left: conflicts often, pays nothing (an SNC pair there needs a loophole); "
		  "low and right: pays on every call for rare conflicts (the kmalloc loophole).</p>\n",
	     points);
}
