# audit.by_reference: a parameter declared as an array of one struct (GMP's mpz_t and
# gmp_randstate_t: `typedef __rnd_struct rnd_t[1]`) is the pointer to that struct C adjusts
# it to, and the struct is the family's object. Before, "its first parameter (rnd_t) is not
# a pointer to an object": every function was skipped. A longer array (uuid_t, 16 bytes)
# stays an array: a pointer to its first byte would make a one-byte object of it.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/by_reference"
audit "$FIX/rnd.h" "$FIX/rnd.c"
expect_match "$out" "__rnd_struct: 3 operations, initial state: a zeroed __rnd_struct, then rnd_init\(obj, \.\.\.\)" \
	"the struct is the object, rnd_init its initializer"
expect_eq "$(v __rnd_struct rnd_next rnd_next)" "snc" "each draw changes what the other draws"
expect_eq "$(oneway __rnd_struct rnd_seed rnd_next)" "rnd_seed->rnd_next" "a seed changes the next draw"
expect_match "$out" "API: 3 public names \(3 functions, 0 macros\), 3 in a verdict \(100%\)" "every name in a verdict"
finish
