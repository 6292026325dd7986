/* run_origins.c: where each run comes from (the run_origins table, schema version 12).
 *
 * Every command that records a run also records the source revision it ran on, its
 * options (the command line without --shard and --db: what must agree between the shards
 * of one job) and, with `--shard K/N`, which shard it was and whether any of the job fell
 * to it. `snc merge` reads them back to check its inputs before it writes anything. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "db_internal.h"

int snc_db_run_origin_add(struct snc_db *db, const struct snc_db_run_origin *o)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT OR REPLACE INTO run_origins (run_id, source_revision, "
				       "options, shard_index, shard_count, skipped, schedules_only) "
				       "VALUES (?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, o->run_id);
	db_bind_text(st, 2, o->source_revision);
	db_bind_text(st, 3, o->options ? o->options : "");
	if (o->shard_count > 0) {
		db_bind_int(st, 4, o->shard_index);
		db_bind_int(st, 5, o->shard_count);
	}
	db_bind_int(st, 6, o->skipped);
	db_bind_int(st, 7, o->schedules_only);
	return db_step_done(db, st, "recording where the run comes from");
}

static const char *dup_text(sqlite3_stmt *st, int i)
{
	const char *s = db_col_text(st, i);
	return s ? strdup(s) : NULL;
}

void snc_db_run_origins_free(struct snc_db_run_origin *runs, int nruns)
{
	for (int i = 0; i < nruns; i++) {
		const char *strings[] = { runs[i].command, runs[i].args, runs[i].target,
					  runs[i].tool_version, runs[i].started_at, runs[i].finished_at,
					  runs[i].status, runs[i].source_revision, runs[i].options };
		for (size_t k = 0; k < sizeof strings / sizeof *strings; k++)
			free((char *)strings[k]);
	}
	free(runs);
}

int snc_db_run_origins(struct snc_db *db, struct snc_db_run_origin **runs, int *nruns)
{
	*runs = NULL;
	*nruns = 0;
	sqlite3_stmt *st = db_stmt(db,
		"SELECT r.id, r.command, r.args, r.target, r.tool_version, r.started_at, "
		"s.finished_at, s.status, r.exit_code, o.source_revision, o.options, "
		"o.shard_index, o.shard_count, o.skipped, o.run_id IS NOT NULL, o.schedules_only "
		"FROM runs r JOIN run_summary s ON s.run_id = r.id "
		"LEFT JOIN run_origins o ON o.run_id = r.id ORDER BY r.id");
	if (!st)
		return -1;
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*nruns == cap) {
			cap = cap ? 2 * cap : 16;
			struct snc_db_run_origin *p = realloc(*runs, (size_t)cap * sizeof *p);
			if (!p) {
				sqlite3_reset(st);
				snc_db_run_origins_free(*runs, *nruns);
				*runs = NULL;
				*nruns = 0;
				snprintf(db->err, sizeof db->err, "out of memory reading the runs");
				return -1;
			}
			*runs = p;
		}
		(*runs)[(*nruns)++] = (struct snc_db_run_origin){
			.run_id = sqlite3_column_int64(st, 0),
			.command = dup_text(st, 1), .args = dup_text(st, 2), .target = dup_text(st, 3),
			.tool_version = dup_text(st, 4), .started_at = dup_text(st, 5),
			.finished_at = dup_text(st, 6), .status = dup_text(st, 7),
			.exit_code = sqlite3_column_int(st, 8),
			.source_revision = dup_text(st, 9), .options = dup_text(st, 10),
			.shard_index = sqlite3_column_int(st, 11),
			.shard_count = sqlite3_column_int(st, 12),
			.skipped = sqlite3_column_int(st, 13),
			.has_origin = sqlite3_column_int(st, 14),
			.schedules_only = sqlite3_column_int(st, 15),
		};
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading the runs");
}
