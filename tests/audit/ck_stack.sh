# audit.ck_stack: Concurrency Kit's ck_stack.h. Entries are handed out fresh from a pool
# (push never re-links a node already inside) and pop results read as the pool entries
# they are. ck_stack_pop_upmc with itself is snc: from a stack of one entry, each pop
# returns it alone and NULL after the other. The *_npsc pop is single-consumer by name.
. "$(dirname "$0")/lib.sh"
need_ck
audit_measured /usr/include/ck_stack.h
expect_eq "$(v ck_stack ck_stack_pop_upmc ck_stack_pop_upmc)" "snc" "ck_stack_pop_upmc with itself"
expect_eq "$(q "$DB" "SELECT witness_state || ': ' || f_alone || ' / ' || f_after_g FROM pair_verdicts
                      WHERE run_id = $run AND f = 'ck_stack_pop_upmc' AND g = 'ck_stack_pop_upmc'")" \
	"ck_stack_push_upmc(): entry#0 / NULL" "the witness names the pool entry, not an address"
expect_match "$(q "$DB" "SELECT f_alone FROM pair_verdicts WHERE run_id = $run
                         AND f = 'ck_stack_trypop_upmc' AND g = 'ck_stack_trypop_upmc'")" "^true, \*r = entry#0$" \
	"trypop's out-parameter r is folded into its result"
expect_eq "$(v ck_stack ck_stack_push_upmc ck_stack_push_upmc)" "commutative" "void pushes are never influenced"
expect_eq "$(contract ck_stack ck_stack_pop_npsc ck_stack_pop_npsc)" "single-consumer" "pop_npsc: single consumer by name"
expect_eq "$(contract ck_stack ck_stack_push_spnc ck_stack_push_spnc)" "single-producer" "push_spnc: single producer by name"
expect_match "$(item family 'struct ck_stack')" "^audited: a zeroed struct ck_stack, then ck_stack_init" \
	"the initial state comes from the initializer"
expect_eq "$(q "$DB" "SELECT count(*) FROM scan_heavyweight WHERE run_id = $run AND function = 'ck_stack_pop_upmc' AND op LIKE '%cmpxchg%'")" \
	"1" "the scan finds pop_upmc's lock cmpxchg"
have_valgrind || skip "valgrind is not installed: the measured costs are not checked"
expect_match "$(q "$DB" "SELECT example FROM verdict_evidence WHERE run_id = $run
                         AND f = 'ck_stack_pop_upmc' AND g = 'ck_stack_pop_upmc'")" "lock cmpxchg" \
	"the pop from the witness state (non-empty) executes a lock cmpxchg (measured)"
expect_eq "$(measured ck_stack ck_stack_pop_upmc)" "0.00" "popping an empty stack in a loop costs no RMW"
expect_eq "$(measured ck_stack ck_stack_push_upmc)" "1.00" "every push pays one"
expect_eq "$(q "$DB" "SELECT DISTINCT kind || ' in ' || function || ' (' || file || ')' FROM measured_sites
                      WHERE run_id = $run AND op = 'ck_stack_push_upmc'")" \
	"lock cmpxchg in ck_pr_cas_ptr_value (ck_pr.h)" "the push's CAS is ck_pr's inline function, not the generated wrapper"
expect_eq "$(q "$DB" "SELECT count(*) FROM measured_sites WHERE run_id = $run AND (function LIKE 'op\_%' ESCAPE '\'
                      OR caller LIKE 'op\_%' ESCAPE '\' OR function LIKE '\_\_tsan%' ESCAPE '\')")" \
	0 "no site names a generated wrapper or a hook"
finish
