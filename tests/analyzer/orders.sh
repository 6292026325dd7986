# analyzer.orders: memory orders and instructions that C computes. An enum mapped to C11
# through a switch, a fence helper taking the order, a `switch (sizeof(*p))` over 1, 2, 4
# and 8 bytes, a size passed to a static inline helper, and locked instructions on the
# stack: each site's stored kind, order, weight, origin and call path.
. "$(dirname "$0")/lib.sh"
DB=$PWD/o.db
"$SNC" scan --db "$DB" --quiet "$FIXTURES/orders" || exit 1
sites() { q "SELECT kind, op, coalesce(memory_order, '-') FROM scan_sites WHERE function = '$1' ORDER BY line, site_id"; }
weight() { q "SELECT heavyweight_sites || '|' || transitive_heavyweight FROM scan_functions WHERE name = '$1'"; }
origin() { q "SELECT coalesce(order_param, '-') || '|' || coalesce(via, '-') FROM scan_site_origins WHERE function = '$1' ORDER BY line, site_id"; }

# the enum mapped through a switch in a static inline function
expect "a relaxed store through my_store(MY_RELAXED) is light" "light|__atomic_store_n|relaxed" "$(sites publish_relaxed)"
expect "... found in my_store, walked at the call's constant order" "-|my_store" "$(origin publish_relaxed)"
expect "... and publish_relaxed pays nothing heavyweight" "0|0" "$(weight publish_relaxed)"
expect "to_c11(MY_RELEASE) folds to release: a light store" "light|__atomic_store_n|release" "$(sites publish_release)"
expect "publish_release pays nothing heavyweight" "0|0" "$(weight publish_release)"
expect "my_store(MY_SEQ_CST): a seq_cst store and the helper's fence" "seq_cst-store|__atomic_store_n|seq_cst
fence|__atomic_thread_fence|seq_cst" "$(sites publish_seq_cst)"
expect "... the fence reached through the helper that takes the order" "-|my_store
-|my_store -> fence_after_atomic" "$(origin publish_seq_cst)"
expect "publish_seq_cst pays both" "2|2" "$(weight publish_seq_cst)"

# an order that is the function's own parameter
expect "store_with: the order depends on argument 2, counted as seq_cst" "seq_cst-store|__atomic_store_n|-" "$(sites store_with)"
expect "... recorded as depending on argument 2" "2|-" "$(origin store_with)"
expect "my_store's store depends on its argument 3" "3|-" "$(origin my_store)"
expect "the fence helper's fence depends on its argument 1 (the branch holding it)" "1|-" "$(origin fence_after_atomic)"
expect "the calls resolved at constant orders are marked" "publish_relaxed|fence_after_atomic|1|my_store
publish_relaxed|my_store|1|
publish_relaxed|to_c11|0|my_store" "$(q "SELECT f.name, c.callee, o.resolved, coalesce(o.via, '') FROM scanned_calls c JOIN scanned_functions f ON f.id = c.function_id JOIN scanned_call_origins o ON o.call_id = c.id WHERE f.name = 'publish_relaxed' ORDER BY c.callee")"
expect "publish_relaxed does not reach the helpers' conservative sites" "" "$(q "SELECT path FROM scan_heavyweight WHERE function = 'publish_relaxed'")"

# switch (sizeof(*p)): the arm of the operand's type only
expect "1 byte: xaddb only" "rmw|asm lock xaddb|-" "$(sites add8)"
expect "2 bytes: xaddw only" "rmw|asm lock xaddw|-" "$(sites add16)"
expect "4 bytes: xaddl only" "rmw|asm lock xaddl|-" "$(sites add32)"
expect "8 bytes: the relaxed fetch_add only" "rmw|__atomic_fetch_add|relaxed" "$(sites add64)"
expect "each pays one RMW" "1|1 1|1 1|1 1|1" "$(weight add8) $(weight add16) $(weight add32) $(weight add64)"
expect "a size passed to a static inline helper: its arm for 8 only" "rmw|__atomic_exchange_n|seq_cst" "$(sites add_via_helper)"
expect "... via the helper, whose own sites depend on argument 3" "-|add_sized 3|- 3|-" "$(origin add_via_helper) $(origin add_sized | tr '\n' ' ' | sed 's/ $//')"

# lock-prefixed instructions on a stack slot are fences
expect "lock; addl \$0,0(%rsp) is a fence" "fence|asm lock addl (stack)|-" "$(sites full_fence)"
expect "lock orq \$0,-8(%rsp) is a fence" "fence|asm lock orq (stack)|-" "$(sites fence_or_below)"
expect "a caller reaches the fence through the helper" "fence|asm lock addl (stack)|fence_on_stack -> full_fence" "$(q "SELECT kind, op, path FROM scan_heavyweight WHERE function = 'fence_on_stack'")"
expect "a locked add on shared memory stays an RMW" "rmw|asm lock addl|-" "$(sites add_shared)"

# the facts survive an incremental rescan (loaded back, not parsed)
"$SNC" scan --db "$DB" --json "$FIXTURES/orders" > again.json || exit 1
expect "rescan reuses every unit" "0" "$(sqlite3 :memory: "SELECT json_extract(readfile('again.json'), '\$.units.parsed')")"
expect "and stores the same origins" "$(q "SELECT function, kind, order_param, via FROM scan_site_origins WHERE run_id = 1 ORDER BY site_id")" "$(q "SELECT function, kind, order_param, via FROM scan_site_origins WHERE run_id = 2 ORDER BY site_id")"
expect "and the same weights" "$(q "SELECT name, heavyweight_sites, transitive_heavyweight FROM scan_functions WHERE run_id = 1 ORDER BY name")" "$(q "SELECT name, heavyweight_sites, transitive_heavyweight FROM scan_functions WHERE run_id = 2 ORDER BY name")"
finish
