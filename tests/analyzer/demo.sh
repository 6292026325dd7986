# analyzer.demo: `snc demo` scans examples/ into the run it classifies, so one run holds
# the static facts and the verdicts.
. "$(dirname "$0")/lib.sh"
DB=$PWD/d.db
"$SNC" demo --db "$DB" --quiet > out.txt || { cat out.txt; exit 1; }
run=$(q "SELECT max(id) FROM runs")
expect "one run" "1" "$run"
expect "the run has scan results" "1" "$(q "SELECT count(*) > 30 FROM scan_functions WHERE run_id = $run")"
expect "and verdicts" "1" "$(q "SELECT count(*) > 10 FROM pair_verdicts WHERE run_id = $run")"
expect "racy_add_return: static snc-candidate, no heavyweight" "snc-candidate|0" "$(q "SELECT static_class, heavyweight_f FROM scan_pairs WHERE run_id = $run AND f = 'racy_add_return' AND g = 'racy_add_return'")"
finish
