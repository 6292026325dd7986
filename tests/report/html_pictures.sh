# The HTML report's pictures, checked in the DOM headless Chromium renders from file://
# (one browser for every page):
# each non-linearizable schedule as two thread columns with its conflicting accesses
# linked (the trace the schedules pass stored, as `snc replay` prints it), the per-op cost
# bars of a harness page with the numbers of the op_costs view, and the history of a
# harness across two runs with the verdict that changed. Then a report written again into
# the same folder: the pages only the first report wrote are gone, the user's files stay.
# Reads a copy of the demo database (fixture.demo); one more `snc run` of the racy counter
# into the copy gives the second run. Skipped when chromium is not installed.
. "$(dirname "$0")/lib_report.sh"
chromium=$(command -v chromium || command -v chromium-browser) || skip "chromium is not installed"
need_demo_db
cp "$SNC_DEMO_DB" s.db
# The pages are rendered together by one headless Chromium once every report is written
# (tests/report/browse.py). to_render FILE NAME: the DOM Chromium builds from the page will
# be NAME.dom; render_all renders them; rendered NAME: the page said nothing, loaded all.
pages_to_render=()
to_render() { pages_to_render+=("dom:$2:file://$PWD/$1"); }
render_all() {
	timeout 300 "$PYTHON" "$(dirname "$0")/browse.py" "$chromium" "${pages_to_render[@]}" 2>browse.err ||
		fail "headless Chromium: $(cat browse.err)"
}
rendered() {
	expect_eq "$(grep -E 'CONSOLE|net::ERR|Uncaught' "$1.log")" "" "$1: no console message, no failed load"
}
# page DIR H1 [HARNESS]: the page of DIR whose heading is H1 (of HARNESS: a pair page names it).
page() {
	local f
	for f in $(grep -l "<h1>$2</h1>" "$1"/*.html); do
		[ -z "${3:-}" ] || grep -q ">$3</a></p>" "$f" || continue
		echo "$f"
		return
	done
}
# The schedule's steps as the database has them, and the links the picture must draw: from
# each access to the next access of the other thread to overlapping memory, one writing.
expected_links() {
	python3 - "$1" "$2" <<'PY'
import sqlite3, sys
rows = sqlite3.connect(sys.argv[1]).execute(
    "SELECT ordinal, thread, kind, address, size, writes FROM schedule_steps "
    "WHERE outcome_id = ? ORDER BY ordinal", (int(sys.argv[2]),)).fetchall()
def access(r): return r[3] != 0 and r[2] not in ('call', 'switch')
def conflict(a, b):
    return (a[1] != b[1] and access(a) and access(b) and (a[5] or b[5])
            and a[3] < b[3] + (b[4] or 1) and b[3] < a[3] + (a[4] or 1))
links = []
for i, a in enumerate(rows):
    for b in rows[i + 1:]:
        if conflict(a, b):
            links.append('%d->%d' % (a[0], b[0]))
            break
print(' '.join(links))
PY
}
# What the rendered picture shows: its columns, its boxes by thread, its links.
drawn() {
	python3 - "$1" <<'PY'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.columns, self.steps, self.links, self.imgs = [], {0: 0, 1: 0}, [], 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get('class', '')
        if tag == 'img':
            self.imgs += 1
        if tag == 'g' and cls == 'thread-column':
            self.columns.append(a['data-thread'])
        if tag == 'g' and cls == 'step':
            self.steps[int(a['data-thread'])] += 1
        if tag == 'line' and cls == 'conflict':
            self.links.append(a['data-from'] + '->' + a['data-to'])
p = P()
p.feed(open(sys.argv[1]).read())
print('columns', ' '.join(p.columns), '| steps', p.steps[0], p.steps[1], '| links', ' '.join(p.links),
      '| img', p.imgs)
PY
}

# A second run of the racy counter (measured when valgrind is there), and a verdict of the
# demo's run made different, so that the history has a change to show.
measure=
have_valgrind && measure=--measure
expect_status 0 "second run" -- "$SNC" run --db s.db --quiet --schedules $measure \
	"$SNC_SOURCE_DIR/examples/counters/racy_harness.c" "$SNC_SOURCE_DIR/examples/counters/counters.c"
first=$(q s.db "SELECT min(run_id) FROM harnesses WHERE name = 'racy-counter'")
second=$(q s.db "SELECT max(run_id) FROM harnesses WHERE name = 'racy-counter'")
expect_eq "$((second > first))" 1 "two runs of racy-counter"
sqlite3 s.db "UPDATE verdicts SET verdict = 'commutative' WHERE id IN (SELECT verdict_id FROM pair_verdicts
	WHERE run_id = $first AND harness = 'racy-counter' AND f = 'racy_add_return' AND g = 'racy_add_return')"
expect_status 0 "report" -- "$SNC" report --db s.db --html site

# Each non-linearizable pair: two thread columns, a box per trace entry of each thread, and
# exactly the links between conflicting accesses that the stored trace implies.
pairs=("racy-counter:racy_add_return x racy_add_return" "byte-set:set_add x set_add"
       "byte-set:set_add x set_remove" "byte-set:set_remove x set_remove")
ids=()
for pair in "${pairs[@]}"; do
	p=$(page site "${pair#*:}" "${pair%%:*}")
	id=$(python3 -c 'import re, sys; print(re.search(r"id=\"broken-picture\" data-schedule=\"(\d+)\"", open(sys.argv[1]).read()).group(1))' "$p")
	ids+=("$id")
	to_render "$p" "${pair%%:*}-$id"
done
# Hostile text in a stored trace stays text (the last pair's schedule, in a report of its own).
sqlite3 s.db "UPDATE schedule_steps SET access = '<img src=x onerror=alert(1)>&\"' WHERE outcome_id = $id AND ordinal = 0"
expect_status 0 "report of the hostile trace" -- "$SNC" report --db s.db --html evil
to_render "$(page evil "set_remove x set_remove" byte-set)" evil
harness_page=$(page site racy-counter)
to_render "$harness_page" harness
to_render site/index.html index
render_all

for k in "${!pairs[@]}"; do
	pair=${pairs[$k]} id=${ids[$k]}
	expect_eq "$(q s.db "SELECT linearizable FROM schedules WHERE schedule_id = $id")" 0 "$pair: the picture is of a non-linearizable schedule"
	cp "${pair%%:*}-$id.dom" pair.dom
	rendered "${pair%%:*}-$id"
	steps=$(q s.db "SELECT sum(thread = 0 AND kind <> 'switch') || ' ' || sum(thread = 1 AND kind <> 'switch') FROM schedule_steps WHERE outcome_id = $id")
	links=$(expected_links s.db "$id")
	expect_match "$links" '^[0-9]+->[0-9]+' "$pair: the stored trace has conflicting accesses"
	expect_eq "$(drawn pair.dom)" "columns 0 1 | steps $steps | links $links | img 0" "$pair: columns, boxes, links"
done
# The racy counter's lost update: thread 1 reads the counter, writes it, and thread 0's
# write (of what it read before) comes after: the arrows say so.
cp racy-counter-*.dom racy.dom
expect_match "$(cat racy.dom)" 'class="switch"[^>]*>.*thread [01] preempted' "the preemption is drawn"
expect_eq "$(python3 - racy.dom <<'PY'
import re, sys
d = open(sys.argv[1]).read()
steps = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(
    r'<g class="step" id="broken-picture-step-(\d+)" data-ordinal="\d+" data-thread="(\d)" data-kind="(\w+)"', d)}
for m in re.finditer(r'<line class="conflict" data-from="(\d+)" data-to="(\d+)"', d):
    a, b = steps[m.group(1)], steps[m.group(2)]
    print('t%s %s -> t%s %s' % (a[0], a[1], b[0], b[1]))
PY
)" "t0 read -> t1 write
t1 read -> t0 write
t1 write -> t0 write" "read before the other's write, write over the other's write"

# Hostile text in a stored trace stays text.
rendered evil
expect_match "$(drawn evil.dom)" '\| img 0$' "no element from the trace's text"
expect_match "$(cat evil.dom)" '&lt;img src=x onerror=alert\(1\)&gt;&amp;"' "shown as text"

# Cost bars on each harness page: one row per measured op, each bar with the op_costs view's
# number (two decimals) for the run the facts hold.
rendered harness
if have_valgrind; then
	expect_eq "$(python3 - harness.dom <<'PY'
import re, sys
d = open(sys.argv[1]).read()
for row in re.finditer(r'<g class="cost-row" data-op="([^"]+)">(.*?)</g>', d, re.S):
    vals = dict(re.findall(r'data-metric="(\w+)" data-value="([0-9.]+)"', row.group(2)))
    print(row.group(1), vals['instructions'], vals['rmw'], vals['fences'])
PY
)" "$(q s.db "SELECT op || ' ' || printf('%.2f', instructions_per_call) || ' ' || printf('%.2f', rmw_per_call) || ' ' || printf('%.2f', fences_per_call) FROM op_costs WHERE run_id = $second AND harness = 'racy-counter' ORDER BY op_ordinal" | tr '|' ' ')" "cost bars carry the measured numbers"
	expect_match "$(cat harness.dom)" 'class="spark-point" data-run="'"$first"'"' "the cost trend has the first run"
	expect_match "$(cat harness.dom)" 'class="spark-point" data-run="'"$second"'"' "and the second"
else
	expect_match "$(cat harness.dom)" 'id="no-costs"' "no bars without measurements"
fi
# The history: a row per run, the verdict change on the second.
expect_eq "$(grep -o '<tr class="history-run" data-run="[0-9]*"' harness.dom | grep -o '[0-9]*' | tr '\n' ' ')" "$first $second " "a history row per run"
expect_match "$(tr -d '\n' < harness.dom)" "data-run=\"$second\">.*<td class=\"changes\"><span class=\"change\" data-pair=\"racy_add_return x racy_add_return\"><code>racy_add_return x racy_add_return</code>: <span class=\"v v-commutative\">commutative</span> → <span class=\"v v-snc\">snc</span>" "the changed verdict"
rendered index
expect_match "$(cat index.dom)" '<a href="harness-[0-9]+.html">racy-counter</a>' "the index links the harness page"

# A new report into the same folder: a database with the racy counter alone writes fewer
# pages; the first report's other pages go, the user's files stay (even one named like a
# page, and one a tampered manifest names outside the folder).
expect_status 0 "small run" -- "$SNC" run --db small.db --quiet \
	"$SNC_SOURCE_DIR/examples/counters/racy_harness.c" "$SNC_SOURCE_DIR/examples/counters/counters.c"
echo mine > site/notes.txt
echo mine > site/pair-90-90.html
echo outside > outside.html
echo ../outside.html >> site/.snc-report-manifest
before=$(ls site | wc -l)
expect_eq "$(test -f site/fn-0.html && test -f site/harness-9.html && echo yes)" yes "the first report has function pages and ten harnesses"
expect_status 0 "report into the same folder" -- "$SNC" report --db small.db --html site
expect_eq "$(ls site | sort | tr '\n' ' ')" "$(printf '%s\n' harness-0.html index.html notes.txt op-0-0.html op-0-1.html pair-0-0.html pair-0-1.html pair-0-2.html pair-90-90.html | tr '\n' ' ')" "only the new pages and the user's files"
expect_eq "$(cat site/notes.txt site/pair-90-90.html outside.html | tr '\n' ' ')" "mine mine outside " "the user's files are untouched"
expect_eq "$(sort site/.snc-report-manifest | tr '\n' ' ')" "harness-0.html index.html op-0-0.html op-0-1.html pair-0-0.html pair-0-1.html pair-0-2.html " "the manifest lists what was written"
expect_eq "$((before > 20))" 1 "the first report had many pages ($before)"
finish
