# audit.refcount: an object the library frees (its last reference put) is kept by the
# harness, and a call on it after that is refused: a crash (SIGABRT) from that state,
# which the audit reports as a precondition, not a result. Before, the calls after the
# last put read freed memory, and their results were whatever was there.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/refcount.h"
emitted=$(cat "$PWD/emitted/obj.c")
expect_match "$emitted" 'void free\(void \*p\)' "the harness keeps the object when the library frees it"
expect_match "$emitted" 'refuse_if_freed\(\);' "and its wrappers refuse a freed object"
expect_eq "$(pair obj fresh 'obj_put()' 'obj_data()')" "true crash: SIGABRT" "a call after the last put is refused"
expect_eq "$(pair obj 'obj_get()' 'obj_put()' 'obj_data()')" "false 5" "with a reference left, the object lives"
expect_eq "$(v obj obj_put obj_put)" "snc" "two puts: the one that frees depends on the other"
expect_eq "$(q "$DB" "SELECT witness_state || ': ' || f_alone || ' ' || f_after_g FROM pair_verdicts
                      WHERE run_id = $run AND f = 'obj_put' AND g = 'obj_put'")" "obj_get(): false true" \
	"the witness: from two references"
expect_eq "$(oneway obj obj_get obj_put)" "obj_get->obj_put" "a get changes what a put returns"
expect_eq "$(oneway obj obj_put obj_data)" "commutative" "the data does not depend on the count"
expect_status 0 "snc report" -- "$SNC" report --db "$DB" --run "$run"
expect_match "$out" "note: precondition: obj_data in obj" "a call on a freed object is a precondition"
finish
