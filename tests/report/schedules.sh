# non-linearizable: what the controlled scheduler found, on the article's counters and sets
# explored under schedules in the demo database (fixture.demo; the report is written into
# a copy). The racy add_return loses an update and the byte-array set lets two
# adds (or removes) both win (triggered); the atomic counter and the mutex set show no such schedule
# (not triggered). The schedule is the evidence, on the finding and on the pair's page.
. "$(dirname "$0")/lib_report.sh"
need_demo_db
cp "$SNC_DEMO_DB" s.db
expect_status 0 "report" -- "$SNC" report --db s.db --html html --json s.json

expect_eq "$(findings s.db "rule = 'non-linearizable'")" \
"non-linearizable|error|racy_add_return x racy_add_return in racy-counter
non-linearizable|error|set_add x set_add in byte-set
non-linearizable|error|set_add x set_remove in byte-set
non-linearizable|error|set_remove x set_remove in byte-set" "non-linearizable"
for h in atomic-counter mutex-set; do
	expect_eq "$(q s.db "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND harness = '$h' AND rule = 'non-linearizable'")" 0 "$h is linearizable"
done
ev=$(q s.db "SELECT evidence FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'racy_add_return x racy_add_return in racy-counter' AND rule = 'non-linearizable'")
expect_match "$ev" 'concurrently: racy_add_return\([0-9]\) on thread 0, racy_add_return\([0-9]\) on thread 1, schedule [0-9:,]+ \(1 preemption\)' "the schedule"
expect_match "$ev" 'outcome: racy_add_return\(1\) = 1; racy_add_return\(1\) = 1' "the lost update"
id=$(q s.db "SELECT schedule_id FROM schedules WHERE harness = 'racy-counter' AND linearizable = 0 AND status = 'completed' ORDER BY preemptions, steps, schedule_id LIMIT 1")
expect_match "$ev" "replay: snc replay $id\$" "the simplest failing schedule, to replay"
expect_match "$(q s.db "SELECT message FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND subject = 'set_add x set_add in byte-set' AND rule = 'non-linearizable'")" 'loophole 4' "names the loophole"

# The pair page shows the breaking schedule; the JSON has it.
page=$(grep -l '<h1>racy_add_return x racy_add_return</h1>' html/pair-*.html)
expect_match "$(cat $page)" "id=\"broken-schedule\".*snc replay $id" "pair page"
expect_match "$(cat $page)" "id=\"schedules\">[0-9]+ concurrent schedules" "schedules counted"
expect_eq "$(python3 -c '
import json
for h in json.load(open("s.json"))["harnesses"]:
    for p in h["pairs"]:
        if p["broken_schedule"]:
            print(h["name"], p["f"], p["g"], p["broken_schedule"]["id"] > 0)')" \
"racy-counter racy_add_return racy_add_return True
byte-set set_add set_add True
byte-set set_add set_remove True
byte-set set_remove set_remove True" "JSON broken schedules"
finish
