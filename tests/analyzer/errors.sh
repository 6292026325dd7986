# analyzer.errors: a file that does not parse is reported (one line on stderr, diagnostics
# in the DB, the summary line) and the scan goes on; when no unit or fewer than half of
# them parse the results are stored and the exit status is 2; --exclude leaves units out;
# a missing path or a bad compile_commands.json is a one-line error with exit status 2.
. "$(dirname "$0")/lib.sh"
DB=$PWD/e.db
mkdir src
printf 'int good(void) { return 1; }\n' > src/good.c
printf 'int good_too(void) { return 1; }\n' > src/good_too.c
printf 'int broken(void) { return 1 +; }\nint after_error(void) { return 2; }\n' > src/broken.c
printf '#include "no_such_header.h"\nint orphan(void) { return 3; }\n' > src/missing_include.c
"$SNC" scan --db "$DB" --quiet src 2> err.txt
expect "exit status 0 despite errors (2 units of 4)" "0" "$?"
expect "one line on stderr per unit with errors, and the summary" "3" "$(wc -l < err.txt)"
expect "the summary line counts units and names the first error" "1" "$(grep -c "^snc scan: 4 units parsed, 2 with errors (first: .*/src/broken.c:1: expected expression)$" err.txt)"
expect "the line names the file and the first error" "1" "$(grep -c "broken.c: 1 error (scanned what clang recovered), first: .*broken.c:1:.*expected expression" err.txt)"
expect "diagnostics stored" "broken.c|error|expected expression
missing_include.c|error|'no_such_header.h' file not found" "$(q "SELECT replace(unit, rtrim(unit, replace(unit, '/', '')), ''), severity, message FROM scan_diagnostics ORDER BY unit")"
expect "units with errors are marked" "errors|parsed|parsed|errors" "$(q "SELECT group_concat(status, '|') FROM (SELECT status FROM scan_units ORDER BY file)")"
expect "the other files are scanned, and what clang recovered too" "after_error broken good good_too orphan" "$(q "SELECT group_concat(name, ' ') FROM (SELECT name FROM scan_functions ORDER BY name)")"

mkdir worse && cp src/broken.c src/missing_include.c src/good.c worse/
"$SNC" scan --db "$PWD/worse.db" --quiet worse 2> err.txt
expect "more than half with errors: exit 2" "2" "$?"
expect "and it says so" "1" "$(grep -c '^snc scan: error: more than half of the units (2 of 3) have errors' err.txt)"
expect "the results are stored all the same" "3|failed" "$(DB=$PWD/worse.db q "SELECT count(*), (SELECT status FROM runs WHERE command = 'scan') FROM scan_units")"
"$SNC" scan --db "$PWD/worse.db" --quiet src/broken.c 2> err.txt
expect "no unit parses: exit 2" "2" "$?"
expect "and it says so" "1" "$(grep -c '^snc scan: error: no unit parsed without errors' err.txt)"
"$SNC" scan --db "$PWD/worse.db" --quiet --exclude broken.c --exclude '*/missing_*' worse 2> err.txt
expect "--exclude leaves the broken units out: exit 0, nothing on stderr" "0|" "$?|$(cat err.txt)"
expect "--exclude: only the good unit is stored" "good.c" "$(DB=$PWD/worse.db q "SELECT replace(file, '$PWD/worse/', '') FROM scan_units WHERE run_id = 3")"
"$SNC" scan --db "$PWD/worse.db" --quiet --exclude worse worse 2> err.txt
expect "--exclude of the folder scanned: nothing to scan, exit 2" "2|snc scan: error: nothing to scan: no C source left after --exclude" "$?|$(cat err.txt)"
printf 'int api(int *p);\n' > api.h
"$SNC" audit --db "$PWD/audit.db" --exclude '*.h' api.h 2> err.txt
expect "audit --exclude applies to its scan" "2|snc audit: error: nothing to scan: no C source left after --exclude" "$?|$(cat err.txt)"

"$SNC" scan --db "$DB" src/nope 2> err.txt
expect "missing path: exit 2" "2" "$?"
expect "missing path: one line" "snc scan: error: cannot scan 'src/nope': No such file or directory" "$(cat err.txt)"
"$SNC" scan --db "$DB" -p nowhere/compile_commands.json 2> err.txt
expect "missing compile_commands.json: exit 2" "2" "$?"
expect "missing compile_commands.json: one line" "1" "$(wc -l < err.txt)"
mkdir bad && printf '[{"directory": ' > bad/compile_commands.json
"$SNC" scan --db "$DB" -p bad/compile_commands.json 2> err.txt
expect "invalid compile_commands.json: exit 2" "2" "$?"
expect "invalid compile_commands.json: one line" "1" "$(wc -l < err.txt)"
"$SNC" scan --db "$DB" 2> err.txt
expect "nothing to scan: exit 2" "2" "$?"
"$SNC" scan --db "$DB" -j 0 src 2> err.txt
expect "bad -j: exit 2" "2" "$?"
expect "failed commands store no scan run" "1" "$(q "SELECT count(*) FROM runs WHERE command = 'scan'")"
finish
