/* scan.h: the `snc scan` pipeline, shared by `snc scan` and `snc demo` (which scans the
 * examples into the run it classifies), and its terminal and JSON output. */
#ifndef SNC_SCAN_H
#define SNC_SCAN_H

#include <stdbool.h>
#include <stdint.h>
#include "snc_analyzer.h"
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
	const char *cmd;           /* the command, for messages */
};

struct scan_outcome {
	struct sa_units units;
	struct sa_units headers;   /* path scans: headers not yet known to be included */
	struct sa_model *model;
	int parsed, reused, with_errors, files;
};

/* Step 1: the units to scan. Returns 0, or EXIT_USAGE after a one-line error (a path
 * that does not exist, an unreadable compile_commands.json). */
int scan_prepare(const struct scan_request *req, struct scan_outcome *out);
/* Steps 2 and 3: reuses unchanged units from db, parses the others, prints one line per
 * unit with errors, builds the model and stores it as run_id's results. Returns 0, or
 * EXIT_USAGE after a one-line error (the database failed). */
int scan_execute(struct snc_db *db, int64_t run_id, const struct scan_request *req,
		 struct scan_outcome *out);
void scan_outcome_free(struct scan_outcome *out);
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
