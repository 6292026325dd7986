#!/bin/sh
# localize.sh OUT CC ARCHIVE...: joins the runtime's archives into one object, OUT, that
# every harness program links, with the runtime's own names made local. A harness program
# is linked with the library under test, and with -rdynamic: a runtime function that had a
# plain name (pair_new, format_result, thread_state, ...) would clash with the library's
# own ("multiple definition", the harness not built) or, worse, take the place of the
# function of that name in the library's shared object. Left global: what the harness and
# the instrumentation call (snc_*, SNC_*, and the reserved __* names: __tsan_* hooks,
# sanitizer symbols), main, and the libc functions the scheduler interposes (every global
# of ours that libc also defines).
set -eu
out=$1 cc=$2
shift 2
joined=$out.joined.o
keep=$out.keep
ld -r --whole-archive "$@" -o "$joined"
libc=$("$cc" -print-file-name=libc.so.6)
for candidate in "$libc" /lib/x86_64-linux-gnu/libc.so.6 /lib64/libc.so.6 /usr/lib/libc.so.6; do
	[ -f "$candidate" ] && libc=$candidate && break
done
[ -f "$libc" ] || { echo "localize.sh: cannot find libc.so.6 (asked $cc)" >&2; exit 1; }
nm -D --defined-only "$libc" | awk '{ sub(/@.*/, "", $3); print $3 }' | sort -u > "$keep.libc"
nm -g --defined-only "$joined" | awk 'NF == 3 { print $3 }' | sort -u > "$keep.ours"
{
	comm -12 "$keep.libc" "$keep.ours"
	grep -E '^(snc_|SNC_|__|main$)' "$keep.ours" || true
} | sort -u > "$keep"
objcopy --keep-global-symbols="$keep" "$joined" "$out"
rm -f "$joined" "$keep" "$keep.libc" "$keep.ours"
