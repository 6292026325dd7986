# Resource limits of the children that run harness code (issue 14, item 15): an op that
# allocates without bound, one that spins, one that writes a large file each hit the limit
# given on the command line, and the hit is the recorded outcome.
. "$(dirname "$0")/lib.sh"

expect_status 2 "a negative limit is refused" -- \
	"$SNC" run --db bad.db --memory-limit -1 "$FIXTURES/limits_harness.c"
expect_match "$out" "memory-limit needs a whole number from 0 to" "one line on why"

# --timeout is long: the CPU limit, not the deadline, must end the spinning op
expect_status 0 "the limits harness runs to its end" -- \
	timeout 120 "$SNC" run --db limits.db --depth 0 --timeout 30 --repeat 1 \
	--memory-limit 64 --cpu-limit 1 --file-size-limit 1 "$FIXTURES/limits_harness.c"
table=$out

solo() {
	q limits.db "SELECT first_result FROM op_outcomes WHERE state = 'fresh'
	             AND first_op = '$1' AND second_op IS NULL"
}
# A sanitizer build gets no memory limit (AddressSanitizer reserves terabytes of address
# space): there the allocation runs until its CPU limit, which is an outcome too.
if grep -q '^SNC_SANITIZE:BOOL=ON' "$SNC_BUILD_DIR/CMakeCache.txt"; then
	expect_eq "$(solo allocates)" "cpu limit" "unbounded allocation (sanitizer build: no memory limit)"
else
	expect_eq "$(solo allocates)" "out of memory limit" "unbounded allocation"
fi
expect_eq "$(solo spins)" "cpu limit" "spinning"
expect_eq "$(solo writes)" "file size limit" "a file larger than the limit"
expect_eq "$(q limits.db "SELECT second_result FROM op_outcomes WHERE state = 'fresh'
	AND first_op = 'writes' AND second_op = 'allocates'")" "not run" "nothing after a limit hit"
expect_eq "$(stat -c %s limits-file.tmp)" 1048576 "the file stopped at the limit"
expect_eq "$(verdict limits.db limits allocates spins)" unknown "no verdict from limit hits"
expect_match "$table" "allocates x spins +unknown" "the verdict table shows the pair"
finish
