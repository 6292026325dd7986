# Hostile names (newlines, terminal escapes, bytes that are not UTF-8, '(' , 300+
# characters) reach every output escaped: show, report and gate print no raw control
# character and forge no line; show --json, report --json and SARIF are valid UTF-8 JSON;
# a long harness name gets one header; a '(' in an op name does not break the witness.
. "$(dirname "$0")/../lib.sh"
RF="$SNC_SOURCE_DIR/tests/report/fixtures"
F="$SNC_SOURCE_DIR/tests/reliability/fixtures"
expect_status 0 "run the hostile harness" -- "$SNC" run --db h.db --quiet --depth 1 \
	"$F/hostile_harness.c" "$RF/drift.c" -- -I"$RF"
no_control() {   # TEXT WHAT: no ESC, CR or other C0 character but newline and tab
	printf '%s' "$1" | LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' && fail "$2: a raw control character"
	checks=$((checks + 1))
}
expect_status 0 "show" -- "$SNC" show --db h.db
no_control "$out" "show"
expect_eq "$(printf '%s\n' "$out" | grep -c 'states)$')" 1 "one header for the 300-character harness name"
expect_match "$out" 'hostile\\n\\x1b\[31mred' "the harness name, escaped"
expect_match "$out" 'count\(x\\xc3 x count\(x\\xc3 ' "the '(' op's pair"
expect_match "$out" 'after count\(x\\xc3\(1\)\); count\(x\\xc3\(1\) = ' "its witness split right"
expect_match "$out" '\\u\{202e\}total' "the override, escaped"
expect_status 0 "report" -- "$SNC" report --db h.db
no_control "$out" "report"
expect_match "$out" 'now\\nfake.c:1: error: forged\\xff' "the forging name, escaped"
expect_status 1 "gate" -- "$SNC" gate --db h.db --fail-on note
no_control "$out" "gate"
lines=$(printf '%s\n' "$out" | grep -v '^snc gate: ')
expect_eq "$(printf '%s\n' "$lines" | grep -c '^fake.c')" 0 "no forged line"
expect_eq "$(printf '%s\n' "$lines" | grep -vcE '^[^ ]+: [a-z-]+: ')" 0 "every line is 'place: rule: message'"
expect_match "$out" "$(printf '%s\n' "$lines" | wc -l) outstanding" "one line per outstanding finding"
# Valid JSON, strictly decoded as UTF-8.
"$SNC" show --db h.db --json > show.json 2>&1 || fail "show --json"
expect_status 0 "report --json --sarif" -- "$SNC" report --db h.db --json r.json --sarif r.sarif
for f in show.json r.json r.sarif; do
	expect_status 0 "$f is valid UTF-8 JSON" -- python3 -c \
		'import json, sys; json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))' "$f"
done
expect_match "$(cat r.json)" 'forged\\ufffd|forged�' "an invalid byte becomes U+FFFD"
# A finding with no known line has no "line" (not 0).
expect_eq "$(python3 -c 'import json; print(sum(1 for x in json.load(open("r.json"))["findings"] if x.get("line") == 0))')" \
	0 "no line 0 in the JSON"
finish
