# audit.stdatomic: the compiler's own <stdatomic.h>, an API of generic macros. libclang
# accepted wrappers that gcc, which builds the harnesses, refuses (__atomic_fetch_xor on a
# void *), and a wrapper that still failed after the typing rounds stayed in the shared
# wrappers' header: every family failed to compile and nothing was audited. Now gcc reads
# the wrappers too, what fails every typing is dropped (skipped, with the message), and a
# value a builtin takes as an address is tried as a cell (unsigned long *): atomic_fetch_add
# is an operation of the unsigned long family. From the fresh state only.
. "$(dirname "$0")/lib.sh"
header=$(cc -print-file-name=include/stdatomic.h)
[ -f "$header" ] || fail "the compiler has no stdatomic.h ($header)"
audit --depth 0 --boundary 0 "$header"
expect_match "$out" "4 families: 4 audited" "no family fails to compile"
expect_eq "$(q "$DB" "SELECT args FROM api_aliases WHERE run_id = $run AND name = 'atomic_fetch_add'")" \
	"unsigned long *PTR, long VAL" "atomic_fetch_add's PTR is typed as a cell"
expect_eq "$(v unsigned_long atomic_fetch_add atomic_fetch_add)" "snc" "fetch_add with itself"
expect_eq "$(v unsigned_long atomic_load atomic_load)" "commutative" "load only reads"
expect_match "$(item macro atomic_compare_exchange_strong)" "^skipped: its wrapper, typed \(every way tried\) from its expansion, does not compile: " \
	"a macro no typing compiles is skipped, with the compiler's message"
finish
