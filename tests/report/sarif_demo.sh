# snc report --sarif on the demo database (every example, scanned, measured, explored
# under schedules), read as code scanning reads it (sarif_code_scanning.py, the checkout
# being the source tree): each of the four non-linearizable pairs has a code flow whose
# steps are the pair's calls at the harness's SNC_OP lines and its accesses, one step each,
# at their lines of the example's library function (the trace schedule_steps keeps), and
# whose message replays the database's breaking schedule.
. "$(dirname "$0")/lib_report.sh"
need_demo_db
expect_status 0 "report" -- "$SNC" report --db "$SNC_DEMO_DB" --sarif demo.sarif --root "$SNC_SOURCE_DIR"
expect_status 0 "read as code scanning reads it" -- python3 "$SNC_SOURCE_DIR/tests/report/sarif_code_scanning.py" demo.sarif "$SNC_SOURCE_DIR"
seen=$out

line_of() { grep -n -- "$2" "$EXAMPLES/$1" | head -1 | cut -d: -f1; }
# harness f g harness-source library-source
while read -r harness f g hsrc lsrc; do
	id=$(q "$SNC_DEMO_DB" "SELECT failing_schedule_id FROM pair_verdicts WHERE run_id = (SELECT max(run_id) FROM pair_verdicts) AND harness = '$harness' AND f = '$f' AND g = '$g'")
	flow=$(printf '%s\n' "$seen" | awk -v s="$f x $g in $harness" '/^result non-linearizable / { on = index($0, "| " s) > 0; next } /^result / { on = 0 } on')
	expect_match "$flow" "^flow non-linearizable \| .*snc replay $id shows every access$" "$f x $g: the database's schedule $id"
	expect_eq "$(printf '%s\n' "$flow" | grep '^step ' | grep -c ' call | ')" 2 "$f x $g: two calls"
	expect_match "$flow" "^step [0-9]+ thread-0 examples/$hsrc:$(line_of "$hsrc" "SNC_OP($f[,)]"):[0-9]+ call \| thread 0 calls $f\(" "$f x $g: thread 0's call at its SNC_OP line"
	expect_match "$flow" "^step [0-9]+ thread-1 examples/$hsrc:$(line_of "$hsrc" "SNC_OP($g[,)]"):[0-9]+ call \| thread 1 calls $g\(" "$f x $g: thread 1's call at its SNC_OP line"
	# (byte_set_add and byte_set_remove access the set through their helper set_to)
	for t in 0 1; do
		expect_match "$flow" "^step [0-9]+ thread-$t examples/$lsrc:([0-9]+)(:[0-9]+)? [a-z.-]+ \| thread $t: .* in [a-z_]+ ${lsrc##*/}:\1( |;|$)" "$f x $g: thread $t's accesses in $lsrc, at their lines"
	done
	expect_eq "$(printf '%s\n' "$flow" | grep -c '^step ')" \
		"$(q "$SNC_DEMO_DB" "SELECT count(*) + 2 FROM schedule_steps WHERE outcome_id = $id AND kind NOT IN ('switch', 'call')")" \
		"$f x $g: a step per access of the stored trace, and the two calls"
done <<'PAIRS'
racy-counter racy_add_return racy_add_return counters/racy_harness.c counters/counters.c
byte-set set_add set_add sets/byte_set_harness.c sets/byte_set.c
byte-set set_add set_remove sets/byte_set_harness.c sets/byte_set.c
byte-set set_remove set_remove sets/byte_set_harness.c sets/byte_set.c
PAIRS
expect_eq "$(printf '%s\n' "$seen" | grep -c '^flow non-linearizable ')" 4 "four non-linearizable code flows"
# The linearizable ones (atomic counter, mutex set) have results but no code flow.
expect_eq "$(printf '%s\n' "$seen" | awk '/^result / { on = $0 ~ /in (atomic-counter|mutex-set)$/; results += on; next } on && /^flow / { flows++ } END { print results + 0, flows + 0 }')" \
	"$(q "$SNC_DEMO_DB" "SELECT count(*) FROM findings WHERE run_id = (SELECT max(run_id) FROM findings) AND harness IN ('atomic-counter', 'mutex-set')") 0" "no code flow for the linearizable harnesses"
finish
