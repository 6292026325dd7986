#!/bin/sh
# The trace symbolizer with an empty PATH (no addr2line or any other program reachable)
# names each site of symbolize_check.c with its function and line; where addr2line is
# installed, its answer for the same file addresses (`addr2line -f -s`, the command the
# symbolizer used to run) is the same. Usage: symbolize.sh PROGRAM
prog=$1
out=$(env PATH= "$prog") || { echo "FAIL: $prog exited $? with PATH empty"; exit 1; }
printf '%s\n' "$out"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ] || { echo "FAIL: expected two sites"; exit 1; }
if ! command -v addr2line >/dev/null; then
	echo "SKIPPED CHECK: addr2line is not installed (comparison with its answer)"
	exit 0
fi
printf '%s\n' "$out" | while IFS='	' read -r addr ours; do
	theirs=$(addr2line -f -s -e "$prog" "$addr" | tr '\n' ' ' | sed 's/ $//; s/ (discriminator [0-9]*)//')
	[ "$ours" = "$theirs" ] || { echo "FAIL: $addr: '$ours', addr2line says '$theirs'"; exit 1; }
done
