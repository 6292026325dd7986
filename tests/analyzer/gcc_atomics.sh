# analyzer.gcc_atomics: GCC's __atomic and __sync builtins on _Atomic objects, which gcc
# builds and clang refuses ("address argument to atomic operation must be a pointer to
# integer or pointer ('_Atomic(unsigned long) *' invalid)"), are scanned as gcc sees them:
# no error, every heavyweight site at its line (named by the user's macro when one was
# used, never by the builtin's own name), and the state each function shares.
. "$(dirname "$0")/lib.sh"
DB=$PWD/g.db
src=$SNC_SOURCE_DIR/tests/analyzer/fixtures/gcc_atomics/tally.c
"$SNC" scan --db "$DB" --quiet "$src" 2> err.txt
expect "the unit parses: exit 0, nothing on stderr" "0|" "$?|$(cat err.txt)"
expect "no diagnostic stored" "0|parsed" "$(q "SELECT count(*) FROM scan_diagnostics")|$(q "SELECT status FROM scan_units")"
expect "every builtin is a heavyweight site at its line" \
"flag_claim|rmw|__sync_bool_compare_and_swap|20|
slot_swap|rmw|__atomic_exchange_n|14|
tally_bump|rmw|__atomic_add_fetch|13|BUMP
tally_hit|rmw|__atomic_fetch_add|11|" \
	"$(q "SELECT function, kind, op, line, coalesce(macro, '') FROM scan_heavyweight WHERE distance = 0 ORDER BY function")"
expect "the loads, the store and the release are sites too, none heavyweight" \
"flag_drop|__sync_lock_release|21
pair_put|__atomic_store|18
tally_read|__atomic_load_n|12" \
	"$(q "SELECT f.name, s.op, s.line FROM scanned_sites s JOIN scanned_functions f ON f.id = s.function_id
	      WHERE s.kind = 'light' ORDER BY f.name")"
expect "each builtin reads and writes its object, a load only reads it, a store only writes it" \
"flag_claim|flag|read,write
flag_drop|flag|write
pair_put|last|write
slot_swap|slot|read,write
tally_bump|hits|read,write
tally_hit|hits|read,write
tally_read|hits|read" \
	"$(q "SELECT function, state, group_concat(mode) FROM (SELECT * FROM scan_state ORDER BY function, state, mode)
	      GROUP BY function, state ORDER BY function, state")"
finish
