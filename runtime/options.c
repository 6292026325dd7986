/* options.c: the command line of a harness program (what `snc run` passes through). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "runtime.h"
#include "snc_sched.h"

static const char usage[] =
	"usage: HARNESS-PROGRAM [options]\n"
	"Classifies every pair of the harness's operations and stores the verdicts.\n"
	"\n"
	"  --db FILE               database to write (default ./snc.db)\n"
	"  --depth N               states are op sequences up to length N (default 2)\n"
	"  --max-states N          sample when there are more states (default 2000)\n"
	"  --seed N                seed for sampling (default 1)\n"
	"  --boundary N            also the states where an op's result changes when it is\n"
	"                          repeated up to N times (full, empty, locked; 0..8, default 0)\n"
	"  --timeout SECONDS       time limit per operation (default 1; fractions allowed)\n"
	"  --repeat N              run every execution N times to check determinism (default 2)\n"
	"  --jobs N                executions in flight at once (default 16)\n"
	"  --blocking-observable   count `blocks` as an influence (lock;lock is then snc)\n"
	"  --verbose               let operations write to stdout/stderr\n"
	"  --quiet                 no progress line\n"
	"  --schedules             also run every pair concurrently under controlled schedules\n"
	"  --preemptions N         every schedule with at most N preemptions (default 2)\n"
	"  --pct N                 then N random PCT schedules per pair (default 0; --seed)\n"
	"  --pct-depth D           PCT change points + 1 (default 3)\n"
	"  --schedule-depth N      schedules from states up to length N (default 1)\n"
	"  --max-schedules N       at most N schedules per pair and state (default 10000)\n"
	"  --first-failure         stop a pair of ops at its first failing schedule\n"
	"  --replay ID             re-run stored schedule ID with its trace (needs --db)\n"
	"  --measure               then measure each op's cost under valgrind --tool=snc\n"
	"  --measure-states N      measure from at most N of the states (default 8)\n"
	"  --valgrind-lib DIR      the snc Valgrind tool's folder (default: where it was built\n"
	"                          or installed)\n"
	"  --version, --help\n";

static int usage_error(const char *fmt, const char *what)
{
	fprintf(stderr, "error: ");
	fprintf(stderr, fmt, what);
	fprintf(stderr, " (see --help)\n");
	return 2;
}

static int parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* Returns -1 to go on, or an exit status (0 after --help/--version, 2 on a usage error). */
int parse_runtime_options(int argc, char **argv, struct runtime_options *opt)
{
	enum { O_DB = 256, O_RUN_ID, O_SOURCE, O_ARGS, O_DEPTH, O_MAX_STATES, O_SEED, O_TIMEOUT,
	       O_REPEAT, O_JOBS, O_BOUNDARY, O_BLOCKING, O_VERBOSE, O_QUIET, O_HELP, O_VERSION,
	       O_MEASURE, O_MEASURE_STATES, O_VALGRIND_LIB, O_MEASURE_WORKER };
	enum { O_SCHEDULES = 512, O_PREEMPTIONS, O_PCT, O_PCT_DEPTH, O_SCHEDULE_DEPTH,
	       O_MAX_SCHEDULES, O_FIRST_FAILURE, O_REPLAY };
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, O_DB },
		{ "run-id", required_argument, NULL, O_RUN_ID },
		{ "source", required_argument, NULL, O_SOURCE },
		{ "record-args", required_argument, NULL, O_ARGS },
		{ "depth", required_argument, NULL, O_DEPTH },
		{ "max-states", required_argument, NULL, O_MAX_STATES },
		{ "seed", required_argument, NULL, O_SEED },
		{ "timeout", required_argument, NULL, O_TIMEOUT },
		{ "repeat", required_argument, NULL, O_REPEAT },
		{ "jobs", required_argument, NULL, O_JOBS },
		{ "blocking-observable", no_argument, NULL, O_BLOCKING },
		{ "verbose", no_argument, NULL, O_VERBOSE },
		{ "quiet", no_argument, NULL, O_QUIET },
		{ "schedules", no_argument, NULL, O_SCHEDULES },
		{ "preemptions", required_argument, NULL, O_PREEMPTIONS },
		{ "pct", required_argument, NULL, O_PCT },
		{ "pct-depth", required_argument, NULL, O_PCT_DEPTH },
		{ "schedule-depth", required_argument, NULL, O_SCHEDULE_DEPTH },
		{ "max-schedules", required_argument, NULL, O_MAX_SCHEDULES },
		{ "first-failure", no_argument, NULL, O_FIRST_FAILURE },
		{ "replay", required_argument, NULL, O_REPLAY },
		{ "measure", no_argument, NULL, O_MEASURE },
		{ "measure-states", required_argument, NULL, O_MEASURE_STATES },
		{ "valgrind-lib", required_argument, NULL, O_VALGRIND_LIB },
		{ "measure-worker", required_argument, NULL, O_MEASURE_WORKER },
		{ "boundary", required_argument, NULL, O_BOUNDARY },
		{ "help", no_argument, NULL, O_HELP },
		{ "version", no_argument, NULL, O_VERSION },
		{ 0 },
	};
	*opt = (struct runtime_options){
		.db_path = "snc.db", .depth = 2, .max_states = 2000, .seed = 1,
		.repeats = 2, .jobs = 16, .measure_states = 8,
		.worker_plan_fd = -1, .worker_records_fd = -1,
	};
	opt->preemptions = 2;
	opt->pct_depth = 3;
	opt->schedule_depth = 1;
	opt->max_schedules = 10000;
	opterr = 0;
	int c;
	long v;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case O_DB: opt->db_path = optarg; break;
		case O_SOURCE: opt->source = optarg; break;
		case O_ARGS: opt->run_args = optarg; break;
		case O_RUN_ID:
			if (parse_long(optarg, 1, INT64_MAX, &v))
				return usage_error("--run-id needs a run number, not '%s'", optarg);
			opt->run_id = v;
			break;
		case O_DEPTH:
			if (parse_long(optarg, 0, 8, &v))
				return usage_error("--depth must be 0..8, not '%s'", optarg);
			opt->depth = (int)v;
			break;
		case O_MAX_STATES:
			if (parse_long(optarg, 1, 10000000, &v))
				return usage_error("--max-states must be a positive number, not '%s'", optarg);
			opt->max_states = (int)v;
			break;
		case O_SEED:
			if (parse_long(optarg, 0, INT64_MAX, &v))
				return usage_error("--seed must be a non-negative number, not '%s'", optarg);
			opt->seed = (uint64_t)v;
			break;
		case O_TIMEOUT: {
			char *end;
			double s = strtod(optarg, &end);
			if (end == optarg || *end || !(s >= 0.001 && s <= 3600))
				return usage_error("--timeout must be seconds between 0.001 and 3600, not '%s'",
						   optarg);
			opt->timeout_ms = (int)(s * 1000 + 0.5);
			break;
		}
		case O_REPEAT:
			if (parse_long(optarg, 1, 16, &v))
				return usage_error("--repeat must be 1..16, not '%s'", optarg);
			opt->repeats = (int)v;
			break;
		case O_JOBS:
			if (parse_long(optarg, 1, 256, &v))
				return usage_error("--jobs must be 1..256, not '%s'", optarg);
			opt->jobs = (int)v;
			break;
		case O_BOUNDARY:
			if (parse_long(optarg, 0, 8, &v))
				return usage_error("--boundary must be 0..8, not '%s'", optarg);
			opt->boundary = (int)v;
			break;
		case O_BLOCKING: opt->blocking_observable = true; break;
		case O_VERBOSE: opt->verbose = true; break;
		case O_QUIET: opt->quiet = true; break;
		case O_SCHEDULES: opt->schedules = true; break;
		case O_FIRST_FAILURE: opt->first_failure = true; break;
		case O_PREEMPTIONS:
			if (parse_long(optarg, 0, SNC_SCHED_MAX_SWITCHES, &v))
				return usage_error("--preemptions must be 0..32, not '%s'", optarg);
			opt->preemptions = (int)v;
			break;
		case O_PCT:
			if (parse_long(optarg, 0, 10000000, &v))
				return usage_error("--pct must be 0..10000000, not '%s'", optarg);
			opt->pct_samples = (int)v;
			break;
		case O_PCT_DEPTH:
			if (parse_long(optarg, 1, SNC_SCHED_MAX_SWITCHES + 1, &v))
				return usage_error("--pct-depth must be 1..33, not '%s'", optarg);
			opt->pct_depth = (int)v;
			break;
		case O_SCHEDULE_DEPTH:
			if (parse_long(optarg, 0, 8, &v))
				return usage_error("--schedule-depth must be 0..8, not '%s'", optarg);
			opt->schedule_depth = (int)v;
			break;
		case O_MAX_SCHEDULES:
			if (parse_long(optarg, 0, INT32_MAX, &v))
				return usage_error("--max-schedules must be a number (0: no cap), not '%s'",
						   optarg);
			opt->max_schedules = (int)v;
			break;
		case O_REPLAY:
			if (parse_long(optarg, 1, INT64_MAX, &v))
				return usage_error("--replay needs a schedule id, not '%s'", optarg);
			opt->replay_id = v;
			break;
		case O_MEASURE: opt->measure = true; break;
		case O_VALGRIND_LIB: opt->valgrind_lib = optarg; break;
		case O_MEASURE_STATES:
			if (parse_long(optarg, 1, 10000000, &v))
				return usage_error("--measure-states must be a positive number, not '%s'",
						   optarg);
			opt->measure_states = (int)v;
			break;
		case O_MEASURE_WORKER:   /* internal: PLAN_FD,RECORDS_FD (runtime/measure.h) */
			if (sscanf(optarg, "%d,%d", &opt->worker_plan_fd, &opt->worker_records_fd) != 2)
				return usage_error("--measure-worker needs PLAN_FD,RECORDS_FD, not '%s'",
						   optarg);
			break;
		case O_HELP: fputs(usage, stdout); return 0;
		case O_VERSION: printf("snc runtime %s\n", SNC_VERSION_STRING); return 0;
		default:
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	return -1;
}
