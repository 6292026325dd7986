# analyzer.references: a function named without being called (a callback passed, an
# address stored) is a reference of the function naming it, stored in scanned_references
# (the scan_references view) and not as a call; a call is not a reference; a rescan that
# copies the run or loads the unit back keeps the references (fixtures/references).
. "$(dirname "$0")/lib.sh"
DB=$PWD/r.db
cp -r "$FIXTURES/references" src
"$SNC" scan --db "$DB" --quiet src || exit 1
refs() { q "SELECT function, target, defined, line, \"column\" FROM scan_references WHERE run_id = $1 ORDER BY function, target"; }
expected="install|reset_cb|1|17|43
retire|free_cb|1|15|40"
expect "the callback passed and the address stored are references, where they are written" "$expected" "$(refs 1)"
expect "each reference names the target's row" "free_cb|reset_cb" \
	"$(q "SELECT group_concat(name, '|') FROM (SELECT t.name FROM scanned_references r JOIN scanned_functions t ON t.id = r.target_id WHERE t.run_id = 1 ORDER BY r.line)")"
expect "a reference is not a call; a call is not a reference" "direct|free_cb
retire|defer" "$(q "SELECT caller, callee FROM scan_calls WHERE run_id = 1 AND caller IN ('retire', 'install', 'direct') ORDER BY caller")"
expect "nothing is inherited through a reference" "0" \
	"$(q "SELECT count(*) FROM scan_state WHERE run_id = 1 AND function = 'install' AND via IS NOT NULL")"
"$SNC" scan --db "$DB" --quiet src || exit 1
expect "an unchanged rescan keeps them" "$expected" "$(refs 2)"
printf '/* touched */\n' >> src/other.c
"$SNC" scan --db "$DB" --quiet src || exit 1
expect "callbacks.c reused (loaded back), other.c parsed again" "1|1" \
	"$(q "SELECT count(reused_from), count(*) - count(reused_from) FROM scanned_units WHERE run_id = 3")"
expect "the unit loaded back keeps its references" "$expected" "$(refs 3)"
expect "the database is consistent" "" "$(q "PRAGMA foreign_key_check")"
finish
