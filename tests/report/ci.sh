# docs/snc-ci.yml does what docs/ci.md says: its scan, harness, report and gate steps,
# taken from the file as written, run on main's code (the baseline), then on a pull
# request that turns atomic_inc into an atomic_add_return in examples/counters. The pull
# request's database starts as a copy of main's, and of the harness step only the line of
# the one harness the change touches runs again (the report reads each harness's latest run).
# The runs classify from states up to depth 1, set in a project file (.snc) beside the
# checkouts so that the workflow's lines run as written: the findings, the counter's
# verdicts and the gate's decisions are those of the default depth, at a quarter of its CPU.
. "$(dirname "$0")/lib_report.sh"
workflow="$SNC_SOURCE_DIR/docs/snc-ci.yml"
export PATH="$(dirname "$SNC"):$PATH" DB=snc.db
printf '[run]\ndepth = 1\n' > .snc
export SNC_CONFIG="$PWD/.snc"

# step NAME: the `run:` block of the step with that name.
step() {
	python3 - "$workflow" "$1" <<'PY'
import re, sys
text, name = open(sys.argv[1]).read(), sys.argv[2]
m = re.search(r'^(\s*)- name: ' + re.escape(name) + r'\n(?:\1  .*\n)*?\1  run: (.*)\n((?:\1    .*\n|\s*\n)*)', text, re.M)
if m.group(2) != '|':
    print(m.group(2))          # a one-line run
else:
    indent = m.group(1) + '    '
    print(''.join(l[len(indent):] if l.startswith(indent) else l for l in m.group(3).splitlines(True)))
PY
}
for s in "Scan the sources" "Run the harnesses" "Report" "Gate"; do
	expect_match "$(step "$s")" 'snc ' "the workflow has the step '$s'"
done

# A checkout: examples/ and the harness header where the workflow expects them.
checkout() {
	mkdir -p "$1/runtime" && cp -r "$EXAMPLES" "$1/examples" && ln -s "$SNC_SOURCE_DIR/runtime/include" "$1/runtime/include"
}
pipeline() {
	(cd "$1" && for s in "Scan the sources" "Run the harnesses" "Report"; do bash -e -c "$(step "$s")" || exit 1; done)
}
# only HARNESS: the harness step with only its line that runs HARNESS.
only() { step "Run the harnesses" | awk -v h="$1" '!/^run / || index($0, h)'; }
expect_eq "$(only examples/counters/atomic_harness.c | grep -c '^run ')" 1 "the harness step has one line per harness"
checkout main
expect_status 0 "main: scan, run, report" -- pipeline main
expect_match "$out" 'findings: 3 error, [0-9]+ warning, [0-9]+ note outstanding; 0 intentional' "the summary is in the log: main's 3 errors"
for f in snc.json snc.sarif snc-report/index.html; do
	expect_eq "$(test -s main/$f && echo yes)" yes "main keeps $f"
done

# A pull request with no change passes against main's result.
mkdir -p main/baseline && cp main/snc.json main/baseline/
expect_status 0 "gate: no change" -- bash -c "cd main && $(step Gate)"
expect_match "$out" '0 outstanding' "nothing new"

# A pull request that makes atomic_inc return the new value fails, saying why.
checkout pr
sed -i 's/^void atomic_inc(void);/long atomic_inc(void);/' pr/examples/counters/counters.h
sed -i 's/^void atomic_inc(void)$/long atomic_inc(void)/; s/^\t__atomic_fetch_add(&atomic_count, 1, __ATOMIC_SEQ_CST);/\treturn __atomic_add_fetch(\&atomic_count, 1, __ATOMIC_SEQ_CST);/' pr/examples/counters/counters.c
cp main/$DB pr/$DB
expect_status 0 "pr: scan, the counter's harness, report" -- bash -c "cd pr && bash -e -c \"\$1\" && bash -e -c \"\$2\" && bash -e -c \"\$3\"" - \
	"$(step "Scan the sources")" "$(only examples/counters/atomic_harness.c)" "$(step Report)"
expect_eq "$(q pr/$DB "SELECT group_concat(command || ' ' || target, ', ') FROM (SELECT * FROM runs WHERE id > (SELECT max(id) FROM runs) - 2 ORDER BY id)")" \
	"scan examples/, run examples/counters/atomic_harness.c" "the pull request ran the scan and one harness"
expect_eq "$(verdict pr/$DB atomic-counter atomic_inc atomic_inc)" snc "the changed atomic_inc is snc"
expect_eq "$(python3 -c 'import json; print(len(json.load(open("pr/snc.json"))["harnesses"]))')" 10 "the report still covers every harness"
mkdir -p pr/baseline && cp main/snc.json pr/baseline/
expect_status 1 "gate: atomic_inc became atomic_add_return" -- bash -c "cd pr && $(step Gate)"
expect_match "$out" '^examples/counters/counters.c:[0-9]+: regression: atomic_inc x atomic_inc became snc' "the review comment"
# Without main's result, every finding is judged.
rm -r pr/baseline
expect_status 1 "gate without a baseline" -- bash -c "cd pr && $(step Gate)"
expect_match "$out" 'snc-unsynchronized: racy_add_return x racy_add_return' "main's own findings count then"
finish
