# audit.pkgconfig: a named header installed in a folder the compiler does not search (GLib's
# /usr/include/glib-2.0/glib/gatomic.h, which needs -I/usr/include/glib-2.0 and glibconfig.h's
# folder) is compiled with the flags of the pkg-config package whose include folder holds
# it, or holds what it includes; before, a new user naming it alone got "no unit parsed
# without errors" (exit 2). The fixture's package is found along PKG_CONFIG_PATH.
. "$(dirname "$0")/lib.sh"
command -v pkg-config >/dev/null || { echo "FAIL: pkg-config is missing (make deps installs it)"; exit 1; }
FIX="$AFIX/pkgconfig"
export PKG_CONFIG_PATH="$FIX/pkgconfig"
audit "$FIX/include/tally-1.0/tally.h"
expect_match "$out" "tally.h: compiled with the flags of pkg-config's tally-1.0 \(-I.*/tally-1.0 -I.*/lib/tally-1.0/include -DTALLY_WIDTH=32\)" \
	"says which package's flags it added"
expect_no_match "$out" "fplugin" "a flag that would load a plugin is not taken"
expect_eq "$(v tally tally_add tally_add)" "snc" "two adds"
expect_eq "$(oneway tally tally_add tally_get)" "tally_add->tally_get" "add influences get"
expect_match "$(item header "$FIX/include/tally-1.0/tally.h")" "audited: compiled with the flags of pkg-config's tally-1.0" \
	"the note is stored"
# A header of another project that includes <tally.h>: the package holding what it includes.
audit "$FIX/app/meter.h"
expect_match "$out" "meter.h: compiled with the flags of pkg-config's tally-1.0" "found by what it includes"
expect_eq "$(v meter meter_tick meter_tick)" "snc" "two ticks"
# Flags given by the user are not repeated, and a package nobody's header lies in adds nothing.
audit "$FIX/include/tally-1.0/tally.h" -- -I"$FIX/include/tally-1.0" -I"$FIX/lib/tally-1.0/include" -DTALLY_WIDTH=32
expect_no_match "$out" "compiled with the flags of pkg-config" "nothing to add"
unset PKG_CONFIG_PATH
expect_status 2 "without the package, nothing parses" -- "$SNC" audit --db "$DB" --no-measure "$FIX/include/tally-1.0/tally.h"
expect_match "$out" "tallyconfig.h' file not found" "says what is missing"
finish
