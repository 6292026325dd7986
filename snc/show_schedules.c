/* show_schedules.c: a pair's schedules in one line or one JSON object (show_schedules.h).
 *
 * The pair_verdicts view carries, per pair, whether every explored outcome was
 * linearizable and deterministic, how many schedules ran, whether they covered the bound,
 * and the smallest failing schedule (fewest preemptions, then fewest steps) with its state
 * and outcome. A failure is printed with the exact `snc replay` command that shows it. */
#include <stdio.h>
#include <string.h>
#include "show_schedules.h"

bool show_schedules_text(const struct snc_db_pair_verdict *r, const char *db_path, char *buf,
			 size_t len)
{
	if (r->linearizable < 0)
		return false;
	const char *coverage = r->schedules_exhaustive ? "all within the bound" : "bound not covered";
	if (r->failing_schedule_id > 0) {
		bool lin = r->linearizable;
		snprintf(buf, len, "%s%s%s under schedule %s from %s: %s  (replay: snc replay "
			 "--db %s %lld; %lld schedules, %s)",
			 lin ? "" : "NOT linearizable",
			 !lin && !r->schedules_deterministic ? ", " : "",
			 r->schedules_deterministic ? "" : "NOT deterministic",
			 r->failing_schedule, r->failing_state, r->failing_outcome, db_path,
			 (long long)r->failing_schedule_id, (long long)r->schedules, coverage);
		return true;
	}
	if (r->schedule_points == 0) {
		snprintf(buf, len, "not explored: in %lld schedules the calls reached no scheduling "
			 "point (inline assembly, or code not compiled with -fsanitize=thread: an "
			 "archive or -lNAME is linked as it was built; give snc the library's "
			 "sources), so each ran one call after the other", (long long)r->schedules);
		return true;
	}
	snprintf(buf, len, "linearizable and deterministic in %lld schedules (%s)",
		 (long long)r->schedules, coverage);
	return true;
}

json_object *show_schedules_json(const struct snc_db_pair_verdict *r)
{
	if (r->linearizable < 0)
		return NULL;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "linearizable", json_object_new_boolean(r->linearizable));
	json_object_object_add(o, "deterministic",
			       json_object_new_boolean(r->schedules_deterministic));
	json_object_object_add(o, "schedules", json_object_new_int64(r->schedules));
	json_object_object_add(o, "exhaustive", json_object_new_boolean(r->schedules_exhaustive));
	json_object_object_add(o, "points", json_object_new_int64(r->schedule_points));
	json_object *f = NULL;
	if (r->failing_schedule_id > 0) {
		f = json_object_new_object();
		json_object_object_add(f, "id", json_object_new_int64(r->failing_schedule_id));
		json_object_object_add(f, "state", json_object_new_string(r->failing_state));
		json_object_object_add(f, "schedule", json_object_new_string(r->failing_schedule));
		json_object_object_add(f, "outcome", json_object_new_string(r->failing_outcome));
	}
	json_object_object_add(o, "failing", f);
	return o;
}
