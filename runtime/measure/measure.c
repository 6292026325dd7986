/* measure.c: the measure pass of a harness program (--measure), on the parent's side.
 *
 * After the classifier has stored its verdicts, the pass
 *   1. checks that the tool can run here (measure_spawn.c); if not, it prints one line,
 *      records why (measurements.status = 'unavailable') and the run goes on;
 *   2. writes the plan from what the classifier stored (measure_plan.c) into an anonymous
 *      file, and opens another for the records;
 *   3. runs the program's measure build (PROGRAM.measure, without the scheduler's
 *      instrumentation) as the measure worker under `valgrind --tool=snc`, which writes
 *      one record per measured call (measure_worker.c);
 *   4. adds the records up per op (measure_records.c) and stores, in one transaction, the
 *      measurement, each op's counts per phase, its heavyweight sites, and the AWAR/RAW
 *      evidence of each snc verdict. A worker that fails, or one of whose processes
 *      Valgrind aborted (an `aborted` record: its counts are cut short), is reported in
 *      one line and recorded as 'failed' with why, never as measured; it never fails the
 *      run.
 * The worker never touches the database: only this process writes it, through db/. */
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "measure.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int db_error(struct snc_db *db)
{
	fprintf(stderr, "error: %s\n", snc_db_errmsg(db));
	snc_db_rollback(db);
	return 2;
}

/* Prints why in one line, records it, and lets the run go on. */
static int not_measured(const struct snc_harness *def, struct snc_db *db, int64_t harness_id,
			const char *status, const char *why)
{
	fprintf(stderr, "%s: costs not measured: %s\n", def->name, why);
	struct snc_db_measurement row = {
		.harness_id = harness_id, .status = status, .reason = why, .seconds = -1,
	};
	if (snc_db_begin(db) != 0 || snc_db_measurement_add(db, &row) < 0 || snc_db_commit(db) != 0)
		return db_error(db);
	return 0;
}

static const struct measure_witness *witness_of(const struct measure_plan *plan, int64_t id)
{
	for (int i = 0; i < plan->nwitnesses; i++)
		if (plan->witnesses[i].verdict_id == id)
			return &plan->witnesses[i];
	return NULL;
}

static int store_sites(struct snc_db *db, const struct measure_totals *t, int op,
		       int64_t measured_op_id)
{
	for (int i = 0; i < t->nsites; i++) {
		const struct measure_site *s = &t->sites[i];
		if (s->op != op)
			continue;
		struct snc_db_measured_site row = {
			.phase = s->phase ? "loop" : "first", .kind = s->kind,
			.function = s->function[0] ? s->function : NULL,
			.file = s->file[0] ? s->file : NULL, .line = s->line,
			.caller = s->caller[0] ? s->caller : NULL,
			.caller_file = s->caller_file[0] ? s->caller_file : NULL,
			.caller_line = s->caller_line, .count = s->count,
		};
		if (snc_db_measured_site_add(db, measured_op_id, &row) != 0)
			return -1;
	}
	return 0;
}

static int store_evidence(struct snc_db *db, const struct measure_plan *plan,
			  const struct measure_evidence *e)
{
	const struct measure_witness *w = witness_of(plan, e->verdict_id);
	if (!w)
		return 0;
	struct snc_db_pattern_evidence row = {
		.verdict_id = e->verdict_id,
		.role = e->role == 'f' ? "f" : "g",
		.op_id = e->role == 'f' ? w->f_op : w->g_op,
		.state = w->state,
		.call = e->role == 'f' ? w->f_call : w->g_call,
		.instructions = e->instructions, .rmw = e->rmw, .fences = e->fences,
		.awar = e->awar, .raw_unfenced = e->raw_unfenced, .raw_fenced = e->raw_fenced,
		.awar_example = e->awar_example, .raw_fenced_example = e->raw_fenced_example,
		.raw_unfenced_example = e->raw_unfenced_example,
	};
	return snc_db_pattern_evidence_add(db, &row);
}

static int store_totals(struct snc_db *db, int64_t harness_id, const struct measure_plan *plan,
			const struct measure_totals *t, double seconds)
{
	struct snc_db_measurement row = {
		.harness_id = harness_id, .status = "measured", .states = plan->states,
		.loop_calls = MEASURE_LOOP_CALLS, .seconds = seconds,
	};
	int64_t measurement_id;
	if (snc_db_begin(db) != 0 || (measurement_id = snc_db_measurement_add(db, &row)) < 0)
		return -1;
	for (int op = 0; op < t->nops; op++) {
		if (t->first[op].calls == 0 && t->loop[op].calls == 0)
			continue;
		int64_t id = snc_db_measured_op_add(db, measurement_id, op, &t->first[op], &t->loop[op]);
		if (id < 0 || store_sites(db, t, op, id) != 0)
			return -1;
	}
	for (int i = 0; i < t->nevidence; i++)
		if (store_evidence(db, plan, &t->evidence[i]) != 0)
			return -1;
	return snc_db_commit(db);
}

/* Whether any op has a call counted: a pass whose every call ran past its limit under
 * Valgrind (an op many times slower there) counted nothing, and is no measurement. */
static bool any_call(const struct measure_totals *t)
{
	for (int op = 0; op < t->nops; op++)
		if (t->first[op].calls > 0 || t->loop[op].calls > 0)
			return true;
	return false;
}

/* What the worker runs: Valgrind, the tool's folder, the measure build. */
struct worker_paths {
	const char *valgrind, *lib, *program;
};

/* What run_worker returns besides the worker's exit status (>= 0). */
enum { WORKER_FAILED = -1, NO_FILES = -2, PLAN_DB_ERROR = -3 };

/* Plans, runs the worker and reads its records into t; returns the worker's exit status
 * or one of the codes above, and the wall time in *seconds; a panic of Valgrind's
 * goes into panic. */
static int run_worker(const struct harness_model *m, const struct runtime_options *opt,
		      struct snc_db *db, int64_t harness_id, const struct worker_paths *paths,
		      int max_threads, struct measure_plan *plan, struct measure_totals *t,
		      double *seconds, char *panic, size_t panic_len)
{
	int plan_fd = memfd_create("snc-measure-plan", 0);
	int records_fd = memfd_create("snc-measure-records", 0);
	int log_fd = memfd_create("snc-measure-log", 0);
	int dup_fd = plan_fd >= 0 ? dup(plan_fd) : -1;
	FILE *out = dup_fd >= 0 ? fdopen(dup_fd, "w") : NULL;
	int status = WORKER_FAILED;
	if (!out || records_fd < 0 || fcntl(records_fd, F_SETFL, O_APPEND) != 0) {
		fprintf(stderr, "error: cannot make the measure pass's files\n");
		status = NO_FILES;
	} else if (measure_plan_write(db, m, harness_id, opt->measure_states, out, plan) != 0) {
		status = PLAN_DB_ERROR;
	} else if (lseek(plan_fd, 0, SEEK_SET) == 0) {
		int timeout_ms = runtime_timeout_ms(opt, m->def);
		struct progress *pr = progress_new(progress_wanted(opt));
		progress_update(pr, "%s: measuring costs under valgrind (%lld states, %d witnesses)",
				m->def->name, (long long)plan->states, plan->nwitnesses);
		double start = now();
		status = measure_spawn(paths->valgrind, paths->lib, paths->program, max_threads, opt,
				       timeout_ms, plan_fd, records_fd, log_fd);
		*seconds = now() - start;
		progress_done(pr);
		if (measure_records_read(m, records_fd, t) != 0 && status == 0)
			status = WORKER_FAILED;
		measure_log_report(m->def->name, log_fd, t->aborted > 0, opt->verbose, panic, panic_len);
	}
	if (log_fd >= 0)
		close(log_fd);
	if (out)
		fclose(out);
	else if (dup_fd >= 0)
		close(dup_fd);
	if (plan_fd >= 0)
		close(plan_fd);
	if (records_fd >= 0)
		close(records_fd);
	return status;
}

int measure_harness(const struct snc_harness *def, const struct runtime_options *opt,
		    struct snc_db *db, int64_t harness_id)
{
	char lib[PATH_MAX], valgrind[PATH_MAX], program[PATH_MAX], why[PATH_MAX + 128];
	const char *unavailable = measure_unavailable(opt, lib, sizeof lib, valgrind, sizeof valgrind,
						      program, sizeof program);
	if (unavailable)
		return not_measured(def, db, harness_id, "unavailable", unavailable);
	if (opt->verbose)
		fprintf(stderr, "measuring with the snc Valgrind tool in %s\n", lib);
	struct harness_model m;
	if (harness_model_build(def, &m, why, sizeof why) != 0) {
		fprintf(stderr, "error: %s\n", why);
		return 2;
	}
	struct measure_plan plan = { 0 };
	struct measure_totals t = { 0 };
	double seconds = 0;
	const struct worker_paths paths = { .valgrind = valgrind, .lib = lib, .program = program };
	char panic[256] = "";
	int status = run_worker(&m, opt, db, harness_id, &paths, MEASURE_MAX_THREADS, &plan, &t,
				&seconds, panic, sizeof panic);
	if (t.aborted && strstr(panic, "Max number of threads is too low")) {
		/* an op ran more threads at once than a worker's small table holds: the whole
		 * pass again with a large one (its forks cost more, so only when needed) */
		measure_totals_free(&t);
		measure_plan_free(&plan);
		t = (struct measure_totals){ 0 };
		plan = (struct measure_plan){ 0 };
		panic[0] = 0;
		status = run_worker(&m, opt, db, harness_id, &paths, MEASURE_MAX_THREADS_LARGE, &plan,
				    &t, &seconds, panic, sizeof panic);
	}
	int rc = 0;
	if (status == PLAN_DB_ERROR) {
		rc = db_error(db);
	} else if (status == NO_FILES) {
		rc = not_measured(def, db, harness_id, "failed", "cannot make temporary files");
	} else if (t.absent) {
		snprintf(why, sizeof why, "valgrind did not load the snc tool from '%s'", lib);
		rc = not_measured(def, db, harness_id, "failed", why);
	} else if (t.aborted) {   /* counts cut short are no measurement */
		snprintf(why, sizeof why, "valgrind aborted %d measuring process%s (exit status %d%s%s) "
			 "while %s%s%s", t.aborted, t.aborted == 1 ? "" : "es", t.aborted_code,
			 panic[0] ? ": " : "", panic, t.aborted_inst < 0 ? "building a state" :
			 "measuring ", t.aborted_inst < 0 ? "" : m.inst[t.aborted_inst].call,
			 t.aborted > 1 ? ", among others" : "");
		rc = not_measured(def, db, harness_id, "failed", why);
	} else if (status == 0 && t.done && !any_call(&t)) {   /* nothing to call measured */
		snprintf(why, sizeof why, "no call of any op finished under valgrind within its "
			 "limit (%d ms a call)", MEASURE_CALL_LIMIT_MS(runtime_timeout_ms(opt, def)));
		rc = not_measured(def, db, harness_id, "failed", why);
	} else if (status != 0 || !t.done) {
		snprintf(why, sizeof why, "the measure worker under valgrind %s (status %d)",
			 t.done ? "failed" : "did not finish", status);
		rc = not_measured(def, db, harness_id, "failed", why);
	} else if (store_totals(db, harness_id, &plan, &t, seconds) != 0) {
		rc = db_error(db);
	} else if (!opt->quiet) {
		fprintf(stderr, "%s: costs measured from %lld states, %d snc witnesses, in %.1f s "
			"under valgrind\n", def->name, (long long)plan.states, plan.nwitnesses, seconds);
	}
	measure_totals_free(&t);
	measure_plan_free(&plan);
	harness_model_free(&m);
	return rc;
}
