# audit.stateless: a stateless family whose digest is not complete (macro wrappers: their
# bodies are not in the scan's model), in which the fence and the arithmetic macro provably
# keep no state (.stateless_ops): the runner probes them and copies the pairs they begin
# from the second op alone, and the states they build from the fresh one, instead of
# running them. Every execution is still stored, with the outcome running it gives.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/stateless.h"
expect_match "$(cat "$PWD/emitted/stateless_stateless.c")" '\.stateless_ops = SNC_NAMES\("fence", "twice"\),' \
	"the ops whose bodies read, write and call nothing are named; next_ticks calls tick()"
expect_eq "$(v stateless_stateless next_ticks next_ticks)" "snc" "the op that keeps state still runs"
expect_eq "$(v stateless_stateless fence next_ticks)" "commutative" "a fence and a counter commute"
exe() {   # exe STATE FIRST SECOND: the results stored for the pair in that state
	q "$DB" "SELECT e.first_result || ' ' || e.second_result || ' ' || e.deterministic
	         FROM executions e JOIN states s ON s.id = e.state_id JOIN harnesses h ON h.id = s.harness_id
	         JOIN ops f ON f.id = e.first_op JOIN ops g ON g.id = e.second_op
	         WHERE h.run_id = $run AND h.name = 'stateless_stateless' AND s.label = '$1'
	         AND f.name || '(' || e.first_args || ')' = '$2' AND g.name || '(' || e.second_args || ')' = '$3'"
}
expect_eq "$(exe 'twice(1)' 'twice(1)' 'next_ticks()')" "2 3 1" "a copied state's copied pair: twice(1) = 2, then 1 + 2"
expect_eq "$(exe 'fence()' 'next_ticks()' 'next_ticks()')" "3 7 1" "a copied state's pair that runs in the fresh state: 3, then 3 + 4"
expect_eq "$(exe 'next_ticks()' 'fence()' 'next_ticks()')" "void 7 1" "a copied pair in a state that ran: the counter is at 2"
work=$(q "$DB" "SELECT h.states_tried || ' ' || h.executions || ' ' || (SELECT count(*) FROM executions e
                JOIN states s ON s.id = e.state_id WHERE s.harness_id = h.id)
                FROM harnesses h WHERE h.run_id = $run AND h.name = 'stateless_stateless'")
expect_eq "$work" "5 22 100" \
	"5 states, 100 executions stored: 22 run (fresh and next_ticks(): 4 alone, 3 probes, next_ticks' 4 pairs)"
finish
