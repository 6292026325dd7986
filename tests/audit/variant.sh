# audit.variant: operations of a variant type that need another kind of object than the
# starter makes are audited from the constructor named for them. json-c's
# json_object_array_add (and six more array functions) aborted on the object
# json_object_new_object() makes and were listed as failed (json_object.h: 81% of its
# names in a verdict; 90% now, from json_object_new_array()). The fixture's list
# operations abort on a map: the family is started again by value_new_list(), with the
# operations named "list" and the readers not named for a map (value_kind: 4 operations).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/variant"
audit "$FIX/variant.h" "$FIX/variant.c"
expect_match "$out" "value_list: 4 operations, initial state: obj = value_new_list\(\.\.\.\)" \
	"a family started by the list's constructor"
expect_eq "$(item function value_list_append)" \
	"audited: gave no result alone from the object value_new_map() makes (crash: SIGABRT): audited from the one value_new_list() makes (harness value_list)" \
	"the note says where it was audited"
expect_eq "$(oneway value_list value_list_append value_list_length)" "value_list_append->value_list_length" \
	"an append changes the length"
expect_eq "$(oneway value value_map_set value_map_has)" "value_map_set->value_map_has" \
	"the map's operations still run from the map"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'value_list'
              AND (f = 'value_map_has' OR g = 'value_map_has' OR f = 'value_map_set' OR g = 'value_map_set')")" \
	"0" "no map operation in the list's family"
expect_match "$out" "API: 7 public names \(7 functions, 0 macros\), 7 in a verdict \(100%\), 0 build an initial state, 0 skipped, 0 failed" \
	"every name in a verdict, none failed"
finish
