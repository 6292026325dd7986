# audit.macros: the macro API of macros.h. Macros that rename or call one function are its
# public names (api_aliases, with the arguments they pass): the operation of
# _counter_add is named counter_add in the verdicts, counter_inc(c) is _counter_add with
# (c, 1) through a macro that pastes the name, counter_get renames _counter_get. Macros
# that expand to an expression or a statement are audited through a generated wrapper when
# the functions their expansion calls type their parameters (counter_reset, a statement;
# counter_double, a value), what they do with a parameter types it (counter_peek's c->n),
# a for-loop's cursor is the wrapper's own (counter_for_each), or they have none
# (counter_fence); else they are listed as skipped with the reason (counter_as takes a
# type), unless the config file types them (`macro RESULT NAME(PARAMS)`). A macro in
# capitals is the library's machinery (COUNTER_OP, which pastes its parameter into a name)
# unless it calls an API function (COUNTER_ADD_ONE(c): _counter_add((c), 1)).
. "$(dirname "$0")/lib.sh"
audit "$AFIX/macros.h"
expect_eq "$(v counter counter_add counter_add)" "snc" "the op is named as users call it"
expect_eq "$(oneway counter counter_add counter_get)" "counter_add->counter_get" "counter_get (an object-like alias)"
alias() {
	q "$DB" "SELECT kind || ' ' || coalesce(target, '-') || '(' || coalesce(args, '') || ') ' || status || coalesce(': ' || detail, '')
	         FROM api_aliases WHERE run_id = $run AND name = '$1'"
}
expect_eq "$(alias counter_add)" "function-like _counter_add(c, d) audited" "counter_add calls _counter_add"
expect_eq "$(alias counter_inc)" "function-like _counter_add(c, 1) audited" "counter_inc, through a pasted name, with its argument mapping"
expect_eq "$(alias counter_get)" "object-like _counter_get() audited" "counter_get renames _counter_get"
expect_eq "$(alias counter_peek)" "function-like snc_macro_counter_peek(struct counter *c) audited" \
	"counter_peek(c) uses c->n: c is typed by trying the API's struct pointers"
expect_match "$(item macro counter_for_each)" "^audited: \(function-like alias of snc_macro_counter_for_each\(struct counter \*c\)\)" \
	"a for-loop macro: its cursor i is a local of the wrapper"
expect_eq "$(oneway counter counter_add counter_for_each)" "counter_add->counter_for_each" \
	"the loop's wrapper counts its iterations: counter_add influences it"
expect_match "$(alias counter_as)" "^function-like -\(\) skipped: its parameter type is a type name" \
	"a macro that takes a type is skipped, with why"
expect_eq "$(alias counter_reset)" "function-like snc_macro_counter_reset(struct counter *c) audited" \
	"counter_reset is typed from the function its expansion calls with c"
expect_eq "$(oneway counter counter_add counter_double)" "counter_add->counter_double" \
	"counter_double's wrapper keeps its value: counter_add influences it"
expect_eq "$(oneway counter counter_reset counter_get)" "counter_reset->counter_get" "counter_reset, a statement, is an operation"
expect_eq "$(v stateless_macros counter_fence counter_fence)" "commutative" "counter_fence() takes nothing, keeps nothing"
expect_match "$(item macro counter_inc)" "^audited: \(function-like alias of _counter_add\(c, 1\)\)" "audit_items shows the alias"
expect_eq "$(q "$DB" "SELECT count(*) FROM api_aliases WHERE run_id = $run AND name = 'COUNTER_OP'")" "0" \
	"a macro in capitals that resolves to no function is the library's machinery, not API"
expect_eq "$(alias COUNTER_ADD_ONE)" "function-like _counter_add(c, 1) audited" \
	"one in capitals that calls an API function is an alias"
expect_status 0 "the report" -- "$SNC" report --db "$DB" --run "$run"
expect_match "$out" "macros.h:17: error: snc-unsynchronized: counter_add x counter_add" \
	"the finding names the macro and points at the function that implements it"
expect_match "$out" "none in _counter_add" "with the implementing function beside it"
# The config types counter_peek: it is audited through a generated wrapper.
printf 'macro long counter_peek(struct counter *c)\n' > peek.conf
audit "$AFIX/macros.h" --config peek.conf --emit-harness harnesses
expect_match "$(cat harnesses/snc_macros.h)" "snc_macro_counter_peek\(struct counter \*c\)" "the wrapper has the config's prototype"
expect_eq "$(oneway counter counter_add counter_peek)" "counter_add->counter_peek" "the macro is in the verdicts, by its name"
expect_eq "$(alias counter_peek)" "function-like snc_macro_counter_peek(c) audited" "the alias names its wrapper"
printf 'macro counter_peek\n' > bad.conf
expect_status 2 "a macro line without a prototype" -- "$SNC" audit --db "$DB" --config bad.conf "$AFIX/macros.h"
expect_match "$out" "bad.conf:1: 'macro' needs a C prototype" "names the line"
finish
