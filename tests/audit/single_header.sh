# audit.single_header: a single-header library (the stb way: its functions are defined
# only under #if defined(TALLY_IMPLEMENTATION), which its user sets in one unit), named
# alone, is audited: the audit writes that unit and compiles it in, and says so. Before,
# no unit defined the functions, every harness failed to link and nothing was audited. So
# too for a project folder with no library source of its own (the header, and a test that
# defines the macro and main).
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/single_header/tally.h"
expect_match "$out" "audited header .*tally.h: a single-header library: its functions are compiled from it with #define TALLY_IMPLEMENTATION" \
	"the note says how the functions were compiled"
expect_eq "$(cat "$PWD/emitted/snc_implementation0.c" | grep -c '^#define TALLY_IMPLEMENTATION$')" "1" \
	"the unit defines the macro before it includes the header"
expect_eq "$(v tally tally_take tally_take)" "snc" "two takes of one count"
expect_eq "$(pair tally fresh 'tally_take()' 'tally_take()')" "0 1" "the counts in order"
expect_eq "$(oneway tally tally_take tally_left)" "tally_take->tally_left" "a take changes what is left"

mkdir -p project/tests
cp "$AFIX/single_header/tally.h" project/
printf '#define TALLY_IMPLEMENTATION\n#include "../tally.h"\nint main(void) { tally t; tally_init(&t, 1); return tally_take(&t); }\n' \
	> project/tests/test_tally.c
audit "$PWD/project"
expect_match "$out" "audited header .*project/tally.h: a single-header library" "the folder's header gets its unit too"
expect_eq "$(v tally tally_take tally_take)" "snc" "and is audited"
finish
