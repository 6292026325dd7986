# A harness named by a relative path is stored absolute, so a report made from another
# folder points at the right file: SARIF URIs relative to the repository's top (found by
# walking up to its .git when --root is not given, else --root), or file:// when the file
# is outside the root.
. "$(dirname "$0")/../lib.sh"
RF="$SNC_SOURCE_DIR/tests/report/fixtures"
mkdir -p proj/src proj/.git
cp "$RF/drift_harness.c" "$RF/drift.c" "$RF/drift.h" proj/src/
expect_status 0 "run from inside the project" -- bash -c "cd proj && '$SNC' run --db ../s.db --quiet \
	--depth 0 src/drift_harness.c src/drift.c"
expect_status 0 "SARIF from the parent folder" -- "$SNC" report --db s.db --sarif s.sarif
uris=$(python3 -c 'import json; print("\n".join(sorted({l["physicalLocation"]["artifactLocation"]["uri"] + " " + l["physicalLocation"]["artifactLocation"]["uriBaseId"] for r in json.load(open("s.sarif"))["runs"][0]["results"] for l in r["locations"]})))')
expect_eq "$uris" "src/drift_harness.c SRCROOT" "the URI is relative to the repository (proj, with its .git)"
expect_eq "$(python3 -c 'import json; print(json.load(open("s.sarif"))["runs"][0]["originalUriBaseIds"]["SRCROOT"]["uri"])')" \
	"file://$PWD/proj/" "the root's own URI"
expect_status 0 "SARIF with the project as root" -- "$SNC" report --db s.db --sarif p.sarif --root proj
expect_match "$(cat p.sarif)" '"uri": ?"src/drift_harness.c"' "relative to --root"
mkdir elsewhere
expect_status 0 "SARIF with a root the file is not under" -- "$SNC" report --db s.db --sarif e.sarif --root elsewhere
expect_match "$(cat e.sarif)" "\"uri\": ?\"file://$PWD/proj/src/drift_harness.c\"" "an absolute file URI"
finish
