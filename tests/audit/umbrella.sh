# audit.umbrella: a header that only includes its parts beside it (nsync.h includes
# nsync_mu.h, nsync_cv.h, nsync_counter.h, ... from /usr/include). Its API is what its
# parts declare: the headers beside it whose names extend its own. Not another header of
# the folder that it merely uses (util.h here, ck_pr.h for ck_stack.h, stdio.h). Before,
# `snc audit nsync.h` audited nothing: "declares no function", exit 2.
. "$(dirname "$0")/lib.sh"
mkdir -p inc
cat > inc/bag.h <<'H'
#include <stdio.h>
#include "bag_core.h"
#include "bag-stats.h"
#include "util.h"
H
cat > inc/bag_core.h <<'H'
struct bag { int n; };
int bag_add(struct bag *b);
H
cat > inc/bag-stats.h <<'H'
int bag_count(const struct bag *b);
H
cat > inc/util.h <<'H'
int util_tick(void);
H
cat > bag.c <<'C'
#include "inc/bag.h"
int bag_add(struct bag *b) { return ++b->n; }
int bag_count(const struct bag *b) { return b->n; }
int util_tick(void) { static int t; return ++t; }
C
audit inc/bag.h bag.c
expect_match "$out" "API: 2 public names \(2 functions, 0 macros\), 2 in a verdict \(100%\)" \
	"the parts' functions are the API, util.h's and stdio.h's are not"
expect_eq "$(v bag bag_add bag_add)" "snc" "bag_add (bag_core.h) with itself"
expect_eq "$(oneway bag bag_add bag_count)" "bag_add->bag_count" "bag_count (bag-stats.h) reads what it adds"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND name IN ('util_tick', 'printf')")" 0 \
	"nothing of util.h or stdio.h"
finish
