# `snc demo --measure` (what `make demo` runs, here fixture.demo) ends with the HTML report;
# headless Chromium (Debian's chromium, one browser for every page) opens it from
# file://: the pages run their script without a console message or a failed load, they
# show the demo's numbers (10 harnesses, 51 pairs, 13 of them snc, ...), and a screenshot
# is kept in the build tree (tests/report/report-index.png). Skipped when chromium is not installed.
# (The SVG chart needs the measured costs: it is checked when valgrind is installed.)
. "$(dirname "$0")/lib_report.sh"
chromium=$(command -v chromium || command -v chromium-browser) || skip "chromium is not installed"
shots="$SNC_BUILD_DIR/tests/report"
# What the page itself said or failed to load (browse.py writes one line for each).
complaints() { grep -E 'CONSOLE|net::ERR|Uncaught' "$1.log"; }

need_demo_db
demo=$SNC_DEMO_DB
expect_match "$(cat "$(dirname "$demo")/demo.out")" "HTML report: $(dirname "$demo")/demo-report/index.html" "demo prints where the report is"
site="$(dirname "$demo")/demo-report"
# The pair page of quick quiz 1 and the function page of atomic_inc.
pair_page=$(grep -l '<h1>atomic_add_return x atomic_add_return</h1>' "$site"/pair-*.html | head -1)
expect_match "$pair_page" 'pair-[0-9]+-[0-9]+\.html$' "the QQ1 pair has a page"
function_page=$(grep -l '<h1>atomic_inc</h1>' "$site"/fn-*.html | head -1)

# Every page in one headless Chromium (tests/report/browse.py: a tab each, no network), a
# page with an error in its script first; then a screenshot of the index, kept.
printf '<!DOCTYPE html><html><body><script>undefined_function();</script></body></html>' > broken.html
rm -f "$shots/report-index.png"
timeout 300 "$PYTHON" "$(dirname "$0")/browse.py" "$chromium" "dom:broken:file://$PWD/broken.html" \
	"dom:index:file://$site/index.html" "dom:pair:file://$pair_page" "dom:function:file://$function_page" \
	"png:$shots/report-index.png:1280x2400:file://$site/index.html" 2>browse.err ||
	fail "headless Chromium: $(cat browse.err)"

# The check is real: a page with an error in its script is caught.
expect_match "$(complaints broken)" 'Uncaught ReferenceError: undefined_function' "a script error is seen"

expect_eq "$(complaints index)" "" "index: no console message, no failed load"
expect_match "$(cat index.dom)" '<body data-ready="1">' "index: its script ran"
number() { python3 -c 'import re, sys; m = re.search(r"id=\"" + sys.argv[2] + r"\"[^>]*>([^<]*)<", open(sys.argv[1]).read()); print(m.group(1) if m else "missing")' "$1" "$2"; }
expect_eq "$(number index.dom count-harnesses) $(number index.dom count-ops) $(number index.dom count-pairs)" "10 26 51" "harnesses, ops, pairs"
expect_eq "$(for v in snc snc-split non-commutative state-only commutative unknown; do printf '%s ' "$v=$(number index.dom count-$v)"; done)" \
	"snc=13 snc-split=4 non-commutative=14 state-only=2 commutative=18 unknown=0 " "pairs per verdict"
expect_eq "$(for s in error warning note; do printf '%s ' "$s=$(number index.dom outstanding-$s)"; done)" \
	"error=7 warning=0 note=8 " "outstanding findings per severity"
expect_eq "$(number index.dom shown)" 15 "findings listed (after the filter script ran)"
expect_eq "$(grep -o '<rect class="cell' index.dom | wc -l)" 76 "one matrix cell per ordered pair: 26 ops with themselves, 25 pairs both ways"

# The chart of conflict rate against heavyweight per call: a point per measured pair.
if have_valgrind; then
	expect_eq "$(number index.dom chart-points)" 51 "a chart point per measured pair"
else
	expect_match "$(cat index.dom)" 'No measured costs in this run' "no chart without measurements"
fi

# The pair page of quick quiz 1: the witness and the conflict rate from the database.
expect_eq "$(complaints pair)" "" "pair page: no console message"
expect_eq "$(python3 -c 'import re; m = re.search(r"id=\"conflict\" data-conflict-states=\"(\d+)\" data-states=\"(\d+)\">(\d+) of (\d+) states", open("pair.dom").read()); print("|".join(m.groups()))')" \
	"21|21|21|21" "conflict rate: every one of the 21 states"
expect_match "$(cat pair.dom)" '<th>state</th><td><code>fresh</code></td>' "witness state"
expect_match "$(cat pair.dom)" '<code>atomic_add_return\(1\)</code> returns <code>1</code>, <code>atomic_add_return\(1\)</code> returns <code>2</code>' "witness returns"

# The function page of atomic_inc: its heavyweight site from the scan.
expect_eq "$(complaints function)" "" "function page: no console message"
expect_match "$(cat function.dom)" "id=\"heavyweight\">1 of its own, 1 reached" "heavyweight counts"
expect_match "$(cat function.dom)" '__atomic_fetch_add\(&amp;atomic_count, 1, __ATOMIC_SEQ_CST\);' "source excerpt of the site"

# The screenshot of the index.
expect_eq "$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); print(d[:8] == b"\x89PNG\r\n\x1a\n" and len(d) > 20000)' "$shots/report-index.png")" True "screenshot kept"
finish
