/* scan_copy.c: an unchanged rescan, copied inside the database.
 *
 * When every unit of a scan is an unchanged unit of one earlier run, and that run had
 * exactly these units and classified API functions the same way, the new run's results
 * are that run's results: the same model over the same facts. Instead of loading every
 * fact, building the model and inserting each row again, each scan table's rows are copied
 * with one INSERT ... SELECT, ids shifted past the table's current end (so they cannot
 * collide, and rows keep their order). A unit's reused_from names the unit it was copied
 * from, as an ordinary rescan does. Every table holding a scan run's results is listed
 * below; a new one must be added here too (scanned_state_lists is not a run's: pairs of
 * every run refer to its rows). One is left out: scanned_unit_functions, which only tells
 * a later rescan which functions to load back with a reused unit (scan_read.c). A copied
 * unit has none of its own: its functions are those of the unit it was copied from, which
 * the reader follows reused_from to (they were 60% of the rows of Concurrency Kit's
 * copy).
 *
 * The run's findings (computed from the facts as of the run when it finishes) are the
 * earlier run's too when nothing else feeds them: the scan rows are the same, the files
 * that intentional markers are read from hashed the same, and no harness has run at all
 * (a harness's verdicts would count). Then they are copied as well, and snc_db_run_finish
 * does not compute them again; otherwise it does, as after any scan. Their evidence texts
 * are not copied: the new records refer to the same finding_evidence rows (records from
 * before schema 16 hold their text themselves: those are computed again, once). */
#include <stdio.h>
#include "db_internal.h"

/* Deltas, as statement parameters: ?1 the earlier run, ?2 the new run, then per table
 * the shift of its ids. */
enum { P_OLD = 1, P_NEW, P_FILE, P_UNIT, P_DIAG, P_FN, P_ACCESS, P_CALL, P_SITE, P_PAIR, P_VARIANT,
       P_VSITE, P_VCALL, P_REF, P_N };

struct shift {
	int param;
	const char *sql;   /* new ids start past the table's end */
};

#define SHIFT(table, old_rows)                                                             \
	"SELECT coalesce((SELECT max(id) FROM " table "), 0) + 1 - "                         \
	"coalesce((SELECT min(x.id) FROM " old_rows "), 0)"

static const struct shift shifts[] = {
	{ P_FILE, SHIFT("scanned_files", "scanned_files x WHERE x.run_id = ?1") },
	{ P_UNIT, SHIFT("scanned_units", "scanned_units x WHERE x.run_id = ?1") },
	{ P_DIAG, SHIFT("scanned_diagnostics", "scanned_diagnostics x JOIN scanned_units u "
			"ON u.id = x.unit_id WHERE u.run_id = ?1") },
	{ P_FN, SHIFT("scanned_functions", "scanned_functions x WHERE x.run_id = ?1") },
	{ P_ACCESS, SHIFT("scanned_accesses", "scanned_accesses x JOIN scanned_functions f "
			  "ON f.id = x.function_id WHERE f.run_id = ?1") },
	{ P_CALL, SHIFT("scanned_calls", "scanned_calls x JOIN scanned_functions f "
			"ON f.id = x.function_id WHERE f.run_id = ?1") },
	{ P_SITE, SHIFT("scanned_sites", "scanned_sites x JOIN scanned_functions f "
			"ON f.id = x.function_id WHERE f.run_id = ?1") },
	{ P_PAIR, SHIFT("scanned_pairs", "scanned_pairs x WHERE x.run_id = ?1") },
	{ P_VARIANT, SHIFT("scanned_variants", "scanned_variants x JOIN scanned_functions f "
			   "ON f.id = x.function_id WHERE f.run_id = ?1") },
	{ P_VSITE, SHIFT("scanned_variant_sites", "scanned_variant_sites x JOIN scanned_variants v "
			 "ON v.id = x.variant_id JOIN scanned_functions f ON f.id = v.function_id "
			 "WHERE f.run_id = ?1") },
	{ P_VCALL, SHIFT("scanned_variant_calls", "scanned_variant_calls x JOIN scanned_variants v "
			 "ON v.id = x.variant_id JOIN scanned_functions f ON f.id = v.function_id "
			 "WHERE f.run_id = ?1") },
	{ P_REF, SHIFT("scanned_references", "scanned_references x JOIN scanned_functions f "
		       "ON f.id = x.function_id WHERE f.run_id = ?1") },
};

static const char *const copies[] = {
	"INSERT INTO scanned_files (id, run_id, path, hash) "
	"SELECT id + ?3, ?2, path, hash FROM scanned_files WHERE run_id = ?1 ORDER BY id",
	"INSERT INTO scanned_units (id, run_id, file_id, directory, flags, flags_hash, status, "
	"reused_from) SELECT id + ?4, ?2, file_id + ?3, directory, flags, flags_hash, status, id "
	"FROM scanned_units WHERE run_id = ?1 ORDER BY id",
	"INSERT INTO scanned_unit_files (unit_id, file_id) SELECT x.unit_id + ?4, x.file_id + ?3 "
	"FROM scanned_unit_files x JOIN scanned_units u ON u.id = x.unit_id WHERE u.run_id = ?1",
	"INSERT INTO scanned_diagnostics (id, unit_id, file, line, \"column\", severity, message) "
	"SELECT x.id + ?5, x.unit_id + ?4, x.file, x.line, x.\"column\", x.severity, x.message "
	"FROM scanned_diagnostics x JOIN scanned_units u ON u.id = x.unit_id WHERE u.run_id = ?1 "
	"ORDER BY x.id",
	"INSERT INTO scanned_functions (id, run_id, usr, name, file_id, line, signature, "
	"return_type, params, nparams, returns_value, linkage, system, api, heavyweight_sites, "
	"light_sites, transitive_heavyweight, callers_use, callers_discard) "
	"SELECT id + ?6, ?2, usr, name, file_id + ?3, line, signature, return_type, params, "
	"nparams, returns_value, linkage, system, api, heavyweight_sites, light_sites, "
	"transitive_heavyweight, callers_use, callers_discard FROM scanned_functions "
	"WHERE run_id = ?1 ORDER BY id",
	"INSERT INTO scanned_accesses (id, function_id, state_key, state, mode, line, via_id) "
	"SELECT x.id + ?7, x.function_id + ?6, x.state_key, x.state, x.mode, x.line, x.via_id + ?6 "
	"FROM scanned_accesses x JOIN scanned_functions f ON f.id = x.function_id "
	"WHERE f.run_id = ?1 ORDER BY x.id",
	"INSERT INTO scanned_calls (id, function_id, callee_id, callee_usr, callee, line, "
	"\"column\", value_used) SELECT x.id + ?8, x.function_id + ?6, x.callee_id + ?6, "
	"x.callee_usr, x.callee, x.line, x.\"column\", x.value_used FROM scanned_calls x "
	"JOIN scanned_functions f ON f.id = x.function_id WHERE f.run_id = ?1 ORDER BY x.id",
	"INSERT INTO scanned_references (id, function_id, target_id, target_usr, target, line, "
	"\"column\") SELECT x.id + ?14, x.function_id + ?6, x.target_id + ?6, x.target_usr, "
	"x.target, x.line, x.\"column\" FROM scanned_references x JOIN scanned_functions f "
	"ON f.id = x.function_id WHERE f.run_id = ?1 ORDER BY x.id",
	"INSERT INTO scanned_call_origins (call_id, resolved, via) "
	"SELECT x.call_id + ?8, x.resolved, x.via FROM scanned_call_origins x "
	"JOIN scanned_calls c ON c.id = x.call_id JOIN scanned_functions f ON f.id = c.function_id "
	"WHERE f.run_id = ?1",
	"INSERT INTO scanned_sites (id, function_id, kind, op, memory_order, macro, line, "
	"\"column\") SELECT x.id + ?9, x.function_id + ?6, x.kind, x.op, x.memory_order, x.macro, "
	"x.line, x.\"column\" FROM scanned_sites x JOIN scanned_functions f "
	"ON f.id = x.function_id WHERE f.run_id = ?1 ORDER BY x.id",
	"INSERT INTO scanned_site_origins (site_id, order_param, via) "
	"SELECT x.site_id + ?9, x.order_param, x.via FROM scanned_site_origins x "
	"JOIN scanned_sites s ON s.id = x.site_id JOIN scanned_functions f ON f.id = s.function_id "
	"WHERE f.run_id = ?1",
	"INSERT INTO scanned_reach (function_id, target_id, distance, path) "
	"SELECT x.function_id + ?6, x.target_id + ?6, x.distance, x.path FROM scanned_reach x "
	"JOIN scanned_functions f ON f.id = x.function_id WHERE f.run_id = ?1",
	"INSERT INTO scanned_call_arguments (call_id, position, value, caller_param) "
	"SELECT x.call_id + ?8, x.position, x.value, x.caller_param FROM scanned_call_arguments x "
	"JOIN scanned_calls c ON c.id = x.call_id JOIN scanned_functions f ON f.id = c.function_id "
	"WHERE f.run_id = ?1",
	"INSERT INTO scanned_variants (id, function_id, order_param, value, memory_order, "
	"heavyweight, derived) SELECT x.id + ?11, x.function_id + ?6, x.order_param, x.value, "
	"x.memory_order, x.heavyweight, x.derived FROM scanned_variants x JOIN scanned_functions f "
	"ON f.id = x.function_id WHERE f.run_id = ?1 ORDER BY x.id",
	"INSERT INTO scanned_variant_sites (id, variant_id, kind, op, memory_order, macro, line, "
	"\"column\", order_param, via) SELECT x.id + ?12, x.variant_id + ?11, x.kind, x.op, "
	"x.memory_order, x.macro, x.line, x.\"column\", x.order_param, x.via "
	"FROM scanned_variant_sites x JOIN scanned_variants v ON v.id = x.variant_id "
	"JOIN scanned_functions f ON f.id = v.function_id WHERE f.run_id = ?1 ORDER BY x.id",
	"INSERT INTO scanned_variant_calls (id, variant_id, callee_usr, callee, line, \"column\", "
	"value_used, resolved, via, arguments) SELECT x.id + ?13, x.variant_id + ?11, "
	"x.callee_usr, x.callee, x.line, x.\"column\", x.value_used, x.resolved, x.via, "
	"x.arguments FROM scanned_variant_calls x JOIN scanned_variants v ON v.id = x.variant_id "
	"JOIN scanned_functions f ON f.id = v.function_id WHERE f.run_id = ?1 ORDER BY x.id",
	"INSERT INTO scanned_call_resolutions (call_id, variant_id) "
	"SELECT x.call_id + ?8, x.variant_id + ?11 FROM scanned_call_resolutions x "
	"JOIN scanned_calls c ON c.id = x.call_id JOIN scanned_functions f ON f.id = c.function_id "
	"WHERE f.run_id = ?1",
	"INSERT INTO scanned_variant_reach (function_id, variant_id, distance, path) "
	"SELECT x.function_id + ?6, x.variant_id + ?11, x.distance, x.path "
	"FROM scanned_variant_reach x JOIN scanned_functions f ON f.id = x.function_id "
	"WHERE f.run_id = ?1",
	"INSERT INTO scanned_pairs (id, run_id, f_id, g_id, static_class, shared_state_id, "
	"heavyweight_f, heavyweight_g) SELECT id + ?10, ?2, f_id + ?6, g_id + ?6, static_class, "
	"shared_state_id, heavyweight_f, heavyweight_g FROM scanned_pairs WHERE run_id = ?1 "
	"ORDER BY id",
};

/* Did the earlier run have nunits units and classify its API as system_api would? */
static int same_scan(struct snc_db *db, int64_t run, int nunits, int system_api)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT (SELECT count(*) FROM scanned_units WHERE run_id = ?1), "
		"(SELECT count(*) FROM scanned_functions WHERE run_id = ?1 AND "
		"api <> (linkage <> 'static' AND (system = 0 OR ?2)))");
	if (!st)
		return -1;
	db_bind_int(st, 1, run);
	db_bind_int(st, 2, system_api);
	if (sqlite3_step(st) != SQLITE_ROW)
		return db_fail(db, "comparing with an earlier scan");
	int same = sqlite3_column_int(st, 0) == nunits && sqlite3_column_int(st, 1) == 0;
	sqlite3_reset(st);
	return same;
}

/* Copies from_run's findings into run_id when they must be the same (see the top). */
static int copy_findings(struct snc_db *db, int64_t from_run, int64_t run_id)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT (SELECT finished_at IS NOT NULL FROM runs WHERE id = ?1) AND "
		"NOT EXISTS (SELECT 1 FROM harnesses WHERE run_id <= ?2) AND "
		"NOT EXISTS (SELECT 1 FROM finding_records WHERE run_id = ?1 AND evidence_id IS NULL)");
	if (!st)
		return -1;
	db_bind_int(st, 1, from_run);
	db_bind_int(st, 2, run_id);
	if (sqlite3_step(st) != SQLITE_ROW)
		return db_fail(db, "comparing with an earlier scan's findings");
	int same = sqlite3_column_int(st, 0);
	sqlite3_reset(st);
	if (!same)
		return 0;
	st = db_stmt(db, "INSERT INTO finding_records (run_id, rule, severity, fingerprint, "
			 "subject, message, evidence, file, line, harness, f, g, intentional, reason, "
			 "evidence_id) SELECT ?2, rule, severity, fingerprint, subject, message, evidence, "
			 "file, line, harness, f, g, intentional, reason, evidence_id FROM finding_records "
			 "WHERE run_id = ?1 ORDER BY id");
	if (!st)
		return -1;
	db_bind_int(st, 1, from_run);
	db_bind_int(st, 2, run_id);
	if (db_step_done(db, st, "copying an earlier scan's findings") != 0)
		return -1;
	db->findings_copied = run_id;
	return 0;
}

int snc_db_scan_copy_run(struct snc_db *db, int64_t from_run, int64_t run_id, int nunits,
			 int system_api)
{
	int same = same_scan(db, from_run, nunits, system_api);
	if (same <= 0)
		return same < 0 ? -1 : 1;
	int64_t delta[P_N] = { 0 };
	for (size_t i = 0; i < sizeof shifts / sizeof shifts[0]; i++) {
		sqlite3_stmt *st = db_stmt(db, shifts[i].sql);
		if (!st)
			return -1;
		db_bind_int(st, 1, from_run);
		if (sqlite3_step(st) != SQLITE_ROW)
			return db_fail(db, "copying an earlier scan");
		delta[shifts[i].param] = sqlite3_column_int64(st, 0);
		sqlite3_reset(st);
	}
	for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++) {
		sqlite3_stmt *st = db_stmt(db, copies[i]);
		if (!st)
			return -1;
		int used = sqlite3_bind_parameter_count(st);
		for (int p = P_OLD; p < P_N && p <= used; p++)
			db_bind_int(st, p, p == P_OLD ? from_run : p == P_NEW ? run_id : delta[p]);
		if (db_step_done(db, st, "copying an earlier scan") != 0)
			return -1;
	}
	return copy_findings(db, from_run, run_id);
}
