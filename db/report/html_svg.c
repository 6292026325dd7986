/* html_svg.c: the pictures of the HTML report, as inline SVG (no script, no external
 * file). The pair matrix of a harness is an op x op grid, symmetric because a verdict
 * belongs to the unordered pair: the cell of (f, g) and of (g, f) show the same verdict and
 * link to the same pair page. Row labels sit on the left, column labels above, slanted so
 * that long names fit. */
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
