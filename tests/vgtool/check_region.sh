#!/bin/sh
# check_region.sh: run one vgtool fixture scenario and compare the region it prints
# ("key value" lines) with expectations.
#
# usage: check_region.sh VALGRIND VALGRIND_LIB TOOL FIXTURE SCENARIO [EXPECTATION...]
#   TOOL         snc (valgrind --tool=snc with VALGRIND_LIB), none (--tool=none), native
#   EXPECTATION  key=value     the printed value equals value (strings compare as text)
#                key>=number   the printed value is at least number
#                key=@other    the printed value equals the value printed for key other
# Exits 0 when every expectation holds, 1 otherwise (printing the fixture's output) or when
# valgrind is installed without the tool built, and 77 (the tests' SKIP_RETURN_CODE) when
# valgrind is not installed.

valgrind=$1 lib=$2 tool=$3 fixture=$4 scenario=$5
shift 5

case $tool in
native)
    output=$("$fixture" "$scenario") ;;
none)
    [ -x "$valgrind" ] || { echo "SKIP: valgrind is not installed"; exit 77; }
    output=$("$valgrind" -q --tool=none "$fixture" "$scenario") ;;
*)
    [ -x "$valgrind" ] || { echo "SKIP: valgrind is not installed"; exit 77; }
    # With valgrind installed the build makes the tool: its absence is a failure.
    [ -x "$lib/$tool-amd64-linux" ] || { echo "FAIL: valgrind is installed but the tool $tool is not built in '$lib'"; exit 1; }
    output=$(VALGRIND_LIB=$lib "$valgrind" -q --tool="$tool" --read-inline-info=yes "$fixture" "$scenario") ;;
esac
status=$?
if [ $status -ne 0 ]; then
    printf '%s\n' "$output"
    echo "fixture $scenario exited with $status"
    exit 1
fi

# Expectations may contain spaces ("site0.kind=lock xadd"): hand them to awk joined by
# the ASCII field separator.
IFS=$(printf '\034')
expectations="$*"
unset IFS
printf '%s\n' "$output" | awk -v expectations="$expectations" '
    { key = $1; value = $0; sub(/^[^ ]* ?/, "", value); printed[key] = value }
    END {
        failed = 0
        n = expectations == "" ? 0 : split(expectations, list, "\034")
        for (i = 1; i <= n; i++) {
            e = list[i]
            if (match(e, />=/)) {
                key = substr(e, 1, RSTART - 1); want = substr(e, RSTART + 2); op = ">="
            } else {
                key = substr(e, 1, index(e, "=") - 1); want = substr(e, index(e, "=") + 1); op = "="
            }
            if (op == "=" && substr(want, 1, 1) == "@")
                want = printed[substr(want, 2)]
            if (!(key in printed)) {
                printf "FAIL %s: key not printed\n", e; failed = 1
            } else if (op == ">=" ? printed[key] + 0 < want + 0 : printed[key] != want) {
                printf "FAIL %s: got \"%s\"\n", e, printed[key]; failed = 1
            } else {
                printf "ok   %s\n", e
            }
        }
        exit failed
    }' || { printf -- '--- fixture output\n%s\n' "$output"; exit 1; }
