# analyzer.incremental: a rescan with nothing changed parses nothing and still stores a
# complete run; changing a header re-parses exactly the units that include it.
. "$(dirname "$0")/lib.sh"
DB=$PWD/i.db
cp -r "$SNC_SOURCE_DIR/examples" src
"$SNC" scan --db "$DB" --json -I "$SNC_SOURCE_DIR/runtime/include" src > first.json || exit 1
"$SNC" scan --db "$DB" --json -I "$SNC_SOURCE_DIR/runtime/include" src > second.json || exit 1
j() { sqlite3 :memory: "SELECT json_extract(readfile('$1'), '$2')"; }
total=$(j first.json '$.units.total')
expect "first scan parses every unit" "$total|0" "$(j first.json '$.units.parsed')|$(j first.json '$.units.reused')"
expect "rescan with nothing changed skips every unit" "0|$total" "$(j second.json '$.units.parsed')|$(j second.json '$.units.reused')"
view() { q "SELECT file, line, name, returns_value, linkage, heavyweight_sites, transitive_heavyweight, signature, callers_use, callers_discard FROM scan_functions WHERE run_id = $1 ORDER BY file, line, name"; }
expect "the rescan's run is complete: same functions" "$(view 1)" "$(view 2)"
pairs() { q "SELECT f, g, shared_state, static_class, heavyweight_f, heavyweight_g FROM scan_pairs WHERE run_id = $1 ORDER BY pair_id"; }
expect "same pairs" "$(pairs 1)" "$(pairs 2)"
paths() { q "SELECT function, op, path FROM scan_heavyweight WHERE run_id = $1 ORDER BY function, site_function, line"; }
expect "same heavyweight paths" "$(paths 1)" "$(paths 2)"
expect "reused units name their source" "$total" "$(q "SELECT count(*) FROM scanned_units WHERE run_id = 2 AND reused_from IN (SELECT id FROM scanned_units WHERE run_id = 1)")"
printf '\n/* changed */\n' >> src/sets/sets.h
"$SNC" scan --db "$DB" --json -I "$SNC_SOURCE_DIR/runtime/include" src > third.json || exit 1
expect "a changed header re-parses the 4 units that include it" "4" "$(j third.json '$.units.parsed')"
expect "and the new hash is stored" "2" "$(q "SELECT count(DISTINCT hash) FROM scanned_files WHERE path LIKE '%/sets/sets.h' AND run_id IN (1, 3)")"
"$SNC" scan --db "$DB" --json -I "$SNC_SOURCE_DIR/runtime/include" -DEXTRA src > fourth.json || exit 1
expect "different flags re-parse everything" "$total" "$(j fourth.json '$.units.parsed')"
finish
