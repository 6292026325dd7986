# The command line as a user meets it: --help and --version everywhere, and `snc demo`
# classifying every example into one run and printing the summary.
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

expect_status 0 "snc demo" -- "$SNC" demo --db demo.db
expect_match "$out" "10 example harnesses classified into demo.db" "demo summary line"
expect_match "$out" "atomic_add_return x atomic_add_return +snc " "demo shows the SNC counter"
expect_eq "$(q demo.db "SELECT count(DISTINCT harness) FROM pair_verdicts WHERE run_id = 1")" 10 "one run, every harness"
expect_eq "$(q demo.db "SELECT command || ' ' || status FROM run_summary WHERE run_id = 1")" "demo ok" "demo run recorded"
expect_status 0 "a later run keeps history" -- "$SNC" run --db demo.db --quiet "$EXAMPLE_BIN/spsc-ring"
expect_eq "$(q demo.db "SELECT group_concat(command, ' ') FROM runs")" "demo run" "both runs kept"
expect_eq "$(q demo.db "SELECT count(*) FROM pair_verdicts WHERE run_id = 1")" \
	"$(q demo.db "SELECT count(*) FROM verdicts v JOIN harnesses h ON h.id = v.harness_id WHERE h.run_id = 1")" "first run intact"
expect_status 0 "show picks the latest run" -- "$SNC" show --db demo.db
expect_match "$out" "^spsc-ring" "latest run shown"
finish
