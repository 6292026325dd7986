/* runtime.h: what the files of the runtime share (not part of the public harness API).
 *
 * The runtime is the main() of every harness program. It turns the declared operations
 * into *instances* (an op with concrete argument values), enumerates *states* (instance
 * sequences applied to a fresh setup), runs every instance alone and every ordered pair
 * of instances from each state in forked children, and folds the outcomes into one
 * verdict per pair of operations (classify.c), stored through the db component.
 */
#ifndef SNC_RUNTIME_H
#define SNC_RUNTIME_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "snc.h"

#define SNC_VERSION_STRING "0.1.0"

struct runtime_options {
	const char *db_path;
	int64_t run_id;            /* 0: this program records its own run */
	const char *source;        /* harness source, for the record */
	const char *run_args;      /* command line to record when recording our own run */
	int depth;
	int max_states;
	int boundary;              /* saturate each op up to this many calls (0: no boundary
				      states; boundary.c) */
	uint64_t seed;
	int timeout_ms;            /* 0: the harness's or the default */
	int repeats;
	int jobs;                  /* executions in flight at once */
	bool blocking_observable;
	bool verbose;              /* let executions write to stdout/stderr */
	bool quiet;                /* no progress line */
	/* The schedules pass (schedules.h): concurrent interleavings of every pair. */
	bool schedules;
	int preemptions;           /* every schedule with at most this many preemptions */
	int pct_samples, pct_depth;   /* then this many PCT samples of depth d */
	int schedule_depth;        /* from states up to this length */
	int max_schedules;         /* cap per pair of instances and state; 0: none */
	bool first_failure;        /* stop a pair of ops at its first failing schedule */
	int64_t replay_id;         /* > 0: replay this stored schedule instead of classifying */
	/* The measure pass (measure.h): costs under the snc Valgrind tool. */
	bool measure;
	const char *valgrind_lib;  /* the tool's folder (VALGRIND_LIB); NULL: the default */
	int measure_states;        /* states measured from, at most */
	int worker_plan_fd;        /* >= 0: this process is a measure worker */
	int worker_records_fd;
};

int parse_runtime_options(int argc, char **argv, struct runtime_options *opt);

/* An operation with concrete argument values. */
struct instance {
	int op;                    /* index into the harness's ops */
	long args[SNC_MAX_ARGS];
	char call[96];             /* how it reads: add(1) */
};

struct harness_model {
	const struct snc_harness *def;
	int nops;
	int arity[64];
	struct instance *inst;
	int ninst;
};

/* Checks the definition and expands the instances; on error writes a one-line reason. */
int harness_model_build(const struct snc_harness *def, struct harness_model *m, char *err,
			size_t errlen);
void harness_model_free(struct harness_model *m);
int op_arity(enum snc_op_kind kind);
const char *op_returns(enum snc_op_kind kind);
const char *contract_name(enum snc_contract c);
void op_domains_text(const struct snc_op *op, int arity, char *buf, size_t len);

/* What one op did. */
enum result_kind { R_NOT_RUN = 0, R_VALUE, R_CRASH, R_EXIT, R_BLOCK };
struct result {
	uint8_t kind;
	int32_t code;              /* signal number or exit status */
	uint64_t value;
};

/* Calls an instance in this process and returns its raw value (0 for void ops). */
uint64_t call_instance(const struct harness_model *m, const struct instance *in);
void format_result(const struct harness_model *m, int op, const struct result *r, char *buf,
		   size_t len);
bool results_equal(const struct result *a, const struct result *b);

/* One op alone or two in sequence, from a state; written by the child that ran it. */
struct execution {
	volatile uint8_t stage;    /* 1: first op running, 2: second, 3: digest, 4: done */
	struct result first, second;
	uint64_t digest;
	uint8_t has_digest;
};

/* States are sequences of instance indices applied after setup. */
struct state_space {
	int depth;
	int ninst;
	int64_t total;             /* states up to depth, saturating at INT64_MAX */
	int64_t count;             /* states that will be tried */
	int *seq;                  /* count * width entries, -1 padded */
	int *len;
	int width;                 /* entries per state: depth (at least 1), or the longest
				      boundary state */
	int boundary;              /* boundary states added (boundary.c) */
};

int state_space_build(struct state_space *sp, int ninst, int depth, int max_states,
		      uint64_t seed);
void state_space_free(struct state_space *sp);
/* boundary.c: saturates each op (its first instance, at most `calls` times from a fresh
 * setup) and adds the states at and one call before the boundary it reaches. Returns -1
 * when out of memory. */
int boundary_states_add(struct state_space *sp, const struct harness_model *m, int calls,
			int timeout_ms);
void state_label(const struct harness_model *m, const int *seq, int len, char *buf,
		 size_t len_buf);

/* The outcome of every execution from one state. Solo executions of instance i are
 * solo[i]; the pair "i then j" is pair[i * ninst + j]. A repeat that disagreed clears
 * deterministic[...] for that execution. */
struct state_outcome {
	enum { STATE_OK, STATE_CRASH, STATE_EXIT, STATE_BLOCK } status;
	int code;
	uint64_t digest;
	bool has_digest;
	struct execution *solo, *pair;
	uint8_t *solo_det, *pair_det;
};

struct executor;
struct executor *executor_new(const struct harness_model *m, const struct runtime_options *opt,
			      int timeout_ms);
void executor_free(struct executor *ex);
/* Builds the state in a forked process and runs every execution from it. */
const struct state_outcome *executor_run_state(struct executor *ex, const int *seq, int len);
int64_t executor_executions(const struct executor *ex);

/* Folds per-state outcomes into verdicts. */
struct classifier;
struct classifier *classifier_new(const struct harness_model *m, bool blocking_observable);
void classifier_add_state(struct classifier *c, const char *label,
			  const struct state_outcome *so);
struct snc_db;
int classifier_store(struct classifier *c, struct snc_db *db, int64_t harness_id,
		     const int64_t *op_ids);
void classifier_free(struct classifier *c);

/* A single line on stderr, redrawn in place, only when stderr is a terminal. */
struct progress;
struct progress *progress_new(bool enabled);
void progress_update(struct progress *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void progress_done(struct progress *p);

#endif
