# State-only without a digest: the global set's add and remove of one key return nothing,
# yet the two orders leave different sets; member observes it, take is found not to be
# read-like by running it.
. "$(dirname "$0")/../lib.sh"
F="$SNC_SOURCE_DIR/tests/classifier/fixtures"
db=observe.db
expect_status 0 "global set runs" -- "$SNC" run --db $db --quiet --depth 1 "$F/global_set_harness.c" "$F/global_set.c"
expect_eq "$(verdict $db global-set add remove)" state-only "add/remove of one key: state-only without a digest"
expect_eq "$(q $db "SELECT w.state || '|' || w.f_call || '|' || w.g_call FROM witnesses w
	JOIN pair_verdicts p ON p.verdict_id = w.verdict_id
	WHERE p.harness = 'global-set' AND p.f = 'add' AND p.g = 'remove' AND w.role = 'state-only'")" \
	"fresh|add(0)|remove(0)" "the witness: add(0), remove(0) from the fresh state"
# What the read-like ops saw after each order. From the fresh state take still counts as
# read-like (from the empty set it changes nothing); states that hold a key exclude it.
expect_eq "$(q $db "SELECT w.digest_fg || ' | ' || w.digest_gf FROM witnesses w
	JOIN pair_verdicts p ON p.verdict_id = w.verdict_id
	WHERE p.harness = 'global-set' AND p.f = 'add' AND p.g = 'remove' AND w.role = 'state-only'")" \
	"observed: member(0) = false; member(1) = false; take(0) = false; take(1) = false | observed: member(0) = true; member(1) = false; take(0) = true; take(1) = false" \
	"observations after add;remove and remove;add"
# Without observation (a harness digest would be needed) the pair was commutative: the
# digests of the two orders differ only because of what was observed.
expect_eq "$(q $db "SELECT count(*) FROM op_outcomes WHERE harness = 'global-set' AND second_op IS NOT NULL AND digest IS NULL")" 0 "every pair observed"
expect_eq "$(q $db "SELECT count(*) FROM op_outcomes WHERE harness = 'global-set' AND second_op IS NULL AND digest IS NOT NULL")" 0 "ops alone are not observed"
expect_eq "$(verdict $db global-set add add)" commutative "add/add commute"
expect_eq "$(verdict $db global-set remove remove)" commutative "remove/remove commute"
expect_eq "$(verdict $db global-set add member)" "non-commutative f->g" "add -> member"
expect_eq "$(verdict $db global-set member member)" commutative "member/member"
# Executions counted: each stored outcome once, and again (--repeat 2) each op alone and
# each pair that shows something: a result that is not the op's alone, or a final state
# (here: what was observed) that is not the other order's. The discovery run of the fresh
# state, which is not stored, is not among them.
expect_eq "$(q $db "SELECT executions FROM harnesses WHERE name = 'global-set'")" \
	"$(q $db "WITH o AS (SELECT * FROM op_outcomes WHERE harness = 'global-set')
	SELECT count(*) + sum(second_op IS NULL
		OR first_result IS NOT (SELECT s.first_result FROM o s WHERE s.state_ordinal = o.state_ordinal
			AND s.second_op IS NULL AND s.first_op = o.first_op AND s.first_args IS o.first_args)
		OR second_result IS NOT (SELECT s.first_result FROM o s WHERE s.state_ordinal = o.state_ordinal
			AND s.second_op IS NULL AND s.first_op = o.second_op AND s.first_args IS o.second_args)
		OR digest IS NOT (SELECT m.digest FROM o m WHERE m.state_ordinal = o.state_ordinal
			AND m.first_op = o.second_op AND m.first_args IS o.second_args
			AND m.second_op = o.first_op AND m.second_args IS o.first_args)) FROM o")" \
	"stored executions counted"
expect_eq "$(q $db "SELECT executions < 2 * (SELECT count(*) FROM op_outcomes WHERE harness = 'global-set')
	FROM harnesses WHERE name = 'global-set'")" 1 "pairs that commute are not repeated"
finish
