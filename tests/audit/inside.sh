# audit.inside: a header named by the user that refuses to be included alone, as GLib's
# parts do (glib/gasyncqueue.h: #error "Only <glib.h> can be included directly."), is
# audited through the header its #error names, found beside it or above, and its API is
# still only what it declares. Before, it was skipped and nothing was audited (exit 2).
. "$(dirname "$0")/lib.sh"
audit "$AFIX/inside/wq/wq-count.h"
expect_match "$out" "audited header .*/wq-count.h: through .*/inside/wq.h, as its #error says" \
	"says it is audited through the umbrella header"
expect_match "$out" "3 public names \(3 functions, 0 macros\), 3 in a verdict \(100%\)" \
	"its three functions, and not the other part's"
expect_eq "$(v wq_count wq_count_add wq_count_add)" "snc" "two adds"
expect_eq "$(oneway wq_count wq_count_add wq_count_get)" "wq_count_add->wq_count_get" "add influences get"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND f LIKE 'wq_flag%'")" "0" \
	"the other part is not audited"
# A part with a macro that expands to an expression: its inferred wrapper includes the
# umbrella header too (it included the part, whose #error stopped every family's build).
audit "$AFIX/inside/wq/wq-misc.h"
expect_match "$out" "2 public names \(1 function, 1 macro\), 2 in a verdict \(100%\)" "the function and the macro"
expect_eq "$(oneway wq_flag wq_flag_raise wq_flag_test)" "wq_flag_raise->wq_flag_test" "raising influences the test"
# A header whose #error names no header it can be included through is still skipped.
mkdir -p lone
printf '#error "This header is internal."\nint lone_get(int *p);\n' > lone/lone.h
expect_status 2 "a header that only refuses" -- "$SNC" audit --db "$DB" lone/lone.h
expect_match "$out" "refuses to be included alone" "says why"
finish
