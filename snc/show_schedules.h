/* show_schedules.h: what the schedules found for a pair (snc run --schedules), as `snc
 * show` prints it under the verdict: whether some schedule broke linearizability or
 * determinism, with the smallest such schedule and the command that replays it, or how
 * many schedules passed (show_schedules.c). */
#ifndef SNC_SHOW_SCHEDULES_H
#define SNC_SHOW_SCHEDULES_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include "snc_db.h"

/* One line for the pair; false when its schedules were not explored. db_path goes into
 * the replay command. */
bool show_schedules_text(const struct snc_db_pair_verdict *r, const char *db_path, char *buf,
			 size_t len);
/* The same as a JSON object, or NULL (JSON null) when not explored. */
json_object *show_schedules_json(const struct snc_db_pair_verdict *r);

#endif
