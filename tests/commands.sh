# The command line as a user meets it: --help and --version everywhere, and `snc demo`
# (as fixture.demo ran it) classifying every example into one run and printing the summary.
. "$(dirname "$0")/lib.sh"
expect_status 0 "--version" -- "$SNC" --version
expect_match "$out" '^snc [0-9]+\.[0-9]+\.[0-9]+$' "version line"
expect_status 0 "--help" -- "$SNC" --help
for cmd in $(printf '%s\n' "$out" | awk '/^Commands:/ {on = 1; next} on && NF == 0 {on = 0} on {print $1}'); do
	expect_status 0 "$cmd --help" -- "$SNC" "$cmd" --help
	expect_match "$out" "^usage: snc $cmd" "$cmd usage line"
done
expect_status 2 "no command" -- "$SNC"
expect_match "$out" "usage: snc" "usage when no command"
expect_status 0 "harness program --help" -- "$EXAMPLE_BIN/treiber-stack" --help
expect_match "$out" "--depth N" "harness program options"

# `snc demo` as the fixture ran it (fixture.demo): its summary and its one run.
need_demo_db
demo_out=$(cat "$(dirname "$SNC_DEMO_DB")/demo.out")
expect_match "$demo_out" "10 example harnesses classified into demo.db" "demo summary line"
expect_match "$demo_out" "atomic_add_return x atomic_add_return +snc +[0-9]+/[0-9]+ +fresh: atomic_add_return\(1\) = 1 \(2 after atomic_add_return\(1\)\)" "demo shows the SNC counter with its witness"
expect_match "$demo_out" "atomic_inc x atomic_inc +commutative " "and the commutative increment"
expect_match "$demo_out" "HTML report: .*/demo-report/index.html" "and where the report is"
expect_eq "$(q "$SNC_DEMO_DB" "SELECT count(DISTINCT harness) FROM pair_verdicts WHERE run_id = 1")" 10 "one run, every harness"
expect_eq "$(q "$SNC_DEMO_DB" "SELECT group_concat(command || ' ' || status) FROM run_summary")" "demo ok" "demo run recorded"
cp "$SNC_DEMO_DB" demo.db
expect_status 0 "a later run keeps history" -- "$SNC" run --db demo.db --quiet "$EXAMPLE_BIN/spsc-ring"
expect_eq "$(q demo.db "SELECT group_concat(command, ' ') FROM runs")" "demo run" "both runs kept"
expect_eq "$(q demo.db "SELECT count(*) FROM pair_verdicts WHERE run_id = 1")" \
	"$(q "$SNC_DEMO_DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = 1")" "first run intact"
expect_status 0 "show picks the latest run" -- "$SNC" show --db demo.db
expect_match "$out" "^spsc-ring" "latest run shown"
expect_match "$out" "dequeue x dequeue +snc " "with its verdicts"
expect_status 0 "show --run 1 the demo again" -- "$SNC" show --db demo.db --run 1
expect_match "$out" "^treiber-stack" "run 1 shown"
finish
