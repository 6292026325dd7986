# audit.platform: a portable library keeps a header per architecture or system beside the
# one this build uses and picks one by a platform macro (liburcu's urcu/arch.h: x86.h under
# defined(__x86_64__), ppc.h under defined(__powerpc64__); uatomic.h by URCU_ARCH_PPC, which
# arch.h defines under such a condition; a _WIN32 header a source includes). Found in the
# include folder, such a header, which no unit of this build reads, is left out of the
# scan and the API with the reason, and no harness includes it. Before, the ppc variant
# defined pl_fetch_add a second time in every harness: nothing compiled (liburcu's own
# tree: "redefinition of caa_get_cycles"), and the _WIN32 header was a unit with errors.
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include/pl proj/src
cat > proj/include/pl.h <<'H'
#ifndef PL_H
#define PL_H
#if defined(__x86_64__) || defined(__i386__)
#include "pl/x86.h"
#define PL_ARCH_X86 1
#elif defined(__powerpc__)
#include "pl/ppc.h"
#define PL_ARCH_PPC 1
#endif
long pl_add(long *p);
#endif
H
cat > proj/include/pl/x86.h <<'H'
static inline long pl_fetch_add(long *p, long v)
{
	__asm__ __volatile__("lock xaddq %0, %1" : "+r"(v), "+m"(*p) : : "memory");
	return v;
}
H
cat > proj/include/pl/ppc.h <<'H'
static inline long pl_fetch_add(long *p, long v)
{
	long old, tmp;
	__asm__ __volatile__("1: ldarx %0,0,%2\n add %1,%0,%3\n stdcx. %1,0,%2\n bne- 1b"
			     : "=&r"(old), "=&r"(tmp) : "r"(p), "r"(v) : "cr0", "memory");
	return old;
}
H
cat > proj/include/pl_load.h <<'H'
#ifndef PL_LOAD_H
#define PL_LOAD_H
#include "pl.h"
#if defined(PL_ARCH_X86)
#include "pl/load_x86.h"
#elif defined(PL_ARCH_PPC)
#include "pl/load_ppc.h"
#endif
#endif
H
cat > proj/include/pl/load_x86.h <<'H'
static inline long pl_load(const long *p) { return *(const volatile long *)p; }
H
cat > proj/include/pl/load_ppc.h <<'H'
static inline long pl_load(const long *p)
{
	long v;
	__asm__ __volatile__("ld %0,0(%1)\n lwsync" : "=r"(v) : "r"(p) : "memory");
	return v;
}
H
cat > proj/include/pl/win32.h <<'H'
#include <windows.h>
static inline long pl_win_add(long *p) { return InterlockedIncrement(p); }
H
cat > proj/src/pl.c <<'C'
#include "pl.h"
#include "pl_load.h"
#ifdef _WIN32
#include "pl/win32.h"
#endif
long pl_add(long *p) { return pl_fetch_add(p, 1) + 1; }
C
cat > proj/compile_commands.json <<JSON
[{"directory": "$PWD/proj/src", "command": "cc -I../include -c pl.c -o pl.o", "file": "pl.c"}]
JSON
audit -p proj/compile_commands.json
expect_match "$out" "units parsed, 0 with errors; 3 headers of another platform left out" \
	"three variants left out, and the _WIN32 one is no unit with errors"
expect_eq "$(item header "$PWD/proj/include/pl/ppc.h")" \
	"skipped: another platform's header (pl.h includes it under #elif defined(__powerpc__)), which this build does not read: its functions are those of the header this build includes instead" \
	"the ppc variant, with the condition that picks it"
expect_match "$(item header "$PWD/proj/include/pl/load_ppc.h")" "pl_load.h includes it under #elif defined\(PL_ARCH_PPC\)" \
	"by a macro pl.h defines under a platform condition"
expect_match "$(item header "$PWD/proj/include/pl/win32.h")" "pl.c includes it under #ifdef _WIN32" \
	"a source's _WIN32 header"
expect_match "$out" "API: 3 public names \(3 functions, 0 macros\), 3 in a verdict \(100%\)" \
	"this platform's functions, each once"
expect_eq "$(v long pl_fetch_add pl_fetch_add)" "snc" "x86's fetch-add: two see each other"
expect_eq "$(oneway long pl_add pl_load)" "pl_add->pl_load" "the library's add, read by x86's load"
# Named by the user, a header is audited as it is, whatever platform it is for: here its
# powerpc assembly does not build, and the exit status says so.
expect_status 2 "a variant named" -- "$SNC" audit --db "$DB" --repeat 1 --no-measure --no-prove \
	proj/include/pl/load_ppc.h
expect_no_match "$out" "another platform" "not left out"
expect_match "$out" "1 failed to build" "its harness was built, and failed"
finish
