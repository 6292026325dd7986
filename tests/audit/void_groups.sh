# audit.void_groups: functions whose object is an untyped pointer are one family per typedef
# they spell it with (vg_block *, a typedef of void), and plain void * ones one per
# constructor whose name they start like (vg_counter_new, vg_flag_new), the rest one more:
# GLib's g_mutex_locker_free(GMutexLocker *), g_thread_exit(gpointer) and
# g_once_init_enter(void *) were one family, and so were libzmq's contexts, atomic counters
# and timers, and every pair across them a meaningless verdict.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/void_groups"
audit "$FIX/vg.h" "$FIX/vg.c"
expect_match "$out" "vg_block: 3 operations, initial state: obj = vg_block_alloc\(\.\.\.\)" \
	"the blocks: made by their allocator"
expect_match "$out" "vg: 2 operations, initial state: a zeroed void" "the cells: a zeroed cell"
expect_eq "$(v vg_block vg_block_grow vg_block_grow)" "snc" "two grows"
expect_eq "$(v vg vg_cell_add vg_cell_add)" "snc" "two adds"
expect_match "$out" "vg_counter: 2 operations, initial state: obj = vg_counter_new\(\.\.\.\)" "the counters: made by theirs"
expect_match "$out" "vg_flag: 2 operations, initial state: obj = vg_flag_new\(\.\.\.\)" "the flags: made by theirs"
expect_eq "$(v vg_counter vg_counter_inc vg_counter_inc)" "snc" "two increments"
expect_eq "$(v vg_flag vg_flag_raise vg_flag_raise)" "snc" "two raises: the first finds it down"
for kind in vg_block vg_cell vg_counter vg_flag; do
	expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run
	                      AND (f LIKE '${kind}%') <> (g LIKE '${kind}%')")" "0" "no pair across ${kind}'s family and another"
done
finish
