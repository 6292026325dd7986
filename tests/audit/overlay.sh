# audit.overlay: an overlay header installed as libbsd's are, audited zero-config. Its
# package's Cflags put its folder first in two words (`-isystem DIR`, libbsd-overlay's
# `-isystem /usr/include/bsd`), it includes the next header of its name (#include_next),
# and its library's lib*.so is a GNU ld script (libbsd.so: "GROUP(.../libbsd.so.0.11.7
# AS_NEEDED(-lmd))"). Before: the two-word flags were dropped, so the header did not parse
# ("no unit parsed without errors"); included by its path the overlay's #include_next
# found nothing; and nm read no symbol in the script, so nothing was linked
# (bsd/stdlib.h: nothing audited, now 11 of 14 names in a verdict).
. "$(dirname "$0")/lib.sh"
command -v pkg-config >/dev/null || { echo "FAIL: pkg-config is missing (make deps installs it)"; exit 1; }
FIX="$AFIX/overlay"
P="$PWD/prefix"
rm -rf "$P" && mkdir -p "$P/lib/pkgconfig" && cp -r "$FIX/include" "$P/" || fail "making the prefix"
cc -shared -fPIC -DTHING_OVERLAY -isystem "$P/include/over" -isystem "$P/include/base" \
	-Wl,-soname,libthing.so.1 -o "$P/lib/libthing.so.1" "$FIX/thing.c" || fail "building the library"
printf '/* GNU ld script */\nGROUP(%s/lib/libthing.so.1)\n' "$P" > "$P/lib/libthing.so"
cat > "$P/lib/pkgconfig/thing-overlay.pc" <<PC
prefix=$P
includedir=\${prefix}/include
Name: thing-overlay
Description: an overlay of thing.h
Version: 1.0
Cflags: -isystem \${includedir}/over -isystem \${includedir}/base -DTHING_OVERLAY
Libs: -L\${prefix}/lib -lthing
PC
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
audit "$P/include/over/thing.h"
expect_match "$out" "compiled with the flags of pkg-config's thing-overlay \(-isystem $P/include/over -isystem $P/include/base -DTHING_OVERLAY\)" \
	"the include folders in two words are kept"
expect_match "$out" "linking with libthing\.so \(installed beside the headers, in $P/lib\): 2 of the 2 functions" \
	"the library behind the ld script defines them"
expect_eq "$(v thing thing_add thing_add)" "commutative" "two adds commute: no result, the same count either way"
expect_eq "$(oneway thing thing_add thing_count)" "thing_add->thing_count" "an add changes the count"
finish
