# audit.directory: `snc audit DIR`, the way a new user first tries it. With no header
# named, the API is the headers of DIR/include (not src/internal.h, not the tests'), the
# library's sources are compiled with -I DIR/include, and neither a test with a main()
# nor a snc harness found in the tree is linked into the generated harnesses; a compile
# database in the directory (or its build folder) gives the sources' flags. A directory
# without headers is an input error. `snc audit -p compile_commands.json` without a header
# takes the headers of the project's include directories, parsed with the database's flags;
# a shared library of the project's build folder is found when the harness runs.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include/pj proj/src proj/tests empty
cat > proj/include/pj/tally.h <<'H'
int tally_add(int *t);
int tally_get(const int *t);
H
cat > proj/src/internal.h <<'H'
int tally_internal_step(int v);
H
cat > proj/src/tally.c <<'C'
#include <pj/tally.h>
#include "internal.h"
int tally_internal_step(int v) { return v + 1; }
int tally_add(int *t) { *t = tally_internal_step(*t); return *t; }
int tally_get(const int *t) { return *t; }
C
cat > proj/tests/test_tally.c <<'C'
#include <pj/tally.h>
int main(void) { int t = 0; return tally_add(&t) == 1 ? 0 : 1; }
C
cat > proj/tests/tally_harness.c <<'C'
#include <snc.h>
#include <pj/tally.h>
static int t;
static int add(void) { return tally_add(&t); }
SNC_HARNESS(.name = "mine", .ops = SNC_OPS(SNC_OP(add)));
C
expect_status 0 "snc audit proj" -- "$SNC" audit --db "$DB" --repeat 1 --no-measure proj
run=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'audit'")
expect_match "$out" "no header given: the API is the 1 header of proj \(proj/include/pj/tally.h\)" \
	"says which headers it took"
expect_eq "$(v int tally_add tally_add)" "snc" "the library's own code ran: two adds each see the other"
expect_eq "$(oneway int tally_add tally_get)" "tally_add->tally_get" "add influences get"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND name = 'tally_internal_step'")" 0 \
	"a private header's function is not API"
expect_eq "$(q "$DB" "SELECT group_concat(name) FROM harnesses WHERE run_id = $run")" "int" \
	"the tree's own harness was not linked in"
# -p and no header: the headers of the project's include directories; not the private
# -I src, not the out-of-tree build folder's generated header.
mkdir -p proj/build
echo 'int config_generated(void);' > proj/build/config.h
cat > proj/build/compile_commands.json <<JSON
[{"directory": "$PWD/proj/build", "command": "cc -I../include -I../src -I. -c ../src/tally.c -o tally.o",
  "file": "../src/tally.c"}]
JSON
expect_status 0 "snc audit -p" -- "$SNC" audit --db "$DB" --repeat 1 --no-measure -p proj/build/compile_commands.json
run=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'audit'")
expect_match "$out" "no header given: the API is the 1 header of the project's include directories \(/.*/proj/include/pj/tally.h\)" \
	"says which headers it took"
expect_eq "$(v int tally_add tally_add)" "snc" "-p: the unit that defines the API is compiled in"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND name IN ('tally_internal_step', 'config_generated')")" 0 \
	"-p: neither the private header nor the generated one is API"
# A project directory holding a build folder's compile database: the sources build with
# its flags (here a -D the source cannot compile without), as with -p.
mkdir -p cfg/include cfg/src cfg/build
printf 'int gauge_bump(int *g);\n' > cfg/include/gauge.h
cat > cfg/src/gauge.c <<'C'
#ifndef GAUGE_STEP
#error "configure the project first: GAUGE_STEP comes from its build"
#endif
#include <gauge.h>
int gauge_bump(int *g) { return *g += GAUGE_STEP; }
C
cat > cfg/build/compile_commands.json <<JSON
[{"directory": "$PWD/cfg/build", "command": "cc -DGAUGE_STEP=3 -I../include -c ../src/gauge.c -o gauge.o",
  "file": "../src/gauge.c"}]
JSON
expect_status 0 "snc audit of a configured project" -- "$SNC" audit --db "$DB" --repeat 1 --no-measure cfg
run=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'audit'")
expect_match "$out" "the sources and their flags come from cfg/build/compile_commands.json" "says where the flags come from"
expect_eq "$(pair int fresh 'gauge_bump()' 'gauge_bump()')" "3 6" "built with the database's -DGAUGE_STEP=3"
# A public header that includes another by the project's include path ("lib/api.h"): -p
# parses the headers with the database's -I (they all failed: 'file not found'). And a
# built shared library given with --lib (or -L -l) from the project's build folder: the
# harness finds it when it runs (it could not load it: no rpath).
mkdir -p shared/include/lib shared/src shared/build
printf '#define LIB_API __attribute__((visibility("default")))\n' > shared/include/lib/api.h
printf '#include "lib/api.h"\nLIB_API int meter_tick(int *m);\n' > shared/include/lib/meter.h
printf '#include <lib/meter.h>\nint meter_tick(int *m) { return ++*m; }\n' > shared/src/meter.c
cat > shared/build/compile_commands.json <<JSON
[{"directory": "$PWD/shared/build", "command": "cc -I../include -fPIC -c ../src/meter.c -o meter.o",
  "file": "../src/meter.c"}]
JSON
cc -Ishared/include -fPIC -shared shared/src/meter.c -o shared/build/libmeter.so || fail "cannot build the fixture"
expect_status 0 "snc audit -p, a header including the project's own" -- \
	"$SNC" audit --db "$DB" --repeat 1 --no-measure -p shared/build/compile_commands.json
case $out in *"file not found"*) fail "the headers were parsed without the database's -I: $out";; esac
expect_eq "$(v int meter_tick meter_tick)" "snc" "-p: the header's function is audited"
expect_status 0 "--lib build/libmeter.so" -- "$SNC" audit --db "$DB" --repeat 1 --no-measure \
	-p shared/build/compile_commands.json --lib shared/build/libmeter.so shared/include/lib/meter.h
run=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'audit'")
expect_eq "$(pair int fresh 'meter_tick()' 'meter_tick()')" "1 2" "the built library is loaded"
expect_status 0 "-L build -lmeter" -- "$SNC" audit --db "$DB" --repeat 1 --no-measure \
	shared/include/lib/meter.h -- -Ishared/include -Lshared/build -lmeter
run=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'audit'")
expect_eq "$(pair int fresh 'meter_tick()' 'meter_tick()')" "1 2" "found through -L"
expect_status 2 "a directory without headers" -- "$SNC" audit --db "$DB" --no-measure empty
expect_match "$out" "no header given, and no .h file in empty" "says so"
finish
