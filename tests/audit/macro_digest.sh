# audit.macro_digest: a family whose macros' wrappers call only functions that keep no
# state of their own (fencedword.h, shaped like libatomic_ops: fw_load_full is a fence then
# a load) still has a complete digest, so equal states run once and pairs are copied from
# probes (atomic_ops.h's unsigned char family went from 6480 executions a state to a few
# hundred); a wrapper calling a function that counts in a global (countedword.h) does not.
. "$(dirname "$0")/lib.sh"
audit --emit-harness kept "$AFIX/fencedword.h"
expect_match "$(cat kept/unsigned_char.c)" "SNC_OP_AS\(\"fw_load_full\", op_snc_macro_fw_load_full\)" \
	"fw_load_full is an op through its wrapper"
expect_match "$(cat kept/unsigned_char.c)" "\.digest_complete = true" "the word's digest is complete"
states=$(q "$DB" "SELECT states_tried FROM harnesses WHERE run_id = $run AND name = 'unsigned_char'")
executions=$(q "$DB" "SELECT executions FROM harnesses WHERE run_id = $run AND name = 'unsigned_char'")
# 8 instances (fw_load, fw_store 0/1, fw_swap 0/1, fw_load_full, fw_store_full 0/1): were
# every execution run, states x (8 + 8 x 8)
expect_eq "$states" 9 "nine states"
expect_eq "$((executions < states * (8 + 64) / 4))" 1 "most executions are copies ($executions run)"
expect_eq "$(v unsigned_char fw_swap fw_swap)" "snc" "two swaps: SNC"
expect_eq "$(oneway unsigned_char fw_load_full fw_store_full)" "fw_store_full->fw_load_full" \
	"a fenced store changes what a fenced load returns"
expect_eq "$(v unsigned_char fw_load_full fw_load)" "commutative" "loads commute"

audit --emit-harness counted "$AFIX/countedword.h"
expect_match "$(cat counted/unsigned_char.c)" "SNC_OP_AS\(\"cw_load_counted\"" "cw_load_counted is an op"
expect_eq "$(grep -c digest_complete counted/unsigned_char.c)" 0 \
	"a wrapper that counts in a global: the word's digest is not all there is"
finish
