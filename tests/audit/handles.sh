# audit.handles: integer handles into a global table (hdl_open, hdl_close(int h),
# hdl_put(int h, uint64_t v), hdl_get(int h)): a globals family. Two puts of different
# values under one open handle leave different tables that only hdl_get tells: state-only,
# found without a digest by observing the state through the read-like ops. Before, the
# observation ran hdl_close(0) first (read-like in the fresh state, where no handle is
# open) and closed the handle before hdl_get(0) could read it, so the pair was
# "commutative"; read-like ops named as reads now observe first. And a handle's close is
# not the end of an object's life: hdl_close with itself carries no owner-only contract
# (it hid the pair, snc: the second close of a handle fails).
. "$(dirname "$0")/lib.sh"
audit "$AFIX/handles.h" "$AFIX/handles.c"
h=$(q "$DB" "SELECT DISTINCT harness FROM pair_verdicts WHERE run_id = $run AND f = 'hdl_open'")
expect_eq "$(v "$h" hdl_put hdl_put)" "state-only" "two puts under one handle: state-only"
expect_match "$(q "$DB" "SELECT witness_state || ': ' || witness_args FROM pair_verdicts WHERE run_id = $run
	AND f = 'hdl_put' AND g = 'hdl_put'")" "^hdl_open\(\): hdl_put\(0, [01]\), hdl_put\(0, [01]\)$" "from the state with handle 0 open"
expect_eq "$(v "$h" hdl_open hdl_open)" "snc" "two opens: the second gets the next slot"
expect_eq "$(v "$h" hdl_close hdl_close)" "snc" "two closes of one handle: the second fails"
expect_eq "$(contract "$h" hdl_close hdl_close)" "-" "with no owner-only contract"
expect_eq "$(oneway "$h" hdl_put hdl_get)" "hdl_put->hdl_get" "put influences get"
finish
