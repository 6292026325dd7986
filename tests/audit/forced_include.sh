# audit.forced_include: a project whose units pass `-include config.h` (liburcu's autotools
# build: AM_CPPFLAGS = -include config.h), found by the compiler through -I../../include, not
# beside the unit. The audit's parses and harness builds use that flag where the compiler
# finds the file. Before, the path was made absolute against the unit's directory, a file
# that does not exist: every header and harness failed ("'.../src/sub/config.h' file not
# found"), and liburcu's own tree audited nothing.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include proj/src/sub
cat > proj/include/config.h <<'H'
#define CELL_TYPE long
H
cat > proj/include/cell.h <<'H'
struct cell { CELL_TYPE v; };
CELL_TYPE cell_add(struct cell *c);
CELL_TYPE cell_get(const struct cell *c);
H
cat > proj/src/sub/cell.c <<'C'
#include "cell.h"
CELL_TYPE cell_add(struct cell *c) { return __atomic_add_fetch(&c->v, 1, __ATOMIC_SEQ_CST); }
CELL_TYPE cell_get(const struct cell *c) { return __atomic_load_n(&c->v, __ATOMIC_SEQ_CST); }
C
cat > proj/compile_commands.json <<JSON
[{"directory": "$PWD/proj/src/sub", "command": "cc -include config.h -I../../include -c cell.c -o cell.o",
  "file": "cell.c"},
 {"directory": "$PWD/proj/src", "command": "cc -include config.h -I../include -c sub/cell.c -o other.o",
  "file": "sub/cell.c"}]
JSON
audit -p proj/compile_commands.json
expect_match "$out" "0 with errors" "the header parses with the forced include"
expect_no_match "$out" "file not found" "no forced include is looked for where it is not"
expect_match "$out" "compiling 1 unit of proj/compile_commands.json that defines the API \(cell.c\)" \
	"a file the database builds twice (a static and a shared library) is compiled in once (it was linked twice: 'multiple definition')"
expect_eq "$(v cell cell_add cell_add)" "snc" "the project's function, built with its config: two adds"
expect_eq "$(oneway cell cell_add cell_get)" "cell_add->cell_get" "add influences get"
finish
