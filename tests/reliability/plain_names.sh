# A library whose functions have the plain names the runtime also uses for its own
# (pair_new, format_result, thread_state, call_instance): the harness program keeps the
# runtime's names local (runtime/localize.sh). Compiled in, the library's definitions
# used to clash with the runtime's ("multiple definition", the harness not built);
# linked as a shared object, the program's exported runtime functions took the place of
# the library's own, and every call crashed. Both now run and give the counter's
# results; snc audit on its header too.
. "$(dirname "$0")/../lib.sh"
run() { "$SNC" run --quiet --depth 1 "$@"; }
expect_status 0 "the library compiled in" -- run --db source.db \
	"$FIXTURES/plain_names_harness.c" "$FIXTURES/plain_names.c" -- -I"$FIXTURES"
cc -shared -fPIC -O1 "$FIXTURES/plain_names.c" -o libplainnames.so ||
	fail "building the shared object"
expect_status 0 "the library as a shared object" -- run --db shared.db \
	"$FIXTURES/plain_names_harness.c" -- -I"$FIXTURES" -L. -lplainnames
for db in source.db shared.db; do
	expect_eq "$(op_result $db plain-names 'bump()' read_count)" 1 "$db: read after bump"
	expect_eq "$(op_result $db plain-names 'add(2)' scaled)" 21 \
		"$db: the library's own format_result, 10 * 2 + 1"
	expect_eq "$(q $db "SELECT count(*) FROM op_outcomes WHERE harness = 'plain-names'
		AND (first_result LIKE 'crash%' OR second_result LIKE 'crash%')")" 0 "$db: nothing crashes"
	expect_eq "$(verdict $db plain-names bump read_count)" "non-commutative f->g" \
		"$db: bump changes what read_count returns"
	expect_eq "$(verdict $db plain-names add add)" snc "$db: add with add"
done
expect_status 0 "snc audit on the header" -- "$SNC" audit --db audit.db --no-measure \
	--no-prove "$FIXTURES/plain_names.h" "$FIXTURES/plain_names.c"
expect_eq "$(q audit.db "SELECT count(*) FROM op_outcomes
	WHERE first_result LIKE 'crash%' OR second_result LIKE 'crash%'")" 0 "audit: nothing crashes"
expect_match "$(q audit.db "SELECT verdict FROM pair_verdicts WHERE f = 'call_instance' AND g = 'call_instance'")" \
	snc "audit: call_instance with itself"
finish
