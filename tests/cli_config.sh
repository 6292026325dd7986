# A project's .snc: found walking up from the current directory, options per command and
# for [all], checked like the command line (file:line on any error), the command line wins.
. "$(dirname "$0")/lib.sh"
unset SNC_CONFIG
mkdir -p project/sub/deeper && cd project/sub/deeper
cat > ../../.snc <<'CFG'
# options this project always passes
[all]
db = from-config.db
[run]
depth = 0
quiet = true
[gate]
fail-on = warning
CFG
prog="$EXAMPLE_BIN/treiber-stack"
expect_status 0 "run with the project's options" -- "$SNC" run "$prog"
[ -f from-config.db ] || fail "[all] db was not used"
expect_eq "$(q from-config.db "SELECT count(*) FROM states")" 1 "depth 0 from .snc: one state"
expect_eq "$out" "" "quiet from .snc"
expect_status 0 "the command line wins" -- "$SNC" run --depth 1 --db cli.db "$prog"
expect_match "$(q cli.db "SELECT count(*) FROM states")" "^[2-9]" "depth 1 from the command line"
expect_status 0 "SNC_CONFIG=none reads no file" -- env SNC_CONFIG=none "$SNC" run --db none.db --quiet --depth 1 "$prog"
expect_match "$(q none.db "SELECT count(*) FROM states")" "^[2-9]" "default depth without the file"

# Errors name the file and the line, exit 2, and nothing runs.
bad() {   # bad LINE-TEXT EXPECTED-MESSAGE
	rm -f bad.db
	printf '[run]\ndepth = 1\n%s\n' "$1" > ../../.snc
	expect_status 2 "bad .snc: $1" -- "$SNC" run --db bad.db "$prog"
	expect_match "$out" "\\.snc:3: $2" "message for '$1'"
	[ -e bad.db ] && fail "a bad .snc still ran ($1)"
}
bad "frobnicate = 1" "'snc run' has no option 'frobnicate'"
bad "depth = 99" "--depth needs a whole number from 0 to 8"
bad "schedules = maybe" "'schedules' is a flag: true or false"
bad "[frob]" "'\\[frob\\]' is not a command"
bad "just words" "expected 'option = value'"
printf '[run]\ndepth = 1\n[gate]\n' > ../../.snc
expect_status 0 "an empty section is fine" -- "$SNC" run --db ok.db --quiet "$prog"
bad "$(printf 'x%.0s' $(seq 1100)) = 1" "the line is longer than 1024 characters"
printf '[gate]\nfail-on = fatal\n' > ../../.snc
expect_status 2 "another command's section is checked too" -- "$SNC" run --db bad.db --quiet "$prog"
expect_match "$out" "\\.snc:2: --fail-on takes error, warning or note" "checked in [gate]"
finish
