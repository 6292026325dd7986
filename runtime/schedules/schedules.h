/* schedules.h: the schedules pass of a harness program (`--schedules`; docs/schedules.md,
 * "In the classifier").
 *
 * The theorem's conditions are checked, not assumed: after the executor has run every
 * sequential execution from a state, the schedules pass runs every pair of instances
 * concurrently, as two threads under the controlled scheduler of runtime/scheduler, from a
 * forked copy of the same state, under every schedule with at most --preemptions
 * preemptions (then --pct random samples), and compares each outcome with the sequential
 * orders f;g and g;f from that state. Only states up to --schedule-depth long are explored
 * (default 1: the fresh state and one op after it), since the work grows with states x
 * instance pairs x schedules.
 *
 * The runner calls schedules_explore_state right after executor_run_state (the state
 * process is then forked from the same heap as the executor's, so pointers compare) and
 * schedules_store_state once the state is stored. `--replay ID` re-runs one stored
 * schedule with a trace instead of classifying (schedules_replay). */
#ifndef SNC_SCHEDULES_H
#define SNC_SCHEDULES_H

#include "runtime.h"

struct snc_db;
struct schedules;

struct schedules *schedules_new(const struct harness_model *m, const struct runtime_options *opt,
				int timeout_ms);
/* Warns when no operation ever reached a scheduling point (an uninstrumented library). */
void schedules_free(struct schedules *sx);
/* Explores only the pairs of ops F <= G with wanted[F * nops + G] set from now on (NULL:
 * every pair); the proof pass (prove.c) uses it. wanted must outlive the explorations. */
void schedules_only_pairs(struct schedules *sx, const uint8_t *wanted);
/* Explores the state's pairs when it is short enough; keeps what it found for storing. */
void schedules_explore_state(struct schedules *sx, const int *seq, int len,
			     const struct state_outcome *so);
/* Stores what the last explored state found (nothing when it was not explored). */
int schedules_store_state(struct schedules *sx, struct snc_db *db, int64_t harness_id,
			  const int64_t *op_ids, int state_ordinal);

/* `HARNESS-PROGRAM --db DB --replay ID`: prints the trace of stored schedule ID and whether
 * the outcome was reproduced. Returns the exit status: 0 reproduced, 1 not, 2 error. */
int schedules_replay(const struct snc_harness *def, const struct runtime_options *opt,
		     struct snc_db *db);

#endif
