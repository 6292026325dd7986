# A database written by a newer snc (a schema version above this one's) is refused by every
# command that opens it, reading or writing, with one line and exit 2, and left as it was.
. "$(dirname "$0")/lib.sh"
expect_status 0 "a run" -- "$SNC" run --db new.db --quiet --depth 0 "$FIXTURES/kinds_harness.c" "$FIXTURES/kinds_lib.c"
version=$(q new.db "PRAGMA user_version")
expect_match "$version" '^[1-9][0-9]*$' "snc writes a schema version"
sqlite3 new.db "PRAGMA user_version = $((version + 1))"
sum=$(md5sum < new.db)
# refused WHAT COMMAND...: exit 2, one line naming the file and the reason.
refused() {
	local what=$1
	shift
	expect_status 2 "$what refuses it" -- "$@"
	expect_match "$out" "new.db.*written by a newer snc" "$what says why"
	expect_eq "$(printf '%s\n' "$out" | grep -c .)" 1 "$what: one line"
}
refused show "$SNC" show --db new.db
refused "show --json" "$SNC" show --db new.db --json
refused report "$SNC" report --db new.db
refused gate "$SNC" gate --db new.db
refused scan "$SNC" scan --db new.db --quiet "$FIXTURES/kinds_lib.c"
refused run "$SNC" run --db new.db --quiet --depth 0 "$FIXTURES/kinds_harness.c" "$FIXTURES/kinds_lib.c"
expect_status 2 "a harness program refuses it" -- "$EXAMPLE_BIN/atomic-counter" --db new.db --quiet --depth 0
expect_match "$out" "written by a newer snc" "the harness program says why"
expect_eq "$(md5sum < new.db)" "$sum" "the file is untouched"
expect_eq "$(q new.db "PRAGMA user_version") $(q new.db "SELECT count(*) FROM runs")" "$((version + 1)) 1" "its version and run kept"
finish
