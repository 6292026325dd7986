# A harness named by a relative path is stored absolute, so a report made from another
# folder points at the right file: SARIF URIs relative to the root, or file:// when the
# file is outside it.
. "$(dirname "$0")/../lib.sh"
RF="$SNC_SOURCE_DIR/tests/report/fixtures"
mkdir -p proj/src
cp "$RF/drift_harness.c" "$RF/drift.c" "$RF/drift.h" proj/src/
expect_status 0 "run from inside the project" -- bash -c "cd proj && '$SNC' run --db ../s.db --quiet \
	--depth 0 src/drift_harness.c src/drift.c"
expect_status 0 "SARIF from the parent folder" -- "$SNC" report --db s.db --sarif s.sarif
uris=$(python3 -c 'import json; print("\n".join(sorted({l["physicalLocation"]["artifactLocation"]["uri"] for r in json.load(open("s.sarif"))["runs"][0]["results"] for l in r["locations"]})))')
expect_eq "$uris" "proj/src/drift_harness.c" "the URI is relative to the root (this folder)"
expect_status 0 "SARIF with the project as root" -- "$SNC" report --db s.db --sarif p.sarif --root proj
expect_match "$(cat p.sarif)" '"uri": ?"src/drift_harness.c"' "relative to --root"
mkdir elsewhere
expect_status 0 "SARIF with a root the file is not under" -- "$SNC" report --db s.db --sarif e.sarif --root elsewhere
expect_match "$(cat e.sarif)" "\"uri\": ?\"file://$PWD/proj/src/drift_harness.c\"" "an absolute file URI"
finish
