# audit.names: verdicts name an op by the public name a user calls, with the implementing
# function beside it, and a header's static helpers are not API (names.h):
#  * nq_md_push's op is nq_push (the macro is the function's name with the infix md_ left
#    out and passes its arguments through); of two such macros the longer (nq_push, not
#    nq_p) wins; nq_push_one fixes an argument and never names the op;
#  * _nq_flv_peek is first nq_flv_peek (its least underscored alias), then nq_peek (that
#    name without its flavour);
#  * make_dummy (static, called by nq_init and nq_md_push, behind no macro, outside the
#    API's prefix nq_) is an internal helper: in no verdict, not counted; so is
#    free_dummy_cb, never called, only stored by nq_init as a callback (rculfqueue passes
#    its free_dummy_cb to call_rcu); nq_flv_size, also called by another function but with
#    the prefix, stays API;
#  * `snc show`, the report's messages, JSON and SARIF name the function beside the op;
#  * outside a git checkout the run's source revision is the headers' content hash, so
#    shards of one job over different headers are refused by `snc merge`.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/names.h"
expect_eq "$(v nq nq_push nq_push)" "snc" "nq_md_push is audited as nq_push"
expect_eq "$(oneway nq nq_push nq_peek)" "nq_push->nq_peek" "_nq_flv_peek is audited as nq_peek"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND (f IN ('nq_md_push', 'nq_p',
                      'nq_push_one', '_nq_flv_peek', 'nq_flv_peek', 'make_dummy', 'free_dummy_cb') OR g IN ('nq_md_push', 'nq_p',
                      'nq_push_one', '_nq_flv_peek', 'nq_flv_peek', 'make_dummy', 'free_dummy_cb'))")" "0" \
	"no verdict names an implementing function, another alias, or a helper"
expect_eq "$(q "$DB" "SELECT group_concat(name || '=' || target, ' ') FROM (SELECT name, target FROM api_aliases
                      WHERE run_id = $run ORDER BY name)")" \
	"nq_flv_peek=_nq_flv_peek nq_p=nq_md_push nq_peek=_nq_flv_peek nq_push=nq_md_push nq_push_one=nq_md_push" \
	"every macro is kept with the function that implements it"
expect_match "$out" "API: 8 public names \(3 functions, 5 macros\), 8 in a verdict \(100%\), .*; 2 internal helpers not counted" \
	"each public name counted once (nq_md_push and _nq_flv_peek as their macros), the helpers not at all"
expect_match "$(item function make_dummy)" "^skipped: an internal helper \(defined by the header, called by its other functions, behind no macro, outside the API's prefix nq_\)" \
	"make_dummy is an internal helper, with the rule"
expect_match "$(item function free_dummy_cb)" "^skipped: an internal helper \(defined by the header, passed as a callback by its other functions, behind no macro, outside the API's prefix nq_\)" \
	"free_dummy_cb, only passed as a callback, is an internal helper too"
expect_eq "$(v nq nq_flv_size nq_total)" "commutative" "nq_flv_size, called by nq_total but with the API's prefix, stays API"
expect_match "$out" "nq_push \(nq_md_push\) x nq_peek \(_nq_flv_peek\) +non-commutative" \
	"the audit's table names the implementing function beside the op"
expect_status 0 "snc show" -- "$SNC" show --db "$DB" --run "$run"
expect_match "$out" "nq_push \(nq_md_push\) x nq_push \(nq_md_push\) +snc" "so does snc show"
expect_match "$out" "nq_flv_size x nq_total +commutative" "an op named by its function has nothing beside it"
expect_status 0 "snc report" -- "$SNC" report --db "$DB" --run "$run" --json report.json --sarif report.sarif
expect_match "$(cat report.sarif)" "nq_push \(nq_md_push\) x nq_push \(nq_md_push\) is SNC and deterministic" \
	"the SARIF finding names the function beside the op"
expect_eq "$(python3 -c 'import json, sys
ops = [o for h in json.load(open(sys.argv[1]))["harnesses"] for o in h["operations"]]
print(" ".join(o["name"] + "=" + str(o["function"]) for o in ops))' report.json)" \
	"nq_init=nq_init nq_push=nq_md_push nq_flv_size=nq_flv_size nq_total=nq_total nq_peek=_nq_flv_peek" \
	"the JSON report gives each op its function"
expect_status 0 "snc report --html" -- "$SNC" report --db "$DB" --run "$run" --html html
expect_match "$(cat html/*.html)" "<h1>nq_push \(nq_md_push\) x nq_push \(nq_md_push\)</h1>" "the pair's page too"

# The costs table names the function beside the op too (when the snc tool can measure).
if have_valgrind; then
	audit_measured "$AFIX/names.h" --measure-states 1
	if printf '%s\n' "$out" | grep -q "costs under valgrind"; then
		expect_match "$out" "nq_push \(nq_md_push\) +32 " "the costs row of nq_push names nq_md_push"
	fi
fi

# Outside a git checkout: a revision from the headers' content.
outside=$(mktemp -d /tmp/snc-names.XXXXXX)
cp "$AFIX/names.h" "$outside/names.h"
revision() { q "$1" "SELECT coalesce(source_revision, 'NULL') FROM run_origins ORDER BY run_id DESC LIMIT 1"; }
shard() { (cd "$outside" && "$SNC" audit --db "$1" --repeat 1 --no-measure --quiet --shard "$2" names.h) >/dev/null 2>&1; }
shard "$outside/a.db" 1/2
shard "$outside/b.db" 2/2
expect_match "$(revision "$outside/a.db")" "^content:[0-9a-f]{32}$" "outside git, the revision is the headers' content hash"
expect_eq "$(revision "$outside/b.db")" "$(revision "$outside/a.db")" "the same headers give the same revision"
expect_status 0 "merging the shards of one input" -- "$SNC" merge "$outside/ab.db" "$outside/a.db" "$outside/b.db"
printf '/* changed */\n' >> "$outside/names.h"
shard "$outside/c.db" 2/2
expect_match "$(revision "$outside/c.db")" "^content:" "a changed header has a content revision too"
[ "$(revision "$outside/c.db")" != "$(revision "$outside/a.db")" ] || fail "a changed header gives another revision"
expect_status 2 "merging shards of different headers" -- "$SNC" merge "$outside/ac.db" "$outside/a.db" "$outside/c.db"
expect_match "$out" "source revision content:[0-9a-f]{32} in .*, content:[0-9a-f]{32} in " "is refused for their revisions"
rm -rf "$outside"
finish
