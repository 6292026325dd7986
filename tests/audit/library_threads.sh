# audit.library_threads: a library that starts threads of its own (a pool's workers,
# started by thpool_init in setup): the state process waits until they sleep before the
# state is taken, so every build of a state is the same; and the audit says that forked
# executions have none of those threads. Before, a job queued by the state's prefix was
# done or not when the executions forked, by timing: jobs_done read 0 or 1 from the same
# state and verdicts were nondet. The count is stored with the harness
# (harnesses.library_threads) and the report's harness page says it.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/thread_pool"
audit --repeat 4 "$FIX/thpool.h" "$FIX/thpool.c"
expect_match "$out" "warning: thpool: the library runs 2 threads of its own once the state is built" \
	"the workers are named in a warning"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND deterministic = 0")" "0" \
	"no verdict is nondet"
expect_eq "$(q "$DB" "SELECT count(*) FROM op_outcomes WHERE run_id = $run AND deterministic = 0")" "0" \
	"every repeat of every execution gave the same outcome"
expect_eq "$(pair thpool 'thpool_add_work(token#0)' 'thpool_jobs_done()' 'thpool_jobs_done()')" "1 1" \
	"the job the state's prefix queued was done before the state was taken"
expect_eq "$(q "$DB" "SELECT library_threads FROM harnesses WHERE run_id = $run AND name = 'thpool'")" "4" \
	"the harness's row keeps the most threads a state held (the state thpool_init() made a second pool)"
expect_status 0 "snc report --html" -- "$SNC" report --db "$DB" --run "$run" --html html
page=$(grep -l "<h1>thpool</h1>" html/*.html | head -1)
expect_match "$(cat "$page")" '<p class="caveat">The library ran 4 threads of its own once a state was built' \
	"the harness's page says what the forked executions did not have"
finish
