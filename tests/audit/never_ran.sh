# audit.never_ran: an operation that gave no result alone from any state (each crashed) is
# not counted in a verdict: it is listed as failed with the outcome, and so is a family in
# which no operation ever gave one. Before, each was "in a verdict" (every verdict of its
# pairs unknown), and the summary said 100% of the API was.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/allocs.h"
expect_match "$(item function vec_push)" "^failed: gave no result alone from any state \(crash: SIGSEGV\)" \
	"vec_push crashed from every state"
expect_eq "$(item function vec_len)" "" "vec_len is in a verdict (no item of its own)"
expect_eq "$(v vec vec_len vec_len)" "commutative" "its verdict"
expect_match "$(item family 'struct set')" "^failed: no operation gave a result alone from any state \(set_add: crash: SIGSEGV, set_has: crash: SIGSEGV\): the initial state \(set_init\)" \
	"no op of the set ever ran"
expect_match "$out" "API: 6 public names \(6 functions, 0 macros\), 2 in a verdict \(33%\), 0 build an initial state, 0 skipped, 4 failed" \
	"the summary counts them as failed"
expect_match "$out" "2 families: 1 audited, 1 ran no operation to a result" "the family that never ran is not audited"
finish
