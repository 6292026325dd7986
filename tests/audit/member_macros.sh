# audit.member_macros: macros that pass members of their argument (linkstack.h, shaped like
# libatomic_ops' atomic_ops_stack.h: ls_push(s, c) calls ls_push_explicit(&((s)->head), c,
# &((s)->pushes))) are ops of their own on the struct the user passes, not aliases of the
# function they call: the family of ls_stack_t gets ls_push and ls_pop, typed from their
# expansions, and ls_pop's wrapper returns the function's own result (an ls_word *, named
# as the cell it is). A scalar pointer that a function of the family hands back (ls_pop
# returns the ls_word * that ls_push links in) is a node: a fresh cell from a pool that
# outlives the call, not an out-parameter on the wrapper's stack (which left the stack
# holding a dead address, and pops returning stack addresses that differed between runs).
. "$(dirname "$0")/lib.sh"
audit "$AFIX/linkstack.h" "$AFIX/linkstack.c"
expect_match "$out" "ls_stack: 3 operations" "ls_init, ls_push and ls_pop on an ls_stack_t"
expect_eq "$(v ls_stack ls_pop ls_pop)" "snc" "two pops of the one cell: SNC"
expect_eq "$(oneway ls_stack ls_push ls_pop)" "ls_push->ls_pop" "a push changes what a pop returns"
expect_eq "$(v ls_stack ls_push ls_push)" "commutative" "pushes return nothing"
expect_eq "$(q "$DB" "SELECT f_alone FROM pair_verdicts WHERE run_id = $run AND harness = 'ls_stack'
                      AND f = 'ls_pop' AND g = 'ls_pop'")" "cell#0" "the popped cell is named, not a number"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND deterministic = 0")" 0 \
	"every verdict deterministic"
expect_eq "$(q "$DB" "SELECT target FROM api_aliases WHERE run_id = $run AND name = 'ls_pop'")" "snc_macro_ls_pop" \
	"ls_pop is audited through its wrapper"
expect_match "$(item macro ls_push)" "^audited" "ls_push audited"
expect_eq "$(v unsigned_long ls_pop_explicit ls_pop_explicit)" "snc" "the explicit functions are audited too"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run
                      AND harness = 'unsigned_long' AND (f_alone || g_alone || f_after_g || g_after_f) LIKE '%*cell%'")" 0 \
	"ls_push_explicit's cell is no out-parameter"
"$SNC" audit --db emit.db --repeat 1 --no-measure --emit-harness emitted "$AFIX/linkstack.h" \
	"$AFIX/linkstack.c" >/dev/null 2>&1 || fail "audit --emit-harness"
expect_match "$(cat emitted/snc_inferred.h)" "static inline ls_word \* snc_macro_ls_pop\(struct ls_stack \*s\)" \
	"the wrapper returns ls_pop's own type"
expect_match "$(cat emitted/snc_inferred.h)" "^	ls_push\(s, c\);" "and calls ls_push as a statement"
finish
