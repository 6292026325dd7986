# audit.apr: APR's installed headers, named alone as a new user would. apr_queue.h is
# libaprutil1-dev's, and the pool its queue is made in is libapr1-dev's (apr_pools.h): the
# harness links both libraries, found through the packages of the headers that declare
# what it calls (before, only libaprutil-1.so: "DSO missing from command line", nothing
# audited). apr_hash_set keeps the caller's key pointer: a key passed from a static cell
# stays the key (before, a cell on the wrapper's stack: every verdict nondet).
. "$(dirname "$0")/lib.sh"
need_apr
audit --repeat 4 /usr/include/apr-1.0/apr_queue.h
expect_match "$out" "linking with libaprutil-1.so, libapr-1.so \(packages libaprutil1-dev and libapr1-dev, which installed the headers\)" \
	"the queue's library and the pool's"
expect_eq "$(v apr_queue_t apr_queue_trypush apr_queue_trypush)" "snc" "two trypushes for the last slot"
expect_eq "$(oneway apr_queue_t apr_queue_push apr_queue_size)" "apr_queue_push->apr_queue_size" \
	"a push changes the size"
expect_eq "$(pair apr_queue_t 'apr_queue_push(token#0)' 'apr_queue_trypush(token#0)' 'apr_queue_push(token#0)')" \
	"0 blocks" "a push on the full queue (two slots) blocks"
expect_eq "$(q "$DB" "SELECT count(*) FROM op_outcomes WHERE run_id = $run AND deterministic = 0")" "0" \
	"every repeat gave the same outcome"

audit /usr/include/apr-1.0/apr_hash.h
expect_eq "$(v apr_hash_t apr_hash_get apr_hash_get)" "commutative" "two gets change nothing"
expect_eq "$(oneway apr_hash_t apr_hash_set apr_hash_get)" "apr_hash_set->apr_hash_get" "a set changes a get"
expect_eq "$(pair apr_hash_t 'apr_hash_set(1, token#0)' 'apr_hash_get(0)' 'apr_hash_get(1)')" "NULL token#0" \
	"the kept key 1 is still 1 after a call with key 0"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'apr_hash_t'
                      AND deterministic = 0")" "0" "no verdict is nondet"
finish
