# audit.find_libs: with no --lib and no source named, an audit links the libraries of the
# package that installed the headers, those that define the functions the headers declare
# without a body (dpkg -S, dpkg -L, nm): urcu/lfstack.h without _LGPL_SOURCE declares
# cds_lfs_push and the rest, defined in liburcu-cds.so, and audits them with nothing named.
# A header no package installed gets nothing added: its family does not link, as before.
# --lib still chooses. (Skipped where dpkg is not installed: not a Debian system.)
. "$(dirname "$0")/lib.sh"
need_urcu
command -v dpkg >/dev/null || skip "dpkg is not installed (not a Debian system)"
audit "$URCU/lfstack.h" --depth 0 --boundary 0 --family cds_lfs_stack
expect_match "$out" "linking with liburcu-cds\.so \(package liburcu-dev, which installed the headers\): 12 of the 12 functions" \
	"the package's library that defines them, said in one line"
expect_eq "$(v cds_lfs_stack cds_lfs_push cds_lfs_push)" "snc" "cds_lfs_push, from liburcu-cds.so, audited"
expect_match "$out" "1 family: 1 audited" "its family built and ran"
# Functions the headers' inline code calls count too: urcu/rculist.h defines its functions
# in the header, and they call rcu_set_pointer_sym (declared in urcu-pointer.h, defined by
# every flavour's library). Before, nothing was linked and the harness did not link
# ("undefined reference to `rcu_set_pointer_sym'").
expect_status 0 "urcu/rculist.h: its list heads start with CDS_INIT_LIST_HEAD of urcu/list.h" -- \
	"$SNC" audit --db "$DB" --repeat 1 --no-measure --no-prove --depth 0 --boundary 0 "$URCU/rculist.h"
expect_match "$out" "linking with liburcu-bp\.so \(package liburcu-dev, which installed the headers\): 2 of the 2 functions the headers declare or call without a body" \
	"the library that defines what the inline code calls"
expect_no_match "$out" "undefined reference" "the harness links"
expect_match "$out" "cds_list_head: 6 operations, initial state: a zeroed struct cds_list_head, then CDS_INIT_LIST_HEAD\(obj, \.\.\.\)" \
	"and runs (audit.sibling_init: a zeroed head crashed every operation)"

mkdir -p own && cat > own/tally.h <<'H'
struct tally { long n; };
void tally_add(struct tally *t);
long tally_get(struct tally *t);
H
expect_status 2 "a header no package installed, its functions nowhere" -- \
	"$SNC" audit --db own.db --repeat 1 --no-measure own/tally.h
case "$out" in *"linking with"*) fail "nothing is linked for a header no package installed: $out" ;; esac
expect_match "$out" "undefined reference to .tally_add" "the build says what is missing"

printf '#include "tally.h"\nvoid tally_add(struct tally *t) { t->n++; }\nlong tally_get(struct tally *t) { return t->n; }\n' > own/tally.c
expect_status 0 "--lib still chooses" -- "$SNC" audit --db chosen.db --repeat 1 --no-measure --lib own/tally.c \
	"$URCU/lfstack.h" own/tally.h
case "$out" in *"linking with"*) fail "with --lib nothing is added: $out" ;; esac
finish
