# audit.context_alternatives: a context whose best maker (the fewest parameters) gives NULL
# from what the harness can pass (store_new_like(NULL), as GLib's
# g_hash_table_new_similar(NULL)) is made by the next makers in turn while it is NULL
# (store_create). Before, the cursor was initialized on a NULL store and cursor_next
# crashed in every state (GLib's GHashTableIter: 4 iterator functions failed).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/context_alternatives"
audit --emit-harness "$PWD/emitted" "$FIX/cursor.h" "$FIX/cursor.c"
expect_match "$out" "calls get a struct store made by store_new_like\(\) \(or while NULL store_create\(\)\)" \
	"the initial state names the makers tried"
expect_match "$(cat "$PWD/emitted/cursor.c")" "snc_context0 = store_new_like\(NULL\); if \(!snc_context0\) snc_context0 = store_create\(0, 0\);" \
	"setup() tries the next maker while the store is NULL"
expect_eq "$(v cursor cursor_next cursor_next)" "snc" "two nexts over one store"
expect_eq "$(pair cursor fresh 'cursor_next()' 'cursor_next()')" "0 1" "items 0 and 1"
expect_eq "$(crashing_pairs)" "0" "no execution crashed"
finish
