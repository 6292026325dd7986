# analyzer.ck: Concurrency Kit's headers, real code nobody here wrote, through a generated
# compile_commands.json with -O2 (CK_CC_INLINE is inline only under __OPTIMIZE__).
. "$(dirname "$0")/lib.sh"
[ -f /usr/include/ck_pr.h ] || { echo "SKIP: libck-dev is not installed"; exit 77; }
DB=$PWD/ck.db
cat > ck_use.c <<'C'
#include <ck_pr.h>
#include <ck_stack.h>
#include <ck_fifo.h>
#include <ck_ring.h>
#include <ck_spinlock.h>
C
cat > compile_commands.json <<JSON
[{"directory": "$PWD", "command": "cc -O2 -Wall -c ck_use.c -o ck_use.o", "file": "ck_use.c"}]
JSON
"$SNC" scan --db "$DB" --quiet --system -p compile_commands.json
expect "the scan finishes" "0" "$?"
expect "no errors" "0" "$(q "SELECT count(*) FROM scan_diagnostics")"
expect "the fresh store's references hold (it runs without foreign-key checks)" "" "$(q "PRAGMA foreign_key_check")"
cas() { q "SELECT count(*) FROM scan_heavyweight WHERE function = '$1' AND kind = 'rmw' AND op LIKE '%cmpxchg%' AND path LIKE '$1 -> ck_pr_cas_ptr%'"; }
expect "ck_stack_push_upmc reaches a compare-and-swap through ck_pr_cas_ptr*" "1" "$(cas ck_stack_push_upmc)"
expect "ck_stack_pop_upmc reaches a compare-and-swap through ck_pr_cas_ptr*" "1" "$(cas ck_stack_pop_upmc)"
expect "the CAS is the asm of ck_pr_cas_ptr_value, made by the CK_PR_CAS macro" "asm lock cmpxchgq|CK_PR_CAS|ck_pr_cas_ptr_value" "$(q "SELECT op, macro, site_function FROM scan_heavyweight WHERE function = 'ck_stack_push_upmc'")"
rmw() { q "SELECT count(*) FROM scan_heavyweight WHERE function = '$1' AND kind = 'rmw'"; }
expect "ck_fifo_spsc_enqueue has no read-modify-write" "0" "$(rmw ck_fifo_spsc_enqueue)"
expect "ck_fifo_spsc_dequeue has no read-modify-write" "0" "$(rmw ck_fifo_spsc_dequeue)"
expect "both are defined and return as declared" "ck_fifo_spsc_dequeue|1|inline-header
ck_fifo_spsc_enqueue|0|inline-header" "$(q "SELECT name, returns_value, linkage FROM scan_functions WHERE name IN ('ck_fifo_spsc_enqueue', 'ck_fifo_spsc_dequeue') ORDER BY name")"
expect "ck_spinlock_fas_lock reaches an xchg" "1" "$(q "SELECT count(*) > 0 FROM scan_heavyweight WHERE function = 'ck_spinlock_fas_lock' AND op LIKE '%xchg%'")"
expect "pop_upmc with itself: snc-candidate paying a CAS" "snc-candidate" "$(q "SELECT static_class FROM scan_pairs WHERE f = 'ck_stack_pop_upmc' AND g = 'ck_stack_pop_upmc' AND heavyweight_f > 0")"
expect "pop_npsc with itself: snc-candidate without heavyweight (single consumer)" "snc-candidate|0" "$(q "SELECT static_class, heavyweight_f FROM scan_pairs WHERE f = 'ck_stack_pop_npsc' AND g = 'ck_stack_pop_npsc'")"
# every Concurrency Kit header as a unit of its own: an unchanged rescan reuses them all
mkdir headers
for h in /usr/include/ck_*.h; do printf '#include <%s>\n' "${h##*/}" > "headers/$(basename "$h" .h).c"; done
n=$(ls headers | wc -l)
"$SNC" scan --db "$PWD/h.db" --quiet --system headers -- -O2 2> /dev/null
"$SNC" scan --db "$PWD/h.db" --json --system headers -- -O2 > h.json 2> /dev/null
expect "an unchanged rescan of the $n headers reuses every unit" "0|$n" "$(sqlite3 :memory: "SELECT json_extract(readfile('h.json'), '\$.units.parsed') || '|' || json_extract(readfile('h.json'), '\$.units.reused')")"
expect "no header is stored by a relative path or as unreadable" "0" "$(DB=$PWD/h.db q "SELECT count(*) FROM scanned_files WHERE path NOT LIKE '/%' OR hash = 'unreadable'")"
"$SNC" scan --db "$PWD/plain.db" --json -p compile_commands.json > plain.json
expect "without --system, ck's functions are followed but not paired" "0" "$(sqlite3 :memory: "SELECT json_array_length(readfile('plain.json'), '\$.pairs')")"
finish
