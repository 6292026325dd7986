/* findings_store.c: keeping the findings of a run in the table behind the `findings` view,
 * for users of the sqlite3 shell and for whatever reads the database later. The command
 * that produced a run's results computes and stores them when it finishes the run
 * (snc_db_run_finish); readers (`snc report`, `show`, `gate`) never write, they compute in
 * memory. Storing replaces the run's earlier rows in one transaction, so the view never
 * shows two generations at once. */
#include "findings_internal.h"

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
			"message, evidence, file, line, harness, f, g, intentional, reason) "
			"VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
		if (!st)
			goto fail;
		db_bind_int(st, 1, run_id);
		db_bind_text(st, 2, x->rule->id);
		db_bind_text(st, 3, snc_severity_name(x->severity));
		db_bind_text(st, 4, x->fingerprint);
		db_bind_text(st, 5, x->subject);
		db_bind_text(st, 6, x->message);
		db_bind_text(st, 7, x->evidence);
		db_bind_text(st, 8, x->file);
		db_bind_id(st, 9, x->line);
		db_bind_text(st, 10, x->harness);
		db_bind_text(st, 11, x->f);
		db_bind_text(st, 12, x->g);
		db_bind_int(st, 13, x->intentional);
		db_bind_text(st, 14, x->reason);
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
