/* scan.h: the `snc scan` pipeline, shared by `snc scan` and `snc demo` (which scans the
 * examples into the run it classifies), and its terminal and JSON output. */
#ifndef SNC_SCAN_H
#define SNC_SCAN_H

#include <stdbool.h>
#include <stdint.h>
#include "snc_analyzer.h"
#include "snc_cmdline.h"
#include "snc_db.h"

struct scan_request {
	char *const *paths;        /* directories and files */
	int npaths;
	const char *compdb;        /* a compile_commands.json (or its folder), or NULL */
	char *const *flags;        /* extra flags for the units of paths */
	int nflags;
	int jobs;
	bool system_api;           /* system-header functions take part in pairs */
	bool progress;             /* a progress line on stderr (only if it is a terminal) */
	bool parse_all;            /* parse every unit, reuse none: parameter types and
				      declarations (snc audit) exist only for units parsed now */
	char *const *excludes;     /* --exclude GLOBs: units whose file matches are left out */
	int nexcludes;
	const struct snc_shard *shard;   /* --shard K/N: only the units that fall to it */
	bool quiet;                /* the summary line only when some unit has errors */
	bool model_unused;         /* the caller does not read out->model: an unchanged rescan
				      may copy the earlier run in the database instead (model
				      then stays NULL) */
	const char *cmd;           /* the command, for messages */
	bool platform_apart;       /* the headers among paths were found, not named: one of
				      another platform (sa_other_platforms) is left out */
};

struct scan_outcome {
	struct sa_units units;
	struct sa_units headers;   /* path scans: headers not yet known to be included */
	struct sa_model *model;    /* NULL after an unchanged rescan with model_unused */
	int parsed, reused, with_errors, files;
	int refuse_alone;          /* headers that stop at their own #error when parsed alone
				      ("include ck_pr.h instead"): not counted with_errors */
	int needs_includer;        /* headers with errors alone that a source of the build
				      reads without errors: not counted with_errors */
	bool stored;               /* the results are in the database (even if rc is not 0) */
};

/* Step 1: the units to scan, less the --exclude'd ones. Returns 0, or EXIT_USAGE after a
 * one-line error (a path that does not exist, an unreadable compile_commands.json,
 * nothing left to scan). */
int scan_prepare(const struct scan_request *req, struct scan_outcome *out);
/* Steps 2 and 3: reuses unchanged units from db, parses the others, prints one line per
 * unit with errors and the summary line ("N units parsed, M with errors (first: ...)"),
 * builds the model and stores it as run_id's results. Returns 0; or EXIT_USAGE after a
 * one-line error: the database failed, or (with the results stored all the same) no unit
 * parsed without errors, or more than half of them did not. */
int scan_execute(struct snc_db *db, int64_t run_id, const struct scan_request *req,
		 struct scan_outcome *out);
void scan_outcome_free(struct scan_outcome *out);
/* Keeps the units whose file keep() accepts, clearing the others (scan_exclude.c);
 * returns how many it left out. */
int scan_keep_units(struct sa_units *units, bool (*keep)(const char *file, void *ctx), void *ctx);
/* Leaves out the units whose file matches one of the globs (scan_exclude.c); returns how
 * many. */
int scan_exclude(struct sa_units *units, char *const *globs, int nglobs);
/* Keeps the units that fall to the shard (scan_shard.c); returns how many it left out. */
int scan_shard(struct sa_units *units, const struct snc_shard *shard);
/* The units of every shard of a scan, together: drops the header units a source unit read
 * (another shard scanned them as headers no unit of its own includes) and sorts the rest
 * as one scan would. Returns 0 or -1 (out of memory). */
int scan_shard_merge(struct sa_units *units);
/* `snc demo`: scans the examples folder (the parent of the folder of example_source, any
 * source a manifest lists) into run_id, with the harness header's folder on the include
 * path. Returns 0 or an exit status. */
int scan_examples(struct snc_db *db, int64_t run_id, const char *example_source,
		  const char *include_dir, bool quiet);

/* The summary (files, functions, pairs by class, heavyweight sites by kind) and the top
 * candidates, SNC candidates without heavyweight instructions first. */
void scan_print_text(const struct scan_outcome *o, const char *db_path, int64_t run_id, int top);
/* The same and every function and pair, as one JSON object on stdout. */
int scan_print_json(const struct scan_outcome *o, const char *db_path, int64_t run_id);

#endif
