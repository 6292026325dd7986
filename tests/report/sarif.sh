# snc report --sarif: SARIF 2.1.0 that code-scanning services accept, checked by
# Microsoft's SARIF validator (npm package @microsoft/sarif-multitool, which `make test`
# installs into BUILD/tools; never fetched here: the validation is skipped, after every
# other check, only when it is not installed) against the SARIF 2.1.0 schema it ships, and
# field by field against the database.
. "$(dirname "$0")/lib_report.sh"
expect_status 0 "scan" -- scan s.db "$RF/tally"
expect_status 0 "run tally" -- "$SNC" run --db s.db --quiet --depth 1 "$RF/tally/tally_harness.c" "$RF/tally/tally.c"
expect_status 0 "run intentional" -- "$SNC" run --db s.db --quiet --depth 0 "$RF/intentional_harness.c" "$RF/drift.c"
expect_status 0 "baseline" -- "$SNC" report --db s.db --json base.json
# A change that makes tally_bump return its count: a regression against the baseline.
mkdir change && cp "$RF"/tally/* change/
sed -i 's/^void tally_bump(void);/long tally_bump(void);/' change/tally.h
sed -i 's/^void tally_bump(void)$/long tally_bump(void)/; s/^\t__atomic_fetch_add(&bumps, 1, __ATOMIC_SEQ_CST);/\treturn __atomic_add_fetch(\&bumps, 1, __ATOMIC_SEQ_CST);/' change/tally.c
expect_status 0 "run change" -- "$SNC" run --db s.db --quiet --depth 1 change/tally_harness.c change/tally.c
expect_status 0 "sarif" -- "$SNC" report --db s.db --baseline base.json --sarif snc.sarif --root "$SNC_SOURCE_DIR"

# Field by field.
python3 - snc.sarif > fields.txt <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["version"] == "2.1.0" and "sarif-2.1.0" in s["$schema"]
run = s["runs"][0]
driver = run["tool"]["driver"]
rules = [r["id"] for r in driver["rules"]]
ok = all(r["shortDescription"]["text"] and r["fullDescription"]["text"] and
         r["defaultConfiguration"]["level"] in ("error", "warning", "note") for r in driver["rules"])
print("driver", driver["name"], "rules described", ok)
print("rules", " ".join(sorted(rules)))
for res in run["results"]:
    loc = res["locations"][0]["physicalLocation"]
    assert res["ruleId"] == rules[res["ruleIndex"]]
    assert res["level"] in ("error", "warning", "note") and res["message"]["text"]
    assert not loc["artifactLocation"]["uri"].startswith(("/", "file:")), loc
    assert loc["region"]["startLine"] >= 1
    sup = " suppressed" if res.get("suppressions") else ""
    print(res["ruleId"], res["level"], loc["artifactLocation"]["uri"],
          res["partialFingerprints"]["sncFingerprint/v1"] + sup)
PY
expect_match "$(sed -n 1p fields.txt)" 'driver snc rules described True' "the driver"
expect_match "$(sed -n 2p fields.txt)" \
	'^rules contract-reliant gratuitous-snc hot-heavyweight needless-heavyweight non-deterministic non-linearizable precondition regression snc-unsynchronized$' \
	"its rules"
# (the op of the change is tied to the scanned function of the fixture: the newest scan)
expect_match "$(cat fields.txt)" "^regression error tests/report/fixtures/tally/tally.c [0-9a-f]{16}$" "regression result"
expect_match "$(cat fields.txt)" "^snc-unsynchronized error tests/report/fixtures/tally/tally.c [0-9a-f]{16}$" "error result"
expect_match "$(cat fields.txt)" "^non-deterministic warning tests/report/fixtures/intentional_harness.c [0-9a-f]{16} suppressed$" "intentional is suppressed"
# The run stored its findings without a baseline: all but the regression (which only the
# report, given the baseline, computes; readers never write).
expect_eq "$(tail -n +3 fields.txt | grep -v '^regression ' | awk '{print $4}' | sort | paste -sd' ')" \
	"$(q s.db "SELECT fingerprint FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) ORDER BY 1" | paste -sd' ')" \
	"one result per finding, fingerprints from the DB"

# Microsoft's validator, against the schema it ships.
tool="$SNC_BUILD_DIR/tools/sarif-multitool"
[ -x "$tool/node_modules/.bin/sarif-multitool" ] ||
	skip "Microsoft's SARIF validator is not installed in $tool (make sarif-validator installs it with npm)"
schema=$(ls "$tool"/node_modules/@microsoft/sarif-multitool-*/sarif-2.1.0.json | head -1)
validate() {
	"$tool/node_modules/.bin/sarif-multitool" validate -j "$schema" --log ForceOverwrite -o "$2" "$1" >/dev/null 2>&1
	python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["runs"][0].get("results", []):
    print(r.get("level", "warning"), r["ruleId"], r["message"].get("arguments", r["message"].get("text")))' "$2"
}
# The validator finds errors where there are some ...
python3 -c '
import json; s = json.load(open("snc.sarif")); r = s["runs"][0]["results"][0]
del r["message"]; r["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
json.dump(s, open("broken.sarif", "w"))'
broken=$(validate broken.sarif broken.out)
expect_match "$broken" "^error JSON1002 .*'message'" "the validator catches the missing message"
expect_match "$broken" "^error JSON1008 .*startLine" "and the line 0"
# ... and none in ours.
validate snc.sarif snc.out > validation.txt
cat validation.txt
expect_eq "$(grep -c '^error' validation.txt)" 0 "SARIF 2.1.0 valid"
finish
