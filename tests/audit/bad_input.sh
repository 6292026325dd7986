# audit.bad_input: what cannot be audited is reported (what and why, printed and stored in
# audit_items) and the audit goes on with the rest: a header that does not parse, a header
# with no object family, a family whose constructor crashes, functions whose parameters
# cannot be generated (variadic), an init function of an opaque struct
# (opaque.h); a deprecated function is audited without the compiler's warning on the
# generated harness. Pure helpers without an object or global
# state are the stateless family: they commute.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/crashy.h" "$AFIX/broken.h" "$AFIX/pure.h"
expect_match "$out" "failed family struct crashy: its initial state could not be built \(crash: SIGSEGV in crashy_new; a NULL from it ends the set-up with SIGABRT\)" \
	"the crashing constructor is printed"
expect_match "$(item family 'struct crashy')" "^failed: its initial state could not be built \(crash: SIGSEGV" \
	"and stored"
expect_match "$(item function crashy_each)" "^failed: its family struct crashy was not audited" \
	"a function pointer parameter gets a callback; the function is listed with its family's failure"
expect_match "$(item function crashy_add)" "^failed: its family struct crashy was not audited" \
	"a struct by value is given a zeroed one: the function is an operation of the failed family"
expect_match "$(item function crashy_log)" "^skipped: variadic" "a variadic function"
expect_match "$(item header "$AFIX/broken.h")" "^(failed|skipped): .*error" "the header that does not parse"
expect_eq "$(v stateless_pure twice add)" "commutative" "no object, no global state: the stateless family"
expect_match "$(item family 'stateless of pure.h')" "^audited: none: no operation keeps state" "its initial state"
expect_match "$out" "[0-9]+ families: 2 audited, 1 failed to build their initial state; [0-9]+ functions? skipped" \
	"the summary counts the families by what became of them"
expect_eq "$(v counter counter_add counter_add)" "snc" "the counter beside them is audited all the same"
expect_eq "$(q "$DB" "SELECT status FROM run_summary WHERE run_id = $run")" "ok" "the run is ok"
audit "$AFIX/opaque.h"
expect_match "$(item family 'struct opq_pool')" "^skipped: struct opq_pool is incomplete \(opaque\) and no constructor" \
	"an init function of an opaque struct starts no family (its harness would not compile)"
expect_eq "$(v int opq_counter_inc opq_counter_inc)" "snc" "the counter beside it is audited"
audit "$AFIX/deprecated.h"
expect_eq "$(oneway int dep_get dep_set)" "dep_set->dep_get" "a deprecated function is audited"
case $out in *deprecated*) fail "the compiler's warning on the generated harness is shown: $(clip "$out")";; esac
expect_status 2 "nothing to audit" -- "$SNC" audit --db "$DB" --no-measure "$AFIX/nofamily.h"
expect_match "$out" "no object family to audit" "a library with no family at all says so"
expect_match "$out" "nothing was audited" "and fails"
expect_eq "$(q "$DB" "SELECT status FROM run_summary WHERE run_id = (SELECT max(run_id) FROM run_summary)")" "failed" \
	"its run is failed"
expect_status 2 "a --lib that does not exist" -- "$SNC" audit --db "$DB" --lib nowhere.a "$AFIX/crashy.h"
expect_match "$out" "--lib nowhere.a: No such file" "names it"
echo "not an archive" > junk.a
expect_status 2 "a --lib that cannot be linked" -- "$SNC" audit --db "$DB" --lib junk.a "$AFIX/crashy.h"
expect_match "$out" "--lib junk.a cannot be linked" "names it"
expect_status 2 "a missing header" -- "$SNC" audit --db "$DB" "$AFIX/missing.h"
expect_match "$out" "not found" "names the missing file"
expect_status 2 "no header" -- "$SNC" audit --db "$DB" "$AFIX/bank/src/bank.c"
expect_match "$out" "no header given" "asks for the header"
finish
