/* findings_input.h: what `snc report` and `snc gate` both start from: the facts as of a run
 * of a database, optionally a baseline (an older database or a `snc report --json` file),
 * and the findings computed from them. */
#ifndef SNC_FINDINGS_INPUT_H
#define SNC_FINDINGS_INPUT_H

#include <stdbool.h>
#include "snc_cmdline.h"
#include "snc_db.h"

struct findings_input {
	struct snc_facts facts;
	bool has_baseline;
	struct snc_facts baseline;
	char **baseline_fingerprints;  /* the baseline's findings: what is not new */
	int nbaseline_fingerprints;
	struct snc_findings findings;
	struct snc_history history;    /* the harnesses' results up to the run (HTML report) */
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
/* What report and gate both take from their command lines: --db, --run, --baseline, --root
 * and --suppressions (declared once in cli.h). */
struct findings_request {
	const char *db_path, *baseline, *root, *suppressions;
	long long run;
};
/* Reads cmd's command line (no operands): the shared options into rq, the command's own to
 * take(ctx, v). Returns -1 to go on, or the exit status (0 after --help, 2 on an error). */
int findings_request_parse(const struct snc_command_doc *doc, const char *cmd, int argc,
			   char **argv, struct findings_request *rq,
			   void (*take)(void *ctx, const struct snc_opt_value *v), void *ctx);
/* findings_input_load for rq, then its suppressions applied. */
int findings_input_request(const char *cmd, const struct findings_request *rq,
			   struct findings_input *in);
/* Says on stderr that run is unfinished (killed, or still running). */
void findings_warn_unfinished(const char *cmd, int64_t run);
/* Is fingerprint among the baseline's findings? */
bool findings_input_in_baseline(const struct findings_input *in, const char *fingerprint);
void findings_input_free(struct findings_input *in);

#endif
