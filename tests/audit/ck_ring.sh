# audit.ck_ring: Concurrency Kit's ck_ring.h, with a config file that keeps the SPSC and
# MPMC operations (the ring's 30 functions make a large harness). The ring's buffer is an
# object every operation reads (dequeue takes a const buffer): one shared array, not a
# fresh one per call. Payloads are tokens; the SPSC ops carry their contracts by name. The
# ring is initialized with the smallest power of two (2: one usable slot), so the fresh
# ring is one enqueue short of full and the full ring is a state of depth 1.
. "$(dirname "$0")/lib.sh"
need_ck
cat > ring.conf <<'CONF'
[family struct ck_ring]
skip *_spmc*
skip *_mpsc*
skip *_size
skip *reserve*
skip *commit*
skip ck_ring_repair
CONF
audit /usr/include/ck_ring.h --config ring.conf
expect_match "$(item family 'struct ck_ring')" "^audited: a zeroed struct ck_ring, then ck_ring_init" "ck_ring_init builds it"
expect_eq "$(v ck_ring ck_ring_dequeue_spsc ck_ring_dequeue_spsc)" "snc" "spsc dequeue with itself"
expect_eq "$(contract ck_ring ck_ring_dequeue_spsc ck_ring_dequeue_spsc)" "single-consumer" "with its contract"
expect_eq "$(contract ck_ring ck_ring_enqueue_spsc ck_ring_enqueue_spsc)" "single-producer" "enqueue: single producer"
expect_eq "$(v ck_ring ck_ring_dequeue_mpmc ck_ring_dequeue_mpmc)" "snc" "mpmc dequeue with itself"
expect_eq "$(contract ck_ring ck_ring_dequeue_mpmc ck_ring_dequeue_mpmc)" "-" "mpmc dequeue has no contract"
expect_match "$(q "$DB" "SELECT f_alone FROM pair_verdicts WHERE run_id = $run
                         AND f = 'ck_ring_dequeue_spsc' AND g = 'ck_ring_dequeue_spsc'")" "^true, \*data = token#" \
	"dequeue writes the enqueued token through data"
expect_eq "$(q "$DB" "SELECT verdict || ' ' || witness_state || ': ' || f_alone || ', ' || f_after_g FROM pair_verdicts
                      WHERE run_id = $run AND f = 'ck_ring_enqueue_spsc' AND g = 'ck_ring_enqueue_spsc'")" \
	"snc fresh: true, false" "the smallest ring (size 2, one slot): enqueue with itself takes the last slot"
expect_eq "$(q "$DB" "SELECT DISTINCT first_result FROM op_outcomes WHERE run_id = $run
                      AND state = 'ck_ring_enqueue_spsc(token#0)' AND first_op = 'ck_ring_enqueue_spsc' AND second_op IS NULL")" \
	"false" "and the full ring is among the states: it refuses an enqueue"
expect_eq "$(v ck_ring ck_ring_capacity ck_ring_valid)" "commutative" "capacity and valid only read"
expect_match "$(item function ck_ring_enqueue_mpmc_size)" "^skipped: skipped by the config" "the config's skips are reported"
finish
