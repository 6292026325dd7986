# analyzer.compdb: compile_commands.json as clang reads it, in the two styles real builds
# write it, read from a folder that is not the current one: bear's (`arguments`, an
# absolute `file`, -I/-include relative to `directory`, a compiler that is not on PATH, a
# response file) and CMake's (`command` as one shell-quoted string, a relative `file`).
# Every unit must parse: a flag resolved against the wrong folder is a missing header.
. "$(dirname "$0")/lib.sh"
DB=$PWD/c.db
cp -r "$FIXTURES/compdb" proj
P=$PWD/proj
cat > proj/objdir/compile_commands.json <<JSON
[
  {
    "arguments": ["/opt/no-such-toolchain/bin/gcc-12", "-c", "-I.", "-I../include", "-iquote", "../src", "-O2", "-MD", "-MF", "counter.d", "-o", "counter.o", "../src/counter.c"],
    "directory": "$P/objdir",
    "file": "$P/src/counter.c",
    "output": "$P/objdir/counter.o"
  },
  {
    "arguments": ["ccache", "cc", "-c", "-I.", "-include", "../include/forced.h", "@reset.rsp", "-o", "reset.o", "$P/src/reset.c"],
    "directory": "$P/objdir",
    "file": "$P/src/reset.c",
    "output": "$P/objdir/reset.o"
  }
]
JSON
mkdir elsewhere
cd elsewhere || exit 1
"$SNC" scan --db "$DB" --quiet -p ../proj/objdir/compile_commands.json 2> err.txt
expect "bear style: exit 0" "0" "$?"
expect "bear style: nothing on stderr" "" "$(cat err.txt)"
expect "bear style: every unit parsed" "counter.c|parsed|0
reset.c|parsed|0" "$(q "SELECT replace(file, '$P/src/', ''), status, diagnostics FROM scan_units WHERE run_id = 1 ORDER BY file")"
expect "bear style: the headers are stored by canonical absolute path" "$P/include/counter.h
$P/include/forced.h
$P/objdir/config.h
$P/src/counter.c
$P/src/private.h
$P/src/reset.c" "$(q "SELECT path FROM scanned_files WHERE run_id = 1 AND hash <> '' ORDER BY path")"
expect "bear style: no file hashed as unreadable" "0" "$(q "SELECT count(*) FROM scanned_files WHERE hash = 'unreadable'")"
expect "bear style: the facts" "counter_add|1|seq_cst
counter_get|0|acquire
counter_reset|0|release" "$(q "SELECT f.name, f.heavyweight_sites, s.memory_order FROM scan_functions f JOIN scan_sites s ON s.function = f.name AND s.run_id = f.run_id WHERE f.run_id = 1 ORDER BY f.name")"
"$SNC" scan --db "$DB" --json -p ../proj/objdir/compile_commands.json > again.json
expect "bear style: a rescan from another folder reuses every unit" "0|2" "$(sqlite3 :memory: "SELECT json_extract(readfile('again.json'), '\$.units.parsed') || '|' || json_extract(readfile('again.json'), '\$.units.reused')")"
cd .. || exit 1

# CMake's style: one command string (quoted arguments with spaces), the file relative to
# the directory, the build folder beside the sources
mkdir proj/cmake-build
cat > proj/cmake-build/compile_commands.json <<JSON
[
{
  "directory": "$P/cmake-build",
  "command": "/usr/lib/ccache/cc -I$P/objdir -I../include -DGREETING=\\"hello world\\" -O2 -g -o CMakeFiles/counter.dir/src/counter.c.o -c ../src/counter.c",
  "file": "../src/counter.c",
  "output": "CMakeFiles/counter.dir/src/counter.c.o"
},
{
  "directory": "$P/cmake-build",
  "command": "/usr/lib/ccache/cc -I$P/objdir -isystem ../include -include ../include/forced.h @../objdir/reset.rsp -o CMakeFiles/counter.dir/src/reset.c.o -c $P/src/reset.c",
  "file": "$P/src/reset.c",
  "output": "CMakeFiles/counter.dir/src/reset.c.o"
}
]
JSON
cd elsewhere || exit 1
"$SNC" scan --db "$DB" --quiet -p ../proj/cmake-build 2> err.txt
expect "CMake style: exit 0" "0" "$?"
expect "CMake style: every unit parsed" "counter.c|parsed|0
reset.c|parsed|0" "$(q "SELECT replace(file, '$P/src/', ''), status, diagnostics FROM scan_units WHERE run_id = 3 ORDER BY file")"
expect "CMake style: the quoted -D is one argument, unquoted as a shell would" "1" "$(q "SELECT count(*) FROM scanned_units WHERE run_id = 3 AND (char(10) || flags || char(10)) LIKE '%' || char(10) || '-DGREETING=hello world' || char(10) || '%'")"
expect "CMake style: the build-only options are gone" "0" "$(q "SELECT count(*) FROM scan_units WHERE run_id = 3 AND (flags LIKE '%.o%' OR flags LIKE '%-c %')")"
finish
