# audit.out_structs: a pointer to a struct holding no pointer, which no function of the
# family hands out, keeps or reads only, is an out-parameter: a zeroed struct whose bytes
# after the call are part of the result (a hash). Before, it was a fresh struct from a pool
# that nobody looked at, so stats_snapshot returned nothing and every pair with it
# commuted or was state-only. So is a struct returned by value, when its bytes are its
# value.
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

# A struct returned by value whose bytes are its value (scalars, no padding) is compared
# by its fields while each fits in 15 bits, and then reads field by field (it read
# "struct pt ~1a2b"), else by a hash of its bytes (before: skipped, "results cannot be
# compared"); one with padding is still skipped, with the reason.
audit --emit-harness "$PWD/emitted" "$AFIX/byvalue.h"
expect_match "$(cat "$PWD/emitted/mover.c")" 'return fits \? packed : bytes_code\(&result, sizeof result\)' \
	"small fields packed, else the struct's bytes hashed"
expect_eq "$(oneway mover mover_step mover_pos)" "mover_step->mover_pos" "a step moves the position"
expect_eq "$(pair mover fresh 'mover_pos()' 'mover_step(1)')" "{x = 0, y = 0} void" "the result reads field by field"
expect_eq "$(pair mover fresh 'mover_step(1)' 'mover_pos()')" "void {x = 1, y = 0}" "and after a step"
expect_match "$(pair mover fresh 'mover_far()' 'mover_step(1)')" '^struct pt ~[0-9a-f]{4} void$' \
	"a field too large to pack: the struct by a hash of its bytes"
expect_eq "$(oneway mover mover_step mover_far)" "mover_step->mover_far" "and still compared: a step moves it"
expect_eq "$(v mover mover_pos mover_pos)" "commutative" "two reads"
expect_match "$(item function mover_last)" "^skipped: returns struct last, which results cannot be compared as" \
	"a struct with padding is skipped, with the reason"
finish
