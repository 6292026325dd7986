/* sarif.c: findings as a SARIF 2.1.0 log, the format code-scanning services read.
 *
 * One run with snc as the tool driver; every rule snc knows is listed with its summary and
 * help, and every finding is a result with its rule, level (the severity), message,
 * location (a path relative to the root, percent-encoded as a URI reference, and the start
 * line when known) and partialFingerprints carrying the finding's fingerprint, which
 * services use to recognize a result across commits when lines move. Intentional findings
 * carry an in-source suppression with the developer's reason, so they show as dismissed
 * rather than disappear. Written with json-c, which escapes every string. */
#include <errno.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <string.h>
#include "report_internal.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static json_object *text(const char *s)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "text", json_object_new_string(s ? s : ""));
	return o;
}

/* A relative path as a URI reference: unreserved characters and '/' kept, the rest
 * percent-encoded. An absolute path becomes a file:// URI. */
static void uri_of(const char *path, char *buf, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t o = 0;
	if (path[0] == '/')
		o = (size_t)snprintf(buf, len, "file://");
	for (const unsigned char *p = (const unsigned char *)path; *p && o + 4 < len; p++) {
		bool keep = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			    (*p >= '0' && *p <= '9') || strchr("-._~/", *p);
		if (keep) {
			buf[o++] = (char)*p;
		} else {
			buf[o++] = '%';
			buf[o++] = hex[*p >> 4];
			buf[o++] = hex[*p & 15];
		}
	}
	buf[o] = '\0';
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

static json_object *rules(void)
{
	json_object *list = json_object_new_array();
	for (const struct snc_rule *r = snc_rules; r->id; r++) {
		json_object *o = json_object_new_object();
		json_object_object_add(o, "id", json_object_new_string(r->id));
		json_object_object_add(o, "name", rule_name(r->id));
		json_object_object_add(o, "shortDescription", text(r->summary));
		json_object_object_add(o, "fullDescription", text(r->help));
		json_object_object_add(o, "help", text(r->help));
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

static json_object *location(const struct snc_report *r, const struct snc_finding *x)
{
	char shown[4096], uri[12288];
	uri_of(report_shown_path(r->root, x->file, shown, sizeof shown), uri, sizeof uri);
	json_object *artifact = json_object_new_object();
	json_object_object_add(artifact, "uri", json_object_new_string(uri));
	json_object *physical = json_object_new_object();
	json_object_object_add(physical, "artifactLocation", artifact);
	if (x->line > 0) {
		json_object *region = json_object_new_object();
		json_object_object_add(region, "startLine", json_object_new_int(x->line));
		json_object_object_add(physical, "region", region);
	}
	json_object *loc = json_object_new_object();
	json_object_object_add(loc, "physicalLocation", physical);
	json_object *list = json_object_new_array();
	json_object_array_add(list, loc);
	return list;
}

static json_object *result(const struct snc_report *r, const struct snc_finding *x)
{
	json_object *o = json_object_new_object();
	json_object_object_add(o, "ruleId", json_object_new_string(x->rule->id));
	json_object_object_add(o, "ruleIndex", json_object_new_int(rule_index(x->rule)));
	json_object_object_add(o, "level", json_object_new_string(snc_severity_name(x->severity)));
	char msg[8192];
	snprintf(msg, sizeof msg, "%s: %s", x->subject, x->message);
	json_object_object_add(o, "message", text(msg));
	if (x->file)
		json_object_object_add(o, "locations", location(r, x));
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
	json_object_object_add(driver, "rules", rules());
	json_object *tool = json_object_new_object();
	json_object_object_add(tool, "driver", driver);
	json_object *results = json_object_new_array();
	for (int i = 0; i < r->findings->count; i++)
		json_object_array_add(results, result(r, &r->findings->items[i]));
	json_object *run = json_object_new_object();
	json_object_object_add(run, "tool", tool);
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
