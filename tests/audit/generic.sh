# audit.generic: a C11 _Generic macro that selects a function by its argument's type and
# calls it (Concurrency Kit's ck_ec_value(EC) is `(_Generic(*(EC), struct ck_ec32 :
# ck_ec32_value, struct ck_ec64 : ck_ec64_value))((EC))`) is an alias of the first
# association's function, the one a use on that type calls: audited as that function's
# operation, under the public name. Before, its parameters were typed from the expansion as
# a value or a cell, none of which any association accepts: the wrapper did not compile
# and the macro was skipped (ck_ec.h: 7 names skipped, 77% in a verdict; now 96%).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/generic"
audit "$FIX/counter.h" "$FIX/counter.c"
expect_eq "$(item macro counter_add)" "audited: (function-like alias of counter32_add(C, DELTA))" \
	"the parenthesized selection calls counter32_add"
expect_eq "$(item macro counter_read)" "audited: (function-like alias of counter32_read(C))" \
	"an unparenthesized one, with a default, too"
expect_eq "$(v counter32 counter_add counter_add)" "snc" "two adds each see the other's (fetch-and-add)"
expect_eq "$(oneway counter32 counter_add counter_read)" "counter_add->counter_read" "an add changes a read"
expect_match "$out" "API: 6 public names \(4 functions, 2 macros\), 6 in a verdict \(100%\)" "every name in a verdict"
finish
