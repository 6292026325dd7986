# shard_merge.sh: a job split with --shard K/N and joined with `snc merge` gives what the
# whole job gives. The job is docs/snc-ci-job.sh (the CI workflow's scan and harness steps)
# on a few of the examples: once whole into one database, and as 3 shards run at once as
# separate processes and merged, by docs/snc-ci-local.sh (the workflow's merge job: merge,
# report, gate). The two databases must hold the same verdicts, witnesses, executions,
# preconditions, scan results and findings with their fingerprints (every row compared,
# in a deterministic order), and the reports and the gate must say the same. Then what
# merge refuses, with exit 2 and nothing written: a missing shard, a repeated one, shards
# of different N, options or source revision, an unsharded database, an existing OUT;
# and the inputs are never changed.
. "$(dirname "$0")/lib.sh"
export PATH="$(dirname "$SNC"):$PATH"
export SNC_CI_HARNESSES="split_harness.c racy_harness.c stack_harness.c"
# The runs classify from states up to depth 1 (a project file, as report.ci does): the
# merge is compared with the whole job row by row whatever the depth, and the gate's
# error (racy-counter's SNC pair) is found at depth 1 too.
printf '[run]\ndepth = 1\n' > .snc
export SNC_CONFIG="$PWD/.snc"
job="$SNC_SOURCE_DIR/docs/snc-ci-job.sh"

. "$(dirname "$0")/shard_tables.sh"
# A database's content, whatever its file looks like (a WAL checkpoint changes bytes only).
content() { sqlite3 "$1" .dump | sha256sum; }

# --- the whole job, and the same as 3 shards merged ----------------------------------
(cd "$SNC_SOURCE_DIR" && sh "$job" "$SNC_SCRATCH/whole.db") >whole.log 2>&1 ||
	fail "the whole job: $(tail -3 whole.log)"
# (the gate fails: racy-counter's SNC pair pays nothing, an error)
expect_status 1 "3 shards at once, merged, reported and gated" -- \
	sh "$SNC_SOURCE_DIR/docs/snc-ci-local.sh" 3 three
expect_match "$out" '^examples/counters/counters.c:[0-9]+: snc-unsynchronized: racy_add_return x racy_add_return' \
	"the gate judges the merged database: racy-counter's error"
gate_three=$out
# reports and the gate from the repository's top, as the script runs them (relative paths)
at_top() { (cd "$SNC_SOURCE_DIR" && "$@"); }
expect_status 1 "the gate on the whole job's database" -- at_top "$SNC" gate --db "$SNC_SCRATCH/whole.db" --fail-on error
expect_eq "$out" "$gate_three" "the gate says the same of both"
merged=three/snc.db
expect_status 0 "the merged database gated against the whole job's: nothing new" -- \
	"$SNC" gate --db $merged --baseline whole.db --fail-on error

expect_eq "$(q $merged "SELECT count(*) FROM pair_verdicts") $(q $merged "SELECT count(*) FROM findings WHERE run_id = 4")" \
	"$(q whole.db "SELECT count(*) FROM pair_verdicts") $(q whole.db "SELECT count(*) FROM findings WHERE run_id = 4")" \
	"as many verdicts and findings"
expect_match "$(q $merged "SELECT count(*) FROM pair_verdicts")" '^[1-9]' "verdicts were merged"
expect_match "$(q $merged "SELECT count(*) FROM scan_pairs")" '^[1-9]' "scan pairs were merged"
tables whole.db >whole.rows
tables $merged >merged.rows
checks=$((checks + 1))
cmp -s whole.rows merged.rows || fail "the merged database differs from the whole job's: $(diff whole.rows merged.rows | head -20)"
# each shard did a part: every harness ran in exactly one shard, every unit was scanned once
for k in 1 2 3; do
	q three/shard-$k.db "SELECT target FROM runs r JOIN run_origins o ON o.run_id = r.id
	                     WHERE r.command = 'run' AND o.skipped = 0"
done | sort >ran.txt
expect_eq "$(cat ran.txt)" "$(q whole.db "SELECT target FROM runs WHERE command = 'run'" | sort)" \
	"each harness ran in exactly one shard"
# (a header no unit of a shard includes is scanned by the shard it falls to, and dropped by
# the merge when another shard's unit includes it: only sources are counted here)
for k in 1 2 3; do q three/shard-$k.db "SELECT file FROM scan_units WHERE file LIKE '%.c'"; done | sort >units.txt
expect_eq "$(sort -u units.txt | wc -l) $(wc -l <units.txt)" \
	"$(q whole.db "SELECT count(*) FROM scan_units WHERE file LIKE '%.c'") $(q whole.db "SELECT count(*) FROM scan_units WHERE file LIKE '%.c'")" \
	"no source unit scanned twice, none left out"
expect_eq "$(q three/shard-2.db "SELECT shard, source_revision IS NOT NULL FROM run_summary WHERE run_id = 1")" \
	"2/3|1" "a shard's run records its shard and source revision"
expect_eq "$(q $merged "SELECT DISTINCT merged_from FROM run_summary")" "3" "a merged run says how many shards it joins"
for format in json sarif; do
	at_top "$SNC" report --db "$SNC_SCRATCH/whole.db" --$format "$SNC_SCRATCH/whole.$format" >/dev/null
	expect_eq "$(grep -v started_at whole.$format)" "$(grep -v started_at three/snc.$format)" \
		"report --$format says the same (but for the time)"
done
"$SNC" report --db whole.db >whole.txt
"$SNC" report --db $merged >merged.txt
expect_eq "$(sed 1d merged.txt)" "$(sed 1d whole.txt)" "the report's summary says the same"

# --- the workflows run what the local script runs ---------------------------------------
for wf in snc-ci-shards.yml snc-ci-shards.gitlab-ci.yml; do
	text=$(cat "$SNC_SOURCE_DIR/docs/$wf")
	expect_match "$text" 'sh docs/snc-ci-job.sh "shard-[^"]*\.db" "[^"]*/[^"]*"' "$wf: each shard runs the job script with K/N"
	expect_match "$text" 'snc merge snc.db (shards/)?shard-\*\.db' "$wf: the merge job merges every shard"
	expect_match "$text" 'snc report --db snc.db --sarif snc.sarif --json snc.json --html snc-report' "$wf: the reports"
	expect_match "$text" 'snc gate --db snc.db --baseline baseline/snc.db --fail-on error' "$wf: the gate against the base branch"
done
expect_match "$(cat "$SNC_SOURCE_DIR/docs/snc-ci-shards.yml")" 'matrix:' "GitHub: a job matrix"
expect_match "$(cat "$SNC_SOURCE_DIR/docs/snc-ci-shards.gitlab-ci.yml")" 'parallel: 3' "GitLab: parallel jobs"

# --- the schedules pass of a sharded run: its pairs split over the shards ------------------
# Every shard classifies the harness and explores the schedules of the pairs of ops that
# fall to it; the harness's own shard keeps the rest, the merge adds the others' schedules.
sched() {   # sched DB [--shard K/N]
	local db=$1
	shift
	"$SNC" run --db "$db" --quiet --schedules "$@" "$EXAMPLES/counters/atomic_harness.c" \
		"$EXAMPLES/counters/counters.c" || fail "snc run --schedules $*"
}
schedule_rows() {
	q "$1" "SELECT harness, f, g, state, schedule, outcome, linearizable, deterministic, status,
	        preemptions, steps, schedules_with_outcome, f_call, g_call FROM schedules ORDER BY 1, 2, 3, 4, 5, 6"
	q "$1" "SELECT harness, f, g, state, f_call, g_call, schedules, blocking_schedules, exhaustive,
	        independent, outcomes FROM explorations ORDER BY 1, 2, 3, 4, 5, 6"
	q "$1" "SELECT harness, op, calls, points_per_call, rmw_per_call FROM op_hook_counts ORDER BY 1, 2"
	q "$1" "SELECT harness, f, g, verdict, linearizable, schedules, failing_state, failing_schedule,
	        failing_outcome FROM pair_verdicts ORDER BY 1, 2, 3"
}
sched sched-whole.db
for k in 1 2 3; do sched sched-$k.db --shard $k/3; done
expect_status 0 "merge the shards of a run with --schedules" -- "$SNC" merge sched.db sched-1.db sched-2.db sched-3.db
whole_explorations=$(q sched-whole.db "SELECT count(*) FROM explorations")
explored() { q "$1" "SELECT count(*) FROM explorations"; }
expect_eq "$(($(explored sched-1.db) + $(explored sched-2.db) + $(explored sched-3.db)))" \
	"$whole_explorations" "the shards explored the pairs between them, each once"
expect_eq "$(for k in 1 2 3; do [ "$(explored sched-$k.db)" -gt 0 ] && echo $k; done | wc -l)" 2 \
	"the pairs were split: two shards explored some (the hash puts none in the third)"
expect_eq "$(for k in 1 2 3; do q sched-$k.db "SELECT o.schedules_only FROM run_origins o
	WHERE (SELECT count(*) FROM explorations) > 0"; done | grep -q '^1$' && echo yes)" yes \
	"a shard the harness does not fall to explored some of its pairs (the merge adds their
	schedules; which shard owns the harness depends on its path, so the owner may explore too)"
expect_match "$whole_explorations" '^[1-9]' "the whole run explored schedules"
expect_eq "$(schedule_rows sched.db)" "$(schedule_rows sched-whole.db)" "the same schedules, explorations and hook counts"
expect_eq "$(q sched.db "SELECT group_concat(fingerprint) FROM (SELECT fingerprint FROM findings ORDER BY 1)")" \
	"$(q sched-whole.db "SELECT group_concat(fingerprint) FROM (SELECT fingerprint FROM findings ORDER BY 1)")" \
	"the same findings"

# --- one shard of one is the whole job too (a scan: seconds) ----------------------------
(cd "$SNC_SOURCE_DIR" && "$SNC" scan --db "$SNC_SCRATCH/scan-whole.db" --quiet -I runtime/include examples/ &&
	"$SNC" scan --db "$SNC_SCRATCH/scan-1.db" --quiet --shard 1/1 -I runtime/include examples/)
expect_status 0 "merge one shard of one" -- "$SNC" merge scan-one.db scan-1.db
expect_eq "$(tables scan-one.db)" "$(tables scan-whole.db)" "1/1 merged is the whole scan"

# --- what merge refuses ------------------------------------------------------------------
scan_shard() {   # scan_shard K/N DB [more scan options]
	local shard=$1 db=$2
	shift 2
	(cd "$SNC_SOURCE_DIR" && "$SNC" scan --db "$SNC_SCRATCH/$db" --quiet --shard "$shard" "$@" -I runtime/include examples/)
}
scan_shard 1/3 s1.db && scan_shard 2/3 s2.db && scan_shard 3/3 s3.db && scan_shard 2/2 s2of2.db &&
	scan_shard 3/3 s3-other.db -D SNC_OTHER=1 || fail "the shard scans"
cp s3.db s3-revision.db
sqlite3 s3-revision.db "UPDATE run_origins SET source_revision = 'abc123'"
before=$(for f in s1.db s2.db s3.db; do content $f; done)
refused "a missing shard" 'shard 3/3 is missing' s1.db s2.db
refused "a repeated shard" 'shard 2/3 is given twice: s2.db and s2-copy.db' s1.db s2.db s3.db \
	"$(cp s2.db s2-copy.db && echo s2-copy.db)"
refused "shards of different N" 'is shard 2/2' s1.db s2of2.db
refused "different options" 'run 1 differs: .*-D SNC_OTHER=1' s1.db s2.db s3-other.db
refused "another source revision" 'source revision .* abc123 in s3-revision.db' s1.db s2.db s3-revision.db
refused "an unsharded database" 'was not made with --shard' s1.db s2.db s3.db scan-whole.db
refused "a file that is not there" "shard database 'nope.db' not found" s1.db nope.db
echo keep >out.db
expect_status 2 "an existing OUT" -- "$SNC" merge out.db s1.db s2.db s3.db
expect_match "$out" "'out.db' exists" "an existing OUT: the reason"
expect_eq "$(cat out.db)" "keep" "an existing OUT is left as it was"
expect_status 2 "no shard given" -- "$SNC" merge out2.db
expect_status 0 "the right shards, in any order" -- "$SNC" merge out3.db s3.db s1.db s2.db
expect_eq "$(tables out3.db)" "$(tables scan-whole.db)" "merged in any order: the whole scan"
expect_eq "$(for f in s1.db s2.db s3.db; do content $f; done)" "$before" "the inputs are unchanged"
expect_status 2 "a bad --shard" -- "$SNC" scan --db bad.db --shard 4/3 "$EXAMPLES"
expect_match "$out" 'K/N with 1 <= K <= N' "a bad --shard: the reason"
finish
