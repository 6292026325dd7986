# audit.format_variadic: a variadic function whose last named parameter is a format
# (sb_appendf(b, const char *format, ...), GLib's g_string_append_printf) is called with
# no variadic argument, its format a string of the domain ("0", "1": no conversion); and a
# setter of the function that frees (sb_set_free_func, g_ptr_array_set_free_func) is no
# destructor. Before, both were skipped ("variadic: the generator cannot call it"; "ends
# the life of the object"). Its va_list form (sb_appendv(b, format, va_list ap),
# g_string_append_vprintf, talloc_vasprintf) is called through a variadic trampoline that
# makes an empty va_list; before, it was skipped ("parameter ap has type va_list, which the
# generator cannot make values of"), and a global log's sblog_vwrite(level, format, ap) was
# in no family ("neither a value nor an out-parameter of a function on global state").
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/format_variadic"
audit "$FIX/sb.h" "$FIX/sb.c"
expect_eq "$(v sb sb_appendf sb_appendf)" "snc" "two appends: each sees the other's text"
expect_eq "$(pair sb fresh 'sb_appendf("0")' 'sb_appendf("1")')" "1 2" "one character each"
expect_eq "$(oneway sb sb_appendf sb_len)" "sb_appendf->sb_len" "an append changes the length"
expect_eq "$(v sb sb_set_free_func sb_set_free_func)" "snc" \
	"the setter is an operation, an exchange: each returns the function the other set"
expect_eq "$(v sb sb_set_free_func sb_len)" "commutative" "the free function is not the text"
expect_eq "$(v sb sb_appendv sb_appendv)" "snc" "two va_list appends: each sees the other's text"
expect_eq "$(pair sb fresh 'sb_appendv("0")' 'sb_appendv("1")')" "1 2" \
	"one character each, the empty va_list read for nothing"
expect_eq "$(v sb sb_appendv sb_appendf)" "snc" "the two forms append to the same text"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE name = 'sb_appendv'")" 0 \
	"no note skips sb_appendv"
# A va_list on global state (a log's vwrite(level, format, ap)) joins a globals family.
expect_eq "$(v globals_lines_written sblog_vwrite sblog_vwrite)" "snc" \
	"two log writes: each sees the other's line"
expect_eq "$(q "$DB" "SELECT witness_args FROM pair_verdicts WHERE run_id = $run
	AND f = 'sblog_vwrite' AND g = 'sblog_vwrite'")" 'sblog_vwrite(0, "0"), sblog_vwrite(0, "0")' \
	"the witness reads as calls, the va_list left out"
finish
