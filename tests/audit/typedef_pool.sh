# audit.typedef_pool: a pool is never named after something the library's headers declare
# at file scope. json-c's printbuf.h has `typedef struct printbuf printbuf;`, and the pool
# of fresh struct printbuf objects was named printbuf: "'printbuf' redeclared as different
# kind of symbol", the harness did not compile and json_object.h's families failed (0 of 63
# names in a verdict; now 51). The pool is printbuf_pool.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/typedef_pool"
audit --emit-harness "$PWD/emitted" "$FIX/doc.h" "$FIX/doc.c"
expect_match "$(cat emitted/doc.c)" "static struct printbuf printbuf_pool\[POOL\]" "the pool has a name of its own"
expect_eq "$(oneway doc doc_add_word doc_print)" "doc_add_word->doc_print" "a word changes what is printed"
expect_match "$out" "API: 3 public names \(3 functions, 0 macros\), 3 in a verdict \(100%\)" "every name in a verdict"
finish
