# fixture.demo: the demo database the other tests read (ctest fixture `demo`), built once
# per ctest run as `make demo` builds it: `snc demo --measure`, the ten examples scanned,
# classified, explored under schedules and measured into one run, with its HTML report
# (demo-report/) and its printed summary (demo.out) kept beside it.
. "$(dirname "$0")/lib.sh"
expect_status 0 "snc demo --measure" -- "$SNC" demo --measure --db demo.db
printf '%s\n' "$out" > demo.out
expect_match "$out" "10 example harnesses classified into demo.db" "the summary line"
finish
