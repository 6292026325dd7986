# audit.global_out: functions on global state that write results through out-parameters
# after a scalar or string first parameter (gmap_get(int key, int *value_out),
# gmap_stat(const char *name, long *out)) are operations of the globals family, their
# out-parameters observed; they were skipped ("its first parameter (int) is not a pointer
# to an object"). A pointer to a scalar first is still the object (an atomic cell). One
# that takes an untyped pointer besides is skipped, and the note names that parameter.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/gmap.h" "$AFIX/gmap.c"
expect_match "$out" "API: 6 public names \(6 functions, 0 macros\), 5 in a verdict \(83%\)" \
	"every function is in a verdict but gmap_ctl"
expect_eq "$(item function gmap_ctl)" "skipped: its first parameter (const char *) is not a pointer to an object, and its parameter oldp (void *) is neither a value nor an out-parameter of a function on global state" \
	"gmap_ctl(name, void *oldp, void *newp) is skipped, with the parameter that stops it"
h=$(q "$DB" "SELECT DISTINCT harness FROM pair_verdicts WHERE run_id = $run AND f = 'gmap_get'")
expect_eq "$h" "$(q "$DB" "SELECT DISTINCT harness FROM pair_verdicts WHERE run_id = $run AND f = 'gmap_put'")" \
	"the lookups are in the family of the functions they share the map with"
expect_eq "$(oneway "$h" gmap_put gmap_get)" "gmap_put->gmap_get" "a put changes what a get finds"
expect_eq "$(oneway "$h" gmap_del gmap_get)" "gmap_del->gmap_get" "a delete changes what a get finds"
expect_eq "$(pair "$h" fresh 'gmap_put(0, 0)' 'gmap_get(0)')" "true true, *value_out = 0" \
	"the out-parameter is part of the get's result"
expect_eq "$(v "$h" gmap_del gmap_del)" "snc" "two deletes of the one key"
expect_eq "$(v "$h" gmap_get gmap_get)" "commutative" "lookups only read"
expect_eq "$(q "$DB" "SELECT group_concat(DISTINCT first_result) FROM op_outcomes WHERE run_id = $run
                      AND first_op = 'gmap_stat' AND second_op IS NULL")" "-1, *out = 0" \
	"gmap_stat runs, its out-parameter observed (names \"0\" and \"1\" are unknown to it)"

# The result parameter first (metrics_snapshot(struct metrics *out), metrics_hits(long
# *out)), named so, with global state behind the function: of the globals family too (each
# was a family of its own, struct metrics and long, and never met metrics_hit); a cell of
# the caller's that no global is behind (counter_add(long *counter, long n)) is an object.
audit "$AFIX/metrics.h" "$AFIX/metrics.c"
h=$(q "$DB" "SELECT DISTINCT harness FROM pair_verdicts WHERE run_id = $run AND f = 'metrics_hit'")
expect_eq "$(oneway "$h" metrics_hit metrics_snapshot)" "metrics_hit->metrics_snapshot" "a hit changes the snapshot"
expect_eq "$(oneway "$h" metrics_hit metrics_hits)" "metrics_hit->metrics_hits" "a hit changes the hits read"
expect_eq "$(pair "$h" fresh 'metrics_hit()' 'metrics_hits()')" "void 0, *out = 1" "the count, through *out"
# A struct filled field by field (at most four integers): each value while it fits 15 bits,
# else a hash of the whole struct (before: the struct's hash only, '*out = 45619').
expect_eq "$(pair "$h" fresh 'metrics_miss()' 'metrics_snapshot()')" "void out->hits = 0, out->misses = 1, out->bytes = 0" \
	"the snapshot, field by field"
expect_match "$(pair "$h" fresh 'metrics_hit()' 'metrics_snapshot()')" '^void out->hits = 1, out->misses = 0, out->bytes = ~[0-9a-f]{4}$' \
	"70000 bytes do not fit: that field reads as a hash"
expect_eq "$(v "$h" metrics_miss metrics_hits)" "commutative" "a miss is no hit"
expect_eq "$(q "$DB" "SELECT harness FROM pair_verdicts WHERE run_id = $run AND f = 'counter_add'")" "long" \
	"counter_add's cell is its object"
finish
