# audit.local_ops: a family whose digest is not complete (lw_note is in an archive, no body
# in the scan, and keeps a global) names the ops that keep no state of their own
# (.local_ops: lw_load and lw_swap change only the word the digest hashes); the runner probes
# them and copies the pairs they begin where they left the digest as it was. The verdicts
# are those of the same harness without .local_ops, with fewer executions run.
. "$(dirname "$0")/lib.sh"
cc -c -o lw_note.o "$AFIX/lw_note.c" && ar rcs liblw.a lw_note.o || fail "building the archive"
audit --emit-harness kept --lib liblw.a "$AFIX/localword.h"
h=kept/unsigned_int.c
expect_match "$(cat "$h")" '\.local_ops = SNC_NAMES\("lw_load", "lw_swap"\),' "the load and the swap are local"
expect_eq "$(grep -c digest_complete "$h")" 0 "lw_note keeps a global: the digest is not complete"
# The command its top comment gives runs it again as written (the archive after `--`
# links after the harness that calls into it).
read -ra rerun <<< "$(sed -n 's/^ \*     snc run //p' "$h")"
expect_eq "${rerun[*]}" "kept/unsigned_int.c -- liblw.a" "the command in the comment"
expect_status 0 "the command in the comment runs" -- "$SNC" run --db rerun.db --quiet --depth 1 --repeat 1 "${rerun[@]}"
expect_eq "$(verdict rerun.db unsigned_int lw_note lw_note)" snc "run again: the same verdict"
expect_eq "$(v unsigned_int lw_note lw_note)" "snc" "two notes: each sees the other's count"
expect_eq "$(v unsigned_int lw_swap lw_swap)" "snc" "two swaps: SNC"
expect_eq "$(oneway unsigned_int lw_load lw_swap)" "lw_swap->lw_load" "a swap changes what a load returns"
with=$(q "$DB" "SELECT executions FROM harnesses WHERE run_id = $run AND name = 'unsigned_int'")
verdicts() {
	q "$DB" "SELECT f || ' ' || g || ' ' || verdict || ' ' || coalesce(direction, '-') || ' ' || states || ' ' ||
	         conflict_states || ' ' || coalesce(witness_state, '-') || ' ' || coalesce(f_alone, '-') || ' ' ||
	         coalesce(g_after_f, '-') FROM pair_verdicts WHERE run_id = $1 AND harness = 'unsigned_int' ORDER BY f, g"
}
audited=$(verdicts "$run")
sed '/\.local_ops = /d' "$h" > plain.c
expect_status 0 "the harness without .local_ops" -- "$SNC" run --db "$DB" --quiet --repeat 1 --depth 1 \
	--boundary 8 plain.c "$AFIX/lw_note.c" -- -I"$AFIX"
plain=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'run'")
without=$(q "$DB" "SELECT executions FROM harnesses WHERE run_id = $plain AND name = 'unsigned_int'")
expect_eq "$(verdicts "$plain")" "$audited" "the same verdicts, counts and witnesses"
expect_eq "$((with < without))" 1 "fewer executions run ($with against $without)"
printf '%s\n' '#include <snc.h>' 'static long op(void) { return 0; }' \
	'SNC_HARNESS(.name = "bad", .local_ops = SNC_NAMES("nope"), .ops = SNC_OPS(SNC_OP(op)));' > bad.c
expect_status 2 "an unknown name in .local_ops" -- "$SNC" run --db "$DB" --quiet bad.c
expect_match "$out" "\.local_ops names 'nope', which is not one of its operations" "says which name"
finish
