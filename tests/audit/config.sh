# audit.config: the config file fixes what the generator guesses wrong: a family's start
# (zero instead of the crashing constructor), extra set-up, an argument's values, a role,
# a contract, a skip; and a bad line is an error that names it.
. "$(dirname "$0")/lib.sh"
cat > good.conf <<'CONF'
# crashy.h, fixed up
[family struct crashy]
zero                              # not crashy_new
setup obj->v = 40
role crashy_each.fn null          # a NULL function pointer: a crash is an outcome
skip crashy_get
[family counter]
arg counter_add.d 5..6
contract counter_add owner-only
CONF
audit "$AFIX/crashy.h" --config good.conf --emit-harness harnesses
expect_match "$(item family 'struct crashy')" "^audited: a zeroed struct crashy, then the config's set-up" "zero and setup"
expect_eq "$(q "$DB" "SELECT f_alone FROM pair_verdicts WHERE run_id = $run AND f = 'crashy_bump' AND g = 'crashy_bump'")" \
	"41" "the set-up ran (40, then bumped)"
expect_match "$(q "$DB" "SELECT DISTINCT first_result FROM op_outcomes WHERE run_id = $run AND first_op = 'crashy_each'")" \
	"crash: SIGSEGV" "crashy_each(obj, NULL) crashes: an outcome"
expect_match "$(item function crashy_get)" "^skipped: skipped by the config" "the skip"
expect_eq "$(q "$DB" "SELECT witness_args FROM pair_verdicts WHERE run_id = $run AND f = 'counter_add' AND g = 'counter_add'")" \
	"counter_add(5), counter_add(5)" "the domain 5..6"
expect_eq "$(contract counter counter_add counter_add)" "owner-only" "the contract"
expect_match "$(cat harnesses/crashy.c)" "obj->v = 40;" "the set-up is in the harness"
printf '[family struct crashy]\nconstructor\n' > bad1.conf
expect_status 2 "a directive without its function" -- "$SNC" audit --db "$DB" --config bad1.conf "$AFIX/crashy.h"
expect_match "$out" "bad1.conf:2: 'constructor' needs a function" "names the file and line"
printf 'frobnicate x\n' > bad2.conf
expect_status 2 "an unknown directive" -- "$SNC" audit --db "$DB" --config bad2.conf "$AFIX/crashy.h"
expect_match "$out" "bad2.conf:1: unknown directive 'frobnicate'" "names it"
printf 'role counter_add.d sideways\n' > bad3.conf
expect_status 2 "an unknown role" -- "$SNC" audit --db "$DB" --config bad3.conf "$AFIX/crashy.h"
expect_match "$out" "bad3.conf:1: unknown role 'sideways'" "names it"
{ printf '[family counter]\nskip '; head -c 5000 /dev/zero | tr '\0' x; printf '\n'; } > bad4.conf
expect_status 2 "an over-long line" -- "$SNC" audit --db "$DB" --config bad4.conf "$AFIX/crashy.h"
expect_match "$out" "bad4.conf:2: the line is longer than 4096 characters" "names the line"
printf 'skip a\0b\n' > bad5.conf
expect_status 2 "a NUL byte" -- "$SNC" audit --db "$DB" --config bad5.conf "$AFIX/crashy.h"
expect_match "$out" "bad5.conf:1: a NUL byte" "names the line"
expect_status 2 "a missing config" -- "$SNC" audit --db "$DB" --config nowhere.conf "$AFIX/crashy.h"
finish
