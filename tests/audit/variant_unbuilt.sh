# audit.variant_unbuilt: a family started again by another constructor (audit.variant)
# that cannot build its initial state: bag_new_list() aborts in this build. The failure
# is that family's (named by its harness, bag_list), not the first one's: before, its note
# named the type, "failed family struct bag", and the first family, audited, lost its
# row in audit_items. The list operations stay failed, with the first family's notes.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/variant_unbuilt"
audit "$FIX/bag.h" "$FIX/bag.c"
expect_match "$out" "failed family bag_list: its initial state could not be built \(crash: SIGABRT in bag_new_list" \
	"the family started again failed, by its own name"
expect_no_match "$out" "failed family struct bag" "the first family did not"
expect_eq "$(item family 'struct bag')" "audited: obj = bag_new_map(...), or while NULL bag_new_list(...)" \
	"the first family's row is there"
expect_match "$(item function bag_list_push)" "^failed: gave no result alone from any state \(crash: SIGABRT\)" \
	"the list's operation stays failed"
expect_eq "$(oneway bag bag_map_put bag_map_get)" "bag_map_put->bag_map_get" "the map's operations are audited"
expect_match "$out" "2 families: 1 audited, 1 failed to build their initial state" "counted as it is"
finish
