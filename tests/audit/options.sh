# audit.options: a constructor that reads a const options struct (ev_bus_open(const struct
# ev_config *)) builds its object's family; before, its first parameter made it the only
# member of a family of the options, and the bus, opaque to that family's view, was skipped
# with "no constructor returns it". A destructor named *_close is not run before the other
# calls (each would use freed memory: every verdict was nondeterministic).
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/evbus.h"
expect_match "$(item family 'struct ev_bus')" "^audited: obj = ev_bus_open" "the bus is built by its constructor"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND kind = 'family'
                      AND name = 'struct ev_config'")" 0 "no family of the options"
expect_match "$(cat "$PWD/emitted/ev_bus.c")" 'obj = ev_bus_open\(config\);' "the constructor gets the options"
expect_match "$(item function ev_bus_close)" "^skipped: ends the life of the object ev_bus_open\(\) returns" \
	"close is a destructor"
expect_eq "$(v ev_bus ev_subscribe ev_subscribe)" "snc" "two subscribers take the slots in turn"
expect_eq "$(v ev_bus ev_emit ev_emit)" "snc" "the second emit finds the bus full"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'ev_bus'
                      AND deterministic = 0")" 0 "every verdict deterministic"
finish
