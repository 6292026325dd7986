# audit.globals: APIs whose state is global, behind functions that take ints or nothing:
# each group of functions that touches the same globals is one family, started from the
# library's own static initial state, with ids and keys from 0..1 (equal and distinct).
# A two-party lock's trylock with itself, the set's add with itself on one key, the
# seqlock writer with itself and the racy once-flag's claim with itself are snc; readers
# are influenced one way.
. "$(dirname "$0")/lib.sh"
G="$AFIX/globals"
audit "$G/globals.h" "$G/src"
expect_match "$(item family 'globals interested')" "^audited: the globals as the program starts" "the lock's globals are a family"
expect_eq "$(v globals_interested tpl_trylock tpl_trylock)" "snc" "trylock with itself (the two-party lock)"
expect_eq "$(q "$DB" "SELECT witness_state || ': ' || witness_args FROM pair_verdicts WHERE run_id = $run
                      AND f = 'tpl_trylock' AND g = 'tpl_trylock'")" "fresh: tpl_trylock(0), tpl_trylock(1)" \
	"the witness: ids 0 and 1 from the fresh process"
expect_eq "$(oneway globals_interested tpl_trylock tpl_unlock)" "tpl_unlock->tpl_trylock" "unlock lets a trylock in"
expect_eq "$(v globals_members gset_add gset_add)" "snc" "set add with add"
expect_eq "$(q "$DB" "SELECT witness_args FROM pair_verdicts WHERE run_id = $run AND f = 'gset_add' AND g = 'gset_add'")" \
	"gset_add(0), gset_add(0)" "on the same key"
expect_eq "$(v globals_members gset_member gset_member)" "commutative" "member only reads"
expect_eq "$(oneway globals_members gset_add gset_member)" "gset_add->gset_member" "add influences member"
expect_eq "$(v globals_data seq_write seq_write)" "snc" "seqlock writer with itself"
expect_eq "$(oneway globals_data seq_write seq_read)" "seq_write->seq_read" "the writer influences the reader"
expect_eq "$(v globals_claimed once_claim once_claim)" "snc" "the once-flag's claim with itself"
expect_eq "$(v globals_claimed once_done once_done)" "commutative" "done only reads"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND status <> 'audited'")" "0" \
	"no function is skipped"
expect_match "$out" "4 families: 4 audited; 0 functions skipped" "the summary counts them"
finish
