# analyzer.hostile: odd code never crashes the scan; names are stored as they are.
. "$(dirname "$0")/lib.sh"
DB=$PWD/h.db
cp "$FIXTURES/hostile/hostile.c" .
# a 6000-term sum: deeper than the walker follows (and than a naive recursion survives)
{ printf '#define DEEP_CHAIN (x'; for i in $(seq 6000); do printf ' + x'; done; printf ')\n'; } > deep.h
"$SNC" scan --db "$DB" --quiet hostile.c
expect "exit 0" "0" "$?"
expect "no errors" "0" "$(q "SELECT count(*) FROM scan_diagnostics")"
expect "every function" "deep empty_asm indirect knr mutual_a mutual_b order_from_a_variable quote_in_name_string recursive unnamed" "$(q "SELECT group_concat(name, ' ') FROM (SELECT name FROM scan_functions ORDER BY name)")"
expect "odd names as state" "a_very_long_name_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa|café|dollar\$name" "$(q "SELECT group_concat(state, '|') FROM (SELECT DISTINCT state FROM scan_state WHERE function IN ('quote_in_name_string', 'knr') ORDER BY state)")"
expect "K&R definition" "int knr(int a, int b)" "$(q "SELECT signature FROM scan_functions WHERE name = 'knr'")"
expect "mutual recursion: the RMW is reached both ways" "mutual_a|0|mutual_a
mutual_b|1|mutual_b -> mutual_a" "$(q "SELECT function, distance, path FROM scan_heavyweight WHERE function LIKE 'mutual_%' ORDER BY function")"
expect "indirect calls lead nowhere" "0" "$(q "SELECT count(*) FROM scan_calls WHERE caller = 'indirect'")"
expect "an order that is not a constant counts as seq_cst: the load stays light" "light|rmw" "$(q "SELECT group_concat(kind, '|') FROM (SELECT kind FROM scan_sites WHERE function = 'order_from_a_variable' ORDER BY site_id)")"
expect "empty asm: no sites" "0" "$(q "SELECT count(*) FROM scan_sites WHERE function = 'empty_asm'")"
expect "unnamed struct fields" "(anonymous).y|unnamed_object" "$(q "SELECT group_concat(state, '|') FROM (SELECT state FROM scan_state WHERE function = 'unnamed' ORDER BY state)")"
finish
