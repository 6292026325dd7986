# snc as a user installs it (`cmake --install`), to a prefix other than the configured one,
# then moved: everything is found relative to the program (never a compiled-in path). The
# moved install runs a harness with --measure, the demo and an audit; the installed
# examples come with their manifest and measure builds; a user's CMake project
# (find_package(snc 0.2), snc_add_harness) and a plain Makefile project (pkg-config snc)
# build harness programs against it, and the CMake project's harness and an installed
# example, run directly with --measure, use the moved Valgrind tool; make install stages
# into DESTDIR.
. "$(dirname "$0")/lib.sh"
expect_status 0 "install" -- cmake --install "$SNC_BUILD_DIR" --prefix "$SNC_SCRATCH/first"
mv "$SNC_SCRATCH/first" "$SNC_SCRATCH/moved"
prefix="$SNC_SCRATCH/moved"
snc="$prefix/bin/snc"
[ -x "$prefix/bin/snc" ] || fail "no snc in the moved prefix"

# A harness compiled by the moved snc, measured under the moved Valgrind tool.
expect_status 0 "run --measure" -- "$snc" run --db m.db --quiet --depth 1 --measure \
	"$FIXTURES/cmake_project/harness.c" "$FIXTURES/cmake_project/counter.c"
expect_eq "$(verdict m.db user-counter counter_fetch_add counter_fetch_add)" snc "moved run verdict"
if command -v valgrind >/dev/null; then
	expect_eq "$(q m.db "SELECT count(*) > 0 FROM op_costs WHERE op = 'counter_fetch_add' AND rmw_per_call >= 1")" 1 \
		"costs measured by the moved tool"
	expect_eq "$(q m.db "SELECT count(*) FROM cost_measurements WHERE status != 'measured'")" 0 "no unavailable measurement"
else
	echo "SKIPPED CHECK: valgrind is not installed (costs)"
fi

# The demo finds its examples and their sources in the moved prefix: one example is enough
# to find the manifest, a program and its source (fixture.demo runs all ten from the build
# tree); the scan still covers every example.
expect_status 0 "demo from the moved prefix" -- "$snc" demo --db d.db --quiet --example atomic-counter
expect_eq "$(verdict d.db atomic-counter atomic_inc atomic_inc)" commutative "demo verdict"
expect_eq "$(q d.db "SELECT count(*) FROM scan_functions WHERE name = 'atomic_inc'")" 1 "demo scanned the moved sources"
expect_eq "$(q d.db "SELECT count(*) FROM scan_functions WHERE name = 'spsc_enqueue'")" 1 "demo scanned every example"
expect_eq "$(q d.db "SELECT group_concat(name) FROM harnesses")" atomic-counter "only the example asked for"
# The demo's examples are installed with their manifest, each with its measure build (no
# scheduler instrumentation) beside it.
manifest="$prefix/libexec/snc/examples/harnesses.txt"
expect_eq "$(wc -l < "$manifest")" 10 "installed manifest lists the examples"
expect_eq "$(cd "$(dirname "$manifest")/bin" && ls | grep -c '\.measure$')" 10 \
	"every installed example has its measure build beside it"
expect_status 2 "demo of an unknown example" -- "$snc" demo --db e.db --quiet --example no-such
expect_match "$out" "no example named 'no-such' .*treiber-stack" "names the examples"

# An audit with the moved snc measures with the moved tool.
mkdir -p lib && cat > lib/tally.h <<'H'
void tally_add(int *t);
int tally_get(int *t);
H
cat > lib/tally.c <<'C'
#include "tally.h"
void tally_add(int *t) { __atomic_fetch_add(t, 1, __ATOMIC_SEQ_CST); }
int tally_get(int *t) { return __atomic_load_n(t, __ATOMIC_ACQUIRE); }
C
expect_status 0 "audit from the moved prefix" -- "$snc" audit --db a.db lib/tally.h lib/tally.c
expect_match "$out" "audited" "the audit ran"
if command -v valgrind >/dev/null; then
	expect_eq "$(q a.db "SELECT count(*) > 0 FROM op_costs WHERE op = 'tally_add'")" 1 "audit costs measured"
fi

# A user's CMake project asks for version 0.2 and gets the moved package.
expect_status 0 "configure a user project" -- cmake -S "$FIXTURES/cmake_project" -B user-build \
	-DCMAKE_PREFIX_PATH="$prefix"
expect_status 0 "build it" -- cmake --build user-build
expect_status 0 "run its harness program" -- ./user-build/counter_harness --db user.db --quiet
expect_eq "$(verdict user.db user-counter counter_fetch_add counter_get)" "non-commutative f->g" "CMake project verdict"
hook_calls() { objdump -d "$1" | grep -c 'call.*<__tsan_func_entry'; }
expect_match "$(hook_calls ./user-build/counter_harness)" '^[1-9]' "the harness program's library calls the scheduler's hooks"
expect_eq "$(hook_calls ./user-build/counter_harness.measure)" 0 "snc_add_harness builds NAME.measure beside it, without them"
expect_status 0 "through snc run" -- "$snc" run --db user.db --quiet --depth 1 ./user-build/counter_harness
expect_eq "$(q user.db "SELECT count(*) FROM runs")" 2 "two runs recorded"
expect_eq "$(verdict user.db user-counter counter_fetch_add counter_fetch_add)" snc "through snc run: verdict"
# Run directly with --measure, its program finds the moved package's Valgrind tool (never a
# path compiled into the runtime: the build tree's tool is there too, and must not be used).
if command -v valgrind >/dev/null; then
	expect_status 0 "its harness program measures" -- ./user-build/counter_harness --db user-m.db \
		--quiet --verbose --depth 1 --measure --measure-states 1
	expect_match "$out" "snc Valgrind tool in $prefix/lib/snc/valgrind" "the moved tool is used"
	case "$out" in *"costs not measured"*) fail "user harness: costs not measured: $out" ;; esac
	expect_eq "$(q user-m.db "SELECT count(*) > 0 FROM op_costs WHERE op = 'counter_fetch_add' AND rmw_per_call >= 1")" 1 \
		"user harness: costs measured"
	expect_eq "$(q user-m.db "SELECT count(*) FROM cost_measurements WHERE status != 'measured'")" 0 \
		"user harness: no unavailable measurement"
	# An installed example run directly finds the tool beside it, in the moved prefix.
	ex=$(sed -n 's/^atomic-counter\t\([^\t]*\)\t.*/\1/p' "$prefix/libexec/snc/examples/harnesses.txt")
	expect_status 0 "an installed example measures" -- "$prefix/libexec/snc/examples/$ex" --db ex.db \
		--quiet --verbose --depth 1 --measure --measure-states 1
	expect_match "$out" "snc Valgrind tool in $prefix/libexec/snc/examples/bin/\.\./\.\./\.\./\.\./lib/snc/valgrind" \
		"the example uses the moved tool"
	expect_eq "$(q ex.db "SELECT count(*) > 0 FROM cost_measurements WHERE status = 'measured'")" 1 \
		"example costs measured"
	expect_eq "$(verdict ex.db atomic-counter atomic_add_return atomic_add_return)" snc "installed example verdict"
fi
mkdir -p v9 && sed 's/find_package(snc 0.2 REQUIRED)/find_package(snc 9.0 REQUIRED)/' \
	"$FIXTURES/cmake_project/CMakeLists.txt" > v9/CMakeLists.txt
cp "$FIXTURES/cmake_project/"*.c v9/
expect_status 1 "find_package(snc 9.0) fails" -- cmake -S v9 -B v9-build -DCMAKE_PREFIX_PATH="$prefix"
expect_match "$out" "version" "says which version"

# A plain Makefile project with pkg-config.
cp -r "$FIXTURES/make_project" mk && cp "$FIXTURES/cmake_project/"*.c mk/
expect_status 0 "pkg-config project builds" -- env PKG_CONFIG_PATH="$prefix/lib/pkgconfig" make -C mk
expect_status 0 "its harness program runs" -- ./mk/counter_harness --db mk.db --quiet --depth 1
expect_eq "$(verdict mk.db user-counter counter_fetch_add counter_fetch_add)" snc "pkg-config project verdict"
if command -v valgrind >/dev/null; then   # snc.pc names the tool's folder for --measure
	vglib=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --variable=valgrind_lib snc)
	expect_eq "$(cd "$vglib" 2>/dev/null && pwd -P)" "$(cd "$prefix/lib/snc/valgrind" && pwd -P)" "snc.pc valgrind_lib"
fi

# Man pages and completion are installed; make install stages into DESTDIR.
[ -f "$prefix/share/man/man1/snc-run.1" ] || fail "no man page for snc run"
expect_match "$(cat "$prefix/share/man/man1/snc-gate.1")" "fail\\\\-on" "the man page has the options"
expect_match "$(bash -c ". '$prefix/share/bash-completion/completions/snc'; COMP_WORDS=(snc run --sch); COMP_CWORD=2; _snc; echo \${COMPREPLY[*]}")" \
	"--schedules --schedule-depth|--schedule-depth --schedules" "completion of snc run --sch"
expect_status 0 "make install DESTDIR" -- make -C "$SNC_SOURCE_DIR" install BUILD="$SNC_BUILD_DIR" \
	PREFIX=/opt/snc DESTDIR="$SNC_SCRATCH/stage"
[ -x "$SNC_SCRATCH/stage/opt/snc/bin/snc" ] || fail "make install did not stage into DESTDIR"
[ -e /opt/snc/bin/snc ] && fail "make install wrote outside DESTDIR"
# The install moved again after the CMake project built its harness: the folder compiled
# into the program is gone, and the program run directly with --measure finds the tool
# beside the installed snc on PATH (without one there, it says what to do).
mv "$prefix" "$SNC_SCRATCH/again"
if command -v valgrind >/dev/null; then
	expect_status 0 "measures after the install moved again" -- env PATH="$SNC_SCRATCH/again/bin:$PATH" \
		./user-build/counter_harness --db user-again.db --quiet --verbose --depth 1 --measure --measure-states 1
	expect_match "$out" "snc Valgrind tool in $SNC_SCRATCH/again/bin/\.\./lib/snc/valgrind" "the tool of the snc on PATH"
	expect_eq "$(q user-again.db "SELECT count(*) > 0 FROM op_costs WHERE op = 'counter_fetch_add' AND rmw_per_call >= 1")" 1 \
		"costs measured with the tool of the snc on PATH"
	./user-build/counter_harness --db user-lost.db --quiet --depth 1 --measure --measure-states 1 > lost.txt 2>&1
	expect_match "$(cat lost.txt)" "not in '$prefix/lib/snc/valgrind', where the snc package this program was built with had it, nor beside an installed snc on PATH" \
		"without it on PATH: why, and what to do"
fi
finish
