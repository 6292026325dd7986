# audit.out_structs: a pointer to a struct holding no pointer, which no function of the
# family hands out, keeps or reads only, is an out-parameter: a zeroed struct whose bytes
# after the call are part of the result (a hash). Before, it was a fresh struct from a pool
# that nobody looked at, so stats_snapshot returned nothing and every pair with it
# commuted or was state-only.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/snapshot.h"
emitted=$(cat "$PWD/emitted/stats.c")
expect_match "$emitted" 'struct stats_snap out = \{ 0 \};' "the snapshot is a zeroed local"
expect_match "$emitted" 'FIELD\(0, bytes_code\(&out, sizeof out\)\)' "observed by its bytes"
fresh=$(pair stats fresh 'stats_snapshot()' 'stats_snapshot()')
expect_match "$fresh" '^\*out = [0-9]+ \*out = [0-9]+$' "the snapshot reads as its content"
after=$(pair stats 'stats_add(1)' 'stats_snapshot()' 'stats_snapshot()')
[ -n "$after" ] || fail "no state after stats_add(1)"
[ "$fresh" != "$after" ] || fail "a sample added does not change the snapshot ($fresh)"
expect_eq "$(oneway stats stats_add stats_snapshot)" "stats_add->stats_snapshot" "add influences the snapshot"
expect_eq "$(oneway stats stats_snapshot stats_reset)" "stats_reset->stats_snapshot" "reset influences the snapshot"
expect_eq "$(v stats stats_snapshot stats_snapshot)" "commutative" "two snapshots"
finish
