# audit.system_types: a header that uses the system's types without including their
# headers (Samba's tdb.h: mode_t), audited alone with its library. Parsed alone it has
# errors, and the audit stopped: "no unit parsed without errors" (exit 2; tdb.h: nothing
# audited, 91% of its names in a verdict now). It is read through a source that includes
# the system's headers first, and the harness includes them before it.
. "$(dirname "$0")/lib.sh"
FIX="$AFIX/system_types"
cc -c "$FIX/filedb.c" -o filedb.o && ar rcs libfiledb.a filedb.o || fail "building the library"
audit --emit-harness "$PWD/emitted" "$FIX/filedb.h" --lib "$PWD/libfiledb.a"
expect_match "$out" "audited header .*/filedb.h: as a program that includes the system's headers first reads it \(alone it has 4 errors, .*filedb.h:9: unknown type name 'mode_t'" \
	"the note says how the header was read"
expect_match "$(cat emitted/filedb.c)" "#include <sys/types.h>" "the harness includes the system's header"
expect_eq "$(oneway filedb filedb_append filedb_size)" "filedb_append->filedb_size" "an append changes the size"
expect_eq "$(v filedb filedb_mode filedb_append)" "commutative" "the mode stays"
expect_match "$out" "API: 4 public names \(4 functions, 0 macros\), 4 in a verdict \(100%\)" "every name in a verdict"
expect_eq "$(ls emitted | grep -c '^snc_reads_')" "0" "the source written for it is removed after the scan"
finish
