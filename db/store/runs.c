/* runs.c: the `runs` table, the history every command appends to.
 *
 * A run row is written (and committed) before a command does any work and finished after
 * it, so a command killed half-way leaves a row with no finished_at: the run_summary view
 * shows it as 'unfinished' and everything committed before the kill stays readable. A run
 * stopped by SIGTERM, SIGINT or SIGHUP that cleaned up is recorded as such: run_summary
 * shows it as 'interrupted'. Finishing a run also stores its findings. */
#include <stdio.h>
#include <time.h>
#include "db_internal.h"

static void utc_now(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int64_t snc_db_run_start(struct snc_db *db, const char *command, const char *args,
			 const char *target, const char *tool_version)
{
	char now[32];
	utc_now(now, sizeof now);
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO runs (command, args, target, tool_version, "
				       "started_at) VALUES (?, ?, ?, ?, ?)");
	if (!st)
		return -1;
	db_bind_text(st, 1, command);
	db_bind_text(st, 2, args);
	db_bind_text(st, 3, target);
	db_bind_text(st, 4, tool_version);
	db_bind_text(st, 5, now);
	return db_insert(db, st, "recording the run");
}

int snc_db_run_finish(struct snc_db *db, int64_t run_id, const char *status, int exit_code)
{
	/* The findings of the run are computed once, here, by the command that produced it. */
	int findings = db_findings_record(db, run_id);
	char now[32];
	utc_now(now, sizeof now);
	sqlite3_stmt *st = db_stmt(db, "UPDATE runs SET finished_at = ?, status = ?, exit_code = ? "
				       "WHERE id = ?");
	if (!st)
		return -1;
	db_bind_text(st, 1, now);
	db_bind_text(st, 2, status);
	db_bind_int(st, 3, exit_code);
	db_bind_int(st, 4, run_id);
	int finished = db_step_done(db, st, "finishing the run");
	return findings == 0 && finished == 0 ? 0 : -1;
}

int snc_db_run_interrupted(struct snc_db *db, int64_t run_id, const char *signal_name,
			   int exit_code)
{
	char now[32];
	utc_now(now, sizeof now);
	sqlite3_stmt *st = db_stmt(db, "INSERT OR REPLACE INTO run_interruptions (run_id, signal, "
				       "at) VALUES (?, ?, ?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	db_bind_text(st, 2, signal_name);
	db_bind_text(st, 3, now);
	if (db_step_done(db, st, "recording the interruption") != 0)
		return -1;
	return snc_db_run_finish(db, run_id, "failed", exit_code);
}

int64_t snc_db_latest_run(struct snc_db *db, const char *command)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT r.id FROM runs r WHERE (?1 IS NULL OR r.command = ?1) "
		"AND (EXISTS (SELECT 1 FROM harnesses h WHERE h.run_id = r.id) "
		"OR EXISTS (SELECT 1 FROM scanned_units u WHERE u.run_id = r.id)) "
		"ORDER BY r.id DESC LIMIT 1");
	if (!st)
		return -1;
	db_bind_text(st, 1, command);
	return db_step_id(db, st, "finding the latest run");
}

int snc_db_run_exists(struct snc_db *db, int64_t run_id)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT 1 FROM runs WHERE id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	int found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_reset(st);
	return found;
}

int snc_db_run_work(struct snc_db *db, int64_t run_id, int64_t *states, int64_t *executions)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT coalesce(sum(states_tried), 0), "
				       "coalesce(sum(executions), 0) FROM harnesses WHERE run_id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	if (sqlite3_step(st) != SQLITE_ROW)
		return db_fail(db, "reading the run's work");
	*states = sqlite3_column_int64(st, 0);
	*executions = sqlite3_column_int64(st, 1);
	sqlite3_reset(st);
	return 0;
}

int snc_db_run_state(struct snc_db *db, int64_t run_id, struct snc_db_run_state *out)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT r.finished_at IS NOT NULL, r.status, "
		"(SELECT count(*) FROM verdicts v JOIN harnesses h ON h.id = v.harness_id "
		" WHERE h.run_id = r.id), "
		"(SELECT count(*) FROM scanned_units u WHERE u.run_id = r.id), "
		"(SELECT max(id) FROM runs WHERE id > r.id AND finished_at IS NULL) "
		"FROM runs r WHERE r.id = ?");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		if (rc == SQLITE_DONE)
			snprintf(db->err, sizeof db->err, "there is no run %lld", (long long)run_id);
		else
			db_fail(db, "reading the run");
		sqlite3_reset(st);
		return -1;
	}
	out->finished = sqlite3_column_int(st, 0);
	snprintf(out->status, sizeof out->status, "%s", db_col_text(st, 1) ? db_col_text(st, 1) : "");
	out->verdicts = sqlite3_column_int64(st, 2);
	out->scanned_units = sqlite3_column_int64(st, 3);
	out->newer_unfinished = sqlite3_column_int64(st, 4);
	sqlite3_reset(st);
	return 0;
}
