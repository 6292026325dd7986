# audit.shared_init: a family whose calls take another complete struct that the library
# initializes (libuv's uv_timer_init(uv_loop_t *, uv_timer_t *) on a loop uv_loop_init()
# made). The shared object is initialized by the API's initializer in setup(), before the
# family's own; before, it was left zeroed, the timer's initializer aborted on it and the
# family was "failed: its initial state could not be built" (11 of libuv's 47 families).
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/evloop.h"
expect_match "$(item family 'struct evtimer')" \
	"^audited: a zeroed struct evtimer, then ev_timer_init\(\.\.\., obj, \.\.\.\); calls get a struct evloop initialized by ev_loop_init\(\)" \
	"the timers' initial state names the loop's initializer"
setup=$(sed -n '/^static void setup(void)/,/^}/p' "$PWD/emitted/evtimer.c" | tr -d '\t' | tr '\n' ' ')
expect_match "$setup" '\{ ev_loop_init\(&evloop\[0\]\); ev_timer_init\(evloop, obj\); \}' \
	"setup() initializes the loop, then the timer on it"
expect_eq "$(oneway evtimer ev_timer_start ev_timer_due)" "ev_timer_start->ev_timer_due" \
	"start sets the due time from the loop's clock"
expect_eq "$(pair evtimer fresh 'ev_timer_start(1)' 'ev_timer_due()')" "0 101" \
	"the due time is the initialized loop's now (100) plus the delay"
expect_eq "$(v evtimer ev_timer_start ev_timer_stop)" "state-only" \
	"start and stop leave different loops (its count of started timers) and return 0"
expect_eq "$(crashing_pairs)" 0 "no execution crashed"
finish
