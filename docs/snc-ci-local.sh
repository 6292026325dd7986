#!/bin/sh
# docs/snc-ci-local.sh: the sharded CI workflows of docs/ci.md, run on this machine. The N
# shard jobs run docs/snc-ci-job.sh as N separate processes at once, each into its own
# database (what the matrix jobs upload as artifacts); then the merge job's commands:
# `snc merge`, the reports, and the gate against the base branch's database when
# DIR/baseline/snc.db exists (what the workflow downloads from main).
#
#   docs/snc-ci-local.sh N DIR     (from anywhere; snc on the PATH)
#
# Writes DIR/shard-K.db and DIR/shard-K.log, DIR/snc.db (merged), DIR/snc.sarif,
# DIR/snc.json and DIR/snc-report/. Exit status: a failed shard or merge 2, else the gate's.
set -u
n=${1:?usage: snc-ci-local.sh N DIR}
dir=${2:?usage: snc-ci-local.sh N DIR}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd) || exit 2
cd "$(dirname "$0")/.." || exit 2

pids=""
k=1
while [ "$k" -le "$n" ]; do
	rm -f "$dir/shard-$k.db"
	sh docs/snc-ci-job.sh "$dir/shard-$k.db" "$k/$n" >"$dir/shard-$k.log" 2>&1 &
	pids="$pids $!"
	k=$((k + 1))
done
failed=0
k=1
for pid in $pids; do
	wait "$pid" || { echo "shard $k/$n failed: see $dir/shard-$k.log" >&2; failed=1; }
	k=$((k + 1))
done
[ "$failed" = 0 ] || exit 2

# The merge job.
rm -f "$dir/snc.db"
shards=""
k=1
while [ "$k" -le "$n" ]; do shards="$shards $dir/shard-$k.db"; k=$((k + 1)); done
# shellcheck disable=SC2086
snc merge --quiet "$dir/snc.db" $shards || exit 2
snc report --db "$dir/snc.db" --sarif "$dir/snc.sarif" --json "$dir/snc.json" \
	--html "$dir/snc-report" >/dev/null || exit 2
if [ -f "$dir/baseline/snc.db" ]; then
	snc gate --db "$dir/snc.db" --baseline "$dir/baseline/snc.db" --fail-on error
else
	snc gate --db "$dir/snc.db" --fail-on error
fi
