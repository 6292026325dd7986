# audit.root_value: a container whose object is a root pointer variable (a hand-rolled
# list's struct rl_node *root, a Judy-style untyped Pbag): the calls that may replace the
# root take its address (rl_insert(&root, key)), the readers take its value
# (rl_count(root)). The readers join the family of the root, called with *obj, so that
# insert and count are paired. Before, the readers were a family of their own on a zeroed
# node (rl_count said 1 of a list never filled) or a zeroed untyped cell, never paired with
# insert; and rl_insert(struct rl_node **root, int key), which returns a status, was taken
# for a constructor that returns the object through its first parameter, as mp_create(&pool)
# is (only a function named as a maker is one now): insert and remove were no operations.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/root_value"
audit "$FIX/roots.h" "$FIX/roots.c"
ops() {
	q "$DB" "SELECT group_concat(o.name, ' ') FROM (SELECT o.name FROM ops o JOIN harnesses h
	         ON h.id = o.harness_id WHERE h.run_id = $run AND h.name = '$1' ORDER BY o.name) o"
}
expect_eq "$(ops rl_node_ptr)" "rl_contains rl_count rl_insert rl_remove" \
	"one family of the list's root: its writers and its readers"
expect_eq "$(ops void_ptr)" "bag_add bag_has bag_size bag_take" \
	"one family of the untyped root: its writers and its const readers"
expect_eq "$(q "$DB" "SELECT count(*) FROM harnesses WHERE run_id = $run")" 2 "no family of readers alone"
expect_eq "$(oneway rl_node_ptr rl_insert rl_count)" "rl_insert->rl_count" "an insert changes the count"
expect_eq "$(pair rl_node_ptr fresh 'rl_insert(0)' 'rl_count()')" "0 1" \
	"the count read through the root after an insert: 1"
expect_eq "$(pair rl_node_ptr fresh 'rl_count()' 'rl_insert(0)')" "0 0" \
	"the count of an empty list: 0 (a zeroed node counted 1)"
expect_eq "$(v rl_node_ptr rl_insert rl_insert)" "snc" "two inserts of one key: each sees the other"
expect_eq "$(oneway rl_node_ptr rl_remove rl_contains)" "rl_remove->rl_contains" \
	"a remove changes what contains finds"
expect_eq "$(v rl_node_ptr rl_insert rl_remove)" "snc-split" "the article's set add/remove"
expect_eq "$(oneway void_ptr bag_add bag_has)" "bag_add->bag_has" "an add changes what has finds"
expect_eq "$(pair void_ptr 'bag_add(0)' 'bag_take(0)' 'bag_size()')" "1 0" \
	"the root freed by the last take reads as an empty bag"
expect_eq "$(crashing_pairs)" 0 "no reader ran on a zeroed object"
finish
