# audit.shm: what a library's calls make in /dev/shm (shm_open("/snc-shm-fixture-0"), as
# libqb's qb_rb_open("0", ...) makes /dev/shm/qb-0-data) stays in the harness program's
# own /dev/shm, gone when it ends: before, the segments stayed on the machine, and a run's
# calls found (and changed) the counts earlier runs, or anything else, had left there.
# (Within one run the executions still share a segment mapped shared: fork does not copy
# it.)
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/shm"
rm -f /dev/shm/snc-shm-fixture-*
audit "$FIX/seg.h" "$FIX/seg.c"
expect_eq "$(ls /dev/shm | grep -c '^snc-shm-fixture-' || true)" "0" "no segment is left in the machine's /dev/shm"
expect_eq "$(v seg seg_add seg_add)" "snc" "two adds"
# A segment of that name on the machine (a count of 1000) is neither seen nor changed.
printf '\350\003\000\000\000\000\000\000' > /dev/shm/snc-shm-fixture-0
audit "$FIX/seg.h" "$FIX/seg.c"
expect_eq "$(od -An -tu8 /dev/shm/snc-shm-fixture-0 | tr -d ' ')" "1000" "the machine's segment is as it was"
added=$(pair seg fresh 'seg_add(1)' 'seg_get()')
expect_match "$added" "^[0-9]+ [0-9]+$" "the fresh state's add and get"
[ "${added%% *}" -lt 1000 ] || fail "the fresh state's count ($added) came from the machine's segment"
rm -f /dev/shm/snc-shm-fixture-*
finish
