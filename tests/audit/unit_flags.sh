# audit.unit_flags: a project that builds one file once per configuration (liburcu's urcu.c
# with -DRCU_MEMB, -DRCU_MB, ...: one library per flavour) and a helper into two libraries
# (a static and a shared one, -DPIC), whose API units call a function no header declares
# (urcu.c calls compat_futex.c's compat_futex_async), and a variable the API's inline code
# reads that only a unit of no API function defines (rculfhash.h's cds_lfht_mm_order).
# Each unit is compiled with its own
# flags, once per set, the helper's unit is compiled in for what the API units call, and the
# objects are linked from an archive (one definition of each symbol). Before, every source
# was compiled once with the union of all units' flags (with both -DFLAVOR_A and -DFLAVOR_B:
# "redefinition of 'count'"), and the helper was not compiled in ("undefined reference").
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include proj/src
cat > proj/include/ctr_a.h <<'H'
long a_add(void);
long a_get(void);
extern const long ctr_base;   /* base.c's: no API function is defined there */
static inline long a_base(void) { return ctr_base; }
H
cat > proj/src/base.c <<'C'
const long ctr_base = 7;
C
cat > proj/include/ctr_b.h <<'H'
long b_add(void);
long b_get(void);
H
cat > proj/src/step.h <<'H'
long step_add(long *cell);
H
cat > proj/src/step.c <<'C'
#include "step.h"
long step_add(long *cell) { return __atomic_add_fetch(cell, 1, __ATOMIC_SEQ_CST); }
C
cat > proj/src/ctr.c <<'C'
#include "step.h"
#if defined(FLAVOR_A)
#include "ctr_a.h"
#define NAME(x) a_##x
static long count;
#endif
#if defined(FLAVOR_B)
#include "ctr_b.h"
#define NAME(x) b_##x
static long count;
#endif
long NAME(add)(void) { return step_add(&count); }
long NAME(get)(void) { return __atomic_load_n(&count, __ATOMIC_SEQ_CST); }
C
cat > proj/compile_commands.json <<JSON
[{"directory": "$PWD/proj/src", "command": "cc -DFLAVOR_A -I../include -c ctr.c -o ctr-a.o", "file": "ctr.c"},
 {"directory": "$PWD/proj/src", "command": "cc -DFLAVOR_B -I../include -c ctr.c -o ctr-b.o", "file": "ctr.c"},
 {"directory": "$PWD/proj/src", "command": "cc -I../include -c step.c -o step.o", "file": "step.c"},
 {"directory": "$PWD/proj/src", "command": "cc -DPIC -fPIC -I../include -c step.c -o .libs/step.o", "file": "step.c"},
 {"directory": "$PWD/proj/src", "command": "cc -I../include -c base.c -o base.o", "file": "base.c"}]
JSON
audit -p proj/compile_commands.json
expect_match "$out" "compiling 1 unit of proj/compile_commands.json that defines the API \(ctr.c\) and 2 that it calls \((base.c, step.c|step.c, base.c)\)" \
	"the units that define what the API's units call and the variable its inline code reads are compiled in, said"
expect_match "$out" "5 in a verdict \(100%\)" "both flavours' functions are audited, and the inline one"
expect_eq "$(q "$DB" "SELECT first_result FROM executions e JOIN ops o ON o.id = e.first_op
                     WHERE o.name = 'a_base' LIMIT 1")" "7" "base.c's variable, linked in"
expect_eq "$(v globals_count a_add a_add)" "snc" "flavour A, built with -DFLAVOR_A"
expect_eq "$(v globals_count b_add b_add)" "snc" "flavour B, built with -DFLAVOR_B"
expect_eq "$(oneway globals_count b_add b_get)" "b_add->b_get" "B's add influences B's get"
expect_eq "$(v globals_count a_add b_get)" "commutative" "each flavour has its own count"
finish
