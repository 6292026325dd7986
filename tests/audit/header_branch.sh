# audit.header_branch: a header with two branches, a static inline function when a macro
# is defined first (Q_INLINE, as liburcu's wfqueue.h under _LGPL_SOURCE) and an extern
# declaration otherwise, and a unit of the build (a test) that defines the macro. The API
# is what the header's own parse sees: one operation q_add. Before, the model's static
# inline copy (from the test's unit) and the declaration were two operations of one name,
# and the harness did not compile ("redefinition of op_q_add"; liburcu's wfqueue family).
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include proj/src proj/tests
cat > proj/include/q.h <<'H'
#ifndef Q_H
#define Q_H
struct q { long n; };
#ifdef Q_INLINE
static inline long q_add(struct q *x) { return __atomic_add_fetch(&x->n, 1, __ATOMIC_SEQ_CST); }
#else
long q_add(struct q *x);
#endif
#endif
H
printf '#include "q.h"\nlong q_add(struct q *x) { return __atomic_add_fetch(&x->n, 1, __ATOMIC_SEQ_CST); }\n' \
	> proj/src/q.c
printf '#define Q_INLINE\n#include "q.h"\nint main(void) { struct q x = { 0 }; return (int)q_add(&x); }\n' \
	> proj/tests/t.c
cat > proj/compile_commands.json <<JSON
[{"directory": "$PWD/proj/src", "command": "cc -I../include -c q.c -o q.o", "file": "q.c"},
 {"directory": "$PWD/proj/tests", "command": "cc -I../include -c t.c -o t.o", "file": "t.c"}]
JSON
audit -p proj/compile_commands.json
expect_match "$out" "API: 1 public name \(1 function, 0 macros\), 1 in a verdict \(100%\)" \
	"one function, as the header's own parse sees it"
expect_eq "$(v q q_add q_add)" "snc" "the library's q_add, compiled in"
finish
