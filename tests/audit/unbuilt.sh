# audit.unbuilt: an operation whose wrapper the compiler or the linker refuses (a function
# the header declares and its library does not define: liburing.h's io_uring_enable_rings;
# a parameter of a type the harness cannot complete: io_uring_prep_statx) is left out with
# the linker's words, and the family is built again and audited without it. Before, the
# whole family failed to build (liburing: 25 of 161 names in a verdict, now 143).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/unbuilt"
mkdir -p prefix/include prefix/lib
cp "$FIX/slot.h" prefix/include/
cc -shared -fPIC -o prefix/lib/libslot.so "$FIX/slot.c"
audit "$PWD/prefix/include/slot.h"
expect_match "$out" "slot: built again without the 1 operation the compiler refused" "built again"
expect_eq "$(item function slot_reset_all)" \
	"skipped: its operation does not build here (undefined reference to \`slot_reset_all'); the family is audited without it" \
	"the operation left out, with the linker's words"
expect_eq "$(v slot slot_swap slot_swap)" "snc" "two swaps"
expect_eq "$(oneway slot slot_swap slot_peek)" "slot_swap->slot_peek" "a swap changes what peek returns"
expect_match "$out" "4 public names \(4 functions, 0 macros\), 3 in a verdict \(75%\), 0 build an initial state, 1 skipped" \
	"counted as skipped"
finish
