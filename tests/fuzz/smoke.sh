# smoke.sh TARGET CORPUS LIBFUZZER: a short run of one fuzz target over its seed corpus.
# A libFuzzer build (LIBFUZZER=1) fuzzes for 5 seconds from the corpus into a scratch copy,
# so the seeds in the source tree are never rewritten; any other build runs each seed once.
# Either fails on a crash, a sanitizer report or a leak.
set -eu
target=$1 corpus=$2 libfuzzer=$3
[ -d "$corpus" ] && [ -n "$(ls -A "$corpus")" ] || { echo "no seeds in $corpus"; exit 1; }
if [ "$libfuzzer" = 1 ]; then
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	"$target" -max_total_time=5 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$work/" \
		"$work" "$corpus"
else
	"$target" "$corpus"
fi
