/* runner.h: running one harness, shared by main.c and the runner itself. */
#ifndef SNC_RUNNER_H
#define SNC_RUNNER_H

#include "runtime.h"

struct snc_db;

struct run_summary {
	int64_t states, failed_states, executions;
	int64_t harness_id;        /* where the harness's results are stored */
};

/* Classifies every pair of def's operations into the run; returns an exit status
 * (0 ok, 2 bad harness or database error, 128 + the signal when interrupted). */
int run_harness(const struct snc_harness *def, const struct runtime_options *opt,
		struct snc_db *db, int64_t run_id, struct run_summary *summary);

#endif
