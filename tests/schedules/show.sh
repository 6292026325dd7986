# snc show prints, under each pair, what its schedules found: the smallest failing schedule
# with the command that replays it, or how many schedules passed; --json the same.
. "$(dirname "$0")/../lib.sh"
expect_status 0 "racy counter, schedules" -- "$EXAMPLE_BIN/racy-counter" --db r.db --quiet --depth 1 --schedules
id=$(q r.db "SELECT failing_schedule_id FROM pair_verdicts WHERE f = 'racy_add_return' AND g = f")
expect_status 0 "show" -- "$SNC" show --db r.db
expect_match "$out" "schedules: NOT linearizable under schedule [01]:1 from fresh: racy_add_return\(1\) = 1; racy_add_return\(1\) = 1" \
	"the failing schedule"
expect_match "$out" "\(replay: snc replay --db r.db $id;" "the replay command"
expect_match "$out" "schedules: linearizable and deterministic in [0-9]+ schedules \(all within the bound\)" \
	"the passing pairs"
expect_status 0 "show --json" -- "$SNC" show --db r.db --json
expect_eq "$(printf '%s' "$out" | python3 -c '
import json, sys
v = {(p["f"], p["g"]): p["schedules"] for p in json.load(sys.stdin)["verdicts"]}
s = v[("racy_add_return", "racy_add_return")]
print(s["linearizable"], s["deterministic"], s["exhaustive"], s["failing"]["id"], s["failing"]["state"],
      v[("racy_read", "racy_read")]["failing"])')" "False True True $id fresh None" "json"
# Without --schedules there is nothing to say.
expect_status 0 "no schedules" -- "$EXAMPLE_BIN/racy-counter" --db n.db --quiet --depth 1
expect_status 0 "show" -- "$SNC" show --db n.db
case "$out" in *"schedules:"*) fail "schedules line without schedules" ;; esac
expect_status 0 "show --json" -- "$SNC" show --db n.db --json
expect_match "$out" '"schedules": null' "json null"
finish
