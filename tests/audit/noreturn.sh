# audit.noreturn: a function declared never to return (_Noreturn, stdnoreturn.h's
# noreturn, __attribute__((noreturn)): thrd_exit, pthread_exit, exit) is skipped, with the
# reason, instead of being run from every state and waited for as an op that blocks.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/quits.h"
for f in quits_die quits_abort quits_thread; do
	expect_eq "$(item function $f)" "skipped: declared noreturn: a call never gives a result" "$f is skipped"
done
expect_eq "$(v globals_quits_count quits_tick quits_tick)" "snc" "the function that returns is audited"
expect_match "$out" "3 skipped, 0 failed" "none of them failed"
finish
