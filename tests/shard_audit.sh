# shard_audit.sh: `snc audit --shard K/N` and `snc merge` give what one audit gives. A few
# small fixture headers (6 families: the ring audited with proofs, a stateless one, a
# globals one, one whose harness does not link, one whose initial state crashes; a header
# that does not parse; planned in another order than their names sort) are audited once whole, and as 3 shards at once, as separate processes, merged. Every
# family ran in exactly one shard; the merged database holds the same verdicts (in the
# same order), witnesses, findings with their fingerprints, notes, ops, states, schedules
# and scan as the whole audit's, and the reports and the gate say the same. Then a missing
# shard and a repeated one are refused with one line and exit 2.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/shard_tables.sh"
AFIX="$SNC_SOURCE_DIR/tests/audit/fixtures"
headers="$AFIX/crashy.h $AFIX/broken.h $AFIX/pure.h $AFIX/ring.h $AFIX/macros.h $FIXTURES/shard_order.h"
# (a family that fails to build or start is a note, not a failed audit: exit 0; the
# operations' time limit is 1 s, not the audits' 20 ms, so that the boundary states found
# do not depend on how busy the machine is)
audit() {   # audit DB [--shard K/N]
	local db=$1
	shift
	# shellcheck disable=SC2086
	"$SNC" audit --db "$db" --quiet --repeat 1 --no-measure --timeout 1 "$@" $headers >"$db.log" 2>&1
}

audit whole.db || fail "the whole audit: $(tail -3 whole.db.log)"
pids=""
for k in 1 2 3; do
	audit s$k.db --shard $k/3 &
	pids="$pids $!"
done
k=1
for pid in $pids; do
	wait "$pid" || fail "shard $k/3: $(tail -3 s$k.db.log)"
	k=$((k + 1))
done
expect_match "$(cat whole.db.log)" '6 families: 4 audited, 1 failed to build, 1 failed to build their initial state' \
	"the whole audit: what became of the families"

# each family ran in exactly one shard; every shard ran one
for k in 1 2 3; do q s$k.db "SELECT name FROM harnesses"; done | sort >ran.txt
expect_eq "$(cat ran.txt)" "$(q whole.db "SELECT name FROM harnesses ORDER BY name")" \
	"each family's harness ran in exactly one shard"
expect_eq "$(for k in 1 2 3; do q s$k.db "SELECT count(*) > 0 FROM audit_items WHERE kind = 'family'"; done | sort -u)" \
	"1" "every shard audited (or failed) a family of its own"
expect_eq "$(q s2.db "SELECT shard, source_revision IS NOT NULL FROM run_summary")" "2/3|1" \
	"a shard's audit records its shard and source revision"
expect_eq "$(for k in 1 2 3; do q s$k.db "SELECT count(*) FROM scan_functions"; done | sort -u)" \
	"$(q whole.db "SELECT count(*) FROM scan_functions")" "every shard scanned the whole library"
items() { q "$1" "SELECT count(*) FROM audit_items"; }
expect_eq "$(($(items s1.db) + $(items s2.db) + $(items s3.db)))" \
	"$(q whole.db "SELECT count(*) FROM audit_items")" "the shards' notes are disjoint and add up to the whole's"

expect_status 0 "merge the audit's shards" -- "$SNC" merge merged.db s3.db s1.db s2.db
expect_match "$(q merged.db "SELECT count(*) FROM pair_verdicts")" '^[1-9]' "verdicts were merged"
expect_match "$(q merged.db "SELECT count(*) FROM explorations")" '^[1-9]' "the proofs' schedules were merged"
expect_eq "$(q merged.db "SELECT status, exit_code, merged_from FROM run_summary")" "ok|0|3" \
	"the merged audit: ok, from 3 shards"
for t in tables audit_tables; do
	$t whole.db | same_tmp >whole.$t
	$t merged.db | same_tmp >merged.$t
	checks=$((checks + 1))
	cmp -s whole.$t merged.$t ||
		fail "$t: the merged audit differs from the whole one: $(diff whole.$t merged.$t | head -20)"
done
for format in json sarif; do
	"$SNC" report --db whole.db --$format whole.$format >/dev/null
	"$SNC" report --db merged.db --$format merged.$format >/dev/null
	expect_eq "$(grep -v started_at merged.$format | same_tmp)" "$(grep -v started_at whole.$format | same_tmp)" \
		"report --$format says the same (but for the time)"
done
expect_status 1 "the gate on the whole audit" -- "$SNC" gate --db whole.db --fail-on error
gate_whole=$out
expect_match "$gate_whole" 'ring_enqueue x ring_enqueue is SNC' "the gate judges the ring's SNC pair"
expect_status 1 "the gate on the merged audit" -- "$SNC" gate --db merged.db --fail-on error
expect_eq "$out" "$gate_whole" "the gate says the same of both"
expect_status 0 "the merged audit gated against the whole one: nothing new" -- \
	"$SNC" gate --db merged.db --baseline whole.db --fail-on note

# --- what merge refuses ------------------------------------------------------------------
refused "a missing shard" 'shard 2/3 is missing' s1.db s3.db
refused "a repeated shard" 'shard 3/3 is given twice: s3.db and s3-copy.db' s1.db s2.db s3.db \
	"$(cp s3.db s3-copy.db && echo s3-copy.db)"
finish
