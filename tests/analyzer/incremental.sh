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
# --quiet prints no model: an unchanged rescan copies run 4 inside the database
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" -DEXTRA src || exit 1
expect "the copied run has the same functions" "$(view 4)" "$(view 5)"
expect "the same pairs" "$(pairs 4)" "$(pairs 5)"
expect "the same heavyweight paths" "$(paths 4)" "$(paths 5)"
calls() { q "SELECT f.name, c.callee, c.line, c.value_used, coalesce(c2.name, '-') FROM scanned_calls c JOIN scanned_functions f ON f.id = c.function_id LEFT JOIN scanned_functions c2 ON c2.id = c.callee_id WHERE f.run_id = $1 ORDER BY f.name, c.line, c.callee"; }
expect "the same calls, resolved to the new run's functions" "$(calls 4)" "$(calls 5)"
state() { q "SELECT function, state, mode, coalesce(via, '-') FROM scan_state WHERE run_id = $1 ORDER BY 1, 2, 3, 4"; }
expect "the same accesses" "$(state 4)" "$(state 5)"
expect "every unit reused from run 4" "$total" "$(q "SELECT count(*) FROM scanned_units WHERE run_id = 5 AND reused_from IN (SELECT id FROM scanned_units WHERE run_id = 4)")"
expect "the same units and files" "$(q "SELECT file, status, flags FROM scan_units WHERE run_id = 4 ORDER BY file")|$(q "SELECT count(*) FROM scanned_files WHERE run_id = 4")" "$(q "SELECT file, status, flags FROM scan_units WHERE run_id = 5 ORDER BY file")|$(q "SELECT count(*) FROM scanned_files WHERE run_id = 5")"
findings() { q "SELECT rule, severity, fingerprint, subject, message, evidence, file, line, f, g, intentional FROM findings WHERE run_id = $1 ORDER BY fingerprint"; }
expect "the copied run has findings, the same as run 4's" "1|$(findings 4)" "$(q "SELECT count(*) > 0 FROM findings WHERE run_id = 5")|$(findings 5)"
# with no harness in the database they are copied, not computed again: a mark put on run 5's
# findings shows in the next copy; once a harness has run, they are computed afresh
q "UPDATE finding_records SET message = 'marked' WHERE run_id = 5"
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" -DEXTRA src || exit 1
expect "findings copied from run 5" "$(q "SELECT count(*) FROM findings WHERE run_id = 5")" "$(q "SELECT count(*) FROM findings WHERE run_id = 6 AND message = 'marked'")"
q "INSERT INTO harnesses (run_id, name, depth, max_states, seed, repeats, timeout_ms, blocking_observable, state_space, finished) VALUES (6, 'h', 1, 1, 0, 1, 1, 0, 1, 1)"
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" -DEXTRA src || exit 1
expect "with a harness in the database, computed again" "0|$(findings 4)" "$(q "SELECT count(*) FROM findings WHERE run_id = 7 AND message = 'marked'")|$(findings 7)"
# a copy lists no functions per unit (scanned_unit_functions): a rescan that loads units
# back from the third copy in a row (--json needs the model) finds them through reused_from
unit_fns() { q "SELECT count(*) FROM scanned_unit_functions uf JOIN scanned_units u ON u.id = uf.unit_id WHERE u.run_id = $1"; }
expect "copies hold no unit-function rows" "0|0|0" "$(unit_fns 5)|$(unit_fns 6)|$(unit_fns 7)"
"$SNC" scan --db "$DB" --json -I "$SNC_SOURCE_DIR/runtime/include" -DEXTRA src > eighth.json || exit 1
expect "every unit reused from the copy, none parsed" "0|$total" "$(j eighth.json '$.units.parsed')|$(q "SELECT count(*) FROM scanned_units WHERE run_id = 8 AND reused_from IN (SELECT id FROM scanned_units WHERE run_id = 7)")"
expect "loaded back: the same functions, pairs, paths and accesses as run 4" "$(view 4)|$(pairs 4)|$(paths 4)|$(state 4)" "$(view 8)|$(pairs 8)|$(paths 8)|$(state 8)"
expect "and its units list their functions again" "$(unit_fns 4)" "$(unit_fns 8)"
expect "the database is consistent" "" "$(q "PRAGMA foreign_key_check")"
finish
