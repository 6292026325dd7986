# audit.alternatives: a project whose include folder holds alternatives that no unit
# includes together (liburcu's flavours: urcu-bp.h and urcu-memb.h each define what the
# other defines). Found headers that do not compile with the others are set aside before
# the API is collected, the ones most units read kept, each noted with the compiler's
# error; named, such a header is audited as it is. Before, every harness that included
# both failed ("redefinition of 'flav_get'"; liburcu's own tree audited nothing, now 312 of
# its 499 names are in a verdict).
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include proj/src
cat > proj/include/ops.h <<'H'
#ifndef OPS_H
#define OPS_H
long ops_add(long *p);
#endif
H
cat > proj/include/flav_a.h <<'H'
/* flavour A: one configuration; flav_b.h is the other, never included with it */
static inline long flav_get(const long *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
H
cat > proj/include/flav_b.h <<'H'
static inline long flav_get(const long *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
H
cat > proj/include/word.h <<'H'
/* uses intptr_t, which clang's <stdatomic.h> brings and gcc's does not: its includers
 * include <stdint.h> first (mimalloc-atomic.h) */
#include <stdatomic.h>
static inline intptr_t word_get(const intptr_t *p) { return __atomic_load_n(p, __ATOMIC_SEQ_CST); }
H
cat > proj/src/ops.c <<'C'
#include <stdint.h>
#include "word.h"
#include "ops.h"
long ops_add(long *p) { return __atomic_add_fetch(p, 1, __ATOMIC_SEQ_CST); }
C
for f in a b; do
	printf '#include <stdint.h>\n#include "word.h"\n#include "ops.h"\n#include "flav_%s.h"\nlong use_%s(long *p) { return ops_add(p) + flav_get(p); }\n' $f $f \
		> proj/src/use_$f.c
done
cat > proj/src/also_a.c <<'C'
#include <stdint.h>
#include "word.h"
#include "flav_a.h"
long also_a(long *p) { return flav_get(p); }
C
cat > proj/compile_commands.json <<JSON
[{"directory": "$PWD/proj/src", "command": "cc -I../include -c ops.c -o ops.o", "file": "ops.c"},
 {"directory": "$PWD/proj/src", "command": "cc -I../include -c use_b.c -o use_b.o", "file": "use_b.c"},
 {"directory": "$PWD/proj/src", "command": "cc -I../include -c use_a.c -o use_a.o", "file": "use_a.c"},
 {"directory": "$PWD/proj/src", "command": "cc -I../include -c also_a.c -o also_a.o", "file": "also_a.c"}]
JSON
audit -p proj/compile_commands.json
expect_match "$out" "1 header set aside: it does not compile with the others" "said in one line"
expect_eq "$(item header "$PWD/proj/include/flav_b.h")" \
	"skipped: does not compile with the project's other headers (redefinition of ‘flav_get’): another configuration of the library, which no unit includes with them; name it to audit it" \
	"the flavour fewer units read is set aside, with the compiler's error"
expect_match "$out" "API: 3 public names \(3 functions, 0 macros\), 3 in a verdict \(100%\)" \
	"the rest is audited: ops_add, flavour A's flav_get, word_get"
expect_eq "$(item header "$PWD/proj/include/word.h")" "" \
	"a header that does not compile alone with gcc (the most read, tried first) is no alternative"
expect_eq "$(oneway long ops_add flav_get)" "ops_add->flav_get" "flavour A's get reads what add did"
# Named, the other flavour is audited as it is.
audit proj/include/flav_b.h
expect_no_match "$out" "set aside" "a named header is not set aside"
expect_eq "$(v long flav_get flav_get)" "commutative" "flavour B's get"
finish
