# audit.options: a constructor that reads a const options struct (ev_bus_open(const struct
# ev_config *)) builds its object's family; before, its first parameter made it the only
# member of a family of the options, and the bus, opaque to that family's view, was skipped
# with "no constructor returns it". A destructor named *_close is not run before the other
# calls (each would use freed memory: every verdict was nondeterministic). A constructor
# that writes the object through a T ** (pool_create(&obj, n)) builds its family too, and
# a globals family starts from its initializer (reg_init(void)).
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/evbus.h"
expect_match "$(item family 'struct ev_bus')" "^audited: obj = ev_bus_open" "the bus is built by its constructor"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND kind = 'family'
                      AND name = 'struct ev_config'")" 0 "no family of the options"
expect_match "$(cat "$PWD/emitted/ev_bus.c")" 'made = ev_bus_open\(config\);' "the constructor gets the options"
expect_match "$(item function ev_bus_close)" "^skipped: ends the life of the object ev_bus_open\(\) returns" \
	"close is a destructor"
expect_eq "$(v ev_bus ev_subscribe ev_subscribe)" "snc" "two subscribers take the slots in turn"
expect_eq "$(v ev_bus ev_emit ev_emit)" "snc" "the second emit finds the bus full"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'ev_bus'
                      AND deterministic = 0")" 0 "every verdict deterministic"

# A constructor that returns a status and writes the object through a T ** parameter
# builds the family's initial state (before: a family of `struct pool *` cells, zeroed, in
# which pool_create was an operation, and the pool itself was skipped as opaque).
audit --emit-harness "$PWD/emitted" "$AFIX/outpool.h"
expect_match "$(item family 'struct pool')" '^audited: pool_create\(&obj, \.\.\.\)' "the pool is built through &obj"
expect_match "$(cat "$PWD/emitted/pool.c")" 'pool_create\(&obj, 2\);' "with the smallest capacity"
expect_match "$(item function pool_create)" "builds the initial state of struct pool" "the constructor is the starter"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND kind = 'family'
                      AND name = 'struct pool *'")" 0 "no family of pool pointers"
expect_eq "$(v pool pool_get pool_get)" "snc" "two gets take the items in turn"
expect_eq "$(oneway pool pool_get pool_avail)" "pool_get->pool_avail" "get influences avail"
# The two items are both the library's, not named objects of the harness: told apart by
# their addresses, pool_get differs after pool_get from the fresh pool already.
expect_eq "$(q "$DB" "SELECT count(*) FROM executions e JOIN states s ON s.id = e.state_id
                      JOIN harnesses h ON h.id = s.harness_id JOIN ops f ON f.id = e.first_op
                      JOIN ops g ON g.id = e.second_op WHERE h.run_id = $run AND h.name = 'pool'
                      AND s.label = 'fresh' AND f.name = 'pool_get' AND g.name = 'pool_get'
                      AND e.first_result != e.second_result")" 1 "two items from the fresh pool differ"

# A globals family's initializer (reg_init(void)) runs before every state, as an object's
# does; before, the family started from the globals as the program starts, where reg_add
# crashes, and reached an initialized registry only as the state after reg_init().
audit "$AFIX/reginit.h"
fam=$(q "$DB" "SELECT name FROM harnesses WHERE run_id = $run")
expect_match "$(q "$DB" "SELECT status || ': ' || detail FROM audit_items WHERE run_id = $run AND kind = 'family'")" \
	"^audited: the globals after reg_init" "the initializer builds the initial state"
expect_eq "$(pair "$fam" fresh 'reg_add(0)' 'reg_add(0)')" "true false" "from the fresh state, the first add takes the key"
expect_eq "$(v "$fam" reg_add reg_add)" "snc" "add with itself"
finish
