# audit.busy_thread: a library thread that never sleeps (it polls a flag) is waited for once,
# half a second, and then no more: not by the later executions, nor by the later states;
# the warning says so. Before, every state and every execution waited the half second for
# it (the fixture's audit: 1 s of classifying instead of 8).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/busy_thread"
audit "$FIX/spinner.h" "$FIX/spinner.c"
expect_match "$out" "warning: spinner: the library runs 1 thread of its own .* and one of them never went to sleep within half a second, so no later state or execution waited for them" \
	"the warning says the busy thread was given up on"
expect_eq "$(oneway spinner spinner_set spinner_get)" "spinner_set->spinner_get" "the object's own state is classified as usual"
finish
