/* child.h: run one schedule of a pair of operations in a forked child, as the classifier
 * does, and explore a pair with the explorer. The outcome lives in shared memory. */
#ifndef SNC_SCHED_TEST_CHILD_H
#define SNC_SCHED_TEST_CHILD_H

#include <stdbool.h>
#include "snc_sched.h"

enum { CHILD_TRACE_CAPACITY = 4096 };

struct pair {
	int (*op[2])(void);
};

struct outcome {
	struct snc_sched_result result;
	int ret[2];
	int wait_status;              /* the child's status from waitpid */
	struct snc_trace_entry trace[CHILD_TRACE_CAPACITY];
};

/* The shared outcome area (created on first use). */
struct outcome *shared_outcome(void);

/* Forks, runs s with opt (trace pointed at the shared area when opt->trace is non-NULL),
 * waits. Returns false when the child did not exit normally with status 0. */
bool run_schedule(const struct pair *p, const struct snc_schedule *s,
		  const struct snc_sched_options *opt, struct outcome *out);

/* Forks, runs op alone with snc_sched_solo (its return in out->ret[0], the number of threads
 * of the child after the run in out->ret[1]), waits. Returns as run_schedule does. */
bool run_solo(int (*op)(void), const struct snc_sched_options *opt, struct outcome *out);

/* Called after each run of explore(); returning false stops the exploration. */
typedef bool (*visit_fn)(const struct snc_schedule *s, const struct outcome *o, void *ctx);

/* Runs every schedule the explorer hands out; returns how many ran. */
unsigned explore(const struct pair *p, const struct snc_explore_options *eo,
		 const struct snc_sched_options *opt, visit_fn visit, void *ctx);

#endif
