# audit.sibling_init: a header whose objects start with an initializer macro of another
# header of the library, beside it (liburcu's urcu/rculist.h: its list heads start with
# CDS_INIT_LIST_HEAD of urcu/list.h). A zeroed head crashed every operation: "no operation
# gave a result alone", nothing audited (exit 2; rculist.h: 0%, now 75%). An initializer
# macro of a header in the named one's folder builds its objects; a static initializer
# ({ &(name), &(name) }) is no such macro, and one no wrapper can be typed for is dropped
# (rculfqueue.h with urcu.h listed urcu/list.h's CDS_INIT_LIST_HEAD as skipped).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/sibling_init"
audit "$FIX/ring_ops.h"
expect_match "$out" "ring_list: 3 operations, initial state: a zeroed struct ring_list, then INIT_RING_LIST\(obj, \.\.\.\)" \
	"the initializer of the header beside it"
expect_eq "$(oneway ring_list ring_add ring_count)" "ring_add->ring_count" "an add changes the count"
expect_eq "$(crashing_pairs)" "0" "no pair crashed"
expect_eq "$(item macro RING_LIST_HEAD_INIT)" "" "a static initializer is not taken"
expect_eq "$(item macro INIT_RING_STATS)" "" "nor one whose wrapper cannot be typed (no name of the API)"
expect_match "$out" "API: 3 public names \(2 functions, 1 macro\), 3 in a verdict \(100%\)" "every name in a verdict"
finish
