/* findings_store.c: keeping the findings of a run in the table behind the `findings` view,
 * for users of the sqlite3 shell and for whatever reads the database later. The command
 * that produced a run's results computes and stores them when it finishes the run
 * (snc_db_run_finish); readers (`snc report`, `show`, `gate`) never write, they compute in
 * memory. Storing replaces the run's earlier rows in one transaction, so the view never
 * shows two generations at once. Each distinct evidence text is stored once, in
 * finding_evidence, whichever runs' findings carry it: a run's findings are mostly those
 * of the run before, and one evidence can be hundreds of kilobytes. */
#include <string.h>
#include "findings_internal.h"

/* FNV-1a, 64 bits: the key under which an evidence text is looked up (texts compared). */
static int64_t evidence_hash(const char *text)
{
	uint64_t h = 14695981039346656037ULL;
	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		h = (h ^ *p) * 1099511628211ULL;
	return (int64_t)h;
}

/* The id of text in finding_evidence, stored now if no earlier finding carried it. */
static int64_t evidence_id(struct snc_db *db, const char *text)
{
	int64_t hash = evidence_hash(text);
	sqlite3_stmt *find = db_stmt(db, "SELECT id FROM finding_evidence WHERE hash = ?1 AND "
					 "text = ?2 ORDER BY id LIMIT 1");
	if (!find)
		return -1;
	db_bind_int(find, 1, hash);
	sqlite3_bind_text(find, 2, text, -1, SQLITE_STATIC);
	int rc = sqlite3_step(find);
	int64_t id = rc == SQLITE_ROW ? sqlite3_column_int64(find, 0) : 0;
	sqlite3_reset(find);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return db_fail(db, "looking up a finding's evidence");
	if (id > 0)
		return id;
	sqlite3_stmt *add = db_stmt(db, "INSERT INTO finding_evidence (hash, text) VALUES (?1, ?2)");
	if (!add)
		return -1;
	db_bind_int(add, 1, hash);
	sqlite3_bind_text(add, 2, text, -1, SQLITE_STATIC);
	return db_insert(db, add, "storing a finding's evidence");
}

int snc_db_findings_store(struct snc_db *db, int64_t run_id, const struct snc_findings *findings)
{
	if (snc_db_begin(db) != 0)
		return -1;
	sqlite3_stmt *del = db_stmt(db, "DELETE FROM finding_records WHERE run_id = ?");
	if (!del)
		goto fail;
	db_bind_int(del, 1, run_id);
	if (db_step_done(db, del, "replacing findings") != 0)
		goto fail;
	for (int i = 0; i < findings->count; i++) {
		const struct snc_finding *x = &findings->items[i];
		sqlite3_stmt *st = db_stmt(db,
			"INSERT INTO finding_records (run_id, rule, severity, fingerprint, subject, "
			"message, evidence, file, line, harness, f, g, intentional, reason, evidence_id) "
			"VALUES (?,?,?,?,?,?,'',?,?,?,?,?,?,?,?)");
		int64_t evidence = evidence_id(db, x->evidence ? x->evidence : "");
		if (!st || evidence < 0)
			goto fail;
		db_bind_int(st, 1, run_id);
		db_bind_text(st, 2, x->rule->id);
		db_bind_text(st, 3, snc_severity_name(x->severity));
		db_bind_text(st, 4, x->fingerprint);
		db_bind_text(st, 5, x->subject);
		db_bind_text(st, 6, x->message);
		db_bind_text(st, 7, x->file);
		db_bind_id(st, 8, x->line);
		db_bind_text(st, 9, x->harness);
		db_bind_text(st, 10, x->f);
		db_bind_text(st, 11, x->g);
		db_bind_int(st, 12, x->intentional);
		db_bind_text(st, 13, x->reason);
		db_bind_int(st, 14, evidence);
		if (db_insert(db, st, "storing a finding") < 0)
			goto fail;
	}
	return snc_db_commit(db);
fail:
	snc_db_rollback(db);
	return -1;
}

int db_findings_record(struct snc_db *db, int64_t run_id)
{
	if (db->findings_copied == run_id)
		return 0;   /* an unchanged rescan copied them with the scan (scan_copy.c) */
	struct snc_facts facts = { 0 };
	struct snc_findings findings = { 0 };
	int rc = snc_db_facts_load(db, run_id, &facts);
	if (rc == 0) {
		snc_findings_compute(&facts, NULL, &findings);
		rc = snc_db_findings_store(db, run_id, &findings);
		snc_findings_free(&findings);
	}
	snc_facts_free(&facts);
	return rc;
}
