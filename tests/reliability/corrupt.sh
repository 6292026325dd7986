# A damaged database is said to be corrupt (exit 2), never read as empty, and a run does not
# write into it.
. "$(dirname "$0")/../lib.sh"
expect_status 0 "a run" -- "$SNC" run --db c.db --quiet "$EXAMPLE_BIN/atomic-counter"
pages=$(q c.db "PRAGMA page_count")
[ "$pages" -gt 8 ] || fail "only $pages pages"
dd if=/dev/zero of=c.db bs=4096 seek=$((pages / 2)) count=1 conv=notrunc status=none
sum=$(md5sum c.db)
for cmd in show report gate; do
	expect_status 2 "$cmd on a corrupt database" -- "$SNC" $cmd --db c.db
	expect_match "$out" "database is corrupt" "$cmd says it is corrupt"
	printf '%s' "$out" | grep -q "no verdicts\|no results" && fail "$cmd read it as empty: $out"
done
expect_status 2 "run into a corrupt database" -- "$SNC" run --db c.db --quiet "$EXAMPLE_BIN/atomic-counter"
expect_match "$out" "database is corrupt" "run says it is corrupt"
expect_eq "$(md5sum c.db)" "$sum" "nothing was written to it"
# A truncated header page: not a database at all any more.
head -c 100 c.db > t.db
expect_status 2 "show on a truncated file" -- "$SNC" show --db t.db
finish
