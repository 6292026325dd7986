# audit.attr_ctor: liburcu's rculfhash.h shape. Its table is opaque and made by
# cds_lfht_new(size, ..., pthread_attr_t *attr): a maker's attributes parameter (attr,
# attrs, attributes, opts, options; not const) gets NULL, its defaults; before, the
# pointer was not one a constructor may take, no constructor made the table, and its
# operations were skipped. And cds_lfht_lookup(ht, ..., iter) is the table's operation:
# it was moved to the iterator's family, as llist_add(node, head) is moved to the list's,
# because the API hands tables out (its constructor); an operation moves to a later
# parameter's family only when a function other than one named as a maker hands its first
# parameter's type out (llist_del_first(head) returns a node; ev_default_loop() a loop,
# audit.shared_init). rculfhash.h with urcu.h included: 3 of 21 names in a verdict
# before, 17 now.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/attr_ctor"
audit "$FIX/table.h" "$FIX/table.c"
expect_match "$out" "table: 4 operations, initial state: obj = table_new\(\.\.\.\)" "the constructor makes the table"
expect_eq "$(oneway table table_add table_count)" "table_add->table_count" "an add changes the count"
expect_eq "$(q "$DB" "SELECT count(*) > 0 FROM pair_verdicts WHERE run_id = $run AND harness = 'table'
              AND f = 'table_lookup'")" "1" "a lookup is the table's operation"
expect_eq "$(crashing_pairs)" "0" "no pair crashed (the attributes are NULL)"
expect_match "$out" "API: 6 public names \(6 functions, 0 macros\), 6 in a verdict \(100%\)" "every name in a verdict"
finish
