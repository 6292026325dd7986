# For find_package(snc) users: the installed snc_add_harness() compiles the library sources
# with the instrumentation (SncTsanInstrument.cmake is installed beside it), with gcc and
# with clang, so a user's harness program explores schedules and replays them.
. "$(dirname "$0")/../lib.sh"
prefix="$SNC_SCRATCH/prefix"
expect_status 0 "install" -- cmake --install "$SNC_BUILD_DIR" --prefix "$prefix"
[ -f "$(find "$prefix" -name SncTsanInstrument.cmake | head -1)" ] || fail "SncTsanInstrument.cmake not installed"
compilers=gcc
command -v clang >/dev/null && compilers="gcc clang"
for cc in $compilers; do
	expect_status 0 "$cc: configure a user project" -- cmake -S "$FIXTURES/cmake_project" -B build-$cc \
		-DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=$cc
	expect_status 0 "$cc: build it" -- cmake --build build-$cc
	expect_status 0 "$cc: schedules" -- ./build-$cc/counter_harness --db $cc.db --quiet --depth 1 --schedules
	expect_eq "$(q $cc.db "SELECT points_per_call || ' ' || rmw_per_call FROM op_hook_counts
		WHERE op = 'counter_fetch_add'")" "1.0 1.0" "$cc: the library is instrumented"
	expect_eq "$(q $cc.db "SELECT count(*) FROM schedules WHERE linearizable = 0")" 0 "$cc: linearizable"
	id=$(q $cc.db "SELECT max(schedule_id) FROM schedules")
	expect_status 0 "$cc: replay" -- "$prefix/bin/snc" replay --db $cc.db "$id"
	expect_match "$out" "outcome reproduced" "$cc: reproduced"
	nm build-$cc/counter_harness | grep -q ' U __tsan_' && fail "$cc: a hook is undefined"
	ldd build-$cc/counter_harness | grep -q libtsan && fail "$cc: libtsan linked"
done
finish
