# `snc demo --measure` (what `make demo` runs) ends with the HTML report; headless Chromium
# (Debian's chromium) opens it from
# file://: the pages run their script without a console message or a failed load, the
# numbers on them match the database, and a screenshot is kept in the build tree
# (tests/report/report-index.png). Skipped when chromium is not installed.
# (The SVG chart needs the measured costs; the demo measures them when valgrind can.)
. "$(dirname "$0")/lib_report.sh"
chromium=$(command -v chromium || command -v chromium-browser) || { echo "SKIP: no chromium"; exit 77; }
shots="$SNC_BUILD_DIR/tests/report"
n=0
# browse PAGE-URL OUT ARGS...: one headless Chromium, a fresh profile, no network.
browse() {
	local url=$1 name=$2
	shift 2
	n=$((n + 1))
	timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$PWD/profile-$n" --enable-logging=stderr --v=0 "$@" "$url" \
		>"$name.dom" 2>"$name.log"
}
# What the page itself said or failed to load (Chromium's own start-up noise aside).
complaints() { grep -E ':CONSOLE|net::ERR|Uncaught' "$1.log"; }

# The check is real: a page with an error in its script is caught.
printf '<!DOCTYPE html><html><body><script>undefined_function();</script></body></html>' > broken.html
browse "file://$PWD/broken.html" broken --dump-dom
expect_match "$(complaints broken)" 'Uncaught ReferenceError: undefined_function' "a script error is seen"

expect_status 0 "demo, as make demo runs it" -- "$SNC" demo --measure --db demo.db --quiet
expect_match "$out" "HTML report: $PWD/demo-report/index.html" "demo prints where the report is"
site="$PWD/demo-report"

browse "file://$site/index.html" index --dump-dom
expect_eq "$(complaints index)" "" "index: no console message, no failed load"
expect_match "$(cat index.dom)" '<body data-ready="1">' "index: its script ran"
number() { python3 -c 'import re, sys; m = re.search(r"id=\"" + sys.argv[2] + r"\"[^>]*>([^<]*)<", open(sys.argv[1]).read()); print(m.group(1) if m else "missing")' "$1" "$2"; }
expect_eq "$(number index.dom count-harnesses)" "$(q demo.db "SELECT count(DISTINCT harness) FROM pair_verdicts WHERE run_id = 1")" "harnesses"
expect_eq "$(number index.dom count-pairs)" "$(q demo.db "SELECT count(*) FROM pair_verdicts WHERE run_id = 1")" "pairs"
for v in snc snc-split non-commutative state-only commutative unknown; do
	expect_eq "$(number index.dom count-$v)" "$(q demo.db "SELECT count(*) FROM pair_verdicts WHERE run_id = 1 AND verdict = '$v'")" "pairs $v"
done
for s in error warning note; do
	expect_eq "$(number index.dom outstanding-$s)" "$(q demo.db "SELECT count(*) FROM findings WHERE run_id = 1 AND severity = '$s' AND NOT intentional")" "outstanding $s"
done
expect_eq "$(number index.dom shown)" "$(q demo.db "SELECT count(*) FROM findings WHERE run_id = 1")" "findings listed (after the filter script ran)"
expect_match "$(q demo.db "SELECT group_concat(rule) FROM findings WHERE run_id = 1")" 'snc-unsynchronized' "the demo has findings to show"
expect_eq "$(grep -o '<rect class="cell' index.dom | wc -l)" \
	"$(q demo.db "SELECT sum(CASE WHEN f = g THEN 1 ELSE 2 END) FROM pair_verdicts WHERE run_id = 1")" "one matrix cell per ordered pair"

# The chart of conflict rate against heavyweight per call: a point per measured pair
# (when valgrind could measure here; else the page says there are no costs).
if [ "$(q demo.db "SELECT count(*) FROM op_costs WHERE run_id = 1")" != 0 ]; then
	expect_eq "$(number index.dom chart-points)" "$(q demo.db "SELECT count(*) FROM pair_verdicts p
		WHERE p.run_id = 1 AND (SELECT count(*) FROM op_costs c WHERE c.run_id = 1
		AND c.harness = p.harness AND c.op IN (p.f, p.g) AND c.calls > 0)
		= CASE WHEN p.f = p.g THEN 1 ELSE 2 END")" "a chart point per measured pair"
else
	expect_match "$(cat index.dom)" 'No measured costs in this run' "no chart without measurements"
fi

# The pair page of quick quiz 1: the witness and the conflict rate from the database.
page=$(grep -l '<h1>atomic_add_return x atomic_add_return</h1>' "$site"/pair-*.html | head -1)
expect_match "$page" 'pair-[0-9]+-[0-9]+\.html$' "the QQ1 pair has a page"
browse "file://$page" pair --dump-dom
expect_eq "$(complaints pair)" "" "pair page: no console message"
expect_eq "$(python3 -c 'import re; m = re.search(r"id=\"conflict\" data-conflict-states=\"(\d+)\" data-states=\"(\d+)\">(\d+) of (\d+) states", open("pair.dom").read()); print("|".join(m.groups()))')" \
	"$(q demo.db "SELECT conflict_states, states, conflict_states, states FROM pair_verdicts WHERE run_id = 1 AND harness = 'atomic-counter' AND f = 'atomic_add_return' AND g = f")" "conflict rate"
expect_match "$(cat pair.dom)" '<th>state</th><td><code>fresh</code></td>' "witness state"
expect_match "$(cat pair.dom)" '<code>atomic_add_return\(1\)</code> returns <code>1</code>, <code>atomic_add_return\(1\)</code> returns <code>2</code>' "witness returns"

# The function page of atomic_inc: its heavyweight site from the scan.
page=$(grep -l '<h1>atomic_inc</h1>' "$site"/fn-*.html | head -1)
browse "file://$page" function --dump-dom
expect_eq "$(complaints function)" "" "function page: no console message"
expect_match "$(cat function.dom)" "id=\"heavyweight\">$(q demo.db "SELECT heavyweight_sites || ' of its own, ' || transitive_heavyweight FROM scan_functions WHERE run_id = 1 AND name = 'atomic_inc'") reached" "heavyweight counts"
expect_match "$(cat function.dom)" '__atomic_fetch_add\(&amp;atomic_count, 1, __ATOMIC_SEQ_CST\);' "source excerpt of the site"

# A screenshot of the index, kept.
rm -f "$shots/report-index.png"
browse "file://$site/index.html" shot --screenshot="$shots/report-index.png" --window-size=1280,2400
expect_eq "$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print(d[:8] == b"\x89PNG\r\n\x1a\n" and len(d) > 20000)' "$shots/report-index.png")" True "screenshot kept"
finish
