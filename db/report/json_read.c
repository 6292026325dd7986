/* json_read.c: a `snc report --json` file read back as a gate's baseline, so that CI can
 * keep the main branch's result as a small artifact instead of a database. What a baseline
 * needs is read: the run, each harness with its operations (the heavyweight sites each
 * one's function reaches, its measured cost) and pair verdicts, for the regression rule, and the
 * fingerprints of its findings (what is not new). The scan section is for scripts only. */
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include "report_internal.h"

static const char *get_str(json_object *o, const char *key)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string)
		       ? json_object_get_string(v) : NULL;
}

static int64_t get_int(json_object *o, const char *key)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) ? json_object_get_int64(v) : 0;
}

static json_object *get_array(json_object *o, const char *key)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_array)
		       ? v : NULL;
}

static struct snc_db_witness witness(json_object *o, const char *key)
{
	json_object *w;
	if (!json_object_object_get_ex(o, key, &w) || !json_object_is_type(w, json_type_object))
		return (struct snc_db_witness){ 0 };
	return (struct snc_db_witness){
		.role = get_str(w, "role"), .state = get_str(w, "state"),
		.f_call = get_str(w, "f_call"), .g_call = get_str(w, "g_call"),
		.f_alone = get_str(w, "f_alone"), .g_alone = get_str(w, "g_alone"),
		.f_after_g = get_str(w, "f_after_g"), .g_after_f = get_str(w, "g_after_f"),
		.digest_fg = get_str(w, "digest_fg"), .digest_gf = get_str(w, "digest_gf"),
	};
}

static double get_double(json_object *o, const char *key)
{
	json_object *v;
	return json_object_object_get_ex(o, key, &v) ? json_object_get_double(v) : 0;
}

/* An op's measured cost, or zero calls when the JSON has none. */
static struct snc_fact_cost cost(json_object *op)
{
	json_object *c;
	if (!json_object_object_get_ex(op, "cost", &c) || !json_object_is_type(c, json_type_object))
		return (struct snc_fact_cost){ 0 };
	return (struct snc_fact_cost){
		.calls = get_int(c, "calls"),
		.instructions = get_double(c, "instructions_per_call"),
		.rmw = get_double(c, "rmw_per_call"),
		.fences = get_double(c, "fences_per_call"),
		.heavyweight_share = get_double(c, "heavyweight_call_share"),
		.first_calls = get_int(c, "first_calls"),
		.first_instructions = get_double(c, "first_instructions_per_call"),
		.first_rmw = get_double(c, "first_rmw_per_call"),
		.first_fences = get_double(c, "first_fences_per_call"),
	};
}

static int op_named(const struct snc_fact_harness *h, const char *name)
{
	for (int i = 0; name && i < h->nops; i++)
		if (strcmp(h->ops[i].name, name) == 0)
			return i;
	return -1;
}

static void read_harness(json_object *jh, struct snc_facts *facts)
{
	struct snc_fact_harness *h = snc_facts_add_harness(facts, get_int(jh, "run_id"),
		get_str(jh, "name"), get_str(jh, "source"), get_int(jh, "states"),
		get_int(jh, "state_space"));
	h->library_threads = get_int(jh, "library_threads");
	json_object *ops = get_array(jh, "operations"), *pairs = get_array(jh, "pairs");
	for (size_t i = 0; ops && i < json_object_array_length(ops); i++) {
		json_object *o = json_object_array_get_idx(ops, i);
		const char *name = get_str(o, "name");
		json_object *hw;
		bool known = json_object_object_get_ex(o, "heavyweight", &hw) &&
			     json_object_is_type(hw, json_type_int);
		if (name)
			snc_facts_add_op(facts, h, &(struct snc_fact_op){
				.name = name, .returns = get_str(o, "returns"),
				.contract = get_str(o, "contract"), .file = get_str(o, "file"),
				.line = (int)get_int(o, "line"), .function = -1,
				.heavyweight = known ? json_object_get_int64(hw) : -1,
				.cost = cost(o) });
	}
	for (size_t i = 0; pairs && i < json_object_array_length(pairs); i++) {
		json_object *p = json_object_array_get_idx(pairs, i);
		json_object *det;
		int f = op_named(h, get_str(p, "f")), g = op_named(h, get_str(p, "g"));
		const char *verdict = get_str(p, "verdict");
		if (f < 0 || g < 0 || !verdict)
			continue;
		snc_facts_add_pair(facts, h, &(struct snc_fact_pair){
			.f = f, .g = g, .verdict = verdict,
			.direction = get_str(p, "direction"), .contract = get_str(p, "contract"),
			.states = get_int(p, "states"), .conflict_states = get_int(p, "conflict_states"),
			.crash_states = get_int(p, "crash_states"),
			.blocked_states = get_int(p, "blocked_states"),
			.deterministic = json_object_object_get_ex(p, "deterministic", &det) &&
					 json_object_get_boolean(det),
			.witness = witness(p, "witness"),
			.nondeterminism = witness(p, "nondeterminism") });
	}
}

int report_read_json(const char *path, struct snc_facts *facts, char ***fingerprints,
		     int *nfingerprints, char *err, size_t errlen)
{
	memset(facts, 0, sizeof *facts);
	*fingerprints = NULL;
	*nfingerprints = 0;
	json_object *top = json_object_from_file(path);
	if (!top) {
		snprintf(err, errlen, "cannot read '%s' as JSON: %s", path, json_util_get_last_err());
		return -1;
	}
	const char *format = get_str(top, "format");
	if (!format || strcmp(format, "snc-report") != 0) {
		snprintf(err, errlen, "'%s' is not a report written by 'snc report --json'", path);
		json_object_put(top);
		return -1;
	}
	json_object *version;
	if (!json_object_object_get_ex(top, "format_version", &version) ||
	    !json_object_is_type(version, json_type_int) || json_object_get_int64(version) < 1 ||
	    json_object_get_int64(version) > REPORT_JSON_FORMAT_VERSION) {
		snprintf(err, errlen, "'%s' has report format_version %s; this snc reads 1 to %d "
			 "(make the baseline with this snc's 'snc report --json')", path,
			 version ? json_object_to_json_string(version) : "(none)",
			 REPORT_JSON_FORMAT_VERSION);
		json_object_put(top);
		return -1;
	}
	json_object *run;
	if (json_object_object_get_ex(top, "run", &run))
		snc_facts_set_run(facts, get_int(run, "id"), get_str(run, "command"),
				  get_str(run, "started_at"), get_str(run, "tool_version"),
				  get_str(run, "status"));
	json_object *hs = get_array(top, "harnesses"), *fs = get_array(top, "findings");
	for (size_t i = 0; hs && i < json_object_array_length(hs); i++) {
		json_object *h = json_object_array_get_idx(hs, i);
		if (get_str(h, "name"))
			read_harness(h, facts);
	}
	size_t n = fs ? json_object_array_length(fs) : 0;
	*fingerprints = calloc(n + 1, sizeof **fingerprints);
	for (size_t i = 0; i < n; i++) {
		const char *fp = get_str(json_object_array_get_idx(fs, i), "fingerprint");
		if (fp)
			(*fingerprints)[(*nfingerprints)++] = strdup(fp);
	}
	json_object_put(top);
	return 0;
}

void report_free_strings(char **strings, int n)
{
	for (int i = 0; i < n; i++)
		free(strings[i]);
	free(strings);
}
