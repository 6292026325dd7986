# audit.urcu_coverage: at least 90% of the public names of liburcu's lfstack.h and urcu.h
# (memb flavour) are in a verdict, from the fresh state only (which names are in a verdict
# does not depend on the states explored). What brings the last ones in:
#  * a for-loop macro (cds_lfs_for_each(__head, __node): member accesses, no call) gets a
#    wrapper that declares its cursors (`__typeof__(&__head->node) __node;`) and counts
#    the iterations; __head, used as `__head->node`, is typed by trying the API's struct
#    pointers until the wrapper compiles;
#  * generic macros are typed by what their expansion does with each parameter:
#    rcu_assign_pointer(p, v) takes the address of p (a cell the wrapper points to:
#    void **p, passed as (*p)), caa_max(a, b) only uses values (long);
#  * functions that return a family's object and take none (create_call_rcu_data,
#    get_cpu_call_rcu_data) are operations of that family (producers), and so is one whose
#    first parameter is a scalar and that takes the object after it (set_cpu_call_rcu_data);
#    defer_rcu(fct, p), a callback and its payload, is in the globals family.
# urcu.h's globals family (rcu_read_lock, synchronize_rcu, ...) builds its fresh state: its
# observing ops block after call_rcu_before_fork, and the state waits for those pairs
# instead of being given up as blocked (with --timeout 0.1 it was: classifier.observe_blocks
# checks that on a fixture, quicker than this family).
. "$(dirname "$0")/lib.sh"
need_urcu
cover() { audit --depth 0 --boundary 0 "$@"; }
pct() { printf '%s' "$out" | sed -n 's/.*in a verdict (\([0-9]*\)%).*/\1/p'; }

cover "$URCU/lfstack.h" -- -D_LGPL_SOURCE
expect_match "$out" "API: 15 public names \(1 function, 14 macros\), 15 in a verdict \(100%\)" \
	"every public name of lfstack.h is in a verdict"
expect_eq "$(q "$DB" "SELECT target || '(' || args || ')' FROM api_aliases WHERE run_id = $run AND name = 'cds_lfs_for_each_safe'")" \
	"snc_macro_cds_lfs_for_each_safe(struct cds_lfs_head *__head)" \
	"the iterator's wrapper takes the head; its cursors are locals"
expect_eq "$(v cds_lfs_head cds_lfs_for_each cds_lfs_for_each)" "commutative" "iterating only reads"
expect_eq "$(q "$DB" "SELECT group_concat(DISTINCT first_result) FROM op_outcomes WHERE run_id = $run
                      AND harness = 'cds_lfs_head' AND first_op = 'cds_lfs_for_each' AND second_op IS NULL")" \
	"1" "from a zeroed head it visits the head's own node: a count of 1"

[ -e /usr/lib/x86_64-linux-gnu/liburcu-memb.so ] || skip "liburcu-memb is not installed"
cover /usr/include/x86_64-linux-gnu/urcu.h --lib -lurcu-memb --lib -lurcu-common -- -DRCU_MEMB
expect_eq "$([ "$(pct)" -ge 90 ] && echo yes)" "yes" "at least 90% of urcu.h's public names are in a verdict ($(pct)%)"
expect_eq "$(item family 'globals of urcu.h' | cut -d: -f1)" "audited" "the globals family built its fresh state"
expect_eq "$(v globals_of_urcuh rcu_read_ongoing rcu_read_ongoing)" "commutative" \
	"rcu_read_ongoing (urcu_memb_read_ongoing, named by the flavour's macro) only reads"
expect_eq "$(q "$DB" "SELECT args FROM api_aliases WHERE run_id = $run AND name = 'rcu_assign_pointer'")" \
	"void **p, void *v" "rcu_assign_pointer(p, v) writes the cell p: its wrapper takes the cell's address"
expect_eq "$(v void_ptr rcu_assign_pointer rcu_assign_pointer)" "state-only" "two assignments: the last one wins"
expect_eq "$(q "$DB" "SELECT args FROM api_aliases WHERE run_id = $run AND name = 'caa_max'")" \
	"long a, long b" "caa_max only uses values"
expect_match "$(item macro caa_container_of)" "^skipped: its parameter type is a type name" \
	"caa_container_of(ptr, type, member) takes a type: skipped, with why"
expect_eq "$(q "$DB" "SELECT harness FROM pair_verdicts WHERE run_id = $run AND f = 'create_call_rcu_data'
                      AND g = 'create_call_rcu_data'")" "call_rcu_data" \
	"a producer is an operation of the family of what it returns"
expect_eq "$(q "$DB" "SELECT harness FROM pair_verdicts WHERE run_id = $run AND f = 'set_cpu_call_rcu_data'
                      AND g = 'set_cpu_call_rcu_data'")" "call_rcu_data" \
	"set_cpu_call_rcu_data(int cpu, struct call_rcu_data *crdp): the struct pointer after the scalar is the object"
expect_eq "$(q "$DB" "SELECT harness FROM pair_verdicts WHERE run_id = $run AND f = 'defer_rcu'
                      AND g = 'defer_rcu'")" "globals_of_urcuh" \
	"defer_rcu(fct, p) takes a callback and its payload, no object: the globals family"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND (f LIKE 'urcu\_memb\_%' ESCAPE '\'
                      OR g LIKE 'urcu\_memb\_%' ESCAPE '\')")" "0" \
	"no verdict names a flavour's function: each is named by its macro (rcu_read_lock, synchronize_rcu)"
expect_match "$out" "rcu_read_lock \(urcu_memb_read_lock\) x rcu_read_lock \(urcu_memb_read_lock\) +commutative" \
	"with the flavour's function beside it"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND kind IN ('function', 'macro')
                      AND status <> 'audited' AND coalesce(detail, '') = ''")" "0" "every name not in a verdict says why"
finish
