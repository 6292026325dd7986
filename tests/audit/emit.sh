# audit.emit: --emit-harness keeps the generated harnesses: readable C against <snc.h> that
# `snc run` takes as it is, with the same verdicts. Pointer results are named through the
# harness's .describe hook, equal states are merged through .digest_complete.
. "$(dirname "$0")/lib.sh"
need_ck
audit /usr/include/ck_stack.h --emit-harness kept
f=kept/ck_stack.c
expect_eq "$(test -f "$f" && echo yes)" "yes" "the harness is kept"
expect_match "$(cat "$f")" "#include <snc.h>" "written against the public header"
expect_match "$(cat "$f")" "#include <ck_stack.h>" "includes the library's header as users do"
expect_match "$(cat "$f")" "snc run kept/ck_stack.c" "says how to run it again"
expect_match "$(cat "$f")" "\.describe = describe" "names pointer results"
expect_match "$(cat "$f")" "\.digest_complete = true" "its digest covers its state"
expect_match "$(cat "$f")" "SNC_OP_CONTRACT_AS\(\"ck_stack_pop_npsc\", op_ck_stack_pop_npsc, SNC_SINGLE_CONSUMER\)" \
	"contracts are declared with the public macros"
expect_eq "$(test -e kept/ck_stack.program && echo left)" "" "no program is left behind"
expect_status 0 "snc run on the kept harness" -- "$SNC" run --db "$DB" --depth 1 --repeat 1 --quiet "$f"
rerun=$(q "$DB" "SELECT max(run_id) FROM run_summary WHERE command = 'run'")
expect_eq "$(q "$DB" "SELECT verdict || ' ' || f_alone FROM pair_verdicts WHERE run_id = $rerun
                      AND f = 'ck_stack_pop_upmc' AND g = 'ck_stack_pop_upmc'")" "snc entry#0" "the same verdict, named"
expect_eq "$(q "$DB" "SELECT count(*) FROM (SELECT f, g, verdict FROM pair_verdicts WHERE run_id = $run
                      EXCEPT SELECT f, g, verdict FROM pair_verdicts WHERE run_id = $rerun)")" "0" \
	"every verdict is the same"
finish
