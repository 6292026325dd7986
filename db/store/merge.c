/* merge.c: copying a run of one database file into another, for `snc merge`.
 *
 * The shard databases of one job hold the same sequence of runs; `snc merge` makes one
 * run of each position (snc/cmd_merge.c) and fills it here from the shard runs that did
 * work. The copy is driven by the schema itself, so a table added later is copied without
 * a change here: the source file is ATTACHed, and every table of the database, in the
 * order the schema creates them (parents first), whose rows hang off the run, directly
 * through a `run_id` column or through the first foreign key to a table already copied,
 * is copied with new row ids. A temporary map (old id -> new id) per table turns every
 * foreign key of a copied row into the new ids; ids keep their order. The run's findings
 * are not copied: they depend on the runs before it, and are computed again in the merged
 * database (snc_db_merge_findings). Nothing is ever written to the attached file.
 *
 * A copy can take a part of the run (enum copy_part): only the schedules of a harness
 * another shard classified, only one harness with everything below it (an audit's
 * families fall to different shards), or only an audit's notes (named: a table added
 * later that hangs off the run may belong to its scan, which the merge stores anew). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "db_internal.h"

/* Tables that are not copied: the runs themselves (made by snc_db_merge_run_add), their
 * origins and interruptions (a merged run has its own), and the findings (recomputed). */
static bool not_copied(const char *table)
{
	static const char *const names[] = { "runs", "run_origins", "run_interruptions",
					     "finding_records" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(table, names[i]) == 0)
			return true;
	return false;
}

static int exec_sql(struct snc_db *db, char *sql, const char *what)
{
	if (!sql) {
		snprintf(db->err, sizeof db->err, "out of memory %s", what);
		return -1;
	}
	int rc = sqlite3_exec(db->conn, sql, NULL, NULL, NULL);
	sqlite3_free(sql);
	return rc == SQLITE_OK ? 0 : db_fail(db, what);
}

enum { MAX_COLUMNS = 64, MAX_TABLES = 128 };

struct column {
	char name[64];
	char parent[64];       /* the table a foreign key refers to, or "" */
	bool id;               /* the INTEGER PRIMARY KEY id */
};

struct table {
	char name[64];
	struct column cols[MAX_COLUMNS];
	int ncols;
	bool mapped;           /* has an id and a temporary map of it */
};

static int read_columns(struct snc_db *db, struct table *t)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->conn, "SELECT name, type, pk FROM pragma_table_info(?1, 'main') "
					 "ORDER BY cid", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "reading the schema");
	sqlite3_bind_text(st, 1, t->name, -1, SQLITE_STATIC);
	t->ncols = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (t->ncols == MAX_COLUMNS) {
			sqlite3_finalize(st);
			snprintf(db->err, sizeof db->err, "table %s has more than %d columns", t->name,
				 MAX_COLUMNS);
			return -1;
		}
		struct column *c = &t->cols[t->ncols++];
		memset(c, 0, sizeof *c);
		snprintf(c->name, sizeof c->name, "%s", (const char *)sqlite3_column_text(st, 0));
		const char *type = (const char *)sqlite3_column_text(st, 1);
		c->id = strcmp(c->name, "id") == 0 && sqlite3_column_int(st, 2) == 1 && type &&
			strcasecmp(type, "INTEGER") == 0;
	}
	sqlite3_finalize(st);
	if (sqlite3_prepare_v2(db->conn, "SELECT \"from\", \"table\" FROM "
					 "pragma_foreign_key_list(?1, 'main')", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "reading the schema");
	sqlite3_bind_text(st, 1, t->name, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *from = (const char *)sqlite3_column_text(st, 0);
		for (int i = 0; i < t->ncols; i++)
			if (from && strcmp(t->cols[i].name, from) == 0)
				snprintf(t->cols[i].parent, sizeof t->cols[i].parent, "%s",
					 (const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	return 0;
}

static const struct table *find_table(const struct table *tables, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(tables[i].name, name) == 0)
			return &tables[i];
	return NULL;
}

/* What a copy takes of a run. */
enum copy_part {
	COPY_ALL,
	COPY_SCHEDULES,   /* the schedules explored for a harness another shard classified */
	COPY_HARNESS,     /* one harness (by name) and every row below it */
	COPY_NOTES,       /* an audit's notes: audit_records, api_aliases, audit_declarations */
};

struct copy_what {
	enum copy_part part;
	const char *harness;   /* COPY_HARNESS */
};

/* Which rows of merge_src.T belong to the run (as SQL on the alias s), or NULL when the
 * table does not hang off runs, or not in the part copied. */
static char *ownership(const struct table *t, const struct table *copied, int ncopied,
		       int64_t src_run, const struct copy_what *what)
{
	for (int i = 0; i < t->ncols; i++) {
		if (strcmp(t->cols[i].parent, "runs") != 0)
			continue;
		if (what->part != COPY_HARNESS)
			return sqlite3_mprintf("s.\"%w\" = %lld", t->cols[i].name, (long long)src_run);
		return strcmp(t->name, "harnesses") == 0 ?
			sqlite3_mprintf("s.\"%w\" = %lld AND s.name = %Q", t->cols[i].name,
					(long long)src_run, what->harness) : NULL;
	}
	for (int i = 0; i < t->ncols; i++) {
		const struct table *p = *t->cols[i].parent ?
			find_table(copied, ncopied, t->cols[i].parent) : NULL;
		if (p && p->mapped && p != t)
			return sqlite3_mprintf("s.\"%w\" IN (SELECT old FROM temp.\"merge_map_%w\")",
					       t->cols[i].name, p->name);
	}
	return NULL;
}

/* The value of column c of a copied row: the new id, the merged run, or as it was. */
static char *column_value(const struct column *c, const struct table *t,
			  const struct table *copied, int ncopied, int64_t dst_run)
{
	if (c->id)
		return sqlite3_mprintf("(SELECT new FROM temp.\"merge_map_%w\" WHERE old = s.id)",
				       t->name);
	if (strcmp(c->parent, "runs") == 0)
		return sqlite3_mprintf("%lld", (long long)dst_run);
	const struct table *p = *c->parent ? find_table(copied, ncopied, c->parent) : NULL;
	if (p && p->mapped)   /* a reference outside the run (an earlier scan's unit): none */
		return sqlite3_mprintf("(SELECT new FROM temp.\"merge_map_%w\" WHERE old = s.\"%w\")",
				       p->name, c->name);
	return sqlite3_mprintf("s.\"%w\"", c->name);
}

static int copy_table(struct snc_db *db, struct table *t, const struct table *copied,
		      int ncopied, int64_t src_run, int64_t dst_run, const struct copy_what *what)
{
	char *own = ownership(t, copied, ncopied, src_run, what);
	if (!own)
		return 0;
	bool has_id = false;
	for (int i = 0; i < t->ncols; i++)
		has_id |= t->cols[i].id;
	int rc = 0;
	if (has_id) {
		rc = exec_sql(db, sqlite3_mprintf(
			"CREATE TEMP TABLE \"merge_map_%w\" (k INTEGER PRIMARY KEY, old INTEGER UNIQUE, "
			"new INTEGER);"
			"INSERT INTO temp.\"merge_map_%w\" (old) SELECT s.id FROM merge_src.\"%w\" s "
			"WHERE %s ORDER BY s.id;"
			"UPDATE temp.\"merge_map_%w\" SET new = k + "
			"(SELECT coalesce(max(id), 0) FROM main.\"%w\");",
			t->name, t->name, t->name, own, t->name, t->name), "mapping row ids");
		t->mapped = rc == 0;
	}
	char *names = sqlite3_mprintf("%s", ""), *values = sqlite3_mprintf("%s", "");
	for (int i = 0; rc == 0 && i < t->ncols; i++) {
		char *v = column_value(&t->cols[i], t, copied, ncopied, dst_run);
		char *n2 = sqlite3_mprintf("%s%s\"%w\"", names, i ? ", " : "", t->cols[i].name);
		char *v2 = sqlite3_mprintf("%s%s%s", values, i ? ", " : "", v);
		sqlite3_free(v);
		sqlite3_free(names);
		sqlite3_free(values);
		names = n2;
		values = v2;
		if (!names || !values)
			rc = -1;
	}
	if (rc == 0)
		rc = exec_sql(db, sqlite3_mprintf("INSERT INTO main.\"%w\" (%s) SELECT %s FROM "
						  "merge_src.\"%w\" s WHERE %s%s",
						  t->name, names, values, t->name, own,
						  has_id ? " ORDER BY s.id" : ""),
			      "copying a shard's rows");
	sqlite3_free(names);
	sqlite3_free(values);
	sqlite3_free(own);
	return rc;
}

static int drop_maps(struct snc_db *db, const struct table *tables, int n)
{
	int rc = 0;
	for (int i = 0; i < n; i++)
		if (tables[i].mapped &&
		    exec_sql(db, sqlite3_mprintf("DROP TABLE temp.\"merge_map_%w\"", tables[i].name),
			     "dropping a map") != 0)
			rc = -1;
	return rc;
}

/* The tables a schedules-only copy adds rows to; their parents (states, ops) are mapped
 * onto the merged run's rows instead of copied. */
static bool schedule_table(const char *table)
{
	return strcmp(table, "schedule_explorations") == 0 || strcmp(table, "schedule_outcomes") == 0 ||
	       strcmp(table, "schedule_steps") == 0 || strcmp(table, "hook_counts") == 0;
}

/* Maps the states and ops of src_run's harnesses onto those of the same harness names,
 * ordinals and op names in dst_run: what a schedules-only copy hangs its rows on. */
static int map_onto_merged(struct snc_db *db, struct table *tables, int n, int64_t src_run,
			   int64_t dst_run)
{
	int rc = exec_sql(db, sqlite3_mprintf(
		"CREATE TEMP TABLE merge_map_states (old INTEGER PRIMARY KEY, new INTEGER);"
		"INSERT INTO temp.merge_map_states SELECT s.id, d.id FROM merge_src.states s "
		"JOIN merge_src.harnesses h ON h.id = s.harness_id "
		"JOIN main.harnesses dh ON dh.run_id = %lld AND dh.name = h.name "
		"JOIN main.states d ON d.harness_id = dh.id AND d.ordinal = s.ordinal "
		"WHERE h.run_id = %lld;"
		"CREATE TEMP TABLE merge_map_ops (old INTEGER PRIMARY KEY, new INTEGER);"
		"INSERT INTO temp.merge_map_ops SELECT o.id, d.id FROM merge_src.ops o "
		"JOIN merge_src.harnesses h ON h.id = o.harness_id "
		"JOIN main.harnesses dh ON dh.run_id = %lld AND dh.name = h.name "
		"JOIN main.ops d ON d.harness_id = dh.id AND d.name = o.name "
		"WHERE h.run_id = %lld;",
		(long long)dst_run, (long long)src_run, (long long)dst_run, (long long)src_run),
		"mapping a shard's states and ops");
	for (int i = 0; i < n; i++)
		if (strcmp(tables[i].name, "states") == 0 || strcmp(tables[i].name, "ops") == 0)
			tables[i].mapped = rc == 0;
	return rc;
}

/* Is the table in the part copied (its rows may still hang off nothing copied)? */
static bool in_part(const char *table, const struct copy_what *what)
{
	switch (what->part) {
	case COPY_SCHEDULES: return schedule_table(table);
	case COPY_NOTES: return strcmp(table, "audit_records") == 0 || strcmp(table, "api_aliases") == 0 ||
				strcmp(table, "audit_declarations") == 0;
	default: return true;
	}
}

static int copy_tables(struct snc_db *db, int64_t src_run, int64_t dst_run,
		       const struct copy_what *what)
{
	bool schedules_only = what->part == COPY_SCHEDULES;
	static struct table tables[MAX_TABLES];
	int n = 0, rc = 0;
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->conn, "SELECT m.name FROM main.sqlite_schema m WHERE m.type = "
					 "'table' AND m.name NOT LIKE 'sqlite_%' AND m.name IN "
					 "(SELECT name FROM merge_src.sqlite_schema WHERE type = 'table') "
					 "ORDER BY m.rowid", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "reading the schema");
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 0);
		if (not_copied(name))
			continue;
		if (n == MAX_TABLES) {
			sqlite3_finalize(st);
			snprintf(db->err, sizeof db->err, "the schema has more than %d tables", MAX_TABLES);
			return -1;
		}
		memset(&tables[n], 0, sizeof tables[n]);
		snprintf(tables[n].name, sizeof tables[n].name, "%s", name);
		n++;
	}
	sqlite3_finalize(st);
	for (int i = 0; i < n && rc == 0; i++)
		rc = read_columns(db, &tables[i]);
	if (rc == 0 && schedules_only)
		rc = map_onto_merged(db, tables, n, src_run, dst_run);
	for (int i = 0; i < n && rc == 0; i++)
		if (in_part(tables[i].name, what))
			rc = copy_table(db, &tables[i], tables, i + 1, src_run, dst_run, what);
	/* One hook count per state, op and call, as one run records them (the shards that
	 * explored pairs of the same op each counted it). */
	if (rc == 0 && schedules_only)
		rc = exec_sql(db, sqlite3_mprintf("DELETE FROM main.hook_counts WHERE EXISTS "
			"(SELECT 1 FROM main.hook_counts o WHERE o.state_id = hook_counts.state_id "
			"AND o.op_id = hook_counts.op_id AND o.call = hook_counts.call "
			"AND o.id < hook_counts.id)"), "keeping one hook count of each");
	if (drop_maps(db, tables, n) != 0)
		rc = -1;
	return rc;
}

static int copy_run(struct snc_db *db, const char *src_path, int64_t src_run, int64_t dst_run,
		    const struct copy_what *what)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->conn, "ATTACH DATABASE ?1 AS merge_src", -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, "attaching a shard");
	sqlite3_bind_text(st, 1, src_path, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, "attaching a shard");
	/* The shard's file is only read from: every statement below writes to main. */
	if (snc_db_begin(db) == 0) {
		rc = copy_tables(db, src_run, dst_run, what);
		if (rc == 0)
			rc = snc_db_commit(db);
		else
			snc_db_rollback(db);
	} else {
		rc = -1;
	}
	if (sqlite3_exec(db->conn, "DETACH DATABASE merge_src", NULL, NULL, NULL) != SQLITE_OK &&
	    rc == 0)
		rc = db_fail(db, "detaching a shard");
	return rc;
}

int snc_db_merge_copy_run(struct snc_db *db, const char *src_path, int64_t src_run,
			  int64_t dst_run)
{
	return copy_run(db, src_path, src_run, dst_run, &(struct copy_what){ COPY_ALL, NULL });
}

int snc_db_merge_copy_schedules(struct snc_db *db, const char *src_path, int64_t src_run,
				int64_t dst_run)
{
	return copy_run(db, src_path, src_run, dst_run, &(struct copy_what){ COPY_SCHEDULES, NULL });
}

int snc_db_merge_copy_harness(struct snc_db *db, const char *src_path, int64_t src_run,
			      const char *harness, int64_t dst_run)
{
	return copy_run(db, src_path, src_run, dst_run, &(struct copy_what){ COPY_HARNESS, harness });
}

int snc_db_merge_copy_notes(struct snc_db *db, const char *src_path, int64_t src_run,
			    int64_t dst_run)
{
	return copy_run(db, src_path, src_run, dst_run, &(struct copy_what){ COPY_NOTES, NULL });
}

int snc_db_run_harness_names(struct snc_db *db, int64_t run_id, char ***names, int *n)
{
	*names = NULL;
	*n = 0;
	sqlite3_stmt *st = db_stmt(db, "SELECT name FROM harnesses WHERE run_id = ? ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	int rc, cap = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		char **grown = *n + 1 > cap ? realloc(*names, (size_t)(cap = 2 * cap + 8) * sizeof **names)
					    : *names;
		char *name = grown ? strdup((const char *)sqlite3_column_text(st, 0)) : NULL;
		if (grown)
			*names = grown;
		if (!name) {
			sqlite3_reset(st);
			snprintf(db->err, sizeof db->err, "out of memory reading harness names");
			return -1;
		}
		(*names)[(*n)++] = name;
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : db_fail(db, "reading harness names");
}

int snc_db_merge_audit_status(struct snc_db *db, int64_t run_id)
{
	/* as the audit ends: failed, exit status 2, when no family was audited */
	sqlite3_stmt *st = db_stmt(db, "UPDATE runs SET exit_code = CASE WHEN EXISTS (SELECT 1 FROM "
				       "audit_records WHERE run_id = ?1 AND kind = 'family' AND "
				       "status = 'audited') THEN 0 ELSE 2 END WHERE id = ?1");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	if (db_step_done(db, st, "recording the merged audit's status") != 0)
		return -1;
	st = db_stmt(db, "UPDATE runs SET status = CASE exit_code WHEN 0 THEN 'ok' ELSE 'failed' END "
			 "WHERE id = ?1");
	if (!st)
		return -1;
	db_bind_int(st, 1, run_id);
	return db_step_done(db, st, "recording the merged audit's status");
}

int64_t snc_db_merge_run_add(struct snc_db *db, const struct snc_db_run_origin *like,
			     int nshards)
{
	sqlite3_stmt *st = db_stmt(db, "INSERT INTO runs (command, args, target, tool_version, "
				       "started_at, finished_at, status, exit_code) "
				       "VALUES (?,?,?,?,?,?,?,?)");
	if (!st)
		return -1;
	db_bind_text(st, 1, like->command);
	db_bind_text(st, 2, like->options);
	db_bind_text(st, 3, like->target);
	db_bind_text(st, 4, like->tool_version);
	db_bind_text(st, 5, like->started_at);
	db_bind_text(st, 6, like->finished_at);
	db_bind_text(st, 7, like->status);
	db_bind_int(st, 8, like->exit_code);
	int64_t id = db_insert(db, st, "recording the merged run");
	if (id < 0)
		return -1;
	st = db_stmt(db, "INSERT INTO run_origins (run_id, source_revision, options, skipped, "
			 "merged_from) VALUES (?,?,?,0,?)");
	if (!st)
		return -1;
	db_bind_int(st, 1, id);
	db_bind_text(st, 2, like->source_revision);
	db_bind_text(st, 3, like->options);
	db_bind_int(st, 4, nshards);
	return db_step_done(db, st, "recording the merged run") == 0 ? id : -1;
}

int snc_db_merge_findings(struct snc_db *db, int64_t run_id)
{
	return db_findings_record(db, run_id);
}
