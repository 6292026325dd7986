# audit.cond_wait: an op that waits on a condition variable nobody can signal blocks, in
# every repeat. Each op runs on a thread of its own, and the threads the executor started
# are counted as quiet before they start: counted after pthread_create, an op thread
# could see the count behind, take them for threads that might signal, sleep for real and
# wake spuriously: condq_push (like APR's apr_queue_push) then gave up with CONDQ_EINTR in
# some repeats and blocked in others (nondet executions, an EINTR result).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/cond_queue"
audit --repeat 16 "$FIX/condq.h" "$FIX/condq.c"
# the audit's --repeat 1 is overridden by the later --repeat 16
expect_eq "$(q "$DB" "SELECT count(*) FROM op_outcomes WHERE run_id = $run AND deterministic = 0")" "0" \
	"every repeat of every execution gave the same outcome"
expect_eq "$(q "$DB" "SELECT count(*) FROM op_outcomes WHERE run_id = $run
                      AND ((first_op = 'condq_push' AND first_result = '4')
                           OR (second_op = 'condq_push' AND second_result = '4'))")" "0" \
	"a push never gives up as if woken"
expect_eq "$(pair condq 'condq_push(0)' 'condq_trypush(0)' 'condq_push(0)')" "0 blocks" \
	"a push on the full queue blocks"
expect_eq "$(oneway condq condq_push condq_trypush)" "condq_push->condq_trypush" \
	"a push fills the queue that trypush finds full"
expect_eq "$(v condq condq_trypush condq_trypush)" "snc" "two trypushes for the last slot"
finish
