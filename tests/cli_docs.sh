# docs/cli.md is what the option tables say: regenerate it with
#   snc help --markdown > docs/cli.md
# and every command answers -h, --help, --version and `snc help CMD` from the same table.
. "$(dirname "$0")/lib.sh"
"$SNC" help --markdown > generated.md || fail "snc help --markdown failed"
diff -u "$SNC_SOURCE_DIR/docs/cli.md" generated.md >diff.txt || \
	fail "docs/cli.md is out of date: $(head -20 diff.txt)"
for cmd in run demo show replay report gate scan audit; do
	expect_status 0 "$cmd -h" -- "$SNC" $cmd -h
	expect_match "$out" "usage: snc $cmd" "$cmd -h prints the usage"
	help="$out"
	expect_status 0 "snc help $cmd" -- "$SNC" help $cmd
	expect_eq "$out" "$help" "snc help $cmd is $cmd --help"
	expect_status 0 "$cmd --version" -- "$SNC" $cmd --version
	expect_match "$out" "^snc $cmd [0-9]" "$cmd --version"
	# Every option in --help is in the docs' section of the command.
	section=$(awk -v h="## snc $cmd" '$0==h{on=1;next} /^## /{on=0} on' "$SNC_SOURCE_DIR/docs/cli.md")
	for opt in $(printf '%s\n' "$help" | grep -oE '^  (-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+'); do
		expect_match "$section" "\`(-[a-zA-Z], )?$opt" "docs list $cmd $opt"
	done
done
expect_status 2 "help of a command that is not one" -- "$SNC" help frobnicate
finish
