# audit.measure_abort: a measurement that Valgrind aborted is stored as failed, with the
# reason, never as measured counts. pool_grow (threads.h) starts 40 threads at once, more
# than the measure worker's Valgrind allows: Valgrind panics in every process that calls
# it ("the 'impossible' happened: Max number of threads is too low", exit status 1). The
# worker reports each such process (an `aborted` record), and the harness's measurement
# is `failed` with that reason: no op_costs rows, not even pool_size's, whose counts were
# complete (a measurement is one harness's, whole or not at all).
. "$(dirname "$0")/lib.sh"
have_valgrind || skip "valgrind is not installed"
audit_measured "$AFIX/threads.h" --family "struct pool" -- -pthread
expect_eq "$(oneway pool pool_grow pool_size)" "pool_grow->pool_size" "the verdicts are there"
status=$(q "$DB" "SELECT m.status FROM measurements m JOIN harnesses h ON h.id = m.harness_id
                  WHERE h.run_id = $run AND h.name = 'pool'")
expect_eq "$status" "failed" "an aborted measurement is a failed one"
expect_match "$(q "$DB" "SELECT m.reason FROM measurements m JOIN harnesses h ON h.id = m.harness_id
                         WHERE h.run_id = $run AND h.name = 'pool'")" \
	"^valgrind aborted [0-9]+ measuring process(es)? \(exit status 1: Max number of threads is too low\) while measuring pool_grow\(\)" \
	"with Valgrind's reason and the call it was measuring"
expect_eq "$(q "$DB" "SELECT count(*) FROM op_costs WHERE run_id = $run AND harness = 'pool'")" "0" \
	"no counts are stored for it"
expect_match "$out" "pool: costs not measured: valgrind aborted" "the audit says so in one line"
expect_eq "$(printf '%s\n' "$out" | grep -c "the 'impossible' happened")" "0" \
	"Valgrind's own report of the panic is read, not shown"
finish
