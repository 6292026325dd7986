# snc audit on a header whose path holds '"' and '*/' (which an #include "..." line and a
# C comment cannot hold): the harness still compiles and the family is audited; and a
# family that fails is counted as failed, with a non-zero exit when none was audited.
. "$(dirname "$0")/../lib.sh"
dir='hdr"s*/x'
mkdir -p "$dir"
cat > "$dir/tick.h" <<'H'
/* tick.h: a counter; its add is snc with itself. */
#include "tick_step.h"
struct tick { long n; };
static inline long tick_add(struct tick *t, long d) { return t->n += d * TICK_STEP; }
static inline long tick_get(struct tick *t) { return t->n; }
H
echo '#define TICK_STEP 1' > "$dir/tick_step.h"
expect_status 0 "audit of a header with a quote in its path" -- "$SNC" audit --db a.db --repeat 1 \
	--no-measure --quiet "$dir/tick.h"
expect_match "$out" "1 family: 1 audited;" "the family is audited"
expect_eq "$(verdict a.db tick tick_add tick_add)" "snc" "its verdict"
expect_eq "$(ls "$dir")" "tick.h
tick_step.h" "nothing left next to the header"
cat > boom.h <<'H'
/* boom.h: a family whose constructor crashes: nothing can be audited. */
struct boom { int v; };
static inline struct boom *boom_new(void) { volatile int *p = 0; *p = 1; return 0; }
static inline int boom_get(struct boom *b) { return b->v; }
H
expect_status 2 "audit where every family fails" -- "$SNC" audit --db a.db --repeat 1 --no-measure \
	--quiet boom.h
expect_match "$out" "1 family: 0 audited, 1 failed to build their initial state" "says so"
expect_match "$out" "nothing was audited" "and that nothing was"
expect_eq "$(q a.db "SELECT status FROM run_summary ORDER BY run_id DESC LIMIT 1")" "failed" "the run failed"
finish
