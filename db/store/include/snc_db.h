/* snc_db.h: the store, the only component that speaks SQL.
 *
 * Every other part of snc (the runtime that classifies operations, the analyzer that scans
 * sources, the reports and the gate) reads and writes results through these functions; the
 * schema they fill is db/store/schema.sql and its views are documented in docs/db.md.
 *
 * Conventions: functions that return int give 0 on success and -1 on error, functions that
 * return an id give the new row id or -1; after an error snc_db_errmsg() says what went
 * wrong in one line. Strings are copied; NULL stores SQL NULL. Writes are batched by the
 * caller with snc_db_begin()/snc_db_commit(), so a killed process loses at most the open
 * batch and never what was committed before it.
 */
#ifndef SNC_DB_H
#define SNC_DB_H

#include <stddef.h>
#include <stdint.h>

struct snc_db;

enum snc_db_mode {
	SNC_DB_CREATE,    /* open read-write, creating the file and schema if needed */
	SNC_DB_EXISTING,  /* open read-write, the file must already be an snc database */
	SNC_DB_READONLY,  /* open read-only, the file must already be an snc database */
};

/* Opens (and if allowed creates or upgrades) the database at path. On failure returns NULL
 * and writes a one-line reason into err. */
struct snc_db *snc_db_open(const char *path, enum snc_db_mode mode, char *err, size_t errlen);
void snc_db_close(struct snc_db *db);
const char *snc_db_errmsg(const struct snc_db *db);
int snc_db_begin(struct snc_db *db);
/* A transaction that only reads (ended by snc_db_commit): many reads see one snapshot and
 * keep SQLite's page cache, instead of each starting a transaction of its own. */
int snc_db_begin_read(struct snc_db *db);
int snc_db_commit(struct snc_db *db);
int snc_db_rollback(struct snc_db *db);
/* Foreign keys are enforced on every write unless turned off here, outside a transaction,
 * for writes that copy rows already checked (an unchanged rescan, scan_copy.c). */
int snc_db_enforce_references(struct snc_db *db, int on);

/* ---- runs: every command appends one ---------------------------------------------- */

int64_t snc_db_run_start(struct snc_db *db, const char *command, const char *args,
			 const char *target, const char *tool_version);
/* status: "ok", "findings" or "failed". Also computes the findings as of the run and
 * stores them (the `findings` view): readers never write. */
int snc_db_run_finish(struct snc_db *db, int64_t run_id, const char *status, int exit_code);
/* Finishes the run as 'failed' with exit_code and records the signal ("SIGTERM") that
 * interrupted it: run_summary says 'interrupted'. */
int snc_db_run_interrupted(struct snc_db *db, int64_t run_id, const char *signal_name,
			   int exit_code);
/* The newest run (of a command, or of any when command is NULL) that stored verdicts or
 * scan results; 0 when there is none. */
int64_t snc_db_latest_run(struct snc_db *db, const char *command);
int snc_db_run_exists(struct snc_db *db, int64_t run_id);
/* What a reader says about a run before showing it: a run that never finished (killed, or
 * still running) holds partial results, one with no verdicts nor scan results nothing. */
struct snc_db_run_state {
	int finished;              /* finished_at is set */
	char status[16];           /* running, ok, findings, failed */
	int64_t verdicts, scanned_units;
	int64_t newer_unfinished;  /* the newest later run that has not finished, or 0 */
};
int snc_db_run_state(struct snc_db *db, int64_t run_id, struct snc_db_run_state *out);
/* Executions and states the run's harnesses performed (for benchmarks and summaries). */
int snc_db_run_work(struct snc_db *db, int64_t run_id, int64_t *states, int64_t *executions);

/* ---- where runs come from; shards and their merge (run_origins.c, merge.c) ------------ */

/* A run with its origin (the run_origins table): which shard of a job it did. */
struct snc_db_run_origin {
	int64_t run_id;
	const char *command, *args, *target, *tool_version, *started_at, *finished_at, *status;
	int exit_code;
	const char *source_revision;   /* NULL outside a git checkout */
	const char *options;           /* the command line without --shard and --db */
	int shard_index, shard_count;  /* 0, 0: not sharded */
	int skipped;                   /* 1: none of the job fell to this shard */
	int schedules_only;            /* 1: a harness of another shard, whose schedules of the
					  pairs that fell to this one are all this run adds */
	int has_origin;                /* 0: an older run, or one made before version 12 */
};
/* Records where run_id comes from. Returns 0 or -1. */
int snc_db_run_origin_add(struct snc_db *db, const struct snc_db_run_origin *o);
/* Every run of the database in order with its origin, into a malloc'd array that
 * snc_db_run_origins_free releases (strings included). Returns 0 or -1. */
int snc_db_run_origins(struct snc_db *db, struct snc_db_run_origin **runs, int *nruns);
void snc_db_run_origins_free(struct snc_db_run_origin *runs, int nruns);
/* A merged run, shaped like the shard run `like` (command, target, times, status), that
 * combines nshards shard runs. Returns its id, or -1. */
int64_t snc_db_merge_run_add(struct snc_db *db, const struct snc_db_run_origin *like,
			     int nshards);
/* Copies what run src_run of the database file src_path holds (harnesses and everything
 * hanging off them, audit and scan rows; not its findings) into run dst_run of db, with new
 * row ids. The file is attached read-only for the copy. Returns 0 or -1. */
int snc_db_merge_copy_run(struct snc_db *db, const char *src_path, int64_t src_run,
			  int64_t dst_run);
/* Copies the schedules (explorations, outcomes, hook counts) that run src_run of src_path
 * explored into the harnesses of the same names in run dst_run of db, onto their states
 * and ops (by ordinal and name); a hook count db already has for the same state, op and
 * call is not copied twice. For `snc run --shard K/N --schedules`. Returns 0 or -1. */
int snc_db_merge_copy_schedules(struct snc_db *db, const char *src_path, int64_t src_run,
				int64_t dst_run);
/* For `snc audit --shard K/N`: copies the harness named harness of run src_run of src_path
 * with every row below it (ops, states, verdicts, measurements, schedules...) into run
 * dst_run of db. Returns 0 or -1. */
int snc_db_merge_copy_harness(struct snc_db *db, const char *src_path, int64_t src_run,
			      const char *harness, int64_t dst_run);
/* Copies the notes of the audit run src_run of src_path (its audit_records and
 * api_aliases rows) into run dst_run of db. Returns 0 or -1. */
int snc_db_merge_copy_notes(struct snc_db *db, const char *src_path, int64_t src_run,
			    int64_t dst_run);
/* The names of run_id's harnesses in the order they were stored, in *names (the caller
 * frees each and the array, also after an error). Returns 0 or -1. */
int snc_db_run_harness_names(struct snc_db *db, int64_t run_id, char ***names, int *n);
/* A merged audit's status as the audit sets it: ok when some family was audited, else
 * failed with exit status 2. Returns 0 or -1. */
int snc_db_merge_audit_status(struct snc_db *db, int64_t run_id);
/* Computes and stores the findings as of run_id (what finishing a run does). */
int snc_db_merge_findings(struct snc_db *db, int64_t run_id);

/* ---- runtime results ------------------------------------------------------------------ */

struct snc_db_harness {
	int64_t run_id;
	const char *name;
	const char *source;
	int depth;
	int max_states;
	uint64_t seed;
	int repeats;
	int timeout_ms;
	int blocking_observable;
	int64_t state_space;
};

struct snc_db_op {
	int64_t harness_id;
	int ordinal;
	const char *name;
	int arity;
	const char *returns;   /* value, unsigned, bool, pointer, void */
	const char *contract;  /* NULL when the op may run concurrently with itself */
	const char *domains;
};

struct snc_db_execution {
	int64_t state_id;
	int64_t first_op;
	const char *first_args;
	const char *first_result;
	int64_t second_op;          /* 0 for an op run alone */
	const char *second_args;
	const char *second_result;
	const char *digest;
	int deterministic;
};

struct snc_db_verdict {
	int64_t harness_id;
	int64_t f_op, g_op;
	const char *verdict;
	const char *direction;
	int64_t states, conflict_states, mutual_states, f_to_g_states, g_to_f_states;
	int64_t crash_states, blocked_states;
	int deterministic;
	const char *contract;
};

struct snc_db_witness {
	const char *role;     /* mutual, f->g, g->f, state-only, nondeterminism */
	const char *state;
	const char *f_call, *g_call;
	const char *f_alone, *g_alone, *f_after_g, *g_after_f;
	const char *digest_fg, *digest_gf;
};

int64_t snc_db_harness_add(struct snc_db *db, const struct snc_db_harness *h);
/* library_threads: the most threads of the library's own a built state held (the
 * executions, forked, had none of them). */
int snc_db_harness_finish(struct snc_db *db, int64_t harness_id, int64_t states_tried,
			  int64_t executions, int library_threads);
int64_t snc_db_op_add(struct snc_db *db, const struct snc_db_op *op);
int64_t snc_db_state_add(struct snc_db *db, int64_t harness_id, int ordinal, const char *label,
			 int length, const char *status, const char *digest);
int snc_db_execution_add(struct snc_db *db, const struct snc_db_execution *e);
int64_t snc_db_verdict_add(struct snc_db *db, const struct snc_db_verdict *v);
int snc_db_witness_add(struct snc_db *db, int64_t verdict_id, const struct snc_db_witness *w);

/* An op's precondition: where it fails alone (preconditions.c; docs/db.md, op_preconditions). */
struct snc_db_precondition {
	int64_t harness_id, op_id;
	int64_t violated_states;
	const char *state, *call, *outcome;
	const char *satisfied_state;      /* NULL when no state satisfied it */
};
int snc_db_precondition_add(struct snc_db *db, const struct snc_db_precondition *p);

/* The proof pass (runtime/schedules/prove.c, proof_read.c): each pair of harness_id that is snc,
 * deterministic, without a contract, and whose witness's solo executions showed no AWAR
 * and no fenced RAW (or were not measured), with its witness state; state first. */
struct snc_db_proof_target {
	int f_ordinal, g_ordinal;  /* the ops, by declaration order */
	int state_ordinal;         /* the witness state */
	const char *state;
};
int snc_db_proof_targets(struct snc_db *db, int64_t harness_id,
			 int (*each)(const struct snc_db_proof_target *t, void *ctx), void *ctx);
/* The ids of the harness's n ops, by ordinal. Returns 0, or -1 when one is missing. */
int snc_db_op_ids(struct snc_db *db, int64_t harness_id, int64_t *ids, int n);

/* ---- reading verdicts ----------------------------------------------------------------- */

/* One row of the pair_verdicts view. Strings are valid during the callback only. */
struct snc_db_pair_verdict {
	int64_t run_id;
	const char *harness, *f, *g, *verdict, *direction, *contract;
	int64_t states, conflict_states, crash_states, blocked_states;
	int deterministic;
	const char *witness_state, *witness_args;
	const char *f_alone, *g_alone, *f_after_g, *g_after_f;
	/* Schedules (snc run --schedules); linearizable is -1 when none were explored. */
	int linearizable, schedules_deterministic, schedules_exhaustive;
	int64_t schedules;
	int64_t schedule_points;       /* the most scheduling points both calls passed in one
					  schedule: 0 when their code is not instrumented (an
					  archive, -lNAME, inline assembly), and every schedule
					  ran them one after the other */
	int64_t failing_schedule_id;   /* the smallest failing schedule, 0 when none */
	const char *failing_state, *failing_schedule, *failing_outcome;
	/* The function implementing f (g) when an audit named the op by a macro
	 * (api_aliases: rcu_read_lock is urcu_memb_read_lock), else NULL. */
	const char *f_function, *g_function;
};

/* Calls fn for every verdict of the run in harness and declaration order; stops early and
 * returns fn's value when it is non-zero. Returns -1 on a database error. */
int snc_db_each_pair_verdict(struct snc_db *db, int64_t run_id,
			     int (*fn)(const struct snc_db_pair_verdict *row, void *ctx), void *ctx);

/* ---- measured costs (snc run --measure) ------------------------------------------------ */

/* What a harness program's measure pass stores (db/store/costs.c) and reads (db/store/costs_read.c):
 * the views cost_measurements, op_costs, measured_sites and verdict_evidence of docs/db.md.
 * Phases: `first` is the first call of an instance from a state, `loop` the calls of the
 * same instance that follow it. */

struct snc_db_measurement {
	int64_t harness_id;
	const char *status;        /* measured, unavailable, failed */
	const char *reason;        /* why not measured, or NULL */
	int64_t states;            /* states measured from */
	int loop_calls;            /* loop calls after each first call */
	double seconds;            /* wall time of the measure pass, or < 0 when none */
};

struct snc_db_measured_counts {
	int64_t calls, instructions, rmw, fences, light_fences, heavyweight_calls;
};

struct snc_db_measured_site {
	const char *phase;         /* first, loop */
	const char *kind, *function, *file;
	int line;
	const char *caller, *caller_file;
	int caller_line;
	int64_t count;
};

struct snc_db_pattern_evidence {
	int64_t verdict_id;
	const char *role;          /* f, g */
	int64_t op_id;
	const char *state, *call;
	int64_t instructions, rmw, fences, awar, raw_unfenced, raw_fenced;
	const char *awar_example, *raw_fenced_example, *raw_unfenced_example;
};

int64_t snc_db_measurement_add(struct snc_db *db, const struct snc_db_measurement *m);
/* op_ordinal: the op's place in its harness's declaration order. */
int64_t snc_db_measured_op_add(struct snc_db *db, int64_t measurement_id, int op_ordinal,
			       const struct snc_db_measured_counts *first,
			       const struct snc_db_measured_counts *loop);
int snc_db_measured_site_add(struct snc_db *db, int64_t measured_op_id,
			     const struct snc_db_measured_site *s);
int snc_db_pattern_evidence_add(struct snc_db *db, const struct snc_db_pattern_evidence *e);

/* What the measure pass plans from: each solo execution of the harness that returned (not
 * crashed, exited or blocked), in state order, with what the same call made again right
 * after it gave (the classifier's pair execution of the instance with itself); and each snc
 * verdict's mutual witness.
 * Strings are valid during the callback only; a non-zero return of fn stops and is
 * returned, -1 is a database error. */
struct snc_db_solo_return {
	int state_ordinal;
	const char *state;         /* label: fresh, add(1); remove(0) */
	const char *op;
	const char *args;          /* 1 or 1, 2 or empty */
	int repeat_blocks;         /* the same call again blocks, crashes or exits (a second
				      deinit frees again): 1, it returns: 0, not run: -1 */
	const char *digest;        /* the state's digest, or NULL */
};
int snc_db_each_solo_return(struct snc_db *db, int64_t harness_id,
			    int (*fn)(const struct snc_db_solo_return *row, void *ctx), void *ctx);

struct snc_db_snc_witness {
	int64_t verdict_id;
	int64_t f_op, g_op;        /* ops(id) */
	const char *state, *f_call, *g_call;
};
int snc_db_each_snc_witness(struct snc_db *db, int64_t harness_id,
			    int (*fn)(const struct snc_db_snc_witness *row, void *ctx), void *ctx);

/* Reading a run's costs back (for `snc show`), in harness and declaration order. A file
 * written before the measured costs existed and opened read-only has no such views:
 * snc_db_costs_stored() says 0 then (1 when they exist, -1 on an error). */
int snc_db_costs_stored(struct snc_db *db);
struct snc_db_cost_measurement {
	const char *harness, *status, *reason;
	int64_t states;
	int loop_calls;
	double seconds;            /* < 0 when unknown */
};
int snc_db_each_cost_measurement(struct snc_db *db, int64_t run_id,
				 int (*fn)(const struct snc_db_cost_measurement *row, void *ctx),
				 void *ctx);

struct snc_db_op_cost {
	const char *harness, *op;
	int64_t calls, first_calls;
	double instructions_per_call, rmw_per_call, fences_per_call, heavyweight_call_share;
	double first_rmw_per_call, first_fences_per_call, first_heavyweight_call_share;
	/* The loop phase's most executed heavyweight site, or all NULL. */
	const char *top_kind, *top_function, *top_caller;
	double top_per_call;
	const char *implemented_by;   /* an op an audit named by a macro: its function, or NULL */
};
int snc_db_each_op_cost(struct snc_db *db, int64_t run_id,
			int (*fn)(const struct snc_db_op_cost *row, void *ctx), void *ctx);

struct snc_db_verdict_evidence {
	const char *harness, *f, *g, *role, *op, *state, *call;
	int64_t awar, raw_unfenced, raw_fenced, rmw, fences;
	const char *awar_example, *raw_fenced_example, *raw_unfenced_example;
};
int snc_db_each_verdict_evidence(struct snc_db *db, int64_t run_id,
				 int (*fn)(const struct snc_db_verdict_evidence *row, void *ctx),
				 void *ctx);

/* ---- scan results ---------------------------------------------------------------------- */

/* What `snc scan` stores are the scan rows (snc_scan_rows.h) the analyzer fills. */
#include "snc_scan_rows.h"

/* Stores a scan (units, files, functions, accesses, calls, sites, call paths, pairs) as
 * run_id's results. Call it inside snc_db_begin()/snc_db_commit(). */
int snc_db_scan_store(struct snc_db *db, int64_t run_id, const struct sa_model *m);
/* The newest stored unit of file parsed with flags_hash; 0 when there is none. */
int64_t snc_db_scan_find_unit(struct snc_db *db, const char *file, const char *flags_hash);
/* The run a stored unit belongs to; 0 when there is none, -1 on error. */
int64_t snc_db_scan_unit_run(struct snc_db *db, int64_t unit_id);
/* Loads the files a stored unit read (with their hashes then) into u->files. */
int snc_db_scan_load_files(struct snc_db *db, int64_t unit_id, struct sa_unit *u);
/* Loads a stored unit's status and diagnostics into u and sets u->reused_from. */
int snc_db_scan_load_status(struct snc_db *db, int64_t unit_id, struct sa_unit *u);
/* Loads the rest of its facts: functions with their direct accesses, calls and sites. */
int snc_db_scan_load_functions(struct snc_db *db, int64_t unit_id, struct sa_unit *u);
/* The units of a scan run, in id order, into a malloc'd array. Returns 0 or -1. */
int snc_db_scan_run_unit_ids(struct snc_db *db, int64_t run_id, int64_t **ids, int *n);
/* A unit as its scan had it (file, directory, flags, files, status, diagnostics,
 * functions) into a zeroed u, as a unit parsed now (reused_from 0): what `snc merge`
 * builds one model from (scan_units.c). Returns 0 or -1. */
int snc_db_scan_load_unit(struct snc_db *db, int64_t unit_id, struct sa_unit *u);
/* An unchanged rescan (scan_copy.c): copies from_run's results into run_id when from_run
 * had exactly nunits units and classified its API as system_api (0 or 1) does. Returns 0 when
 * copied, 1 when from_run does not qualify (store a model instead), -1 on error. Call it
 * inside snc_db_begin()/snc_db_commit(). */
int snc_db_scan_copy_run(struct snc_db *db, int64_t from_run, int64_t run_id, int nunits,
			 int system_api);

/* ---- schedules (snc run --schedules) --------------------------------------------------- */

/* What a harness program's schedules pass stores (db/store/schedules.c) and what `snc replay` and
 * `snc show` read back: the views schedules, op_hook_counts and the schedule columns of
 * pair_verdicts (docs/db.md). An *exploration* is one pair of instances run concurrently
 * from one state under every schedule within the bound; its *outcomes* are the distinct
 * outcomes it reached, each with its smallest schedule (the id `snc replay` takes). */

struct snc_db_schedule_exploration {
	int64_t state_id;
	int64_t f_op, g_op;        /* f on thread 0, g on thread 1; f declared no later than g */
	const char *f_call, *g_call;
	const char *f_then_g, *g_then_f;   /* the sequential outcomes compared with */
	int64_t schedules;         /* schedules run */
	int64_t blocking_schedules;   /* ... in which a thread waited (blocked or spun) */
	int max_preemptions, pct_samples;
	int exhaustive;            /* every schedule within the bound ran (or is equivalent) */
	int independent;           /* level 0 showed no conflicting access: nothing more ran */
	int stopped_early;         /* --first-failure */
	double seconds;            /* its share of the wall time of the state's schedules */
};

/* What the scheduler's hooks counted in one operation's execution. */
struct snc_db_hook_counts {
	int64_t points, rmw, seq_cst_fences, seq_cst_stores, lock_acquisitions;
};

struct snc_db_schedule_outcome {
	int64_t exploration_id;
	const char *schedule;      /* "0:1,1" */
	const char *status;        /* completed, deadlock, livelock, crashed, timeout, exited, killed */
	const char *outcome;       /* "add(1) = true; add(1) = true; digest 0x..." */
	int linearizable, deterministic;
	int64_t preemptions, steps;
	int64_t schedules;         /* schedules that reached this outcome */
	struct snc_db_hook_counts f, g;
};

/* The states row of a harness's state, by its ordinal; -1 when missing. */
int64_t snc_db_state_id(struct snc_db *db, int64_t harness_id, int ordinal);
int64_t snc_db_schedule_exploration_add(struct snc_db *db,
					const struct snc_db_schedule_exploration *e);
int64_t snc_db_schedule_outcome_add(struct snc_db *db, const struct snc_db_schedule_outcome *o);
/* One entry of the trace of an outcome's schedule (a non-linearizable one, as its re-run
 * recorded it): what `snc replay` prints, one row per entry (view schedule_steps). */
struct snc_db_schedule_step {
	int64_t outcome_id;
	int ordinal;               /* its place in the trace, from 0 */
	int thread;                /* 0 or 1 */
	int64_t step;              /* scheduling points passed so far; 0 for calls, fences, switches */
	const char *kind;          /* read, write, load, store, rmw, cas, fence, lock, ..., call, switch */
	const char *access;        /* "read counter = 0" */
	const char *place;         /* "racy_inc fixtures.c:9", or NULL */
	const char *variable;      /* "counter", or NULL */
	int64_t address, size;     /* the memory touched (0: none) */
	int writes;                /* it writes that memory */
};
int snc_db_schedule_step_add(struct snc_db *db, const struct snc_db_schedule_step *s);
/* The counts of one instance run alone from a state, under the hooks. */
int snc_db_hook_counts_add(struct snc_db *db, int64_t state_id, int64_t op_id, const char *call,
			   const struct snc_db_hook_counts *c);

/* How to get a harness program back for a replay: the program that ran, and for one that
 * `snc run` compiled into a temporary folder, how it was compiled (lists one item a line). */
struct snc_db_harness_build {
	const char *program;
	int temporary;
	const char *compiler, *cflags, *harness_source, *library_sources, *directory;
	const char *harness;   /* for the harness of this name only; NULL: every one of the run */
};
/* The harness program records itself (temporary 0). */
int snc_db_harness_program_set(struct snc_db *db, int64_t harness_id, const char *program);
/* `snc run` records the recipe of its temporary build for the harnesses of run_id, `snc
 * audit` for each of its harnesses (b->harness). */
int snc_db_harness_build_set(struct snc_db *db, int64_t run_id,
			     const struct snc_db_harness_build *b);

/* One stored schedule, as `snc replay` needs it. Strings are valid during the callback. */
struct snc_db_schedule {
	int64_t id, run_id, harness_id;
	const char *harness, *state, *f_call, *g_call, *schedule, *status, *outcome;
	const char *f_then_g, *g_then_f;
	int linearizable, deterministic;
	int64_t preemptions, steps;
};
/* Calls fn with schedule id and returns its value; 1 when there is no such schedule, -1 on
 * a database error. */
int snc_db_schedule_get(struct snc_db *db, int64_t id,
			int (*fn)(const struct snc_db_schedule *s, void *ctx), void *ctx);
/* Calls fn with the build of harness_id and returns its value; 1 when none is stored. */
int snc_db_harness_build_get(struct snc_db *db, int64_t harness_id,
			     int (*fn)(const struct snc_db_harness_build *b, void *ctx), void *ctx);
/* Over every exploration in the file: schedules run, children forked (schedules and
 * determinism re-runs: outcomes whose schedule has a preemption) and their wall time
 * (bench/schedules_bench). */
int snc_db_schedule_work(struct snc_db *db, int64_t *schedules, int64_t *children,
			 double *seconds);

/* ---- findings ---- */

/* Findings (docs/design.md §2, docs/findings.md) are what a reviewer sees: a rule, a
 * severity, a message that names the loophole of the Laws of Order a developer can use, the
 * evidence, and a place in the source. They are computed from the *facts* of a run:
 * everything snc knows as of that run, namely for each harness name the newest results of
 * that harness at or before the run (a CI job that runs each harness as its own `snc run`
 * reads as one whole) with the costs measured and the schedules explored with them, and the
 * newest scan at or before the run, with each operation tied to the scanned function it
 * exercises. Facts come from the views (snc_db_facts_load) or, for a baseline written by
 * `snc report --json`, from the snc_facts_add_* builders. Computing findings reads nothing
 * but the facts and the source lines next to each finding (for intentional markers);
 * the command that produced a run stores them when it finishes it (the `findings` view),
 * and `snc report` and `snc gate` compute them in memory, never writing. All strings of facts and findings live until they are freed. */

struct db_arena;

/* What an op costs per call, measured (the calls that follow the first from a state). */
struct snc_fact_cost {
	int64_t calls;                      /* the calls after the first from a state (a loop) */
	double instructions, rmw, fences;   /* per call */
	double heavyweight_share;           /* share of calls with an RMW or a full fence */
	/* The first call from each state, per call: all a lock's acquire can be measured by,
	 * since a second call from the same state blocks; first_calls 0 when not measured. */
	int64_t first_calls;
	double first_instructions, first_rmw, first_fences;
};

/* One entry of a schedule's trace (snc_db_schedule_step). */
struct snc_fact_step {
	int thread;
	int64_t step;
	const char *kind, *access, *place, *variable;   /* place, variable may be NULL */
	int64_t address, size;
	int writes;
};

/* A concurrent run of two calls under a controlled schedule, whose outcome no sequential
 * order gives (non-linearizable) or that did not repeat (non-deterministic). */
struct snc_fact_schedule {
	int64_t id;                /* the SCHEDULE-ID `snc replay` takes; 0: none */
	const char *state, *f_call, *g_call;
	const char *schedule;      /* '0:1,1': the first thread, then the switch points */
	const char *outcome;       /* both returns and the digest, as the run ended */
	const char *f_then_g, *g_then_f;  /* the sequential outcomes it was compared with */
	int preemptions;
	/* What each thread (0: f_call, 1: g_call) passed under it, as the hooks counted:
	 * scheduling points, atomic RMWs, seq_cst fences and stores, lock acquisitions (all 0
	 * when unknown: a JSON baseline). */
	struct snc_db_hook_counts thread[2];
	const struct snc_fact_step *steps; /* its trace, when one was kept (schedule_steps) */
	int nsteps;
};

/* The Laws of Order patterns in the solo execution of one call of an snc witness. */
struct snc_fact_pattern {
	int measured;              /* 0: not measured */
	const char *call;
	int64_t awar, raw_unfenced, raw_fenced, rmw, fences;
	const char *example;       /* "lock xadd in f (file.c:23), called from ..." or NULL */
};

struct snc_fact_op {
	const char *name;
	const char *returns;       /* value, unsigned, bool, pointer, void */
	const char *contract;      /* single-producer, single-consumer, owner-only, or NULL */
	const char *file;          /* the harness source declaring it, or NULL */
	int line;                  /* its SNC_OP line there, 0 when not found */
	/* A solo execution that did not repeat: state, call and its first result, or NULL. */
	const char *nondet_state, *nondet_call, *nondet_result;
	int function;              /* the scanned API function it exercises, or -1 */
	const char *implemented_by; /* an op an audit named by a macro (rcu_read_lock): the
				       function behind it (urcu_memb_read_lock), else NULL */
	const char *header_file;   /* an op tied to no function here: where the library's header
				      defines it (the macro an audit named it by, audited through
				      a generated wrapper: rdtscll; a function of a system header,
				      which facts leave out: caa_get_cycles), else NULL */
	int header_line;
	int64_t heavyweight;       /* heavyweight sites that function reaches; -1 unknown */
	struct snc_fact_cost cost; /* measured by `snc run --measure`; calls 0 when not */
	const char *cost_sites;    /* where its heavyweight instructions executed, one a line */
	/* Its precondition (facts_preconditions.c): states where it fails alone, 0 when none;
	 * the first with its call and outcome; the first state it ran from (NULL: none). */
	int64_t violated_states;
	const char *violated_state, *violated_call, *violated_outcome, *requires_state;
};

/* A heavyweight site a function reaches (in itself, or through its callees). */
struct snc_fact_site {
	const char *kind;          /* rmw, fence, seq_cst-store, lock */
	const char *op;            /* __atomic_fetch_add, pthread_mutex_lock, asm lock xaddl, ... */
	const char *memory_order;  /* or NULL */
	const char *function;      /* the function the site is in */
	const char *file;
	int line;
	int distance;              /* calls from the reaching function (0: its own) */
	const char *path;          /* "f -> g -> target" */
};

/* A call site, outside the harnesses, of a scanned function. */
struct snc_fact_call {
	const char *caller, *file;
	int line;
	int value_used;
};

/* A function the scan found (outside system headers). */
struct snc_fact_function {
	const char *name, *file, *signature, *linkage;
	int line;
	int returns_value, api;
	int64_t heavyweight_sites;       /* its own */
	int64_t transitive_heavyweight;  /* its own and its callees' */
	struct snc_fact_site *sites;     /* what it reaches, nearest first */
	int nsites;
	struct snc_fact_call *calls;     /* call sites of it, outside harness sources */
	int ncalls;
};

/* A candidate pair the scan formed (functions sharing state some function writes). */
struct snc_fact_scan_pair {
	int f, g;                  /* indexes into functions */
	const char *shared_state;  /* "count, mutex_set.present" */
	const char *static_class;  /* never-snc, read-read, one-way, snc-candidate */
};

struct snc_fact_pair {
	int f, g;                  /* indexes into the harness's ops, f <= g in declaration order */
	const char *verdict;       /* snc, snc-split, non-commutative, state-only, commutative, unknown */
	const char *direction, *contract;
	int64_t states, conflict_states, crash_states, blocked_states;
	int deterministic;
	struct snc_db_witness witness;        /* the primary witness; role NULL when none */
	struct snc_db_witness nondeterminism; /* a pair execution that did not repeat; role NULL when none */
	struct snc_fact_pattern solo[2];      /* snc: f's and g's solo executions from the witness state */
	int64_t schedules;                    /* concurrent schedules explored (0: none) */
	struct snc_fact_schedule broken;      /* the simplest non-linearizable one, id 0 if none */
	struct snc_fact_schedule unrepeated;  /* the simplest non-deterministic one, id 0 if none */
	struct snc_fact_schedule broken_precondition;  /* the simplest non-linearizable one whose
						 sequential orders fail (a precondition the
						 second call violates): reported apart */
	/* How it was explored (facts_schedules.c), for reconciling an SNC verdict with it: */
	int64_t explored_states;              /* states its calls were explored from */
	int explored_exhaustive;              /* every schedule within the bound, in each */
	int max_preemptions;                  /* the bound */
	int instrumented;                     /* its calls reached scheduling points */
	int witness_unshared;                 /* the witness's two calls, explored from its state,
						 made no conflicting access: they influence each
						 other through memory no instrumented access
						 shares (the harness's own bookkeeping) */
};

struct snc_fact_harness {
	int64_t run_id;            /* the run these results come from */
	const char *name, *source;
	int64_t states;            /* states tried */
	int64_t state_space;       /* states up to its depth, before sampling: more than
				      states when --max-states or --max-executions sampled */
	int64_t library_threads;   /* threads of the library's own in a built state, which
				      no forked execution had (harnesses.library_threads) */
	struct snc_fact_op *ops;
	int nops;
	struct snc_fact_pair *pairs;
	int npairs;
};

struct snc_facts {
	int64_t run_id;            /* as of which run */
	const char *command, *started_at, *tool_version, *status;  /* that run's summary */
	struct snc_fact_harness *harnesses;
	int nharnesses;
	int measured;              /* some harness has measured costs */
	int64_t scan_run_id;       /* the scan these functions come from; 0 when none */
	struct snc_fact_function *functions;
	int nfunctions;
	struct snc_fact_scan_pair *scan_pairs;
	int nscan_pairs;
	struct db_arena *arena;
};

/* Loads the facts as of run_id into a zeroed facts. Returns 0, or -1 (snc_db_errmsg). */
int snc_db_facts_load(struct snc_db *db, int64_t run_id, struct snc_facts *facts);
/* Builders (copy their strings): the run, a harness, then its ops, then its pairs. A
 * harness pointer is valid until the next snc_facts_add_harness. */
void snc_facts_set_run(struct snc_facts *facts, int64_t run_id, const char *command,
		       const char *started_at, const char *tool_version, const char *status);
struct snc_fact_harness *snc_facts_add_harness(struct snc_facts *facts, int64_t run_id,
					       const char *name, const char *source, int64_t states,
					       int64_t state_space);
void snc_facts_add_op(struct snc_facts *facts, struct snc_fact_harness *h,
		      const struct snc_fact_op *op);
void snc_facts_add_pair(struct snc_facts *facts, struct snc_fact_harness *h,
			const struct snc_fact_pair *pair);
/* The pair of ops named f and g (either order) in harness h, or NULL. */
const struct snc_fact_pair *snc_facts_pair(const struct snc_fact_harness *h, const char *f,
					   const char *g);
void snc_facts_free(struct snc_facts *facts);

/* A harness's results across runs (history.c), for the report's history: one row per
 * pair verdict (g set) and one per measured op cost (g NULL), of every run up to run_id
 * whose harness finished, by harness name, then oldest run first. */
struct snc_history_row {
	int64_t run_id;
	const char *started_at, *harness;
	const char *f, *g;         /* a pair's ops; an op cost row: the op, g NULL */
	const char *verdict;       /* pair rows */
	int64_t calls;             /* cost rows: calls measured, and per call: */
	double instructions, rmw, fences;
};
struct snc_history {
	struct snc_history_row *items;
	int count;
	struct db_arena *arena;
};
/* Loads the history as of run_id into a zeroed history. Returns 0, or -1 (snc_db_errmsg). */
int snc_db_history_load(struct snc_db *db, int64_t run_id, struct snc_history *out);
void snc_history_free(struct snc_history *h);

enum snc_severity { SNC_NOTE = 1, SNC_WARNING = 2, SNC_ERROR = 3 };
const char *snc_severity_name(enum snc_severity s);   /* note, warning, error */
/* Parses a severity name; returns 0 for anything else. */
enum snc_severity snc_severity_parse(const char *name);

struct snc_rule {
	const char *id;            /* snc-unsynchronized, non-deterministic, ... */
	enum snc_severity severity;
	const char *summary;       /* one line */
	const char *help;          /* a paragraph: when it fires and what to do */
};
/* Every rule snc knows, ending with an entry whose id is NULL. */
extern const struct snc_rule snc_rules[];

struct snc_finding {
	const struct snc_rule *rule;
	enum snc_severity severity; /* the rule's, or lower for what the scan alone suggests */
	char fingerprint[17];      /* hex; from rule, function names and shared state only */
	const char *subject;       /* "atomic_add_return x atomic_add_return in atomic-counter" */
	const char *message;       /* one line, naming the loophole */
	const char *evidence;      /* lines: witness, schedule, counts, call path */
	const char *file;          /* NULL when unknown */
	int line;                  /* 0 when unknown */
	const char *harness;       /* the harness it comes from; NULL when from the scan alone */
	const char *f, *g;         /* its functions (g NULL for a finding about one) */
	int intentional;           /* marked `snc: intentional RULE -- reason` in the source */
	const char *reason;
	/* The concurrent schedule it rests on (a facts' pair's broken, broken_precondition or
	 * unrepeated schedule, valid while the facts are), or NULL. */
	const struct snc_fact_schedule *schedule;
};

struct snc_findings {
	struct snc_finding *items;
	int count;
	struct db_arena *arena;
	struct finding_sources *sources;   /* while computing: the sources read for markers */
};

/* Computes the findings of facts into a zeroed out; with a baseline, `regression` compares
 * the two. Findings are ordered by severity (errors first), then by subject. Returns 0. */
int snc_findings_compute(const struct snc_facts *facts, const struct snc_facts *baseline,
			 struct snc_findings *out);
void snc_findings_free(struct snc_findings *findings);
/* Marks the findings one suppression names, "RULE:WHERE" (docs/findings.md), as
 * intentional, with origin ("FILE:LINE") in the reason. Returns how many, or -1 with why
 * (not RULE:WHERE, or no such rule). line is modified. */
int snc_findings_suppress(struct snc_findings *findings, char *line, const char *origin,
			  char *why, size_t whylen);
/* Replaces the stored findings of run_id (what the `findings` view shows) with these. */
int snc_db_findings_store(struct snc_db *db, int64_t run_id, const struct snc_findings *findings);

/* ---- audits (snc audit) ---------------------------------------------------------------- */

/* One row of the audit_items view: a header, family or function the audit looked at.
 * status: audited (a family whose harness ran; detail says how its initial state is
 * built), skipped or failed (detail says why). family and harness may be NULL. */
int snc_db_audit_item_add(struct snc_db *db, int64_t run_id, const char *kind, const char *name,
			  const char *family, const char *harness, const char *status,
			  const char *detail);
/* Where an API function of an audit is declared (findings about its operation point there
 * when no body of it is tied). Returns 0, -1 on an error. */
int snc_db_audit_declaration_add(struct snc_db *db, int64_t run_id, const char *name,
				 const char *file, int line);
/* After a generated harness ran into run_id: how its fresh state ended ("ok", "crash:
 * SIGSEGV"), the states it tried, and the seconds its measure pass took (0 when none).
 * Returns 0, 1 when no finished harness of that name is in the run, -1 on an error. */
int snc_db_audit_harness(struct snc_db *db, int64_t run_id, const char *harness,
			 char *fresh_status, size_t len, int64_t *states, double *measure_seconds);

/* After a generated harness ran into run_id: the ops none of whose solo executions, from
 * any state, ended with a result (each crashed, stopped, exited, blocked, hit a limit or
 * was not run), with the first such outcome: up to max of them into out, their number in
 * *never. Returns 0, 1 when the harness is not in the run, -1 on an error. */
struct snc_db_never_ran {
	char op[128];
	char outcome[64];             /* "crash: SIGSEGV", "blocks" */
};
int snc_db_audit_ops_never_ran(struct snc_db *db, int64_t run_id, const char *harness,
			       struct snc_db_never_ran *out, int max, int *never);

/* One row of the api_aliases table: a macro of an audited header that is a public name of
 * a function (kind "object-like" or "function-like"; target and args its expansion's
 * function and arguments, NULL when it resolves to none), and what the audit did with it
 * (status and detail as for audit items; family and harness where it was audited). */
struct snc_db_alias {
	const char *name, *kind, *params, *target, *args, *file, *header;
	int line;
	const char *family, *harness, *status, *detail;
};
int snc_db_audit_alias_add(struct snc_db *db, int64_t run_id, const struct snc_db_alias *a);

#endif
