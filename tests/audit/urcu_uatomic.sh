# audit.urcu_uatomic: liburcu's atomics on an opaque `void *addr`: the generator gives them
# a 64-bit cell and, for the parameter named len, its size (8), so only the values vary.
# add_return with itself is snc; inc (void) never is. The verdicts name them by the macros
# users call (uatomic_add_return for __uatomic_add_return). The fences around them
# (cmm_smp_mb__before_uatomic_add(), macros without parameters) are wrapped and form the
# stateless family: they commute with each other. uatomic_read and uatomic_set, generic
# over any pointer, are typed by what their expansion does with addr (dereferences it).
. "$(dirname "$0")/lib.sh"
need_urcu
audit "$URCU/uatomic.h"
expect_eq "$(v uatomic uatomic_add_return uatomic_add_return)" "snc" "add_return with itself"
expect_eq "$(v uatomic uatomic_cmpxchg uatomic_cmpxchg)" "snc" "cmpxchg with itself"
expect_eq "$(v uatomic uatomic_inc uatomic_inc)" "commutative" "inc with itself"
expect_eq "$(q "$DB" "SELECT witness_args FROM pair_verdicts WHERE run_id = $run
                      AND f = 'uatomic_add_return' AND g = 'uatomic_add_return'")" \
	"uatomic_add_return(1), uatomic_add_return(1)" "len is fixed at the cell's size: one argument varies"
expect_eq "$(q "$DB" "SELECT target || ': ' || args FROM api_aliases WHERE run_id = $run AND name = 'uatomic_add_return'")" \
	"__uatomic_add_return: addr, caa_cast_long_keep_sign(v), sizeof(*(addr))" \
	"the macro users call is named in the verdicts; its function and arguments are in the alias table"
expect_eq "$(v stateless_uatomic cmm_smp_mb__before_uatomic_add cmm_smp_mb__after_uatomic_add)" "commutative" \
	"the fence macros are in the verdicts, through their wrappers"
expect_eq "$(q "$DB" "SELECT target FROM api_aliases WHERE run_id = $run AND name = 'cmm_smp_mb__after_uatomic_add'")" \
	"snc_macro_cmm_smp_mb__after_uatomic_add" "the alias names its wrapper"
expect_eq "$(q "$DB" "SELECT args FROM api_aliases WHERE run_id = $run AND name = 'uatomic_read'")" \
	"unsigned long *addr" "uatomic_read(addr) dereferences addr, generic over its type: audited on an unsigned long cell"
expect_eq "$(oneway unsigned_long uatomic_set uatomic_read)" "uatomic_set->uatomic_read" "uatomic_set influences uatomic_read"
expect_match "$out" "API: 32 public names \(0 functions, 32 macros\), 32 in a verdict \(100%\)" \
	"all of uatomic.h's 32 public names are in a verdict"
finish
