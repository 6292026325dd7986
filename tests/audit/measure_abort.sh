# audit.measure_abort: a measurement that Valgrind did not finish is stored as failed, with
# the reason, never as measured counts; one whose op ran more threads than the worker's
# Valgrind first allows is measured again with a larger table.
# quit_late (quitter.h) ends the process on its fifth call in it: every measuring process
# that calls it exits with status 3 before its loop is done. The worker reports each such
# process (an `aborted` record), and the harness's measurement is `failed` with that
# reason: no op_costs rows, not even quit_count's, whose counts were complete (a
# measurement is one harness's, whole or not at all).
# pool_grow (threads.h) starts 40 threads at once, more than --max-threads=16: Valgrind
# panics in every process that calls it ("the 'impossible' happened: Max number of
# threads is too low", exit status 1); the pass runs again with --max-threads=1024 and is
# measured, Valgrind's report of the panic read, not shown.
. "$(dirname "$0")/lib.sh"
have_valgrind || skip "valgrind is not installed"
audit_measured --boundary 0 --depth 1 "$AFIX/quitter.h"
expect_eq "$(oneway quitter quit_late quit_count)" "quit_late->quit_count" "the verdicts are there"
measurement() {
	q "$DB" "SELECT m.$1 FROM measurements m JOIN harnesses h ON h.id = m.harness_id
	         WHERE h.run_id = $run AND h.name = '$2'"
}
expect_eq "$(measurement status quitter)" "failed" "an aborted measurement is a failed one"
expect_match "$(measurement reason quitter)" \
	"^valgrind aborted [0-9]+ measuring process(es)? \(exit status 3\) while measuring quit_late\(\)" \
	"with the exit status and the call it was measuring"
expect_eq "$(q "$DB" "SELECT count(*) FROM op_costs WHERE run_id = $run AND harness = 'quitter'")" "0" \
	"no counts are stored for it"
expect_match "$out" "quitter: costs not measured: valgrind aborted" "the audit says so in one line"

audit_measured "$AFIX/threads.h" --family "struct pool" -- -pthread
expect_eq "$(oneway pool pool_grow pool_size)" "pool_grow->pool_size" "the verdicts are there"
expect_eq "$(measurement status pool)" "measured" "measured again with a larger thread table"
expect_eq "$(q "$DB" "SELECT calls > 16 FROM op_costs WHERE run_id = $run AND harness = 'pool' AND op = 'pool_grow'")" \
	"1" "pool_grow's calls counted"
expect_eq "$(printf '%s\n' "$out" | grep -c "the 'impossible' happened")" "0" \
	"Valgrind's own report of the panic is read, not shown"
finish
