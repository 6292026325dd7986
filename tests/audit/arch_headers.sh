# audit.arch_headers: a library keeps the variants of a header per architecture beside the
# public one (Concurrency Kit's include/gcc/x86_64/ck_pr.h), each guarded by `#error "Do
# not include this file directly"`. `snc audit DIR` takes every header of DIR/include;
# parsed alone, each variant stops at its #error. Such a header is no failure and no API
# of its own: the summary counts it apart, the audit skips it with the reason, and the
# variant the public header includes is audited through it (its atomics really run).
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include/arch/x86_64 proj/include/arch/ppc64 proj/src
cat > proj/include/cnt.h <<'H'
#ifndef CNT_H
#define CNT_H
#if defined(__x86_64__)
#include "arch/x86_64/cnt_md.h"
#else
#include "arch/ppc64/cnt_md.h"
#endif
int cnt_add(int *c);
#endif
H
cat > proj/include/arch/x86_64/cnt_md.h <<'H'
#ifndef CNT_H
#  error "Do not include this file directly, use cnt.h"
#endif
static inline int cnt_md_fetch_add(int *c, int v)
{
	__asm__ __volatile__("lock xaddl %0, %1" : "+r"(v), "+m"(*c) : : "memory");
	return v;
}
static inline int cnt_md_load(const int *c) { return *(const volatile int *)c; }
H
cat > proj/include/arch/ppc64/cnt_md.h <<'H'
#ifndef CNT_H
#error "Do not include this file directly, use cnt.h"
#endif
static inline int cnt_md_fetch_add(int *c, int v)
{
	int old, tmp;
	__asm__ __volatile__("1: lwarx %0,0,%2\n add %1,%0,%3\n stwcx. %1,0,%2\n bne- 1b"
			     : "=&r"(old), "=&r"(tmp) : "r"(c), "r"(v) : "cr0", "memory");
	return old;
}
static inline int cnt_md_load(const int *c) { return *(const volatile int *)c; }
H
cat > proj/src/cnt.c <<'C'
#include "cnt.h"
int cnt_add(int *c) { return cnt_md_fetch_add(c, 1) + 1; }
C

audit proj
expect_match "$out" "[0-9]+ units parsed, 0 with errors; 2 headers refuse to be included alone \(#error\), left to the headers that include them" \
	"the variants are counted apart, not as errors"
expect_no_match "$out" "warning: .*cnt_md.h" "no warning for a variant"
expect_eq "$(item header "proj/include/arch/ppc64/cnt_md.h")" \
	"skipped: refuses to be included alone (line 2: #error \"Do not include this file directly, use cnt.h\"): its functions are audited through the headers that include it" \
	"the other architecture's variant: skipped with the reason"
expect_match "$(item header "proj/include/arch/x86_64/cnt_md.h")" "^skipped: refuses to be included alone \(line 2: " \
	"this architecture's variant: skipped as a header of its own"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND status = 'failed'")" 0 \
	"nothing failed"
expect_eq "$(v int cnt_md_fetch_add cnt_md_fetch_add)" "snc" \
	"the variant cnt.h includes is audited through it: two fetch-adds see each other"
expect_eq "$(oneway int cnt_add cnt_md_load)" "cnt_add->cnt_md_load" "the library's function beside it"
expect_match "$out" "API: 3 public names \(3 functions, 0 macros\), 3 in a verdict \(100%\)" "the whole API in a verdict"

# Named by the user, such a header is audited through the header its #error names, where
# this architecture's variant is included (audit.inside); the other one is not: nothing to
# audit, and the exit status says so.
expect_status 0 "snc audit this architecture's variant" -- "$SNC" audit --db "$DB" --repeat 1 \
	--no-measure --no-prove proj/include/arch/x86_64/cnt_md.h
expect_match "$out" "audited header .*x86_64/cnt_md.h: through .*/proj/include/cnt.h" "through cnt.h"
expect_match "$out" "API: 2 public names \(2 functions, 0 macros\), 2 in a verdict" "its two functions only"
expect_status 2 "snc audit the other architecture's variant" -- "$SNC" audit --db "$DB" --repeat 1 \
	--no-measure --no-prove proj/include/arch/ppc64/cnt_md.h
expect_match "$out" "ppc64/cnt_md.h: refuses to be included alone .*, and .*/cnt.h, which its #error names, does not include it on this machine" \
	"nothing of it is included on this machine"
finish
