# Observations that block: without a digest a pair's state is observed through the
# read-like ops, and when those wait for good (held_lock_harness.c: grab keeps the mutex
# that peek takes) each pair takes its whole deadline, confirmed at ten times it. The state
# process must be given that long between two finished executions: the fresh state is
# built and run (status ok, every pair stored, no digest where the observation blocked),
# not given up as `blocks` (what liburcu's globals family got with --timeout 0.1).
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures"
db=observe_blocks.db
expect_status 0 "held lock runs" -- "$SNC" run --db $db --quiet --depth 0 --repeat 1 --timeout 0.05 \
	--jobs 64 "$F/held_lock_harness.c"
expect_eq "$(q $db "SELECT status FROM states")" ok "the fresh state ran to its end"
expect_eq "$(q $db "SELECT count(*) || ' ' || sum(digest IS NULL) FROM op_outcomes WHERE second_op IS NOT NULL")" \
	"49 49" "every pair stored; the blocked observations give no digest"
expect_eq "$(verdict $db held-lock grab grab)" "unknown" "grab after grab blocks: unknown, from an ok state"
finish
