# audit.library_init: `snc audit .` in a library's folder (headers named by a relative
# path) whose constructor aborts unless the library's initializer ran first
# (hq_open after hq_lib_init), and whose header has a statement macro in capitals that
# calls the API (HQ_PUSH_TWICE(q, v): two hq_push calls).
#  * The family's setup() calls the initializer before the constructor: the queue family
#    is audited (it failed: "its initial state could not be built (crash: SIGABRT in
#    hq_open)"), hq_push with itself snc from the last free slot.
#  * The macro is API (it calls hq_push), typed from its expansion, and audited through
#    its wrapper; HQ_MAX_NAME, a value, is not listed. The wrapper header includes the
#    API header by its absolute path (it is written elsewhere: "./include/hq.h" did not
#    compile there).
. "$(dirname "$0")/lib.sh"
cp -r "$AFIX/libinit" lib
cd lib
audit .
expect_match "$out" "hq: [0-9]+ operations, initial state: obj = hq_open\(\.\.\.\), after hq_lib_init\(\)" \
	"the initializer runs before the constructor, and the initial state says so"
expect_eq "$(item family 'struct hq' | cut -d: -f1)" "audited" "the queue family is audited"
expect_eq "$(v hq hq_push hq_push)" "snc" "two pushes from the last free slot: each takes it"
expect_eq "$(v hq hq_pop hq_pop)" "snc" "two pops of the one item"
expect_eq "$(item macro HQ_PUSH_TWICE)" "audited: (function-like alias of snc_macro_HQ_PUSH_TWICE(hq_t q, int v))" \
	"the statement macro is audited through its wrapper, typed from its expansion"
expect_eq "$(oneway hq hq_pop HQ_PUSH_TWICE)" "HQ_PUSH_TWICE->hq_pop" \
	"pushing twice changes what a pop returns, a pop never what the macro returns (void)"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND name = 'HQ_MAX_NAME'")" "0" \
	"an object-like macro for a value is not API"
expect_match "$out" "API: 6 public names \(5 functions, 1 macro\), 5 in a verdict" \
	"every name but the destructor is in a verdict"
finish
