# audit.bad_input: what cannot be audited is reported (what and why, printed and stored in
# audit_items) and the audit goes on with the rest: a header that does not parse, a header
# with no object family, a family whose constructor crashes, functions whose parameters
# cannot be generated (a function pointer, a struct by value, variadic).
. "$(dirname "$0")/lib.sh"
audit "$AFIX/crashy.h" "$AFIX/broken.h" "$AFIX/nofamily.h"
expect_match "$out" "failed family struct crashy: its initial state could not be built \(crash: SIGSEGV in crashy_new\)" \
	"the crashing constructor is printed"
expect_match "$(item family 'struct crashy')" "^failed: its initial state could not be built \(crash: SIGSEGV" \
	"and stored"
expect_match "$(item function crashy_each)" "^skipped: parameter fn is a function pointer" "a function pointer parameter"
expect_match "$(item function crashy_add)" "^skipped: parameter p has type struct pair" "a struct by value"
expect_match "$(item function crashy_log)" "^skipped: variadic" "a variadic function"
expect_match "$(item header "$AFIX/broken.h")" "^(failed|skipped): .*error" "the header that does not parse"
expect_match "$(item function twice)" "^skipped: its first parameter \(int\) is not a pointer" "no object"
expect_eq "$(v counter counter_add counter_add)" "snc" "the counter beside them is audited all the same"
expect_eq "$(q "$DB" "SELECT status FROM run_summary WHERE run_id = $run")" "ok" "the run is ok"
audit "$AFIX/nofamily.h"
expect_match "$out" "no object family to audit" "a library with no family at all says so"
expect_status 2 "a missing header" -- "$SNC" audit --db "$DB" "$AFIX/missing.h"
expect_match "$out" "not found" "names the missing file"
expect_status 2 "no header" -- "$SNC" audit --db "$DB" "$AFIX/bank/src/bank.c"
expect_match "$out" "no header given" "asks for the header"
finish
