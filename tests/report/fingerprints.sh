# Fingerprints depend on the rule, the function names and the shared state only: moving a
# function to another line or another file, or reordering a harness's operations, changes
# where a finding points but not its fingerprint, so the gate does not call it new.
. "$(dirname "$0")/lib_report.sh"

# a: the fixture as it is. b: tally_take moved into a file of its own, further down; the
# harness's operations reordered and moved down.
mkdir a b
cp "$RF"/tally/* a/
cp "$RF"/tally/* b/
python3 - b <<'PY'
import re, sys
d = sys.argv[1]
src = open(d + '/tally.c').read()
take = re.search(r'\nlong tally_take\(void\)\n\{\n\treturn \+\+taken;\n\}\n', src).group(0)
src = src.replace(take, '\n')
open(d + '/tally.c', 'w').write(src)
open(d + '/tally_take.c', 'w').write('/* tally_take.c: moved out of tally.c. */\n#include "tally.h"\n'
                                     + '\n' * 20 + 'long taken;\n' + take)
h = open(d + '/tally_harness.c').read()
ops = re.search(r'SNC_OPS\((.*)\)\);', h, re.S).group(1)
items = [o.strip() for o in ops.split(',\n')]
h = h.replace(ops, ',\n\t\t\t   '.join(reversed(items)))
open(d + '/tally_harness.c', 'w').write(h.replace('#include "tally.h"\n', '#include "tally.h"\n' + '\n' * 7))
PY
sed -i 's/^static long taken, /extern long taken;\nstatic long /' b/tally.c
expect_eq "$(grep -c 'tally_take(void)' b/tally.c b/tally_take.c | paste -sd' ')" "b/tally.c:0 b/tally_take.c:1" "tally_take moved"

for side in a b; do
	expect_status 0 "scan $side" -- scan $side.db $side
	expect_status 0 "run $side" -- "$SNC" run --db $side.db --quiet --depth 1 $side/tally_harness.c $side/tally.c \
		$(ls $side/tally_take.c 2>/dev/null)
	expect_status 0 "report $side" -- "$SNC" report --db $side.db
done
prints() { q $1 "SELECT rule || ' ' || subject || ' ' || fingerprint FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) ORDER BY 1"; }
expect_match "$(prints a.db)" 'snc-unsynchronized tally_take x tally_take in tally [0-9a-f]{16}' "a finding to follow"
expect_eq "$(prints b.db)" "$(prints a.db)" "same fingerprints after the move"
place() { q $1 "SELECT file || ':' || line FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'tally_take x tally_take in tally'"; }
expect_eq "$(place a.db)" "$PWD/a/tally.c:$(grep -n '^long tally_take(void)' a/tally.c | cut -d: -f1)" "a: in tally.c"
expect_eq "$(place b.db)" "$PWD/b/tally_take.c:$(grep -n '^long tally_take(void)' b/tally_take.c | cut -d: -f1)" "b: in tally_take.c"
expect_status 0 "gate b against a" -- "$SNC" gate --db b.db --baseline a.db --fail-on note
expect_match "$out" '0 outstanding' "nothing new after a move"

# Without a scan a finding points at the SNC_OP line; moving it changes nothing else.
mkdir d1 d2
cp "$RF/drift_harness.c" "$RF/drift.c" "$RF/drift.h" d1/
cp "$RF/drift_harness.c" "$RF/drift.c" "$RF/drift.h" d2/
sed -i 's/^SNC_HARNESS/\n\n\nSNC_HARNESS/' d2/drift_harness.c
for d in d1 d2; do
	expect_status 0 "run $d" -- "$SNC" run --db $d.db --quiet --depth 0 $d/drift_harness.c $d/drift.c
	expect_status 0 "report $d" -- "$SNC" report --db $d.db
done
expect_eq "$(prints d2.db)" "$(prints d1.db)" "same fingerprints after moving the op"
expect_eq "$(q d2.db "SELECT line FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'drift_now in drift'")" \
	"$(( $(q d1.db "SELECT line FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'drift_now in drift'") + 3 ))" "the line moved"
# A different rule, object or name does change it.
expect_eq "$(q d1.db "SELECT count(DISTINCT fingerprint) = count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings)")" 1 "distinct findings, distinct fingerprints"
finish
