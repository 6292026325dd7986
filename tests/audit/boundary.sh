# audit.boundary: bounded structures are classified at their boundaries. The ring of
# ring.h is initialized with the smallest capacity (2), and each operation is repeated
# until its result changes: two enqueues fill the ring. With --depth 0 (only the fresh
# state enumerated) the states the saturation adds are what shows enqueue with itself to
# be snc: from the ring one enqueue short of full, the first enqueue wins and the second
# fails; from the full ring, every enqueue fails. Then the way back: from the full ring,
# dequeue is repeated until it fails (two entries, then empty), and the drained ring and the
# ring with one entry left are states too. Without boundary states enqueue with itself is
# only state-only.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/ring.h" --depth 0
expect_match "$(item family 'struct ring')" "^audited: a zeroed struct ring, then ring_init" "ring_init builds it"
expect_eq "$(q "$DB" "SELECT group_concat(label, ' | ') FROM (SELECT s.label FROM states s JOIN harnesses h ON h.id = s.harness_id
                      WHERE h.run_id = $run ORDER BY s.ordinal)")" \
	"fresh | ring_enqueue(0) | ring_enqueue(0); ring_enqueue(0) | ring_enqueue(0); ring_enqueue(0); ring_dequeue(); ring_dequeue() | ring_enqueue(0); ring_enqueue(0); ring_dequeue()" \
	"the boundary states: one short of full, full, drained from full, and one entry left"
expect_eq "$(q "$DB" "SELECT DISTINCT first_result FROM op_outcomes WHERE run_id = $run
                      AND state = 'ring_enqueue(0); ring_enqueue(0); ring_dequeue(); ring_dequeue()'
                      AND first_op = 'ring_dequeue' AND second_op IS NULL")" \
	"false, *out = 0" "the drained ring has nothing left to dequeue"
expect_eq "$(v ring ring_enqueue ring_enqueue)" "snc" "enqueue with itself at the boundary"
expect_eq "$(q "$DB" "SELECT witness_state || ': ' || f_alone || ', ' || f_after_g FROM pair_verdicts WHERE run_id = $run
                      AND f = 'ring_enqueue' AND g = 'ring_enqueue'")" "ring_enqueue(0): true, false" \
	"the witness: the last free slot goes to whichever enqueue runs first"
expect_eq "$(q "$DB" "SELECT DISTINCT first_result FROM op_outcomes WHERE run_id = $run
                      AND state = 'ring_enqueue(0); ring_enqueue(0)' AND first_op = 'ring_enqueue' AND second_op IS NULL")" \
	"false" "the full ring refuses an enqueue"
expect_eq "$(v ring ring_dequeue ring_dequeue)" "snc" "dequeue with itself from a ring with one entry"
expect_status 0 "no boundary states" -- "$SNC" audit --db "$DB" --repeat 1 --no-measure --depth 0 --boundary 0 "$AFIX/ring.h"
run=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'audit'")
expect_eq "$(v ring ring_enqueue ring_enqueue)" "state-only" "without them, enqueue with itself is only state-only"
expect_status 2 "a --boundary out of range" -- "$SNC" audit --db "$DB" --no-measure --boundary 9 "$AFIX/ring.h"
expect_match "$out" "--boundary needs a whole number from 0 to 8, not '9'" "says the range"
finish
