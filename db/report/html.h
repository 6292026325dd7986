/* html.h: what the HTML report's files share: a printf whose %s escapes, the page frame
 * (inline CSS, no external resource), page names, and the colour of each verdict. */
#ifndef SNC_REPORT_HTML_H
#define SNC_REPORT_HTML_H

#include <stdio.h>
#include "report_internal.h"

/* Writes fmt to out. Directives: %s a string, HTML-escaped (NULL writes nothing); %r a
 * string written raw (markup this program made, never data); %d an int; %D an int64_t;
 * %f a double with two decimals; %P a fraction in [0, 1] as a percentage ("12.5%"); %%. */
void html(FILE *out, const char *fmt, ...);

/* Opens dir/name for writing and writes the page's head; NULL with err set on failure. */
FILE *html_page_open(const char *dir, const char *name, const char *title, char *err,
		     size_t errlen);
/* Writes the page's end (script is inline JavaScript or NULL) and closes it. Returns 0, or
 * -1 with err set when the page could not be written completely. */
int html_page_close(FILE *out, const char *script, char *err, size_t errlen);

/* Page names: pair-H-P.html, op-H-O.html, fn-F.html, harness-H.html (indexes into the
 * facts: never a name from code). */
const char *html_pair_page(int harness, int pair, char *buf, size_t len);
const char *html_op_page(int harness, int op, char *buf, size_t len);
const char *html_function_page(int function, char *buf, size_t len);
const char *html_harness_page(int harness, char *buf, size_t len);

/* The pages a report wrote, by name (html_manifest.c). */
struct html_pages {
	char **names;
	int count, cap;
};
void html_pages_add(struct html_pages *p, const char *name);
void html_pages_free(struct html_pages *p);
/* Deletes the pages the folder's previous report wrote (its manifest) that this one did not
 * write, and writes the manifest of pages. Returns 0, or -1 with err. */
int html_manifest_update(const char *dir, const struct html_pages *pages, char *err,
			 size_t errlen);

/* The CSS class and colour of a verdict. */
const char *html_verdict_class(const char *verdict);
const char *html_verdict_colour(const char *verdict);

/* A finding's severity as a badge, and the findings about op (and partner, or any partner
 * when partner < 0) as a list; nothing when there are none. */
void html_severity(FILE *out, const struct snc_finding *x);
void html_findings_about(FILE *out, const struct snc_report *r, const struct snc_fact_harness *h,
			 int op, int partner);

/* The pages. */
int html_index(const struct snc_report *r, const char *dir, char *err, size_t errlen);
int html_pair(const struct snc_report *r, const char *dir, int harness, int pair, char *err,
	      size_t errlen);
int html_op(const struct snc_report *r, const char *dir, int harness, int op, char *err,
	    size_t errlen);
int html_function(const struct snc_report *r, const char *dir, int function, char *err,
		  size_t errlen);
/* A harness's page: its matrix, cost bars per op, and history across runs (html_harness.c). */
int html_harness(const struct snc_report *r, const char *dir, int harness, char *err,
		 size_t errlen);
/* Lines around line of file, numbered, the line itself highlighted. */
void html_excerpt(FILE *out, const char *file, int line, int before, int after);
/* A "Findings" heading and list of the findings about() accepts (nothing when none). */
void html_findings_section(FILE *out, const struct snc_report *r,
			   bool (*about)(const struct snc_finding *x, const void *ctx),
			   const void *ctx);
/* A finding as a list item: severity, rule, subject, message, reason, evidence. */
void html_finding_item(FILE *out, const struct snc_finding *x);
/* Inline SVG: a harness's op x op matrix, each cell coloured by verdict and linking to its
 * pair page. */
void html_matrix(FILE *out, const struct snc_fact_harness *h, int harness);
/* Inline SVG: a non-linearizable schedule as two thread columns, one row per trace entry,
 * conflicting accesses linked by arrows (html_schedule.c); a note when no trace is stored. */
void html_schedule_picture(FILE *out, const struct snc_fact_schedule *s, const char *id);
/* Inline SVG: each measured pair at its heavyweight instructions per call (x) and its
 * conflict rate (y), coloured by verdict, linking to its page. */
void html_chart(FILE *out, const struct snc_facts *facts);

#endif
