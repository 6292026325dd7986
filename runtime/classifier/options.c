/* options.c: the command line of a harness program (what `snc run` passes through),
 * defaults of the time and resource limits included. The
 * user-facing options are the shared table snc_run_options (cmdline/), so `snc run` and the
 * program accept and check exactly the same things; the ones below are the program's own
 * (where to record, replay, the measure worker's pipes). */
#include <stdio.h>
#include <stdlib.h>
#include "runtime.h"
#include "snc_cmdline.h"
#include "snc_sched.h"
#include "state_process.h"

_Static_assert(SNC_RUN_MAX_PREEMPTIONS == SNC_SCHED_MAX_SWITCHES,
	       "--preemptions' bound is the scheduler's");

enum { O_DB = 1, O_RUN_ID, O_SOURCE, O_ARGS, O_REPLAY, O_VALGRIND_LIB, O_MEASURE_WORKER,
       O_SCHEDULE_SHARD, O_PROGRESS };

static const struct snc_opt program_options[] = {
	{ O_DB, "db", 0, SNC_OPT_TEXT, "FILE", 0, 0, NULL, "database to write (default ./snc.db)" },
	{ O_RUN_ID, "run-id", 0, SNC_OPT_INT, "N", 1, INT64_MAX, NULL,
	  "record into this run (made by snc run) instead of a new one" },
	{ O_SOURCE, "source", 0, SNC_OPT_TEXT, "FILE", 0, 0, NULL,
	  "the harness source, for the record" },
	{ O_ARGS, "record-args", 0, SNC_OPT_TEXT, "TEXT", 0, 0, NULL,
	  "the command line to record with a new run" },
	{ O_REPLAY, "replay", 0, SNC_OPT_INT, "ID", 1, INT64_MAX, NULL,
	  "re-run stored schedule ID with its trace (needs --db)" },
	{ O_VALGRIND_LIB, "valgrind-lib", 0, SNC_OPT_TEXT, "DIR", 0, 0, NULL,
	  "the snc Valgrind tool's folder (default: where it was built or installed)" },
	{ O_PROGRESS, "progress", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "the progress line even with --quiet (on a terminal only)" },
	{ O_MEASURE_WORKER, "measure-worker", 0, SNC_OPT_TEXT, "PLAN_FD,RECORDS_FD", 0, 0, NULL,
	  "internal: this process is a measure worker (runtime/measure/measure.h)" },
	{ O_SCHEDULE_SHARD, "schedule-shard", 0, SNC_OPT_TEXT, "K/N", 0, 0, NULL,
	  "explore the schedules of the pairs of ops that fall to shard K of N only\n"
	  "(what snc run --shard K/N --schedules passes; docs/ci.md)" },
	{ 0 },
};

static const struct snc_opt *const tables[] = { program_options, snc_run_options, NULL };

static const struct snc_command_doc doc = {
	.prog = "harness-program",
	.usage = "HARNESS-PROGRAM [options]",
	.about = "Classifies every pair of the harness's operations and stores the verdicts.",
	.tables = tables,
	.version = SNC_VERSION_STRING,
};

static void set_run_option(struct runtime_options *opt, const struct snc_opt_value *v)
{
	int n = (int)v->number;
	switch (v->opt->id) {
	case SNC_RUN_DEPTH: opt->depth = n; break;
	case SNC_RUN_BOUNDARY: opt->boundary = n; break;
	case SNC_RUN_MAX_STATES: opt->max_states = n; break;
	case SNC_RUN_MAX_EXECUTIONS: opt->max_executions = v->number; break;
	case SNC_RUN_SEED: opt->seed = (uint64_t)v->number; break;
	case SNC_RUN_TIMEOUT: opt->timeout_ms = n; break;
	case SNC_RUN_REPEAT: opt->repeats = n; break;
	case SNC_RUN_JOBS: opt->jobs = n; break;
	case SNC_RUN_BLOCKING_OBSERVABLE: opt->blocking_observable = true; break;
	case SNC_RUN_PRIVATE_FOLDERS: opt->private_folders = true; break;
	case SNC_RUN_VERBOSE: opt->verbose = true; break;
	case SNC_RUN_QUIET: opt->quiet = true; break;
	case SNC_RUN_SCHEDULES: opt->schedules = true; break;
	case SNC_RUN_PREEMPTIONS: opt->preemptions = n; break;
	case SNC_RUN_PCT: opt->pct_samples = n; break;
	case SNC_RUN_PCT_DEPTH: opt->pct_depth = n; break;
	case SNC_RUN_SCHEDULE_DEPTH: opt->schedule_depth = n; break;
	case SNC_RUN_MAX_SCHEDULES: opt->max_schedules = n; break;
	case SNC_RUN_FIRST_FAILURE: opt->first_failure = true; break;
	case SNC_RUN_PROVE: opt->prove = true; break;
	case SNC_RUN_MEASURE: opt->measure = true; break;
	case SNC_RUN_MEASURE_STATES: opt->measure_states = n; break;
	case SNC_RUN_MEMORY_LIMIT: opt->memory_limit_mib = v->number; break;
	case SNC_RUN_CPU_LIMIT: opt->cpu_limit_s = v->number; break;
	case SNC_RUN_PROCESS_LIMIT: opt->process_limit = v->number; break;
	case SNC_RUN_FILE_SIZE_LIMIT: opt->file_size_limit_mib = v->number; break;
	}
}

static int set_program_option(struct runtime_options *opt, const struct snc_opt_value *v)
{
	switch (v->opt->id) {
	case O_DB: opt->db_path = v->text; break;
	case O_RUN_ID: opt->run_id = v->number; break;
	case O_SOURCE: opt->source = v->text; break;
	case O_ARGS: opt->run_args = v->text; break;
	case O_REPLAY: opt->replay_id = v->number; break;
	case O_VALGRIND_LIB: opt->valgrind_lib = v->text; break;
	case O_PROGRESS: opt->progress = true; break;
	case O_MEASURE_WORKER:
		if (sscanf(v->text, "%d,%d", &opt->worker_plan_fd, &opt->worker_records_fd) != 2) {
			snc_cmdline_error(doc.prog, "--measure-worker needs PLAN_FD,RECORDS_FD, not '%s'",
					  v->text);
			return -1;
		}
		break;
	case O_SCHEDULE_SHARD: {
		struct snc_shard shard;
		char err[160];
		if (snc_shard_parse(v->text, &shard, err, sizeof err) != 0) {
			snc_cmdline_error(doc.prog, "%s", err);
			return -1;
		}
		opt->schedule_shard_index = shard.index;
		opt->schedule_shard_count = shard.count;
		break;
	}
	default: set_run_option(opt, v); break;
	}
	return 0;
}

/* Returns -1 to go on, or an exit status (0 after --help/--version, 2 on a usage error). */
int parse_runtime_options(int argc, char **argv, struct runtime_options *opt)
{
	*opt = (struct runtime_options){
		.db_path = "snc.db", .depth = 2, .max_states = 2000, .seed = 1,
		.repeats = 2, .jobs = snc_run_default_jobs(), .measure_states = 8,
		.worker_plan_fd = -1, .worker_records_fd = -1,
		.preemptions = 2, .pct_depth = 3, .schedule_depth = 1, .max_schedules = 10000,
		.memory_limit_mib = SP_DEFAULT_MEMORY_MIB, .cpu_limit_s = SP_DEFAULT_CPU_SECONDS,
		.process_limit = SP_DEFAULT_PROCESSES, .file_size_limit_mib = SP_DEFAULT_FILE_MIB,
	};
	struct snc_cmdline cl;
	if (snc_cmdline_init(&cl, &doc, argc, argv) != 0)
		return 2;
	struct snc_opt_value v;
	int rc = -1, id;
	while ((id = snc_cmdline_next(&cl, &v)) > 0)
		if (set_program_option(opt, &v) != 0) {
			rc = 2;
			break;
		}
	if (id == SNC_CMDLINE_ERROR)
		rc = 2;
	else if (id == SNC_CMDLINE_ANSWERED)
		rc = 0;
	else if (rc < 0 && (cl.noperands > 0 || cl.rest < argc)) {
		snc_cmdline_error(doc.prog, "unexpected argument '%s'",
				  cl.noperands ? cl.operands[0] : argv[cl.rest]);
		rc = 2;
	}
	snc_cmdline_free(&cl);
	return rc;
}
