/* html_index.c: the report's first page. The run it describes, the numbers (pairs by
 * verdict, findings by severity), the findings table, and one section per harness with its
 * pair matrix. The findings table sorts by any column (click its header) and filters by
 * rule and severity, with a few lines of inline JavaScript that read the table itself: no
 * data is ever written into a script. */
#include <string.h>
#include "html.h"

static const char script[] =
	"(function(){"
	"var t=document.getElementById('findings-table');"
	"var rule=document.getElementById('rule-filter'),sev=document.getElementById('severity-filter');"
	"var shown=document.getElementById('shown');"
	"var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows);"
	"function apply(){var n=0;rows.forEach(function(r){"
	"var ok=(!rule.value||r.getAttribute('data-rule')===rule.value)&&"
	"(!sev.value||r.getAttribute('data-severity')===sev.value);r.hidden=!ok;if(ok)n++;});"
	"shown.textContent=String(n);}"
	"function key(r,i){var c=r.cells[i];return c.hasAttribute('data-key')?c.getAttribute('data-key'):c.textContent;}"
	"Array.prototype.forEach.call(t.tHead.rows[0].cells,function(th,i){"
	"th.addEventListener('click',function(){"
	"var dir=th.getAttribute('data-dir')==='asc'?'desc':'asc';"
	"Array.prototype.forEach.call(t.tHead.rows[0].cells,function(o){o.removeAttribute('data-dir');});"
	"th.setAttribute('data-dir',dir);"
	"rows.sort(function(a,b){var x=key(a,i),y=key(b,i),nx=parseFloat(x),ny=parseFloat(y);"
	"var c=(!isNaN(nx)&&!isNaN(ny))?nx-ny:x.localeCompare(y);return dir==='asc'?c:-c;});"
	"rows.forEach(function(r){body.appendChild(r);});});});"
	"rule.addEventListener('change',apply);sev.addEventListener('change',apply);apply();"
	"document.body.setAttribute('data-ready','1');"
	"})();";

static int harness_index(const struct snc_facts *f, const char *name)
{
	for (int i = 0; i < f->nharnesses; i++)
		if (strcmp(f->harnesses[i].name, name) == 0)
			return i;
	return -1;
}

static int op_index(const struct snc_fact_harness *h, const char *name)
{
	for (int o = 0; o < h->nops; o++)
		if (strcmp(h->ops[o].name, name) == 0)
			return o;
	return -1;
}

/* The page a finding's subject links to: its pair, or its operation. */
static const char *finding_page(const struct snc_report *r, const struct snc_finding *x,
				char *buf, size_t len)
{
	if (!x->harness) {
		for (int i = 0; i < r->facts->nfunctions; i++) {
			const struct snc_fact_function *fn = &r->facts->functions[i];
			if (fn->line == x->line && x->file && strcmp(fn->file, x->file) == 0)
				return html_function_page(i, buf, len);
		}
		return NULL;
	}
	int hi = harness_index(r->facts, x->harness);
	if (hi < 0)
		return NULL;
	const struct snc_fact_harness *h = &r->facts->harnesses[hi];
	int f = op_index(h, x->f);
	if (f < 0)
		return NULL;
	if (!x->g)
		return html_op_page(hi, f, buf, len);
	const struct snc_fact_pair *p = snc_facts_pair(h, x->f, x->g);
	return p ? html_pair_page(hi, (int)(p - h->pairs), buf, len) : NULL;
}

static void summary(FILE *out, const struct snc_report *r)
{
	struct report_counts c;
	report_count(r, &c);
	html(out, "<h2>Summary</h2>\n<div class=\"cards\">"
		  "<div class=\"card\"><b id=\"count-harnesses\">%d</b>harnesses</div>"
		  "<div class=\"card\"><b id=\"count-ops\">%d</b>operations</div>"
		  "<div class=\"card\"><b id=\"count-pairs\">%d</b>pairs</div></div>\n",
	     c.harnesses, c.ops, c.pairs);
	html(out, "<div class=\"cards\"><table id=\"verdict-counts\"><tr><th>verdict</th><th>pairs</th></tr>\n");
	for (int v = 0; v < NVERDICTS; v++)
		html(out, "<tr><td><span class=\"v v-%r\">%r</span></td>"
			  "<td class=\"n\" id=\"count-%r\">%d</td></tr>\n",
		     report_verdicts[v], report_verdicts[v], report_verdicts[v], c.verdicts[v]);
	html(out, "</table>\n<table id=\"finding-counts\"><tr><th>findings</th><th>outstanding</th></tr>\n");
	for (enum snc_severity s = SNC_ERROR; s >= SNC_NOTE; s--)
		html(out, "<tr><td><span class=\"badge %r\">%r</span></td>"
			  "<td class=\"n\" id=\"outstanding-%r\">%d</td></tr>\n",
		     snc_severity_name(s), snc_severity_name(s), snc_severity_name(s),
		     c.outstanding[s]);
	html(out, "<tr><td class=\"intentional\">intentional</td>"
		  "<td class=\"n\" id=\"intentional\">%d</td></tr></table></div>\n", c.intentional);
}

static void filters(FILE *out, const struct snc_report *r)
{
	html(out, "<p><label>rule <select id=\"rule-filter\"><option value=\"\">all</option>");
	for (const struct snc_rule *rule = snc_rules; rule->id; rule++)
		html(out, "<option>%r</option>", rule->id);
	html(out, "</select></label> <label>severity <select id=\"severity-filter\">"
		  "<option value=\"\">all</option><option>error</option><option>warning</option>"
		  "<option>note</option></select></label> "
		  "<span class=\"muted\"><span id=\"shown\">%d</span> of %d shown</span></p>\n",
	     r->findings->count, r->findings->count);
}

static void findings_table(FILE *out, const struct snc_report *r)
{
	html(out, "<h2>Findings</h2>\n");
	filters(out, r);
	html(out, "<table id=\"findings-table\"><thead><tr><th>severity</th><th>rule</th>"
		  "<th>subject</th><th>location</th><th>message</th></tr></thead><tbody>\n");
	for (int i = 0; i < r->findings->count; i++) {
		const struct snc_finding *x = &r->findings->items[i];
		char page[64], place[4200];
		const char *link = finding_page(r, x, page, sizeof page);
		html(out, "<tr data-rule=\"%s\" data-severity=\"%r\"%r><td data-key=\"%d\">",
		     x->rule->id, snc_severity_name(x->severity),
		     x->intentional ? " class=\"intentional\"" : "", (int)x->severity);
		html_severity(out, x);
		html(out, "</td><td>%s</td><td>", x->rule->id);
		if (link)
			html(out, "<a href=\"%s\">%s</a>", link, x->subject);
		else
			html(out, "%s", x->subject);
		html(out, "</td><td><code>%s</code></td><td>%s",
		     report_finding_place(r, x, place, sizeof place), x->message);
		if (x->intentional)
			html(out, "<br>intentional: %s", x->reason);
		html(out, "<details><summary>evidence</summary><pre>%s</pre></details></td></tr>\n",
		     x->evidence);
	}
	html(out, "</tbody></table>\n");
	if (r->findings->count == 0)
		html(out, "<p class=\"muted\">No findings.</p>\n");
}

static void harnesses(FILE *out, const struct snc_report *r)
{
	html(out, "<h2>Harnesses</h2>\n<p class=\"muted\">Each cell is a pair of operations, "
		  "coloured by verdict; click it for the witness.</p>\n<p>");
	for (int v = 0; v < NVERDICTS; v++)
		html(out, "<span class=\"v v-%r\">%r</span> ", report_verdicts[v], report_verdicts[v]);
	html(out, "</p>\n<div class=\"harnesses\">\n");
	char shown[4096], page[64];
	for (int i = 0; i < r->facts->nharnesses; i++) {
		const struct snc_fact_harness *h = &r->facts->harnesses[i];
		html(out, "<section class=\"harness\"><h3 id=\"harness-%d\"><a href=\"%s\">%s</a></h3>\n"
			  "<p class=\"muted\">run %D, %D states", i, html_harness_page(i, page, sizeof page),
		     h->name, h->run_id, h->states);
		if (h->source)
			html(out, ", <code>%s</code>", report_shown_path(r->root, h->source, shown,
									  sizeof shown));
		html(out, "</p>\n");
		html_matrix(out, h, i);
		html(out, "<p>operations:");
		for (int o = 0; o < h->nops; o++)
			html(out, " <a href=\"%s\"><code>%s</code></a>",
			     html_op_page(i, o, page, sizeof page), h->ops[o].name);
		html(out, "</p></section>\n");
	}
	html(out, "</div>\n");
}

/* The scanned functions: API first, those reaching heavyweight instructions first. */
static void functions(FILE *out, const struct snc_report *r)
{
	const struct snc_facts *f = r->facts;
	if (!f->scan_run_id)
		return;
	char page[64], shown[4096];
	html(out, "<h2 id=\"functions\">Functions</h2>\n<p class=\"muted\">From the scan of run "
		  "%D: every function outside system headers, with the heavyweight sites it has "
		  "and reaches through its calls.</p>\n<table id=\"functions-table\"><tr>"
		  "<th>function</th><th>location</th><th>linkage</th><th>own</th><th>reached</th></tr>\n",
	     f->scan_run_id);
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < f->nfunctions; i++) {
			const struct snc_fact_function *fn = &f->functions[i];
			if ((pass == 0) != (fn->api && fn->transitive_heavyweight > 0))
				continue;
			html(out, "<tr><td><a href=\"%s\"><code>%s</code></a></td><td><code>%s:%d</code></td>"
				  "<td>%s</td><td class=\"n\">%D</td><td class=\"n\">%D</td></tr>\n",
			     html_function_page(i, page, sizeof page), fn->name,
			     report_shown_path(r->root, fn->file, shown, sizeof shown), fn->line,
			     fn->linkage, fn->heavyweight_sites, fn->transitive_heavyweight);
		}
	}
	html(out, "</table>\n");
}

int html_index(const struct snc_report *r, const char *dir, char *err, size_t errlen)
{
	FILE *out = html_page_open(dir, "index.html", "snc report", err, errlen);
	if (!out)
		return -1;
	const struct snc_facts *f = r->facts;
	html(out, "<header><h1>snc report</h1><p>run <span id=\"run-id\">%D</span> &middot; %s "
		  "&middot; started %s &middot; %s &middot; snc %s</p></header>\n<main>\n",
	     f->run_id, f->command, f->started_at, f->status, f->tool_version);
	summary(out, r);
	findings_table(out, r);
	html(out, "<h2 id=\"costs\">Conflict rate against heavyweight instructions per call</h2>\n");
	if (f->measured)
		html_chart(out, f);
	else
		html(out, "<p class=\"muted\">No measured costs in this run: <code>snc run "
			  "--measure</code> counts the heavyweight instructions each operation "
			  "executes.</p>\n");
	harnesses(out, r);
	functions(out, r);
	html(out, "</main>\n");
	return html_page_close(out, script, err, errlen);
}
