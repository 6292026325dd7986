# audit.error_out: a constructor that reports failure through an error out-parameter
# (struct counter_error **error; GLib's GError **error, as g_thread_pool_new takes) makes
# the object. Before, a pointer to a pointer to another struct was something a
# constructor may not take: the counter was "incomplete (opaque) and no constructor
# returns it", and GLib's GThreadPool ran its operations on a zeroed pool.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/error_out"
audit "$FIX/counter.h" "$FIX/counter.c"
expect_match "$out" "counter: 3 operations, initial state: obj = counter_new\(\.\.\.\)" "counter_new makes the counter"
expect_eq "$(v counter counter_next counter_next)" "snc" "two nexts"
expect_eq "$(pair counter fresh 'counter_next()' 'counter_next()')" "2 3" "from the start the constructor was given"
finish
