# audit.wide: a family of more operations than one harness takes (64) is audited in parts.
# cJSON's cJSON * has 74 operations: the ten past the 64th (cJSON_CreateFalse ...
# cJSON_CreateStringReference) were skipped, "the family has more than 64 operations"
# (cJSON.h: 83% of its names in a verdict; 95% in parts). The fixture's board has 65: its
# constructor, two readers (a const object) and 62 bumps. Each part is a harness with the
# whole family's set-up, the readers in every part and half the bumps.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/wide"
audit --max-executions 1500 "$FIX/wide.h" "$FIX/wide.c"
expect_match "$out" "audited family struct wide: 65 operations, more than a harness takes \(64\): audited in 2 parts \(wide_part1 \.\.\)" \
	"the split is said"
expect_eq "$(q "$DB" "SELECT group_concat(harness, ' ') FROM (SELECT DISTINCT harness FROM pair_verdicts
              WHERE run_id = $run ORDER BY harness)")" "wide_part1 wide_part2" "two harnesses"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND status <> 'audited'")" "1" \
	"nothing skipped but the destructor"
expect_eq "$(oneway wide_part2 wide_bump_61 wide_total)" "wide_bump_61->wide_total" \
	"the last bump changes the total (part 2)"
expect_eq "$(oneway wide_part1 wide_bump_0 wide_get_0)" "wide_bump_0->wide_get_0" \
	"the first bump changes the first cell (part 1)"
expect_eq "$(oneway wide_part2 wide_bump_61 wide_get_0)" "commutative" \
	"the reader is in part 2 too"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run
              AND ((f = 'wide_bump_0' AND g = 'wide_bump_61') OR (f = 'wide_bump_61' AND g = 'wide_bump_0'))")" \
	"0" "a pair across parts is not classified"
expect_match "$out" "API: 66 public names \(66 functions, 0 macros\), 64 in a verdict" \
	"every name but the constructor and the destructor in a verdict"
finish
