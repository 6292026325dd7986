# analyzer.upgrade: a database written before the scan tables existed (schema version 1)
# gets them when snc scan opens it, and keeps its runs; so do the files of later versions
# (11, 14, 15, 16, 17, 18) the tables, views and columns added since.
. "$(dirname "$0")/lib.sh"
DB=$PWD/old.db
printf 'int f(void) { return 0; }\n' > a.c
"$SNC" scan --db "$DB" --quiet a.c || exit 1
# make it a version 1 file: no scan tables or views, user_version 1
views=$(q "SELECT group_concat('DROP VIEW ' || name, '; ') FROM sqlite_schema WHERE type = 'view' AND name LIKE 'scan%'")
tables=$(q "SELECT group_concat('DROP TABLE ' || name, '; ') FROM sqlite_schema WHERE type = 'table' AND name LIKE 'scanned%'")
sqlite3 "$DB" "PRAGMA foreign_keys = OFF; $views; $tables; PRAGMA user_version = 1;"
expect "the file looks like version 1" "0|1" "$(q "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'scan%'")|$(q "PRAGMA user_version")"
"$SNC" scan --db "$DB" --quiet a.c
expect "scan works on it" "0" "$?"
expect "upgraded" "1" "$(q "SELECT user_version >= 2 FROM pragma_user_version")"
expect "the old run is kept, the new one has results" "2|f" "$(q "SELECT count(*) FROM runs")|$(q "SELECT name FROM scan_functions WHERE run_id = 2")"
# a version 11 file kept each pair's shared state as text in scanned_pairs.shared_state:
# opening it moves the lists to scanned_state_lists, pairs unchanged
DB=$PWD/v11.db
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" "$SNC_SOURCE_DIR/examples" || exit 1
before=$(q "SELECT * FROM scan_pairs ORDER BY pair_id")
sqlite3 "$DB" "PRAGMA foreign_keys = OFF; DROP VIEW scan_pairs;
  CREATE TABLE p11 AS SELECT p.id, p.run_id, p.f_id, p.g_id, p.static_class, l.names AS shared_state, p.heavyweight_f, p.heavyweight_g FROM scanned_pairs p JOIN scanned_state_lists l ON l.id = p.shared_state_id;
  DROP TABLE scanned_pairs; DROP TABLE scanned_state_lists; ALTER TABLE p11 RENAME TO scanned_pairs;
  CREATE VIEW scan_pairs AS SELECT 1 AS old; PRAGMA user_version = 11;"
expect "the file looks like version 11" "1|11" "$(q "SELECT count(*) FROM pragma_table_info('scanned_pairs') WHERE name = 'shared_state'")|$(q "PRAGMA user_version")"
"$SNC" scan --db "$DB" --quiet a.c
expect "scan works on it" "0" "$?"
expect "upgraded: the lists moved, the pairs read the same" "19|$(echo "$before" | wc -l)|$before" "$(q "PRAGMA user_version")|$(q "SELECT count(*) FROM scan_pairs WHERE run_id = 1")|$(q "SELECT * FROM scan_pairs WHERE run_id = 1 ORDER BY pair_id")"
expect "each list stored once" "$(q "SELECT count(DISTINCT shared_state) FROM scan_pairs")" "$(q "SELECT count(*) FROM scanned_state_lists")"
expect "the database is consistent" "" "$(q "PRAGMA foreign_key_check")"
# a version 14 file had no variants (calls resolved across units) and a scan_heavyweight
# view without their sites: opening it adds the tables and replaces the view
DB=$PWD/v14.db
"$SNC" scan --db "$DB" --quiet "$SNC_SOURCE_DIR/tests/analyzer/fixtures/crossunit" || exit 1
before=$(q "SELECT * FROM scan_heavyweight WHERE site_id > 0 ORDER BY function, site_id")
sqlite3 "$DB" "PRAGMA foreign_keys = OFF; DROP VIEW scan_heavyweight; DROP VIEW scan_call_orders; DROP VIEW scan_variants;
  DROP TABLE scanned_variant_reach; DROP TABLE scanned_call_resolutions; DROP TABLE scanned_variant_calls;
  DROP TABLE scanned_variant_sites; DROP TABLE scanned_variants; DROP TABLE scanned_call_arguments;
  CREATE VIEW scan_heavyweight AS SELECT 1 AS old; PRAGMA user_version = 14;"
expect "the file looks like version 14" "0|14" "$(q "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name LIKE 'scanned_variant%'")|$(q "PRAGMA user_version")"
"$SNC" report --db "$DB" > report14.txt
expect "a reader reads it as it is (no variants) without upgrading it" "0|14|1" "$?|$(q "PRAGMA user_version")|$(grep -c 'needless-heavyweight: set_with' report14.txt)"
"$SNC" scan --db "$DB" --quiet a.c
expect "scan works on it" "0" "$?"
expect "upgraded: the tables are there, the old run's heavyweight sites read the same" "19|4|$before" "$(q "PRAGMA user_version")|$(q "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name LIKE 'scanned_variant%'")|$(q "SELECT * FROM scan_heavyweight WHERE run_id = 1 ORDER BY function, site_id")"
expect "the database is consistent" "" "$(q "PRAGMA foreign_key_check")"
# a version 14 file kept each finding's evidence text in finding_records: opening it adds
# finding_evidence (each text once from then on), the old findings read the same
DB=$PWD/v14f.db
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" "$SNC_SOURCE_DIR/examples" || exit 1
findings="SELECT rule, fingerprint, subject, message, evidence FROM findings WHERE run_id = %d ORDER BY fingerprint, rule"
before=$(q "$(printf "$findings" 1)")
expect "the scan has findings with evidence" "1" "$(q "SELECT count(*) > 0 AND min(length(evidence)) > 0 FROM findings WHERE run_id = 1")"
sqlite3 "$DB" "PRAGMA foreign_keys = OFF; DROP VIEW findings;
  CREATE TABLE f14 AS SELECT r.id, r.run_id, r.rule, r.severity, r.fingerprint, r.subject, r.message, e.text AS evidence, r.file, r.line, r.harness, r.f, r.g, r.intentional, r.reason FROM finding_records r JOIN finding_evidence e ON e.id = r.evidence_id;
  DROP TABLE finding_records; DROP TABLE finding_evidence; ALTER TABLE f14 RENAME TO finding_records;
  CREATE VIEW findings AS SELECT run_id, rule, severity, fingerprint, subject, message, file, line, harness, f, g, intentional, reason, evidence FROM finding_records;
  PRAGMA user_version = 14;"
expect "the file looks like version 14" "0|14" "$(q "SELECT count(*) FROM sqlite_schema WHERE name = 'finding_evidence'")|$(q "PRAGMA user_version")"
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" "$SNC_SOURCE_DIR/examples"
expect "scan works on it" "0" "$?"
expect "upgraded: the old findings read the same" "19|$before" "$(q "PRAGMA user_version")|$(q "$(printf "$findings" 1)")"
expect "the rescan's findings are the same" "$before" "$(q "$(printf "$findings" 2)")"
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" "$SNC_SOURCE_DIR/examples"
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" "$SNC_SOURCE_DIR/examples"
expect "later runs read the same" "$before|$before" "$(q "$(printf "$findings" 3)")|$(q "$(printf "$findings" 4)")"
expect "each evidence text stored once" "$(q "SELECT count(DISTINCT evidence) FROM findings WHERE run_id = 3")|0" \
	"$(q "SELECT count(*) FROM finding_evidence")|$(q "SELECT count(*) FROM finding_records WHERE run_id >= 3 AND (evidence_id IS NULL OR evidence <> '')")"
expect "the upgraded database is consistent" "" "$(q "PRAGMA foreign_key_check")"
# a version 16 file had no references (functions named without a call): opening it adds
# the table and its view, earlier runs have none. Its units' flags hashes were made
# without the analyzer's facts revision (set to another value here), so a rescan parses
# them again and records the references.
DB=$PWD/v16.db
cp -r "$SNC_SOURCE_DIR/tests/analyzer/fixtures/references" refs
"$SNC" scan --db "$DB" --quiet refs || exit 1
sqlite3 "$DB" "PRAGMA foreign_keys = OFF; DROP VIEW scan_references; DROP TABLE scanned_references;
  UPDATE scanned_units SET flags_hash = 'hash of an older snc'; PRAGMA user_version = 16;"
expect "the file looks like version 16" "0|16" "$(q "SELECT count(*) FROM sqlite_schema WHERE name LIKE '%references'")|$(q "PRAGMA user_version")"
"$SNC" scan --db "$DB" --quiet a.c
expect "scan works on it" "0" "$?"
expect "upgraded: the table and view are there, the old run has no references" "19|2|0" \
	"$(q "PRAGMA user_version")|$(q "SELECT count(*) FROM sqlite_schema WHERE name LIKE '%references'")|$(q "SELECT count(*) FROM scan_references WHERE run_id = 1")"
"$SNC" scan --db "$DB" --quiet refs
expect "a rescan parses the units again and records them" "0|0|2" "$?|$(q "SELECT count(reused_from) FROM scanned_units WHERE run_id = 3")|$(q "SELECT count(*) FROM scan_references WHERE run_id = 3")"
expect "the database is consistent" "" "$(q "PRAGMA foreign_key_check")"
# a version 17 file had no audit_declarations: opening it adds the table, and an audit
# then stores where its API is declared.
DB=$PWD/v17.db
printf 'int tally_add(int *t);\n' > tally.h
printf '#include "tally.h"\nint tally_add(int *t) { return ++*t; }\n' > tally.c
"$SNC" scan --db "$DB" --quiet a.c || exit 1
sqlite3 "$DB" "DROP TABLE audit_declarations; PRAGMA user_version = 17;"
expect "the file looks like version 17" "0|17" "$(q "SELECT count(*) FROM sqlite_schema WHERE name = 'audit_declarations'")|$(q "PRAGMA user_version")"
"$SNC" audit --db "$DB" --quiet --no-measure --depth 0 tally.h tally.c > /dev/null 2>&1
expect "audit works on it" "0" "$?"
expect "upgraded: the table is there and holds the audit's declaration" "19|tally_add:1" \
	"$(q "PRAGMA user_version")|$(q "SELECT name || ':' || line FROM audit_declarations")"
# a version 18 file's harnesses had no library_threads: opening it adds the column, 0 for
# the harnesses already there, and a new audit fills it
DB=$PWD/v18.db
"$SNC" audit --db "$DB" --quiet --no-measure --depth 0 tally.h tally.c > /dev/null 2>&1 || exit 1
sqlite3 "$DB" "ALTER TABLE harnesses DROP COLUMN library_threads; PRAGMA user_version = 18;"
expect "the file looks like version 18" "0|18" "$(q "SELECT count(*) FROM pragma_table_info('harnesses') WHERE name = 'library_threads'")|$(q "PRAGMA user_version")"
"$SNC" audit --db "$DB" --quiet --no-measure --depth 0 tally.h tally.c > /dev/null 2>&1
expect "audit works on it" "0" "$?"
expect "upgraded: the column is there, 0 for both audits' harnesses" "19|0|0" \
	"$(q "PRAGMA user_version")|$(q "SELECT group_concat(library_threads, '|') FROM harnesses ORDER BY id")"
expect "the database is consistent" "" "$(q "PRAGMA foreign_key_check")"
finish
