/* measure.h: the measure pass of a harness program (`--measure`), shared by its files.
 *
 * After classification the program measures what its operations execute, under the snc
 * Valgrind tool (runtime/valgrind-tool, docs/valgrind-tool.md). It runs its measure build (the
 * same harness without the scheduler's instrumentation, PROGRAM.measure) under
 * `valgrind --tool=snc` as a *measure worker* (measure_spawn.c); the worker
 * (measure_worker.c) reads a *plan* from one file descriptor and writes *records* to
 * another; the parent (measure.c) writes the plan from what the classifier stored, reads
 * the records back, adds them up (measure_records.c) and stores them through db/. The
 * worker never opens the database. docs/measure.md describes both formats:
 *
 *   plan, one line each:
 *     state SEQ INST,INST,... [N]   build the state SEQ, measure these instances from it (as
 *                                   N of the kept states, equal to it: records N times)
 *     evidence VERDICT SEQ F G      solo executions of instances F and G from state SEQ
 *   where SEQ is `-` (the fresh state) or the instance indices that build it, comma
 *   separated; an INST of a state line may end in `+` (the classifier saw the same call,
 *   made again after it, return) or `!` (block: only its first call is measured);
 *
 *   records, one line each, fields separated by one space, strings by tabs:
 *     call INST PHASE INSTRUCTIONS RMW FENCES LIGHT_FENCES
 *     site INST PHASE COUNT\tKIND\tFUNCTION\tFILE\tLINE\tCALLER\tCALLER_FILE\tCALLER_LINE
 *     evidence VERDICT ROLE INST INSTRUCTIONS RMW FENCES AWAR RAW_UNFENCED RAW_FENCED
 *              \tAWAR_EXAMPLE\tRAW_FENCED_EXAMPLE\tRAW_UNFENCED_EXAMPLE
 *     aborted CODE INST             a process measuring INST (`-`: building its state) ended
 *                                   with exit status CODE: Valgrind aborted it (a panic)
 *     absent                        the worker does not run under the snc tool
 *     done                          the worker finished the plan
 *   PHASE is `first` (the first call from the state: the classifier's solo execution) or
 *   `loop` (the calls of the same instance that follow it, MEASURE_LOOP_CALLS of them);
 *   ROLE is `f` or `g`. A site line follows the call line of its region. */
#ifndef SNC_MEASURE_H
#define SNC_MEASURE_H

#include <stdint.h>
#include "runtime.h"
#include "snc_db.h"

/* Calls of the same instance after the first one, each measured on its own. A multiple of
 * 8 keeps batch sizes that are powers of two (per-thread caches) from rounding. */
#define MEASURE_LOOP_CALLS 16
/* Instances in a state's sequence, at most (--depth is 0..8). */
#define MEASURE_MAX_SEQ 8
/* Valgrind runs code tens of times slower, and translates it on first use: an op's time
 * limit under the tool is its limit times this, plus a second (MEASURE_CALL_LIMIT_MS). */
#define MEASURE_SLOWDOWN 20
#define MEASURE_CALL_LIMIT_MS(op_limit_ms) ((op_limit_ms) * MEASURE_SLOWDOWN + 1000)

/* The parent: measures the harness stored as harness_id and stores the costs. Prints one
 * line and returns 0 when the tool cannot run here; returns 2 on a database error. */
int measure_harness(const struct snc_harness *def, const struct runtime_options *opt,
		    struct snc_db *db, int64_t harness_id);

/* The worker (under valgrind): runs the plan, writes the records. Returns an exit status. */
int measure_worker_main(const struct snc_harness *def, const struct runtime_options *opt);

/* Why the tool cannot run here (one line, no newline), or NULL when it can; lib receives
 * the folder to use as VALGRIND_LIB, valgrind Valgrind's path and program the path of this
 * program's measure build (PROGRAM.measure: without the scheduler's instrumentation). */
const char *measure_unavailable(const struct runtime_options *opt, char *lib, size_t liblen,
				char *valgrind, size_t vglen, char *program, size_t proglen);

/* The Valgrind tool SNC_MEASURE_TOOL names when it is not snc (benchmarks: the worker then
 * runs under it with empty regions), else NULL. */
const char *measure_baseline_tool(void);

/* Valgrind's --max-threads for a measure worker: small, as forks copy its thread tables;
 * the large one for a pass again when an op ran more threads than that at once. */
enum { MEASURE_MAX_THREADS = 16, MEASURE_MAX_THREADS_LARGE = 1024 };

/* Runs program (the measure build) as a worker under the tool, with Valgrind's
 * --max-threads=max_threads, the plan on plan_fd, the records going to records_fd and what
 * Valgrind itself says to log_fd (-1: stderr).
 * Returns the worker's exit status, or -1 if it could not start. */
int measure_spawn(const char *valgrind, const char *lib, const char *program, int max_threads,
		  const struct runtime_options *opt, int timeout_ms, int plan_fd, int records_fd,
		  int log_fd);

struct snc_vg_region;
/* The worker: one call of instance in, alone in a region of the tool opened with flags
 * (0 or SNC_VG_PATTERNS); the tool writes *r. Every measured call goes through here, so
 * that the region's count around the op is the same as when calibrated. */
void measure_region_call(const struct harness_model *m, const struct instance *in,
			 unsigned flags, struct snc_vg_region *r)
	__attribute__((noinline));

/* The worker (under the tool): per op of m, the instructions a region around one of its
 * calls counts besides the op itself, to subtract from every region of the op
 * (measure_calibrate.c). malloc'd; NULL when out of memory. */
int64_t *measure_region_overheads(const struct harness_model *m);

/* The plan of one harness, and the witnesses its evidence jobs came from. */
struct measure_witness {
	int64_t verdict_id, f_op, g_op;        /* ids in the database */
	char *state, *f_call, *g_call;
};

struct measure_plan {
	int64_t states;                        /* states measured from */
	struct measure_witness *witnesses;
	int nwitnesses;
};

/* Writes the plan of the harness stored as harness_id to out (measure_plan.c). Returns 0,
 * or -1 on a database error (snc_db_errmsg) or when out of memory. */
int measure_plan_write(struct snc_db *db, const struct harness_model *m, int64_t harness_id,
		       int max_states, FILE *out, struct measure_plan *plan);
void measure_plan_free(struct measure_plan *plan);

/* A state's instance sequence from its label ("fresh", "add(1); remove(0)"): returns its
 * length, or -1 when a call is not one of the model's instances. */
int measure_parse_state(const struct harness_model *m, const char *label, int *seq, int max);
int measure_instance_of(const struct harness_model *m, const char *call);

/* Everything left to read on fd, NUL-terminated (malloc'd), or NULL on an error. */
char *measure_read_all(int fd);

/* What Valgrind logged into log_fd during the pass (measure_log.c): when aborted, the
 * reason of its panic into panic ("" if none); else onto stderr, each crash of a measured
 * process in one line naming harness (the whole log when verbose). */
void measure_log_report(const char *harness, int log_fd, bool aborted, bool verbose,
			char *panic, size_t len);


struct measure_site {
	int op;
	int phase;                     /* 0 first, 1 loop */
	char *kind, *function, *file, *caller, *caller_file;
	int line, caller_line;
	int64_t count;
};

struct measure_evidence {
	int64_t verdict_id;
	char role;                     /* 'f' or 'g' */
	int inst;
	int64_t instructions, rmw, fences, awar, raw_unfenced, raw_fenced;
	char *awar_example, *raw_fenced_example, *raw_unfenced_example;
};

struct measure_totals {
	int nops;
	struct snc_db_measured_counts *first, *loop;   /* per op: sums of the call records */
	struct measure_site *sites;
	int nsites, sites_cap;
	struct measure_evidence *evidence;
	int nevidence, evidence_cap;
	bool absent, done;
	int aborted;                   /* `aborted` records: the counts are cut short */
	int aborted_code, aborted_inst; /* the first one's exit status and instance (-1: -) */
};

/* Reads every record of fd (from its start) into t; returns 0, or -1 on a malformed line
 * or when out of memory. */
int measure_records_read(const struct harness_model *m, int fd, struct measure_totals *t);
void measure_totals_free(struct measure_totals *t);

#endif
