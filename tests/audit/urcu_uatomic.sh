# audit.urcu_uatomic: liburcu's atomics on an opaque `void *addr`: the generator gives them
# a 64-bit cell and, for the parameter named len, its size (8), so only the values vary.
# add_return with itself is snc; inc (void) never is.
. "$(dirname "$0")/lib.sh"
need_urcu
audit "$URCU/uatomic.h"
expect_eq "$(v uatomic __uatomic_add_return __uatomic_add_return)" "snc" "add_return with itself"
expect_eq "$(v uatomic __uatomic_cmpxchg __uatomic_cmpxchg)" "snc" "cmpxchg with itself"
expect_eq "$(v uatomic __uatomic_inc __uatomic_inc)" "commutative" "inc with itself"
expect_eq "$(q "$DB" "SELECT witness_args FROM pair_verdicts WHERE run_id = $run
                      AND f = '__uatomic_add_return' AND g = '__uatomic_add_return'")" \
	"__uatomic_add_return(1), __uatomic_add_return(1)" "len is fixed at the cell's size: one argument varies"
finish
