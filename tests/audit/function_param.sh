# audit.function_param: a parameter declared as a function (C adjusts it to a pointer; as
# liburcu's cds_lfq_init_rcu(q, void queue_call_rcu(struct rcu_head *, void (*)(...))))
# is a callback like any function pointer, and an initializer with "init" as a word in
# the middle of its name (fq_init_list, cds_lfq_init_rcu) builds the initial state.
# Before, the parameter had "a type the generator cannot make values of": the
# initializer was skipped, the queue stayed zeroed and every op crashed (rculfqueue.h: 1 of
# 5 names in a verdict, now 5). A typedef of a function type as a parameter's type is one
# too (libzmq's zmq_timers_add).
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/function_param"
audit --emit-harness "$PWD/emitted" "$FIX/fq.h" "$FIX/fq.c"
expect_match "$out" "fq: 3 operations, initial state: a zeroed struct fq, then fq_init_list\(obj, \.\.\.\)" \
	"fq_init_list builds the initial state"
expect_match "$(cat "$PWD/emitted/fq.c")" "fq_init_list\(obj, \(void \(\*\)\(struct fq_node \*, void \(\*\)\(struct fq_node \*\)\)\)\(void \(\*\)\(void\)\)noop_callback\)" \
	"the function parameter gets a callback that does nothing, through a cast to its pointer type"
expect_eq "$(v fq fq_pop fq_pop)" "snc" "two pops of the last node"
expect_eq "$(oneway fq fq_push fq_pop)" "fq_push->fq_pop" "a push changes a pop"
# A parameter typed with a typedef of a function type (libzmq's zmq_timer_fn handler) is
# a pointer too. Before: skipped, "parameter handler has type tick_fn, which the generator
# cannot make values of" (zmq.h's zmq_timers_add).
audit "$FIX/timers.h" "$FIX/timers.c"
expect_eq "$(v timers timers_add timers_add)" "snc" "two adds: each takes the index the other would"
expect_eq "$(oneway timers timers_add timers_count)" "timers_add->timers_count" "an add changes the count"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND status = 'skipped'")" 0 \
	"nothing skipped"
finish
