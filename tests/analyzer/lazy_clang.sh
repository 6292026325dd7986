# analyzer.lazy_clang: libclang (and libLLVM with it) is loaded only when a unit must be
# parsed or when a compile_commands.json needs clang's own reader (analyzer/clang_api.h,
# compdb_plain.c); the database read without libclang gives exactly the units clang's
# reader gives. Whether libclang was loaded is read from the dynamic loader's own log.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/inc
cat > proj/inc/shared.h <<'C'
extern long hits;
C
cat > proj/a.c <<'C'
#include "shared.h"
long hits;
void hit(void) { __atomic_fetch_add(&hits, 1, __ATOMIC_SEQ_CST); }
C
cat > proj/b.c <<'C'
#include "shared.h"
long read_hits(void) { return __atomic_load_n(&hits, __ATOMIC_ACQUIRE); }
C
P=$PWD/proj
# compdb DIR ENTRY-FOR-a.c ENTRY-FOR-b.c: a compile_commands.json in DIR
compdb() {
	mkdir -p "$1"
	printf '[{"directory": "%s", "file": "a.c", %s},\n {"directory": "%s", "file": "%s/b.c", %s}]\n' \
		"$P" "$2" "$P" "$P" "$3" > "$1/compile_commands.json"
}
# loads ARGS...: how many times running snc ARGS loaded libclang (the loader's log goes to
# files, as snc quiets its stderr while libclang parses)
loads() {
	rm -rf ld && mkdir ld
	LD_DEBUG=files LD_DEBUG_OUTPUT=$PWD/ld/log "$SNC" "$@" > /dev/null 2>&1
	cat ld/log.* | grep -c "calling init: [^ ]*libclang"
}
units() { sqlite3 -batch -noheader "$1" "SELECT f.path, u.directory, u.flags, u.flags_hash FROM scanned_units u JOIN scanned_files f ON f.id = u.file_id WHERE u.run_id = 1 ORDER BY f.path"; }
reused() { "$SNC" scan --db "$1" --json -p "$2" 2> /dev/null > r.json; sqlite3 :memory: "SELECT json_extract(readfile('r.json'), '\$.units.parsed') || '|' || json_extract(readfile('r.json'), '\$.units.reused')"; }

compdb plain '"arguments": ["/usr/bin/cc", "-Iinc", "-DLEVEL=2", "-O2", "-c", "a.c", "-o", "a.o"]' \
	'"command": "cc  -Iinc -DLEVEL=2 -O2 -c b.c -o b.o", "output": "b.o"'
expect "a full scan loads libclang" "1" "$(loads scan --db p.db --quiet -p plain/compile_commands.json)"
expect "an unchanged rescan does not load libclang" "0" "$(loads scan --db p.db --quiet -p plain/compile_commands.json)"
expect "and reuses both units" "0|2" "$(reused p.db plain/compile_commands.json)"
echo '/* touched */' >> proj/inc/shared.h
expect "a header changed: libclang is loaded to parse again" "1" "$(loads scan --db p.db --quiet -p plain/compile_commands.json)"
expect "nothing changed since: not loaded" "0" "$(loads scan --db p.db --quiet -p plain/compile_commands.json)"
expect "show and report never load it" "0|0" "$(loads show --db p.db)|$(loads report --db p.db)"

# commands quoted as CMake writes them are split as clang splits them, without libclang
compdb quoted '"command": "/usr/bin/cc \"-Iinc\" -DLEVEL=\"2\" '"'"'-O2'"'"' -c a.c -o a.o"' \
	'"command": "cc -I\\inc -DLEVEL=2 -O\\2 -c b.c -o b.o", "output": "b.o"'
"$SNC" scan --db q.db --quiet -p quoted/compile_commands.json
expect "quoted: split as clang splits them" "-Iinc -DLEVEL=2 -O2|-Iinc -DLEVEL=2 -O2" "$(sqlite3 -batch -noheader q.db "SELECT group_concat(replace(flags, char(10), ' '), '|') FROM scanned_units WHERE run_id = 1")"
expect "quoted: an unchanged rescan does not load libclang" "0" "$(loads scan --db q.db --quiet -p quoted/compile_commands.json)"
# where clang's reader changes the command (a ccache wrapper it removes) it reads the file:
# the units are those read without libclang
compdb wrapped '"arguments": ["ccache", "/usr/bin/cc", "-Iinc", "-DLEVEL=2", "-O2", "-c", "a.c", "-o", "a.o"]' \
	'"command": "cc -Iinc -DLEVEL=2 -O2 -c b.c -o b.o", "output": "b.o"'
"$SNC" scan --db w.db --quiet -p wrapped/compile_commands.json
expect "wrapped: the units the plain reader gives" "$(units p.db)" "$(units w.db)"
expect "wrapped: every rescan needs libclang for clang's reader" "1" "$(loads scan --db w.db --quiet -p wrapped/compile_commands.json)"
expect "two units, with the flags of the build" "2|-Iinc
-DLEVEL=2
-O2" "$(sqlite3 -batch -noheader p.db "SELECT count(*) FROM scanned_units WHERE run_id = 1")|$(sqlite3 -batch -noheader p.db "SELECT flags FROM scanned_units WHERE run_id = 1 LIMIT 1")"
# what clang would refuse is left to it, for its error
compdb bad '"arguments": ["cc", "-c", "a.c"], "flags": "x"' '"arguments": ["cc", "-c", "b.c"]'
"$SNC" scan --db bad.db --quiet -p bad/compile_commands.json 2> err.txt
expect "an unknown key: clang's reader refuses the file (exit 2)" "2" "$?"
expect "with one line" "1" "$(wc -l < err.txt)"
finish
