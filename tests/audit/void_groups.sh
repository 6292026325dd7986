# audit.void_groups: functions whose object is an untyped pointer are one family per typedef
# they spell it with (vg_block *, a typedef of void), and one for plain void *: GLib's
# g_mutex_locker_free(GMutexLocker *), g_thread_exit(gpointer) and g_once_init_enter(void *)
# were one family, and every pair across them a meaningless verdict.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/void_groups"
audit "$FIX/vg.h" "$FIX/vg.c"
expect_match "$out" "vg_block: 3 operations, initial state: obj = vg_block_alloc\(\.\.\.\)" \
	"the blocks: made by their allocator"
expect_match "$out" "vg: 2 operations, initial state: a zeroed void" "the cells: a zeroed cell"
expect_eq "$(v vg_block vg_block_grow vg_block_grow)" "snc" "two grows"
expect_eq "$(v vg vg_cell_add vg_cell_add)" "snc" "two adds"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run
                      AND (f LIKE 'vg_block%') <> (g LIKE 'vg_block%')")" "0" "no pair of a block's and a cell's operations"
finish
