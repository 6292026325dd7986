# audit.installed: a header no package installed, in PREFIX/include (a library built from
# source and installed with `make install`), is linked with the library installed beside it
# in PREFIX/lib, found zero-config: before, its functions were undefined and every family
# failed to link.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/installed"
mkdir -p prefix/include prefix/lib other/lib
cp "$FIX/tick.h" prefix/include/
cc -shared -fPIC -o prefix/lib/libtick.so -Wl,-soname,libtick.so.1 "$FIX/tick.c"
ln -sf libtick.so prefix/lib/libtick.so.1
printf 'int unrelated(void) { return 1; }\n' > other.c
cc -shared -fPIC -o prefix/lib/libother.so other.c
audit "$PWD/prefix/include/tick.h"
expect_match "$out" "linking with libtick.so \(installed beside the headers, in $PWD/prefix/lib\): ([0-9]+) of the \1 functions" \
	"links the library beside it, not the other one"
expect_eq "$(v tick tick_next tick_next)" "snc" "two nexts"
expect_eq "$(oneway tick tick_next tick_peek)" "tick_next->tick_peek" "next influences peek"
finish
