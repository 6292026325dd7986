/* html_out.c: the HTML report's writing primitives.
 *
 * Every string in the report may come from code under test: function and harness names
 * (SNC_OP_AS takes any string), file paths, witness states, source lines. The one printf
 * the pages use, html(), escapes every %s, so a page cannot carry markup from its data
 * unless the code asks for it by name (%r, used only for markup built here). The frame of a
 * page is inline CSS, so the report is a folder that works from file:// without network. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include "html.h"

static void escaped(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default: fputc(*s, out);
		}
	}
}

void html(FILE *out, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			fputc(*p, out);
			continue;
		}
		switch (*++p) {
		case 's': escaped(out, va_arg(ap, const char *)); break;
		case 'r': fputs(va_arg(ap, const char *), out); break;
		case 'd': fprintf(out, "%d", va_arg(ap, int)); break;
		case 'D': fprintf(out, "%lld", (long long)va_arg(ap, int64_t)); break;
		case 'f': fprintf(out, "%.2f", va_arg(ap, double)); break;
		case 'P': fprintf(out, "%.1f%%", 100.0 * va_arg(ap, double)); break;
		case '%': fputc('%', out); break;
		default: fputc('%', out); fputc(*p, out); break;
		}
	}
	va_end(ap);
}

static const char css[] =
	"body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1f2328;background:#fff}"
	"header{background:#24292f;color:#fff;padding:12px 24px}header a{color:#fff}"
	"header h1{margin:0;font-size:20px}header p{margin:4px 0 0;color:#d0d7de}"
	"main{padding:8px 24px 40px;max-width:1200px}"
	"h2{border-bottom:1px solid #d0d7de;padding-bottom:4px;margin-top:28px}"
	"table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d0d7de;padding:4px 8px;"
	"text-align:left;vertical-align:top}th{background:#f6f8fa}"
	"table.facts th{width:14em}td.n{text-align:right;font-variant-numeric:tabular-nums}"
	"#findings-table th{cursor:pointer;user-select:none}"
	"#findings-table th[data-dir=asc]::after{content:' \\25B2'}"
	"#findings-table th[data-dir=desc]::after{content:' \\25BC'}"
	"code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}"
	"pre{background:#f6f8fa;padding:8px;overflow:auto;white-space:pre-wrap}"
	"pre.src{white-space:pre}pre.src .here{background:#fff8c5;display:inline-block;width:100%}"
	".badge{display:inline-block;padding:0 6px;border-radius:10px;font-size:12px;color:#fff}"
	".error{background:#cf222e}.warning{background:#bf8700}.note{background:#0969da}"
	".v{display:inline-block;padding:0 6px;border-radius:3px;color:#1f2328}"
	".v-snc{background:#ff8182}.v-snc-split{background:#ffb77c}.v-non-commutative{background:#f2d36b}"
	".v-state-only{background:#a5d6ff}.v-commutative{background:#8ee09b}.v-unknown{background:#d0d7de}"
	".intentional{color:#57606a;font-style:italic}.muted{color:#57606a}"
	".caveat{border-left:4px solid #bf8700;background:#fff8c5;padding:6px 10px}"
	"details summary{cursor:pointer;color:#0969da}"
	".cards{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}"
	".card{border:1px solid #d0d7de;border-radius:6px;padding:8px 14px;min-width:8em}"
	".card b{display:block;font-size:22px}"
	".harnesses{display:flex;flex-wrap:wrap;gap:16px}.harness{border:1px solid #d0d7de;"
	"border-radius:6px;padding:0 14px 8px;max-width:100%;overflow-x:auto}"
	"svg text{font:11px ui-monospace,monospace;fill:#1f2328}svg a rect:hover{stroke:#24292f;stroke-width:2}";

FILE *html_page_open(const char *dir, const char *name, const char *title, char *err,
		     size_t errlen)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *out = fopen(path, "w");
	if (!out) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		return NULL;
	}
	html(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		  "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
		  "<title>%s</title><style>%r</style></head>\n<body>\n", title, css);
	return out;
}

int html_page_close(FILE *out, const char *script, char *err, size_t errlen)
{
	if (script)
		html(out, "<script>%r</script>\n", script);
	fputs("</body></html>\n", out);
	int bad = ferror(out);
	if (fclose(out) != 0 || bad) {
		snprintf(err, errlen, "cannot write a page of the report: %s", strerror(errno));
		return -1;
	}
	return 0;
}

const char *html_pair_page(int harness, int pair, char *buf, size_t len)
{
	snprintf(buf, len, "pair-%d-%d.html", harness, pair);
	return buf;
}

const char *html_op_page(int harness, int op, char *buf, size_t len)
{
	snprintf(buf, len, "op-%d-%d.html", harness, op);
	return buf;
}

const char *html_harness_page(int harness, char *buf, size_t len)
{
	snprintf(buf, len, "harness-%d.html", harness);
	return buf;
}

const char *html_function_page(int function, char *buf, size_t len)
{
	snprintf(buf, len, "fn-%d.html", function);
	return buf;
}

const char *html_verdict_class(const char *verdict)
{
	for (int v = 0; v < NVERDICTS; v++)
		if (strcmp(verdict, report_verdicts[v]) == 0)
			return report_verdicts[v];
	return "unknown";
}

const char *html_verdict_colour(const char *verdict)
{
	static const char *const colours[NVERDICTS] = {
		"#ff8182", "#ffb77c", "#f2d36b", "#a5d6ff", "#8ee09b", "#d0d7de",
	};
	for (int v = 0; v < NVERDICTS; v++)
		if (strcmp(verdict, report_verdicts[v]) == 0)
			return colours[v];
	return colours[NVERDICTS - 1];
}

void html_severity(FILE *out, const struct snc_finding *x)
{
	const char *s = snc_severity_name(x->severity);
	html(out, "<span class=\"badge %r\">%r</span>", s, s);
}

void html_findings_section(FILE *out, const struct snc_report *r,
			   bool (*about)(const struct snc_finding *x, const void *ctx),
			   const void *ctx)
{
	int shown = 0;
	for (int i = 0; i < r->findings->count; i++) {
		const struct snc_finding *x = &r->findings->items[i];
		if (!about(x, ctx))
			continue;
		if (shown++ == 0)
			html(out, "<h2>Findings</h2>\n<ul>\n");
		html_finding_item(out, x);
	}
	if (shown)
		html(out, "</ul>\n");
}

struct op_subject {
	const char *harness, *name, *other;   /* other: the pair's second op, or NULL */
};

static bool about_op(const struct snc_finding *x, const void *ctx)
{
	const struct op_subject *o = ctx;
	if (!x->harness || strcmp(x->harness, o->harness) != 0)
		return false;
	if (!o->other)
		return strcmp(x->f, o->name) == 0 || (x->g && strcmp(x->g, o->name) == 0);
	return (strcmp(x->f, o->name) == 0 && x->g && strcmp(x->g, o->other) == 0) ||
	       (strcmp(x->f, o->other) == 0 && x->g && strcmp(x->g, o->name) == 0);
}

void html_findings_about(FILE *out, const struct snc_report *r, const struct snc_fact_harness *h,
			 int op, int partner)
{
	struct op_subject o = { h->name, h->ops[op].name,
				partner >= 0 ? h->ops[partner].name : NULL };
	html_findings_section(out, r, about_op, &o);
}

void html_finding_item(FILE *out, const struct snc_finding *x)
{
	html(out, "<li>");
	html_severity(out, x);
	html(out, " <b>%s</b> %s: %s", x->rule->id, x->subject, x->message);
	if (x->intentional)
		html(out, "<br><span class=\"intentional\">intentional: %s</span>", x->reason);
	html(out, "<pre>%s</pre></li>\n", x->evidence);
}

void html_excerpt(FILE *out, const char *file, int line, int before, int after)
{
	FILE *in = fopen(file, "r");
	if (!in) {
		html(out, "<p class=\"muted\">The source file cannot be read here.</p>\n");
		return;
	}
	char buf[4096];
	int n = 0;
	html(out, "<pre class=\"src\">");
	while (fgets(buf, sizeof buf, in) && n < line + after) {
		n++;
		if (n < line - before)
			continue;
		buf[strcspn(buf, "\n")] = '\0';
		html(out, n == line ? "<span class=\"here\">%d  %s</span>\n" : "%d  %s\n", n, buf);
	}
	html(out, "</pre>\n");
	fclose(in);
}

/* Creates dir (one level) if it does not exist. */
static int make_dir(const char *dir, char *err, size_t errlen)
{
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create '%s': %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/* Every page, each name added to pages once written. */
static int write_pages(const struct snc_report *r, const char *dir, struct html_pages *pages,
		       char *err, size_t errlen)
{
	char name[64];
	if (html_index(r, dir, err, errlen) != 0)
		return -1;
	html_pages_add(pages, "index.html");
	for (int i = 0; i < r->facts->nharnesses; i++) {
		const struct snc_fact_harness *h = &r->facts->harnesses[i];
		if (html_harness(r, dir, i, err, errlen) != 0)
			return -1;
		html_pages_add(pages, html_harness_page(i, name, sizeof name));
		for (int p = 0; p < h->npairs; p++) {
			if (html_pair(r, dir, i, p, err, errlen) != 0)
				return -1;
			html_pages_add(pages, html_pair_page(i, p, name, sizeof name));
		}
		for (int o = 0; o < h->nops; o++) {
			if (html_op(r, dir, i, o, err, errlen) != 0)
				return -1;
			html_pages_add(pages, html_op_page(i, o, name, sizeof name));
		}
	}
	for (int f = 0; f < r->facts->nfunctions; f++) {
		if (html_function(r, dir, f, err, errlen) != 0)
			return -1;
		html_pages_add(pages, html_function_page(f, name, sizeof name));
	}
	return 0;
}

int report_html(const struct snc_report *r, const char *dir, char *err, size_t errlen)
{
	if (make_dir(dir, err, errlen) != 0)
		return -1;
	struct html_pages pages = { 0 };
	int rc = write_pages(r, dir, &pages, err, errlen) != 0 ||
		 html_manifest_update(dir, &pages, err, errlen) != 0 ? -1 : 0;
	html_pages_free(&pages);
	return rc;
}
