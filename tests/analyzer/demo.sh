# analyzer.demo: `snc demo` scans examples/ into the run it classifies, so one run holds
# the static facts and the verdicts (read from the demo database of fixture.demo): the
# scan's candidates and the classifier's verdicts side by side, as the findings use them.
. "$(dirname "$0")/../lib.sh"
need_demo_db
db=$SNC_DEMO_DB
expect_eq "$(q $db "SELECT group_concat(run_id || ' ' || command || ' ' || status) FROM run_summary")" "1 demo ok" "one run"
expect_match "$(cat "$(dirname "$db")/demo.out")" \
	"^Scanned $EXAMPLES: 78 functions, 63 candidate pairs \\(15 snc-candidate\\)" "the scan's summary line"
expect_eq "$(q $db "SELECT count(*) FROM scan_functions WHERE run_id = 1") $(q $db "SELECT count(*) FROM scan_pairs WHERE run_id = 1 AND static_class = 'snc-candidate'")" \
	"78 15" "the scan's results are in run 1"
expect_eq "$(q $db "SELECT group_concat(verdict || ' ' || n, ', ') FROM (SELECT verdict, count(*) AS n FROM pair_verdicts WHERE run_id = 1 GROUP BY 1 ORDER BY 1)")" \
	"commutative 18, non-commutative 14, snc 13, snc-split 4, state-only 2" "and the verdicts of every pair"

# pair F: the static class, the heavyweight instructions each side reaches, and the verdict.
pair() {
	echo "$(q $db "SELECT static_class || ' ' || heavyweight_f || heavyweight_g FROM scan_pairs WHERE run_id = 1 AND f = '$1' AND g = '$1'")" \
		"$(q $db "SELECT verdict FROM pair_verdicts WHERE run_id = 1 AND f = '$1' AND g = '$1'")"
}
expect_eq "$(pair racy_add_return)" "snc-candidate 00 snc" "racy_add_return: SNC, no heavyweight instruction (the finding)"
expect_eq "$(pair atomic_add_return)" "snc-candidate 11 snc" "atomic_add_return: SNC and pays"
expect_eq "$(pair atomic_inc)" "never-snc 11 commutative" "atomic_inc: never SNC, pays all the same"
finish
