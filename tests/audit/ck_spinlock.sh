# audit.ck_spinlock: two of Concurrency Kit's spinlocks (fas and ticket). trylock with itself
# is snc (one of two acquires); lock after lock spins until the time limit: `blocks`, an
# outcome, not a verdict (so lock x lock is unknown unless --blocking-observable). Spinning
# to the limit costs CPU; the elided variants (ck_elide_*) are skipped to keep it short.
# The fas lock is the default spinlock: its ops are named by the macros users call
# (ck_spinlock_lock for ck_spinlock_fas_lock).
. "$(dirname "$0")/lib.sh"
need_ck
printf 'skip ck_elide_*\n' > locks.conf
audit /usr/include/ck_spinlock.h --family ck_spinlock_fas --family ck_spinlock_ticket --config locks.conf
expect_eq "$(v ck_spinlock_fas ck_spinlock_trylock ck_spinlock_trylock)" "snc" \
	"fas trylock with itself, named as users call it (ck_spinlock_trylock is ck_spinlock_fas_trylock)"
expect_eq "$(v ck_spinlock_ticket ck_spinlock_ticket_trylock ck_spinlock_ticket_trylock)" "snc" "ticket trylock with itself"
expect_eq "$(q "$DB" "SELECT verdict || ' ' || (blocked_states > 0) FROM pair_verdicts WHERE run_id = $run
                      AND f = 'ck_spinlock_lock' AND g = 'ck_spinlock_lock'")" "unknown 1" \
	"lock after lock blocks"
expect_match "$out" "with an op that blocks \(a block is a result only with --blocking-observable: lock x lock is then snc\)" \
	"the table says how to count the block"
expect_eq "$(v ck_spinlock_fas ck_spinlock_locked ck_spinlock_locked)" "commutative" "locked only reads"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'ck_spinlock_fas'
                      AND (f LIKE 'ck_spinlock_fas%' OR g LIKE 'ck_spinlock_fas%')")" "0" \
	"every fas op has a macro without the infix fas_: none is named by its function"
expect_match "$(item family 'struct ck_spinlock_mcs *')" "^skipped: not selected" "families not asked for are noted"
expect_match "$(item macro ck_spinlock_lock)" "^audited: \(function-like alias of ck_spinlock_fas_lock\(x\)\)" \
	"the macro users call is an alias of the fas lock, which is in the verdicts"
expect_match "$(item macro ck_spinlock_init)" "^audited: \(function-like alias of ck_spinlock_fas_init" \
	"ck_spinlock_init is the fas initializer, an operation too"
expect_match "$(item function ck_spinlock_mcs_lock)" "^skipped: its family struct ck_spinlock_mcs \* was skipped: not selected" \
	"a function of a family not selected says so"
expect_eq "$(q "$DB" "SELECT count(*) FROM api_aliases WHERE run_id = $run AND status <> 'audited' AND detail IS NULL")" "0" \
	"every macro not audited says why"
expect_match "$(q "$DB" "SELECT function || ' ' || (transitive_heavyweight > 0) FROM scan_public_names
                         WHERE run_id = $run AND public_name = 'ck_spinlock_lock'")" "^ck_spinlock_fas_lock 1$" \
	"the scan's facts under the public name: the fas lock reaches a heavyweight site"
expect_match "$out" "API: [0-9]+ public names \([0-9]+ functions, [0-9]+ macros\), [0-9]+ in a verdict" "the summary counts the API"
finish
