# analyzer.examples: the article's examples, as the demo scans them.
. "$(dirname "$0")/lib.sh"
DB=$PWD/ex.db
"$SNC" scan --db "$DB" --quiet -I "$SNC_SOURCE_DIR/runtime/include" "$SNC_SOURCE_DIR/examples" ||
	{ echo "scan failed"; exit 1; }
fn() { q "SELECT heavyweight_sites || ' ' || transitive_heavyweight FROM scan_functions WHERE name = '$1' AND file LIKE '%/examples/%' AND file NOT LIKE '%harness%'"; }
hw() { q "SELECT group_concat(kind || ' ' || op || ' via ' || path, '; ') FROM (SELECT * FROM scan_heavyweight WHERE function = '$1' ORDER BY site_id)"; }

expect "no unit had errors" "0" "$(q "SELECT count(*) FROM scan_diagnostics")"
expect "atomic_add_return: one RMW of its own" "1 1" "$(fn atomic_add_return)"
expect "atomic_add_return's site" "rmw __atomic_add_fetch via atomic_add_return" "$(hw atomic_add_return)"
expect "racy_add_return: none" "0 0" "$(fn racy_add_return)"
expect "racy_add_return with itself: an SNC candidate without heavyweight instructions" "snc-candidate|racy_count|0|0" "$(q "SELECT static_class, shared_state, heavyweight_f, heavyweight_g FROM scan_pairs WHERE f = 'racy_add_return' AND g = 'racy_add_return'")"
expect "atomic_inc returns nothing: never-snc" "never-snc" "$(q "SELECT static_class FROM scan_pairs WHERE f = 'atomic_inc' AND g = 'atomic_add_return'")"
expect "atomic_read only reads: one-way with atomic_add_return" "one-way" "$(q "SELECT static_class FROM scan_pairs WHERE f = 'atomic_add_return' AND g = 'atomic_read'")"
expect "mutex_set_add reaches a lock through set_to" "lock pthread_mutex_lock via mutex_set_add -> set_to" "$(hw mutex_set_add)"
expect "mutex_set_member takes the lock itself" "lock pthread_mutex_lock via mutex_set_member" "$(hw mutex_set_member)"
expect "mutex_set add/remove: snc-candidate, both heavyweight (the lock word is not data)" "snc-candidate|mutex_set.present|1|1" "$(q "SELECT static_class, shared_state, heavyweight_f, heavyweight_g FROM scan_pairs WHERE f = 'mutex_set_add' AND g = 'mutex_set_remove'")"
expect "treiber_pop: a compare-and-swap" "rmw __atomic_compare_exchange_n via treiber_pop" "$(hw treiber_pop)"
expect "treiber_push with treiber_pop: never-snc (push returns nothing)" "never-snc" "$(q "SELECT static_class FROM scan_pairs WHERE f = 'treiber_push' AND g = 'treiber_pop'")"
expect "the SPSC ring pays nothing heavyweight" "0 0|0 0" "$(fn spsc_enqueue)|$(fn spsc_dequeue)"
expect "the SPSC ring uses light acquire/release operations" "light acquire|light release" "$(q "SELECT group_concat(DISTINCT kind || ' ' || memory_order) FROM (SELECT * FROM scan_sites WHERE function = 'spsc_enqueue' ORDER BY site_id)" | tr ',' '|')"
expect "synchronize_rcu: a seq_cst fence" "fence __atomic_thread_fence via synchronize_rcu" "$(hw synchronize_rcu)"
expect "the byte set's add with remove: snc-candidate without heavyweight" "snc-candidate|0|0" "$(q "SELECT static_class, heavyweight_f, heavyweight_g FROM scan_pairs WHERE f = 'byte_set_add' AND g = 'byte_set_remove'")"
expect "the fresh store's references hold (it runs without foreign-key checks)" "" "$(q "PRAGMA foreign_key_check")"
expect "constructors are not SNC with themselves" "0" "$(q "SELECT count(*) FROM scan_pairs WHERE f = 'spsc_ring_new' AND g = 'spsc_ring_new' AND static_class = 'snc-candidate'")"
finish
