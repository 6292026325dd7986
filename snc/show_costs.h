/* show_costs.h: the measured costs of a run (snc run --measure), as `snc show` prints them
 * next to the verdicts: per harness a table of what each op executes per call, and per snc
 * pair the Laws of Order evidence of its solo executions (show_costs.c). */
#ifndef SNC_SHOW_COSTS_H
#define SNC_SHOW_COSTS_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct snc_db;
struct show_costs;

/* Loads every measurement of run_id; NULL on a database error (snc_db_errmsg). */
struct show_costs *show_costs_load(struct snc_db *db, int64_t run_id);
void show_costs_free(struct show_costs *sc);

/* Prints the harness's cost table (or why it was not measured); nothing when the run did
 * not measure it. */
void show_costs_print(const struct show_costs *sc, const char *harness);
/* The evidence of pair f x g in one line, e.g. "solo set_add(1) from fresh: AWAR: lock
 * cmpxchg in pthread_mutex_lock (...)"; false when there is none. */
bool show_costs_evidence_text(const struct show_costs *sc, const char *harness, const char *f,
			      const char *g, char *buf, size_t len);

/* The same as JSON: the run's measurements with their ops, and a pair's evidence (NULL
 * when there is none). */
json_object *show_costs_json(const struct show_costs *sc);
json_object *show_costs_evidence_json(const struct show_costs *sc, const char *harness,
				      const char *f, const char *g);

#endif
