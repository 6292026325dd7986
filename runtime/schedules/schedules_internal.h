/* schedules_internal.h: what the files of the schedules pass share (schedules.c in the
 * runner, schedules_explore.c in the state process, schedules_outcome.c in the children,
 * schedules_replay.c for `--replay`). See schedules.h for the design. */
#ifndef SNC_SCHEDULES_INTERNAL_H
#define SNC_SCHEDULES_INTERNAL_H

#include <sys/types.h>
#include "runtime.h"
#include "snc_sched.h"
#include "state_process.h"

/* How a concurrent run of f (thread 0) and g (thread 1) ended: the scheduler's statuses,
 * plus what only the parent sees from the child's end. */
enum conc_status {
	CONC_COMPLETED = SNC_SCHED_COMPLETED,
	CONC_DEADLOCK = SNC_SCHED_DEADLOCK,
	CONC_LIVELOCK = SNC_SCHED_LIVELOCK,
	CONC_CRASHED = SNC_SCHED_CRASHED,
	CONC_TIMEOUT,              /* killed at the parent's deadline: stuck where we do not schedule */
	CONC_EXITED,               /* an operation called exit() */
	CONC_KILLED,               /* the child died otherwise (e.g. the digest crashed) */
};

/* An outcome, compared field by field: two runs agree when these are equal. */
struct conc_outcome {
	uint8_t status;            /* enum conc_status */
	uint8_t has_digest;
	struct result f, g;
	uint64_t digest;
};

/* One child's shared-memory slot: the scheduler's result and what the ops returned. */
struct sched_slot {
	struct snc_sched_result res;
	struct result f, g;
	uint64_t digest;
	volatile uint8_t stage;    /* 1 running the schedule, 2 digest, 3 done */
	uint8_t has_digest;
};

/* How a run is set up: the same for exploring and for replaying, so a replay is exact. */
struct sched_call {
	const struct harness_model *m;
	int f, g;                  /* instances: f on thread 0, g on thread 1 */
	uint32_t backstop_ms;      /* the parent kills a run that takes longer */
	const struct sp_limits *limits;
};

/* Forks a child (state_process.h) that runs schedule s into slot (with a trace when trace
 * != NULL), on CPU `cpu` when it is >= 0; returns its pid, or -1. The caller waits for it
 * with sp_wait and reads the slot with conc_outcome_read. */
pid_t sched_child_spawn(const struct sched_call *call, const struct snc_schedule *s, int cpu,
			struct sched_slot *slot, struct snc_trace_entry *trace, uint32_t capacity,
			struct sp_child *child);
/* The outcome of a reaped child from its slot and how it ended. */
void conc_outcome_read(const struct sched_slot *slot, const struct sp_end *end,
		       struct conc_outcome *out);
bool conc_outcome_equal(const struct conc_outcome *a, const struct conc_outcome *b);
/* Does the outcome equal the sequential execution "first then second" (an executor slot)? */
bool conc_outcome_matches(const struct conc_outcome *o, const struct execution *seq,
			  bool f_first);
const char *conc_status_name(enum conc_status s);
/* "add(1) = true; add(1) = true; digest 0x...", then "; deadlock" etc. when not completed. */
void conc_outcome_text(const struct harness_model *m, int f, int g, const struct conc_outcome *o,
		       char *buf, size_t len);
/* The same for a sequential execution of first then second. */
void sequential_text(const struct harness_model *m, int first, int second,
		     const struct execution *e, char *buf, size_t len);

/* ---- records: from the state process to the runner, through a pipe ------------------ */

enum record_kind { REC_OUTCOME = 1, REC_PAIR, REC_SOLO, REC_STEP };

/* A distinct outcome of one pair of instances, with its smallest schedule. */
struct outcome_record {
	struct snc_schedule schedule;
	struct conc_outcome outcome;
	uint32_t preemptions, steps;
	uint32_t schedules;        /* schedules that gave this outcome */
	uint8_t linearizable, deterministic;
	struct snc_sched_thread_stats thread[2];
};

/* One pair of instances explored from the state. */
struct pair_record {
	uint32_t schedules;
	uint32_t blocking_schedules;   /* ... in which a thread waited (blocked or spun) */
	uint8_t exhaustive, stopped_early;
	uint8_t independent;       /* level 0 showed no conflicting access: nothing more to run */
	double seconds;            /* its share of the wall time (pairs run side by side) */
};

/* The hook counts of one instance run alone from the state (a level-0 schedule). */
struct solo_record {
	struct snc_sched_thread_stats stats;
};

/* The trace of a non-linearizable outcome's schedule, as its re-run recorded it (when that
 * re-run gave the same outcome): one record per entry, following its outcome's record. */
#define OUTCOME_TRACE_MAX 400   /* entries kept: a picture, not an archive (replay has it all) */

struct record {
	uint8_t kind;              /* enum record_kind */
	int f, g;                  /* instances; REC_SOLO: f only */
	union {
		struct outcome_record outcome;
		struct pair_record pair;
		struct solo_record solo;
		struct snc_trace_entry step;
	} u;
};

/* What the state process needs to explore. */
struct explore_job {
	const struct harness_model *m;
	const struct runtime_options *opt;
	const struct state_outcome *so;    /* the sequential references, from the executor */
	const uint8_t *pair_failed;        /* per op pair (F * nops + G): --first-failure */
	const uint8_t *pair_wanted;        /* per op pair: explore only these; NULL: all */
	uint32_t backstop_ms;
	const struct sp_limits *limits;
	volatile uint32_t *heartbeat;      /* shared with the runner: a run came back */
	int out_fd;                        /* where records go */
};

/* Runs in the state process (the state is built): every pair of instances. */
void explore_state_pairs(const struct explore_job *job);

/* ---- one pair of instances from the state (schedules_pair.c) ---------------------------- */

enum pair_phase { PAIR_EXPLORING, PAIR_RERUNNING, PAIR_DONE };

struct pair_explore {
	const struct explore_job *job;
	struct sched_call call;
	int F, G;                  /* the instances' ops */
	int seq;                   /* its place among the state's pairs: records go out in it */
	struct snc_explorer *ex;
	enum pair_phase phase;
	bool explorer_done;        /* the explorer handed out its last schedule */
	bool level_out;            /* ... or every schedule of its level: it waits for them */
	uint32_t handed_out;       /* schedules handed out ("0" is the first) */
	int inflight;              /* children of this pair running */
	int next_rerun;            /* determinism: the next outcome to run again */
	struct outcome_record *outs;   /* distinct outcomes */
	bool *rerun_differs;
	struct outcome_trace { struct snc_trace_entry *e; uint32_t n; } *traces;  /* per outcome */
	int nouts, cap;
	struct conc_outcome ref[2];    /* clean level-0 runs: [0] f then g, [1] g then f */
	bool have_ref[2];
	uint32_t schedules, blocking_schedules;
	bool failed, stopped, lost, independent;
	struct snc_sched_thread_stats solo;   /* f alone from the state, when have_solo */
	bool have_solo;
	uint8_t *solo_done;        /* per instance, shared by the state's pairs */
	double seconds;            /* wall time, shared equally with the pairs active with it */
};

struct pair_explore *pair_new(const struct explore_job *job, int f, int g, uint8_t *solo_done);
/* A run of the exploration came back (trace: the one of "0", when it was traced). */
void pair_note_run(struct pair_explore *pe, const struct snc_schedule *s,
		   const struct snc_sched_result *r, const struct conc_outcome *o,
		   const struct snc_trace_entry *trace);
/* A determinism re-run of outcome `outcome` came back (o NULL: it could not run), with its
 * trace (its first n entries) when it was traced. */
void pair_note_rerun(struct pair_explore *pe, int outcome, const struct conc_outcome *o,
		     const struct snc_trace_entry *trace, uint32_t n);
/* Is outcome i one a sequential order gives? (Its re-run is traced when it is not.) */
bool pair_outcome_linearizable(const struct pair_explore *pe, int i);
/* Judges every outcome so far; returns whether one fails. */
bool pair_judge(struct pair_explore *pe);
/* Judges, then makes the pair's records (solo counts, outcomes smallest first, each with
 * its trace when kept, summary) into *block; returns how many. */
int pair_finish(struct pair_explore *pe, struct record **block);
void pair_free(struct pair_explore *pe);

#endif
