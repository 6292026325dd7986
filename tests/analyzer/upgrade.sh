# analyzer.upgrade: a database written before the scan tables existed (schema version 1)
# gets them when snc scan opens it, and keeps its runs.
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
finish
