# analyzer.constructs: every construct of the purpose-written fixture, exact kinds, ops,
# macros, accesses, calls and linkage.
. "$(dirname "$0")/lib.sh"
DB=$PWD/c.db
"$SNC" scan --db "$DB" --quiet "$FIXTURES/constructs" || { echo "scan failed"; exit 1; }

sites() { q "SELECT group_concat(kind || ' ' || op || coalesce(' @' || macro, ''), ', ') FROM (SELECT * FROM scan_sites WHERE function = '$1' ORDER BY site_id)"; }
state() { q "SELECT group_concat(state || ':' || mode || coalesce(' via ' || via, ''), ', ') FROM scan_state WHERE function = '$1'"; }

expect "gcc builtins" "rmw __atomic_fetch_add, light __atomic_load_n, light __atomic_store_n, seq_cst-store __atomic_store_n, rmw __atomic_exchange_n, rmw __atomic_compare_exchange_n, fence __atomic_thread_fence, light __atomic_thread_fence, rmw __sync_fetch_and_add, rmw __sync_val_compare_and_swap, fence __sync_synchronize, rmw __sync_lock_test_and_set, light __sync_lock_release" "$(sites gcc_builtins)"
expect "C11 atomics, reported with the macro the user wrote" "rmw __c11_atomic_fetch_add @atomic_fetch_add, seq_cst-store __c11_atomic_store @atomic_store, light __c11_atomic_store @atomic_store_explicit, light __c11_atomic_load @atomic_load, rmw __c11_atomic_exchange @atomic_exchange, rmw __c11_atomic_compare_exchange_strong @atomic_compare_exchange_strong, fence __c11_atomic_thread_fence @atomic_thread_fence, light __c11_atomic_thread_fence @atomic_thread_fence, rmw __c11_atomic_exchange @atomic_flag_test_and_set" "$(sites c11_atomics)"
expect "memory orders" "relaxed|acquire|release|seq_cst|acq_rel|seq_cst|seq_cst|acquire|seq_cst|seq_cst|seq_cst|seq_cst|release" "$(q "SELECT group_concat(memory_order, '|') FROM (SELECT * FROM scan_sites WHERE function = 'gcc_builtins' ORDER BY site_id)")"
expect "operators on _Atomic objects" "rmw ++, rmw +=, seq_cst-store =, rmw --" "$(sites atomic_operators)"
expect "x86 asm (the string decoy is not asm)" "rmw asm lock xaddl, fence asm mfence, light asm sfence, light asm lfence, rmw asm xchgl, rmw asm lock cmpxchgl" "$(sites inline_asm)"
expect "ARM asm" "rmw asm stxr, rmw asm ldadd, fence asm dmb ish, light asm dmb ishst, rmw asm casal, rmw asm swp" "$(sites arm_asm)"
expect "lock acquisitions (unlock is not one)" "lock pthread_mutex_lock, lock pthread_spin_lock, lock sem_wait, lock pthread_rwlock_wrlock" "$(sites locks)"
expect "macros reported at the user's line" "fence __atomic_thread_fence @smp_mb, rmw __atomic_add_fetch @ADD_RETURN" "$(sites macros)"
expect "macro sites sit on the lines that use the macros" "1" "$(q "SELECT count(DISTINCT line) = 2 AND min(line) > 100 FROM scan_sites WHERE function = 'macros'")"

expect "globals, statics, arrays, struct globals, function statics; not thread-locals" "plain_global:read, plain_global:write, file_static:read, file_static:write, table:write, pointer_global:read, stats_global:write, reads_and_writes::calls:read, reads_and_writes::calls:write" "$(state reads_and_writes)"
expect "fields through pointers, anonymous struct and union, not locals" "anon_t.a:write, outer.inner:read, outer.inner:write, stats.misses:write, outer.plain:read" "$(state fields)"
expect "atomic objects are written" "atomic_counter:read, atomic_counter:write, anon_t.refs:read, anon_t.refs:write" "$(state atomic_operators)"
expect "writes through a callee are inherited" "plain_global:write via helper_writes" "$(state inherits)"
expect "a new object's fields are not shared" "head:read" "$(state node_new)"

expect "return values: used, discarded, (void), if, for body, return" "1 0 0 1 0 1" "$(q "SELECT group_concat(value_used, ' ') FROM (SELECT * FROM scan_calls WHERE caller = 'caller' ORDER BY line)")"
expect "callers of callee: 3 use, 3 discard" "3|3" "$(q "SELECT callers_use, callers_discard FROM scan_functions WHERE name = 'callee'")"
expect "macro-generated functions on one line are two functions" "generated_one|extern|1
generated_two|extern|1" "$(q "SELECT name, linkage, returns_value FROM scan_functions WHERE name LIKE 'generated_%' ORDER BY name")"
expect "same line for both" "1" "$(q "SELECT count(DISTINCT line) FROM scan_functions WHERE name LIKE 'generated_%'")"
expect "linkage and signature" "header_inline|inline-header|int header_inline(void)
helper_writes|static|void helper_writes(void)
locks|extern|void locks(pthread_mutex_t *m, pthread_spinlock_t *s, sem_t *sem, pthread_rwlock_t *rw)" "$(q "SELECT name, linkage, signature FROM scan_functions WHERE name IN ('header_inline', 'helper_writes', 'locks') ORDER BY name")"
expect "void functions do not return a value" "0|1" "$(q "SELECT (SELECT returns_value FROM scan_functions WHERE name = 'locks'), (SELECT returns_value FROM scan_functions WHERE name = 'macros')")"
expect "heavyweight counts (own, transitive)" "gcc_builtins|9|9
inherits|0|0
inline_asm|4|4
locks|4|4
macros|2|2" "$(q "SELECT name, heavyweight_sites, transitive_heavyweight FROM scan_functions WHERE name IN ('gcc_builtins', 'inline_asm', 'locks', 'macros', 'inherits') ORDER BY name")"
expect "summary of kinds" "fence|6
light|10
lock|4
rmw|21
seq_cst-store|3" "$(q "SELECT kind, count(*) FROM scan_sites GROUP BY kind ORDER BY kind")"

# pairs: static classes
pair() { q "SELECT static_class || ' [' || shared_state || ']' FROM scan_pairs WHERE f = '$1' AND g = '$2'"; }
expect "a writer with itself: snc-candidate over everything it writes" "snc-candidate [file_static, plain_global, reads_and_writes::calls, stats_global, table]" "$(pair reads_and_writes reads_and_writes)"
expect "reader and writer: one-way" "one-way [plain_global]" "$(pair reads_and_writes callee)"
expect "two readers of written state: read-read" "read-read [file_static]" "$(pair generated_one generated_two)"
expect "a function returning nothing: never-snc" "never-snc [atomic_counter]" "$(pair c11_atomics atomic_operators)"
expect "static functions are not API" "0" "$(q "SELECT count(*) FROM scan_pairs WHERE f = 'helper_writes' OR g = 'helper_writes'")"
expect "inherited writes make pairs" "snc-candidate [plain_global]" "$(pair reads_and_writes inherits)"
finish
