# Each rule of docs/findings.md triggered by a purpose-built fixture, and not triggered by
# its counterpart: tally.c (one counter per rule, exercised by a harness or only scanned)
# and drift.c (results that depend on time).
. "$(dirname "$0")/lib_report.sh"
db=rules.db
expect_status 0 "scan tally" -- scan $db "$RF/tally"
expect_status 0 "run tally" -- "$SNC" run --db $db --quiet --depth 1 "$RF/tally/tally_harness.c" "$RF/tally/tally.c"
expect_status 0 "run drift" -- "$SNC" run --db $db --quiet --depth 0 "$RF/drift_harness.c" "$RF/drift.c"
expect_status 0 "run steady" -- "$SNC" run --db $db --quiet "$RF/steady_harness.c" "$RF/drift.c"
expect_status 0 "report" -- "$SNC" report --db $db
report=$out

# Triggered, with the severity of the rule (a scan-only candidate is a warning).
expect_eq "$(findings $db "rule = 'snc-unsynchronized'")" \
"snc-unsynchronized|warning|tally_next x tally_next (nexts)
snc-unsynchronized|error|tally_take x tally_take in tally" "snc-unsynchronized: verdict and scan-only"
expect_eq "$(findings $db "rule = 'contract-reliant'")" \
	"contract-reliant|note|tally_consume x tally_consume in tally" "contract-reliant"
expect_eq "$(findings $db "rule = 'needless-heavyweight'")" \
"needless-heavyweight|note|tally_bump in tally
needless-heavyweight|note|tally_log" "needless-heavyweight: verdict and scan-only"
expect_eq "$(findings $db "rule = 'gratuitous-snc'")" \
"gratuitous-snc|note|tally_seq x tally_seq (seqs)
gratuitous-snc|note|tally_ticket x tally_ticket in tally" "gratuitous-snc: verdict and scan-only"
expect_eq "$(findings $db "rule = 'non-deterministic'")" \
"non-deterministic|warning|drift_arm x drift_read in drift
non-deterministic|warning|drift_now in drift" "non-deterministic: an op alone, a sequence"

# Not triggered: the counterparts appear in no finding at all.
for fn in tally_take_atomic tally_bumps tally_fence tally_next_locked tally_logged drift_count drift_total; do
	expect_eq "$(q $db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND f = '$fn' OR g = '$fn'")" 0 "no finding about $fn"
done
expect_eq "$(q $db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND harness = 'steady'")" 0 "steady harness: no finding"
expect_eq "$(q $db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND rule = 'regression'")" 0 "no regression without a baseline"

# Places: the function in the library when the scan found it, else the SNC_OP line.
expect_eq "$(q $db "SELECT file || ':' || line FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'tally_take x tally_take in tally'")" \
	"$RF/tally/tally.c:$(grep -n '^long tally_take(void)' "$RF/tally/tally.c" | cut -d: -f1)" "place from the scan"
expect_eq "$(q $db "SELECT file || ':' || line FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'drift_now in drift'")" \
	"$RF/drift_harness.c:$(grep -n 'SNC_OP(drift_now)' "$RF/drift_harness.c" | cut -d: -f1)" "place from the harness"

# Messages name the loophole; evidence carries the witness, the sites, the call sites.
msg() { q $db "SELECT $2 FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = '$1' AND run_id = (SELECT max(run_id) FROM findings)"; }
expect_match "$(msg 'tally_take x tally_take in tally' message)" 'cannot be linearizable.*loophole 1.*loophole 4' "unsynchronized message"
expect_match "$(msg 'tally_take x tally_take in tally' evidence)" 'state: fresh' "unsynchronized witness"
expect_match "$(msg 'tally_take x tally_take in tally' evidence)" 'tally_take\(\) then tally_take\(\): tally_take\(\) returns 1, tally_take\(\) returns 2' "witness returns"
expect_match "$(msg 'tally_consume x tally_consume in tally' message)" 'single-consumer contract' "contract named"
expect_match "$(msg 'tally_bump in tally' message)" 'non-SNC with every operation.*loophole 1 or 2' "needless message"
expect_match "$(msg 'tally_bump in tally' evidence)" '__atomic_fetch_add \(rmw, seq_cst\) at .*tally.c:[0-9]+, reached as tally_bump' "needless sites"
expect_match "$(msg 'tally_ticket x tally_ticket in tally' evidence)" 'in issue_ticket: the value of tally_ticket is discarded' "gratuitous call site"
expect_match "$(msg 'drift_now in drift' message)" 'loophole 3' "non-determinism loophole"

# The terminal summary says the same.
expect_match "$report" 'findings: 1 error, 3 warning, 5 note outstanding; 0 intentional' "summary counts"
expect_match "$report" 'tally.c:[0-9]+: error: snc-unsynchronized: tally_take x tally_take in tally' "summary line"
finish
