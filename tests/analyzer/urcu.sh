# analyzer.urcu: liburcu's headers with -D_LGPL_SOURCE (the static inline read side).
. "$(dirname "$0")/lib.sh"
[ -f /usr/include/urcu.h ] || [ -f /usr/include/x86_64-linux-gnu/urcu.h ] || { echo "SKIP: liburcu-dev is not installed"; exit 77; }
DB=$PWD/u.db
cat > urcu_use.c <<'C'
#include <urcu.h>
#include <urcu/rculist.h>
#include <urcu/uatomic.h>
#include <urcu/rculfqueue.h>
#include <urcu/rculfstack.h>
#include <urcu/wfcqueue.h>
#include <urcu/rculfhash.h>
static long counter;
long bump(void) { return uatomic_add_return(&counter, 1); }
void reader(void) { rcu_read_lock(); rcu_read_unlock(); }
C
"$SNC" scan --db "$DB" --quiet -D_LGPL_SOURCE urcu_use.c
expect "the scan finishes" "0" "$?"
expect "no errors" "0" "$(q "SELECT count(*) FROM scan_diagnostics")"
expect "the inline bodies are scanned" "1" "$(q "SELECT count(*) > 50 FROM scan_functions WHERE system = 1")"
expect "uatomic_add_return is a lock xadd" "1" "$(q "SELECT count(*) > 0 FROM scan_heavyweight WHERE function = 'bump' AND op LIKE 'asm lock xadd%'")"
expect "rcu_read_lock's slow path (no membarrier) has a full fence" "1" "$(q "SELECT count(*) > 0 FROM scan_heavyweight WHERE function = 'reader' AND kind = 'fence' AND path LIKE 'reader -> %'")"
finish
