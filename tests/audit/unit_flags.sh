# audit.unit_flags: a project that builds one file once per configuration (liburcu's urcu.c
# with -DRCU_MEMB, -DRCU_MB, ...: one library per flavour) and a helper into two libraries
# (a static and a shared one, -DPIC), whose API units call a function no header declares
# (urcu.c calls compat_futex.c's compat_futex_async). Each unit is compiled with its own
# flags, once per set, the helper's unit is compiled in for what the API units call, and the
# objects are linked from an archive (one definition of each symbol). Before, every source
# was compiled once with the union of all units' flags (with both -DFLAVOR_A and -DFLAVOR_B:
# "redefinition of 'count'"), and the helper was not compiled in ("undefined reference").
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include proj/src
cat > proj/include/ctr_a.h <<'H'
long a_add(void);
long a_get(void);
H
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
 {"directory": "$PWD/proj/src", "command": "cc -DPIC -fPIC -I../include -c step.c -o .libs/step.o", "file": "step.c"}]
JSON
audit -p proj/compile_commands.json
expect_match "$out" "compiling 1 unit of proj/compile_commands.json that defines the API \(ctr.c\) and 1 that it calls \(step.c\)" \
	"the unit that defines what the API's units call is compiled in, said"
expect_match "$out" "4 in a verdict \(100%\)" "both flavours' functions are audited"
expect_eq "$(v globals_count a_add a_add)" "snc" "flavour A, built with -DFLAVOR_A"
expect_eq "$(v globals_count b_add b_add)" "snc" "flavour B, built with -DFLAVOR_B"
expect_eq "$(oneway globals_count b_add b_get)" "b_add->b_get" "B's add influences B's get"
expect_eq "$(v globals_count a_add b_get)" "commutative" "each flavour has its own count"
finish
