/* scan_units.c: a scan run's units read back whole, for `snc merge`.
 *
 * Each shard of a sharded scan (`snc scan --shard K/N`) parsed some of the units and
 * built a model of those only; the merge reads every shard's units back (with the facts
 * the walker produced, as an incremental rescan does) so that one model is built over all
 * of them, as one scan of the whole tree would have. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "db_internal.h"
#include "snc_scan_rows.h"

int snc_db_scan_run_unit_ids(struct snc_db *db, int64_t run_id, int64_t **ids, int *n)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT id FROM scanned_units WHERE run_id = ? ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	*ids = NULL;
	*n = 0;
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			int64_t *p = realloc(*ids, (size_t)cap * sizeof *p);
			if (!p) {
				sqlite3_reset(st);
				snprintf(db->err, sizeof db->err, "out of memory listing scanned units");
				return -1;
			}
			*ids = p;
		}
		(*ids)[(*n)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "listing scanned units");
}

/* The flags as stored, one a line, back into an argument vector. */
static int split_flags(const char *flags, struct sa_unit *u)
{
	int n = *flags ? 1 : 0;
	for (const char *p = flags; *p; p++)
		n += *p == '\n';
	u->args = calloc((size_t)n + 1, sizeof *u->args);
	if (!u->args)
		return -1;
	const char *start = flags;
	for (int i = 0; i < n; i++) {
		const char *end = strchr(start, '\n');
		size_t len = end ? (size_t)(end - start) : strlen(start);
		if (!(u->args[i] = strndup(start, len)))
			return -1;
		u->nargs++;
		start = end ? end + 1 : start + len;
	}
	return 0;
}

int snc_db_scan_load_unit(struct snc_db *db, int64_t unit_id, struct sa_unit *u)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT f.path, u.directory, u.flags, u.flags_hash "
				       "FROM scanned_units u JOIN scanned_files f ON f.id = u.file_id "
				       "WHERE u.id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, unit_id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		return db_fail(db, "reading a scanned unit");
	}
	const char *path = db_col_text(st, 0), *dir = db_col_text(st, 1);
	const char *flags = db_col_text(st, 2), *hash = db_col_text(st, 3);
	u->file = strdup(path ? path : "");
	u->directory = strdup(dir ? dir : "");
	snprintf(u->flags_hash, sizeof u->flags_hash, "%s", hash ? hash : "");
	int split = split_flags(flags ? flags : "", u);
	sqlite3_reset(st);
	if (!u->file || !u->directory || split != 0) {
		snprintf(db->err, sizeof db->err, "out of memory reading a scanned unit");
		return -1;
	}
	if (snc_db_scan_load_files(db, unit_id, u) != 0 ||
	    snc_db_scan_load_status(db, unit_id, u) != 0 ||
	    snc_db_scan_load_functions(db, unit_id, u) != 0)
		return -1;
	u->reused_from = 0;   /* in the merged run it is a unit of its own, not a copy */
	return 0;
}
