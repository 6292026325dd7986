# audit.kept_keys: a value passed by pointer (a key's bytes, a const int *) lives in a
# static cell, one per value, so a library that keeps the pointer (APR's apr_hash_set does
# not copy its key) reads in later calls the value it was given. Before, it was a compound
# literal on the wrapper's stack, overwritten by the next call: two gets of a key changed
# each other's results ("snc") and a watched limit read garbage.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/kept_keys"
audit --emit-harness "$PWD/emitted" "$FIX/keytab.h" "$FIX/keytab.c"
expect_match "$(cat "$PWD/emitted/keytab.c")" \
	'keytab_put\(obj, __extension__ \(\{ static long snc_cell_\[2\]; snc_cell_\[\(key\) - 0\] = \(long\)\(key\); &snc_cell_\[\(key\) - 0\]; \}\), sizeof\(long\), value\)' \
	"the key's bytes are a static cell per value"
expect_eq "$(v keytab keytab_get keytab_get)" "commutative" "two gets change nothing"
expect_eq "$(v keytab keytab_get keytab_over)" "commutative" "a get and a count of entries over the limit"
expect_eq "$(pair keytab 'keytab_put(0, 0)' 'keytab_get(0)' 'keytab_get(1)')" "0 -1" \
	"the kept key 0 is still 0 after a call with key 1"
expect_eq "$(oneway keytab keytab_watch keytab_over)" "keytab_watch->keytab_over" \
	"watching a limit changes what is over it"
expect_eq "$(pair keytab 'keytab_put(0, 1)' 'keytab_watch(0)' 'keytab_over()')" "void 1" \
	"value 1 is over the watched limit 0"
expect_eq "$(v keytab keytab_put keytab_watch)" "commutative" "a put and a watch touch different fields"
finish
