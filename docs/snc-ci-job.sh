#!/bin/sh
# docs/snc-ci-job.sh: the snc job of docs/snc-ci.yml (scan the sources, run every harness),
# into one database: `snc-ci-job.sh DB` for the whole job, `snc-ci-job.sh DB K/N` for shard K
# of N (each command with --shard K/N; `snc merge` then joins the N databases). The CI
# workflows of docs/ci.md call it, and docs/snc-ci-local.sh runs it as they do. Run it from
# the repository's top folder with snc on the PATH. SNC_CI_HARNESSES, when set, keeps only
# the harnesses whose file name it lists (space-separated; the tests use a few).
set -eu
db=$1
shard=${2:+--shard=$2}

snc scan --db "$db" --quiet $shard -I runtime/include examples/

run() {
	for h in $SNC_CI_SELECTED; do
		case "$*" in *"/$h "*) snc run --db "$db" --quiet $shard "$@"; return;; esac
	done
}
SNC_CI_SELECTED=${SNC_CI_HARNESSES:-atomic_harness.c split_harness.c racy_harness.c
	mutex_set_harness.c byte_set_harness.c global_harness.c cache_harness.c rcu_harness.c
	stack_harness.c ring_harness.c}
run examples/counters/atomic_harness.c examples/counters/counters.c
run examples/counters/split_harness.c examples/counters/counters.c
run examples/counters/racy_harness.c examples/counters/counters.c
run examples/sets/mutex_set_harness.c examples/sets/mutex_set.c
run examples/sets/byte_set_harness.c examples/sets/byte_set.c
run examples/allocator/global_harness.c examples/allocator/allocator.c
run examples/allocator/cache_harness.c examples/allocator/allocator.c
run --blocking-observable examples/rcu/rcu_harness.c examples/rcu/rcu.c
run examples/stack/stack_harness.c examples/stack/stack.c
run examples/ring/ring_harness.c examples/ring/ring.c
