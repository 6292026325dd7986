# audit.ck_fifo: Concurrency Kit's ck_fifo.h. The SPSC queue's dequeue writes the payload
# through a `void *` (an out-parameter the generator detects through token cells); with
# itself it is snc, pays no heavyweight instruction, and is correct only because the API
# allows a single consumer: the verdict carries that contract, it does not hide it.
. "$(dirname "$0")/lib.sh"
need_ck
printf 'skip *_init\nskip *_deinit\n' > lifecycle.conf   # audit.coverage has them: keep this one short
audit_measured /usr/include/ck_fifo.h --config lifecycle.conf
expect_eq "$(v ck_fifo_spsc ck_fifo_spsc_dequeue ck_fifo_spsc_dequeue)" "snc" "spsc dequeue with itself"
expect_eq "$(contract ck_fifo_spsc ck_fifo_spsc_dequeue ck_fifo_spsc_dequeue)" "single-consumer" "with its contract"
expect_eq "$(contract ck_fifo_spsc ck_fifo_spsc_enqueue ck_fifo_spsc_enqueue)" "single-producer" "enqueue: single producer"
expect_match "$(q "$DB" "SELECT f_alone FROM pair_verdicts WHERE run_id = $run
                         AND f = 'ck_fifo_spsc_dequeue' AND g = 'ck_fifo_spsc_dequeue'")" "^true, \*value = token#" \
	"the dequeued payload is the token enqueued"
expect_eq "$(q "$DB" "SELECT transitive_heavyweight FROM scan_functions WHERE run_id = $run AND name = 'ck_fifo_spsc_dequeue'")" \
	"0" "the scan finds no heavyweight instruction in spsc dequeue"
expect_eq "$(v ck_fifo_mpmc ck_fifo_mpmc_dequeue ck_fifo_mpmc_dequeue)" "snc" "mpmc dequeue with itself"
expect_eq "$(contract ck_fifo_mpmc ck_fifo_mpmc_dequeue ck_fifo_mpmc_dequeue)" "-" "mpmc dequeue has no contract"
have_valgrind || skip "valgrind is not installed: the measured costs are not checked"
expect_eq "$(measured ck_fifo_spsc ck_fifo_spsc_dequeue)" "0.00" "spsc dequeue executes no RMW (measured)"
# The measurement calls an instance 17 times in a row, each enqueue with a fresh entry: the
# pool (of 32, 16 per thread) ran out and enqueue crashed on a NULL entry.
expect_no_match "$out" "crashed under valgrind" "no measured process crashed"
expect_eq "$(measured ck_fifo_spsc ck_fifo_spsc_enqueue calls)" "$(measured ck_fifo_spsc ck_fifo_spsc_dequeue calls)" \
	"as many enqueues measured as dequeues"
expect_eq "$(measured ck_fifo_spsc ck_fifo_spsc_dequeue fences_per_call)" "0.00" "and no full fence"
expect_eq "$(q "$DB" "SELECT group_concat(role || ' ' || call || ' awar=' || awar || ' raw_fenced=' || raw_fenced, ', ')
                      FROM (SELECT * FROM verdict_evidence WHERE run_id = $run AND f = 'ck_fifo_spsc_dequeue'
                      AND g = 'ck_fifo_spsc_dequeue' ORDER BY role)")" \
	"f ck_fifo_spsc_dequeue(token#0) awar=0 raw_fenced=0, g ck_fifo_spsc_dequeue(token#0) awar=0 raw_fenced=0" \
	"its witness's solo executions were examined, and hold no AWAR: only the single-consumer contract makes it correct"
finish
