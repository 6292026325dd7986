# audit.make_callback: a callback named as a constructor, with a status result and an
# out-parameter (APR's apr_reslist_constructor(void **resource, void *params, pool)), makes
# a fresh zeroed resource, writes it through the out-parameter and returns 0. Before, two
# pointers and an int result made it a comparison: it answered 1, the pool could not be
# made and the family ran nothing (APR's apr_reslist.h: every op crashed on a NULL list).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/make_callback"
audit --emit-harness "$PWD/emitted" "$FIX/respool.h" "$FIX/respool.c"
expect_match "$(cat "$PWD/emitted/respool.c")" "respool_constructor: make \(a fresh zeroed resource\)" \
	"the constructor callback makes"
expect_match "$(item family 'struct respool')" "^audited" "the pool is made"
expect_eq "$(pair respool fresh 'respool_idle()' 'respool_idle()')" "2 2" "two resources made at creation"
expect_eq "$(v respool respool_take respool_take)" "snc" "two takes of the last idle resource"
expect_eq "$(oneway respool respool_take respool_idle)" "respool_take->respool_idle" "a take changes what is idle"
finish
