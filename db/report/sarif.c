/* sarif.c: findings as a SARIF 2.1.0 log, the format code-scanning services read.
 *
 * One run with snc as the tool driver; every rule snc knows is listed with its summary,
 * help and helpUri (its section of docs/findings.md), and every finding is a result with
 * its rule, level (the severity), message, location (sarif_location.c: a URI relative to
 * the repository root, the start line and the name's columns), the pair's second function
 * as a related location that the message links to, the concurrent schedule it rests on as
 * a code flow (sarif_flows.c), and partialFingerprints carrying the finding's fingerprint,
 * which services use to recognize a result across commits when lines move. Intentional
 * findings carry an in-source suppression with the developer's reason, so they show as
 * dismissed rather than disappear. Written with json-c, which escapes every string. */
#include <errno.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <string.h>
#include "report_internal.h"
#include "sarif_internal.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static json_object *text(const char *s)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "text", json_object_new_string(s ? s : ""));
	return o;
}

/* A rule's name, which SARIF wants distinct from its id: snc-unsynchronized ->
 * SncUnsynchronized. */
static json_object *rule_name(const char *id)
{
	char name[64];
	size_t n = 0;
	for (bool up = true; *id && n + 1 < sizeof name; id++) {
		if (*id == '-') {
			up = true;
			continue;
		}
		name[n++] = up && *id >= 'a' && *id <= 'z' ? (char)(*id - 'a' + 'A') : *id;
		up = false;
	}
	name[n] = '\0';
	return json_object_new_string(name);
}

/* Each rule has a section of docs/findings.md whose heading is its id: the anchor.
 * docs_uri: the file:// URI of findings.md, or NULL for no helpUri. */
static json_object *rules(const char *docs_uri)
{
	json_object *list = json_object_new_array();
	for (const struct snc_rule *r = snc_rules; r->id; r++) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "id", json_object_new_string(r->id));
		json_object_object_add(o, "name", rule_name(r->id));
		json_object_object_add(o, "shortDescription", text(r->summary));
		json_object_object_add(o, "fullDescription", text(r->help));
		json_object_object_add(o, "help", text(r->help));
		if (docs_uri) {
			char uri[3 * PATH_MAX + 64];
			snprintf(uri, sizeof uri, "%s#%s", docs_uri, r->id);
			json_object_object_add(o, "helpUri", json_object_new_string(uri));
		}
		json_object *conf = json_object_new_object();
		json_object_object_add(conf, "level",
				       json_object_new_string(snc_severity_name(r->severity)));
		json_object_object_add(o, "defaultConfiguration", conf);
		json_object_array_add(list, o);
	}
	return list;
}

static int rule_index(const struct snc_rule *rule)
{
	return (int)(rule - snc_rules);
}

static const struct snc_fact_harness *harness_named(const struct snc_facts *facts,
						    const char *name)
{
	for (int i = 0; name && i < facts->nharnesses; i++)
		if (strcmp(facts->harnesses[i].name, name) == 0)
			return &facts->harnesses[i];
	return NULL;
}

static const struct snc_fact_op *op_named(const struct snc_fact_harness *h, const char *name)
{
	for (int i = 0; name && i < h->nops; i++)
		if (strcmp(h->ops[i].name, name) == 0)
			return &h->ops[i];
	return NULL;
}

/* A scanned function of a scan-only finding: the one of the scan pair of f and g, else the
 * first of that name. */
static const struct snc_fact_function *function_named(const struct snc_facts *facts,
						      const char *name, const char *other)
{
	for (int i = 0; other && i < facts->nscan_pairs; i++) {
		const struct snc_fact_scan_pair *p = &facts->scan_pairs[i];
		const struct snc_fact_function *f = &facts->functions[p->f], *g = &facts->functions[p->g];
		if (strcmp(f->name, other) == 0 && strcmp(g->name, name) == 0)
			return g;
		if (strcmp(g->name, other) == 0 && strcmp(f->name, name) == 0)
			return f;
	}
	for (int i = 0; i < facts->nfunctions; i++)
		if (strcmp(facts->functions[i].name, name) == 0)
			return &facts->functions[i];
	return NULL;
}

/* Where a name of a finding (f or g: an op of its harness, or a scanned function) is. */
static struct sarif_place place_of(const struct snc_facts *facts, const struct snc_finding *x,
				   const char *name, const char *other)
{
	const struct snc_fact_harness *h = harness_named(facts, x->harness);
	const struct snc_fact_op *op = h ? op_named(h, name) : NULL;
	if (op)
		return sarif_op_place(facts, op);
	const struct snc_fact_function *fn = x->harness ? NULL : function_named(facts, name, other);
	return fn ? (struct sarif_place){ fn->file, fn->name, fn->line } : (struct sarif_place){ 0 };
}

static json_object *locations(const struct sarif_ctx *c, const struct snc_finding *x)
{
	struct sarif_place f = place_of(c->r->facts, x, x->f, x->g);
	const char *name = f.file && strcmp(f.file, x->file) == 0 && f.line == x->line ? f.name
										     : x->f;
	json_object *list = json_object_new_array();
	json_object_array_add(list, sarif_location(c, x->file, x->line, name, NULL));
	return list;
}

/* The pair's second function, id 1, which the message links to; NULL when the finding is
 * about one function or the second is nowhere known. */
static json_object *related(const struct sarif_ctx *c, const struct snc_finding *x)
{
	if (!x->g)
		return NULL;
	struct sarif_place g = place_of(c->r->facts, x, x->g, x->f);
	if (!g.file)
		return NULL;
	char msg[1024];
	snprintf(msg, sizeof msg, "%s, the pair's second function%s", g.name,
		 strcmp(x->f, x->g) == 0 ? " (the same one, called on the other thread)" : "");
	json_object *loc = sarif_location(c, g.file, g.line, g.name, msg);
	json_object_object_add(loc, "id", json_object_new_int(1));
	json_object *list = json_object_new_array();
	json_object_array_add(list, loc);
	return list;
}

/* s as the text of a SARIF message link: '[', ']' and '\\' escaped. */
static void link_text(const char *s, char *buf, size_t len)
{
	size_t o = 0;
	for (; *s && o + 3 < len; s++) {
		if (strchr("[]\\", *s))
			buf[o++] = '\\';
		buf[o++] = *s;
	}
	buf[o] = '\0';
}

/* The code flow of the schedule the finding rests on, or NULL. */
static json_object *code_flows(const struct sarif_ctx *c, const struct snc_finding *x)
{
	const struct snc_fact_harness *h = harness_named(c->r->facts, x->harness);
	const struct snc_fact_pair *p = h && x->g ? snc_facts_pair(h, x->f, x->g) : NULL;
	return p && x->schedule ? sarif_code_flows(c, h, p, x->schedule) : NULL;
}

static json_object *result(const struct sarif_ctx *c, const struct snc_finding *x)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "ruleId", json_object_new_string(x->rule->id));
	json_object_object_add(o, "ruleIndex", json_object_new_int(rule_index(x->rule)));
	json_object_object_add(o, "level", json_object_new_string(snc_severity_name(x->severity)));
	json_object *rel = x->file ? related(c, x) : NULL;
	char msg[8192], name[1024];
	if (rel) {
		link_text(x->g, name, sizeof name);
		snprintf(msg, sizeof msg, "%s: %s (second function: [%s](1))", x->subject,
			 x->message, name);
	} else
		snprintf(msg, sizeof msg, "%s: %s", x->subject, x->message);
	json_object_object_add(o, "message", text(msg));
	if (x->file)
		json_object_object_add(o, "locations", locations(c, x));
	if (rel)
		json_object_object_add(o, "relatedLocations", rel);
	json_object *flows = x->file ? code_flows(c, x) : NULL;
	if (flows)
		json_object_object_add(o, "codeFlows", flows);
	json_object *fp = json_object_new_object();
	json_object_object_add(fp, "sncFingerprint/v1", json_object_new_string(x->fingerprint));
	json_object_object_add(o, "partialFingerprints", fp);
	if (x->intentional) {
		json_object *s = json_object_new_object();
		json_object_object_add(s, "kind", json_object_new_string("inSource"));
		json_object_object_add(s, "justification", json_object_new_string(x->reason));
		json_object *list = json_object_new_array();
		json_object_array_add(list, s);
		json_object_object_add(o, "suppressions", list);
	}
	json_object *props = json_object_new_object();
	json_object_object_add(props, "subject", json_object_new_string(x->subject));
	json_object_object_add(props, "harness", x->harness ? json_object_new_string(x->harness) : NULL);
	json_object_object_add(props, "evidence", json_object_new_string(x->evidence));
	json_object_object_add(o, "properties", props);
	return o;
}

int report_sarif(const struct snc_report *r, const char *path, char *err, size_t errlen)
{
	json_object *driver = json_object_new_object();
	json_object_object_add(driver, "name", json_object_new_string("snc"));
	json_object_object_add(driver, "version", json_object_new_string(r->facts->tool_version
									   ? r->facts->tool_version : ""));
	char docs[3 * PATH_MAX + 16];
	json_object_object_add(driver, "rules", rules(sarif_docs_uri(r->docs_dir, docs,
								     sizeof docs)));
	json_object *tool = json_object_new_object();
	json_object_object_add(tool, "driver", driver);
	struct sarif_ctx ctx = { .r = r }, *c = &ctx;
	sarif_root_find(c);
	json_object *results = json_object_new_array();
	for (int i = 0; i < r->findings->count; i++)
		json_object_array_add(results, result(c, &r->findings->items[i]));
	json_object *run = json_object_new_object();
	json_object_object_add(run, "tool", tool);
	json_object *bases = sarif_root_base(c);
	if (bases)
		json_object_object_add(run, "originalUriBaseIds", bases);
	json_object_object_add(run, "columnKind", json_object_new_string("utf16CodeUnits"));
	json_object_object_add(run, "results", results);
	json_object *runs = json_object_new_array();
	json_object_array_add(runs, run);
	json_object *top = json_object_new_object();
	json_object_object_add(top, "$schema", json_object_new_string(SARIF_SCHEMA));
	json_object_object_add(top, "version", json_object_new_string("2.1.0"));
	json_object_object_add(top, "runs", runs);
	int rc = report_json_to_file(path, top, JSON_C_TO_STRING_PRETTY |
					 JSON_C_TO_STRING_NOSLASHESCAPE);
	json_object_put(top);
	if (rc != 0) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
