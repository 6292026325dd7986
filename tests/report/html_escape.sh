# Every string from code under test is escaped: a harness whose name and op name (string
# literals of the harness) carry markup, quotes and ampersands, in a file whose name does
# too, scanned and run, then reported as HTML, SARIF and JSON.
. "$(dirname "$0")/lib_report.sh"
evil='ev<i>l&"q"'
mkdir "$evil"
cp "$RF/evil_harness.c" "$evil/$evil.c"
cp "$RF/drift.c" "$RF/drift.h" "$evil/"
expect_status 0 "scan" -- scan evil.db "$evil"
expect_status 0 "run" -- "$SNC" run --db evil.db --quiet --depth 1 "$evil/$evil.c" "$evil/drift.c"
op='<script>alert(1)</script>&"q"'
harness="<b>evil</b>&'h'"
expect_eq "$(q evil.db "SELECT name FROM ops WHERE name LIKE '<script>%'")" "$op" "the op name as stored"
expect_status 0 "report" -- "$SNC" report --db evil.db --html html --sarif evil.sarif --json evil.json --root .
expect_eq "$(q evil.db "SELECT subject FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND rule = 'non-deterministic'")" "$op in $harness" "a finding names them"

# No page carries markup from the data: the only script is the index's own, no <i> or
# markup from names anywhere, and the escaped forms are there.
python3 - html "$op" "$harness" "$evil" > tags.txt <<'PY'
import html, os, sys
from html.parser import HTMLParser
d, op, harness, evil = sys.argv[1:5]
class Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text = {}, []
    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for _, v in attrs:
            self.text.append(v or '')
    def handle_data(self, data):
        self.text.append(data)
scripts = pages = 0
found = {'op': 0, 'harness': 0, 'file': 0}
for name in sorted(os.listdir(d)):
    p = Tags()
    p.feed(open(os.path.join(d, name), encoding='utf-8').read())
    pages += 1
    scripts += p.tags.get('script', 0)
    if p.tags.get('i', 0):
        print('raw <i> in', name)
    text = ''.join(p.text)
    found['op'] += op in text
    found['harness'] += harness in text
    found['file'] += (evil + '.c') in text
print('pages', pages > 3, 'scripts', scripts)
print('op', found['op'] > 2, 'harness', found['harness'] > 2, 'file', found['file'] > 0)
PY
expect_eq "$(cat tags.txt)" "pages True scripts 1
op True harness True file True" "only our script; names shown as text"
expect_eq "$(grep -l '<script>alert' html/* | wc -l)" 0 "no raw script from a name"
expect_eq "$(grep -l '<b>evil' html/* | wc -l)" 0 "no raw markup from the harness name"
expect_match "$(cat html/index.html)" '&lt;script&gt;alert\(1\)&lt;/script&gt;&amp;&quot;q&quot;' "op escaped"
expect_match "$(cat html/index.html)" '&lt;b&gt;evil&lt;/b&gt;&amp;&#39;h&#39;' "harness escaped"
expect_match "$(cat html/index.html)" 'ev&lt;i&gt;l&amp;&quot;q&quot;.c' "file name escaped"
expect_match "$(grep -l 'fresh' html/pair-*.html | head -1 | xargs cat)" '&lt;script&gt;alert\(1\)&lt;/script&gt;&amp;&quot;q&quot;\(\)' "witness call escaped"

# SARIF and JSON carry the names exactly (json-c escapes), the URI percent-encoded.
expect_eq "$(python3 -c '
import json, sys
s = json.load(open("evil.sarif"))
r = [x for x in s["runs"][0]["results"] if x["ruleId"] == "non-deterministic"][0]
print(r["properties"]["subject"])
print(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
j = json.load(open("evil.json"))
print(j["harnesses"][0]["name"], "|", j["harnesses"][0]["operations"][0]["name"])')" \
"$op in $harness
ev%3Ci%3El%26%22q%22/ev%3Ci%3El%26%22q%22.c
$harness | $op" "SARIF subject and URI, JSON names"
finish
