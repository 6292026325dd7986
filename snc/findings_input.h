/* findings_input.h: what `snc report` and `snc gate` both start from: the facts as of a run
 * of a database, optionally a baseline (an older database or a `snc report --json` file),
 * and the findings computed from them. */
#ifndef SNC_FINDINGS_INPUT_H
#define SNC_FINDINGS_INPUT_H

#include <stdbool.h>
#include "snc_db.h"

struct findings_input {
	struct snc_facts facts;
	bool has_baseline;
	struct snc_facts baseline;
	char **baseline_fingerprints;  /* the baseline's findings: what is not new */
	int nbaseline_fingerprints;
	struct snc_findings findings;
	int64_t run;                   /* the run shown */
	bool run_chosen;               /* given by --run (not the newest with results) */
	struct snc_db_run_state state; /* whether it finished, what it holds */
};

/* Loads the facts of db_path as of run (0: the newest run with results) and the baseline
 * (NULL: none) and computes the findings in memory: the database is opened read-only and
 * never written. A run that has not finished is said to be so on stderr. Returns 0, or
 * EXIT_USAGE after printing one line on why (as "snc CMD: error: ..."). */
int findings_input_load(const char *cmd, const char *db_path, int64_t run, const char *baseline,
			struct findings_input *in);
/* Says on stderr that run is unfinished (killed, or still running). */
void findings_warn_unfinished(const char *cmd, int64_t run);
/* Is fingerprint among the baseline's findings? */
bool findings_input_in_baseline(const struct findings_input *in, const char *fingerprint);
void findings_input_free(struct findings_input *in);

#endif
