# audit.affinity: destructor words are words of a name (numa_free_nodemask, PR_DestroyStack),
# not letters inside one: numa_sched_setaffinity was skipped as "ends the life of the
# object" for the "fini" in "affinity". And a measured call that makes a system call
# Valgrind does not handle (libnuma's migrate_pages) is one line, not five lines of
# Valgrind's advice each time.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/affinity"
audit_measured "$FIX/aff.h" "$FIX/aff.c"
expect_eq "$(v aff aff_set_affinity aff_set_affinity)" "snc" "two sets: each returns what the other set"
expect_eq "$(oneway aff aff_set_affinity aff_get_affinity)" "aff_set_affinity->aff_get_affinity" "a set changes what get returns"
expect_match "$out" "4 public names \(4 functions, 0 macros\), 4 in a verdict \(100%\)" "none skipped as a destructor"
have_valgrind || skip "valgrind is not installed: the measure pass's log is not checked"
expect_match "$out" "aff: [0-9]+ measured calls? made a system call Valgrind does not handle \(amd64-linux syscall: 256\)" \
	"the unhandled system call, in one line"
expect_no_match "$out" "README_MISSING_SYSCALL|write your own handler" "without Valgrind's advice"
finish
