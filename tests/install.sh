# snc as a user installs it: `cmake --install`, then the installed snc compiles a harness,
# runs the installed examples, and a user's CMake project builds a harness program with
# find_package(snc) and snc_add_harness().
. "$(dirname "$0")/lib.sh"
prefix="$SNC_SCRATCH/prefix"
expect_status 0 "install" -- cmake --install "$SNC_BUILD_DIR" --prefix "$prefix"
installed="$prefix/bin/snc"
expect_status 0 "installed snc runs a harness" -- "$installed" run --db inst.db --quiet --depth 1 \
	"$FIXTURES/cmake_project/harness.c" "$FIXTURES/cmake_project/counter.c"
expect_eq "$(verdict inst.db user-counter counter_fetch_add counter_fetch_add)" snc "installed run verdict"
# The demo's examples are installed with their manifest (snc demo itself is tested elsewhere).
manifest=$(find "$prefix" -name harnesses.txt -path '*snc/examples*')
expect_eq "$(wc -l < "$manifest")" 10 "installed manifest lists the examples"
expect_status 0 "an installed example runs" -- "$installed" run --db inst.db --quiet \
	"$(dirname "$manifest")/bin/treiber-stack"
expect_eq "$(verdict inst.db treiber-stack pop pop)" snc "installed example verdict"
expect_eq "$(cd "$(dirname "$manifest")/bin" && ls | grep -c '\.measure$')" 10 \
	"every installed example has its measure build (no scheduler instrumentation) beside it"

expect_status 0 "configure a user project" -- cmake -S "$FIXTURES/cmake_project" -B user-build \
	-DCMAKE_PREFIX_PATH="$prefix"
expect_status 0 "build it" -- cmake --build user-build
expect_status 0 "run its harness program" -- ./user-build/counter_harness --db user.db --quiet
hook_calls() { objdump -d "$1" | grep -c 'call.*<__tsan_func_entry'; }
expect_match "$(hook_calls ./user-build/counter_harness)" '^[1-9]' "the harness program's library calls the scheduler's hooks"
expect_eq "$(hook_calls ./user-build/counter_harness.measure)" 0 "snc_add_harness builds NAME.measure beside it, without them"
expect_eq "$(verdict user.db user-counter counter_fetch_add counter_get)" "non-commutative f->g" "user harness verdict"
expect_status 0 "through snc run" -- "$installed" run --db user.db --quiet ./user-build/counter_harness
expect_eq "$(q user.db "SELECT count(*) FROM runs")" 2 "two runs recorded"
finish
