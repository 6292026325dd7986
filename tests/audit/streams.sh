# audit.streams: a FILE * is a stream the library reads or writes (jansson's json_dumpf and
# json_loadf), given as a stream on /dev/null, never the object of a family. Before, the
# stream was a zeroed struct _IO_FILE: gauge_print crashed, gauge_scan made a family of
# FILE of its own and crashed, and gauge_banner was skipped.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/streams.h"
expect_match "$(cat "$PWD/emitted/gauge.c")" 'return gauge_print\(obj, snc_stream\(\)\);' "print writes to the stream"
expect_match "$(sed -n '/^static FILE \*snc_stream(void)/,/^}/p' "$PWD/emitted/gauge.c" | tr -d '\t' | tr '\n' ' ')" \
	'stream = fopen\("/dev/null", "r\+"\)' "a stream on /dev/null"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND kind = 'family' AND name LIKE '%_IO_FILE%'")" 0 \
	"no family of FILE"
expect_eq "$(pair gauge fresh 'gauge_set(1)' 'gauge_print()')" "void 0" "print writes"
expect_eq "$(pair gauge fresh 'gauge_scan()' 'gauge_get()')" "-1 0" "scan finds the end, the gauge stays"
expect_eq "$(v gauge gauge_print gauge_set)" "commutative" "what print returns does not depend on the level"
expect_eq "$(oneway gauge gauge_set gauge_get)" "gauge_set->gauge_get" "set influences get"
expect_eq "$(crashing_pairs)" 0 "no execution crashed"
expect_eq "$(v stateless_streams gauge_banner gauge_banner)" "commutative" \
	"the banner, a stream alone, is in the family of functions that keep no state"
finish
