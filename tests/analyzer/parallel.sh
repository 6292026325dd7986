# analyzer.parallel: -j 2 stores exactly what -j 1 stores (every scan table, row by row).
. "$(dirname "$0")/lib.sh"
src="$SNC_SOURCE_DIR/examples $FIXTURES/constructs $FIXTURES/crossunit"
"$SNC" scan --db one.db --quiet -j 1 -I "$SNC_SOURCE_DIR/runtime/include" $src || exit 1
"$SNC" scan --db two.db --quiet -j 2 -I "$SNC_SOURCE_DIR/runtime/include" $src || exit 1
dump() {
	for t in scanned_files scanned_units scanned_unit_files scanned_diagnostics scanned_functions \
		 scanned_unit_functions scanned_accesses scanned_calls scanned_sites scanned_reach scanned_pairs \
		 scanned_call_arguments scanned_variants scanned_variant_sites scanned_variant_calls \
		 scanned_call_resolutions scanned_variant_reach; do
		sqlite3 -batch "$1" "SELECT * FROM $t ORDER BY 1, 2"
	done
}
dump one.db > one.txt
dump two.db > two.txt
expect "something was stored" "1" "$(DB=one.db q "SELECT count(*) > 50 FROM scanned_functions")"
expect "-j 1 and -j 2 give identical rows" "" "$(diff one.txt two.txt | head -5)"
finish
