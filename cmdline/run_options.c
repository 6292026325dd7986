/* run_options.c: the options of harness programs, declared once. `snc run`, `snc audit` and
 * `snc demo` check them with this table before compiling anything and forward them as
 * given; the harness program (runtime/classifier/options.c) parses the same table. */
#include <stdint.h>
#include "snc_cmdline.h"

int snc_run_default_jobs(void)
{
	int jobs = SNC_RUN_JOBS_PER_CPU * snc_cpu_count();
	return jobs < SNC_RUN_MAX_JOBS ? jobs : SNC_RUN_MAX_JOBS;
}

const struct snc_opt snc_run_options[] = {
	{ SNC_RUN_DEPTH, "depth", 0, SNC_OPT_INT, "N", 0, 8, NULL,
	  "states are op sequences up to length N (default 2)" },
	{ SNC_RUN_BOUNDARY, "boundary", 0, SNC_OPT_INT, "N", 0, 8, NULL,
	  "also the states where an op's result changes when it is repeated\n"
	  "up to N times (full, empty, locked; default 0, 8 for audits)" },
	{ SNC_RUN_MAX_STATES, "max-states", 0, SNC_OPT_INT, "N", 1, 10000000, NULL,
	  "sample states beyond N (default 2000)" },
	{ SNC_RUN_MAX_EXECUTIONS, "max-executions", 0, SNC_OPT_INT, "N", 0, INT64_MAX, NULL,
	  "start no new state once the harness ran N executions; when its\n"
	  "states could run more, they run fresh first, the others in an order\n"
	  "--seed shuffles (default 0: no limit; 30000 per family for audits)" },
	{ SNC_RUN_SEED, "seed", 0, SNC_OPT_INT, "N", 0, INT64_MAX, NULL,
	  "seed for sampling states and PCT schedules (default 1)" },
	{ SNC_RUN_TIMEOUT, "timeout", 0, SNC_OPT_SECONDS, "SECONDS", 1, 3600000, NULL,
	  "time limit per operation (default 1; fractions allowed)" },
	{ SNC_RUN_REPEAT, "repeat", 0, SNC_OPT_INT, "N", 1, 16, NULL,
	  "runs of each op alone and of each pair that does not commute,\n"
	  "to check determinism (default 2)" },
	{ SNC_RUN_JOBS, "jobs", 'j', SNC_OPT_INT, "N", 1, SNC_RUN_MAX_JOBS, NULL,
	  "executions in flight at once (default: 8 per CPU, at most 256;\n"
	  "most of them wait for a fork or a timer)" },
	{ SNC_RUN_MEMORY_LIMIT, "memory-limit", 0, SNC_OPT_INT, "MIB", 0, 1LL << 30, NULL,
	  "address space of each child running harness code, in MiB\n"
	  "(default 1024; 0: none; not under --measure's Valgrind): a limit hit is an outcome" },
	{ SNC_RUN_CPU_LIMIT, "cpu-limit", 0, SNC_OPT_INT, "SECONDS", 0, 1LL << 30, NULL,
	  "CPU time of each such child (default 60; 0: none)" },
	{ SNC_RUN_PROCESS_LIMIT, "process-limit", 0, SNC_OPT_INT, "N", 0, 1LL << 30, NULL,
	  "processes and threads of the user, for each child (default 4096; 0: none)" },
	{ SNC_RUN_FILE_SIZE_LIMIT, "file-size-limit", 0, SNC_OPT_INT, "MIB", 0, 1LL << 30, NULL,
	  "largest file each child may write, in MiB (default 1024; 0: none)" },
	{ SNC_RUN_PRIVATE_FOLDERS, "private-folders", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "each child running harness code works in a copy of its parent's\n"
	  "folder, emptied after it: files one execution's calls make are not\n"
	  "seen by another; the program's `/dev/shm` is an empty one of its own,\n"
	  "gone when it ends (snc audit sets it)" },
	{ SNC_RUN_BLOCKING_OBSERVABLE, "blocking-observable", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "an op that blocks counts as influenced (lock;lock is snc)" },
	{ SNC_RUN_VERBOSE, "verbose", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "show what operations print" },
	{ SNC_RUN_QUIET, "quiet", 'q', SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "no progress line, no table" },
	{ SNC_RUN_MEASURE, "measure", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "also measure what each op executes, under valgrind --tool=snc:\n"
	  "calls, instructions, RMW and fences per call, heavyweight sites,\n"
	  "and the AWAR/RAW of each snc witness" },
	{ SNC_RUN_MEASURE_STATES, "measure-states", 0, SNC_OPT_INT, "N", 1, 10000000, NULL,
	  "measure from at most N of the states (default 8)" },
	{ SNC_RUN_SCHEDULES, "schedules", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "also run every pair of calls concurrently, under every schedule\n"
	  "within the bound, and check each outcome against the sequential\n"
	  "orders (linearizable? deterministic?)" },
	{ SNC_RUN_PREEMPTIONS, "preemptions", 0, SNC_OPT_INT, "N", 0, SNC_RUN_MAX_PREEMPTIONS,
	  NULL, "the bound: preemptions per schedule (default 2)" },
	{ SNC_RUN_PCT, "pct", 0, SNC_OPT_INT, "N", 0, 10000000, NULL,
	  "then N random PCT schedules per pair (default 0; --seed)" },
	{ SNC_RUN_PCT_DEPTH, "pct-depth", 0, SNC_OPT_INT, "D", 1, SNC_RUN_MAX_PREEMPTIONS + 1,
	  NULL, "PCT change points + 1 (default 3)" },
	{ SNC_RUN_SCHEDULE_DEPTH, "schedule-depth", 0, SNC_OPT_INT, "N", 0, 8, NULL,
	  "schedules from states up to length N (default 1)" },
	{ SNC_RUN_MAX_SCHEDULES, "max-schedules", 0, SNC_OPT_INT, "N", 0, INT32_MAX, NULL,
	  "at most N schedules per pair and state (default 10000; 0: no cap)" },
	{ SNC_RUN_PROVE, "prove", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "without --schedules: explore only the SNC pairs with no heavyweight\n"
	  "instruction (measured, or not measured), from their witness states,\n"
	  "for the interleaving that breaks them" },
	{ SNC_RUN_FIRST_FAILURE, "first-failure", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "stop a pair at its first failing schedule" },
	{ 0 },
};
