# audit.held_lock: an op that returns holding a pthread mutex (heldlock.h's hl_lock) leaves
# its thread's id in the object, the mutex's owner, and every execution runs in a new
# process with new ids. The digest counts such a word as "a thread of the execution"
# (snc_hash, hash_state.c), so hl_lock is deterministic: no `nondet` verdict, no
# non-deterministic finding; and the lock's pairs are classified from the states it
# leaves (hl_lock with hl_held one way, with hl_unlock state-only).
. "$(dirname "$0")/lib.sh"
audit "$AFIX/heldlock.h" "$AFIX/heldlock.c"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND deterministic = 0")" 0 \
	"every verdict deterministic"
expect_eq "$(q "$DB" "SELECT count(*) FROM op_outcomes WHERE run_id = $run AND deterministic = 0")" 0 \
	"every execution repeated alike"
expect_eq "$(oneway hl hl_lock hl_held)" "hl_lock->hl_held" "a lock changes what held returns"
expect_eq "$(v hl hl_lock hl_unlock)" "state-only" "lock and unlock: the end states differ"
expect_eq "$(q "$DB" "SELECT count(*) FROM findings WHERE run_id = $run AND rule = 'non-deterministic'")" 0 \
	"no non-deterministic finding"
finish
