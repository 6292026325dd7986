# audit.build_order: a project whose internal header needs what its public one declares
# (mimalloc-internal.h uses mimalloc.h's types; the sources include mimalloc.h first), that
# declares a function no unit defines, and whose library defines free() itself (mimalloc
# built to override malloc). Such a header, parsed alone with errors but read cleanly by a
# source, is no error of the build: its functions are typed as the source reads them, and
# the harness includes its headers in the order the source does. The declared-only
# function is skipped with the reason; the harness's free() is weak, the library's wins.
# Before: the internal header's functions were typed from its own broken parse (pool_t *
# read as int *), its harness included it first (did not compile), the undefined
# function failed the link of its family, and free was defined twice: nothing built
# (mimalloc's own tree: 15 of 339 names in a verdict; now 215).
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include proj/src
cat > proj/include/mylib.h <<'H'
#ifndef MYLIB_H
#define MYLIB_H
typedef struct pool pool_t;
pool_t *pool_new(void);
long pool_take(pool_t *p);
#endif
H
cat > proj/include/mylib-internal.h <<'H'
/* needs mylib.h first, as the library's sources include it */
#ifndef MYLIB_INTERNAL_H
#define MYLIB_INTERNAL_H
struct pool {
	long n;
};
static inline long pool_count(pool_t *p) { return __atomic_load_n(&p->n, __ATOMIC_SEQ_CST); }
long pool_lost(pool_t *p);   /* declared, defined nowhere */
#endif
H
cat > proj/src/pool.c <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include "mylib.h"
#include "mylib-internal.h"
/* an override of free, as mimalloc's MI_MALLOC_OVERRIDE build has; it hands the block to
 * the free it replaced (the C library's, or a sanitizer's), found before main */
static void (*next_free)(void *);
__attribute__((constructor)) static void find_next_free(void) { next_free = (void (*)(void *))dlsym(RTLD_NEXT, "free"); }
void free(void *p) { if (next_free) next_free(p); }
pool_t *pool_new(void) { return calloc(1, sizeof(pool_t)); }
long pool_take(pool_t *p) { return __atomic_add_fetch(&p->n, 1, __ATOMIC_SEQ_CST); }
C
cat > proj/compile_commands.json <<JSON
[{"directory": "$PWD/proj/src", "command": "cc -I../include -c pool.c -o pool.o", "file": "pool.c"}]
JSON
audit --emit-harness "$PWD/emitted" -p proj/compile_commands.json
expect_match "$out" "units parsed, 0 with errors; 1 header that needs what its includers include first" \
	"the internal header's errors alone are no errors of the build"
expect_match "$(item header "$PWD/proj/include/mylib-internal.h")" "^audited: as .*/src/pool.c reads it" \
	"read as the source reads it"
expect_eq "$(item function pool_lost)" \
	"skipped: declared, but no unit of the build defines it (and no library is linked): a call would not link" \
	"the declared-only function is skipped with the reason"
expect_match "$out" "4 public names \(4 functions, 0 macros\), 3 in a verdict \(75%\)" "the rest in a verdict"
expect_eq "$(v pool pool_take pool_take)" "snc" "two takes see each other"
expect_eq "$(oneway pool pool_take pool_count)" "pool_take->pool_count" \
	"the internal header's count, typed on the pool, reads what take did"
harness=$(cat emitted/pool.c)
expect_eq "$(grep -o '^#include ".*/mylib[-a-z]*.h"' emitted/pool.c | sed 's|.*/||')" \
	"$(printf 'mylib.h"\nmylib-internal.h"')" "the public header first, as the source includes them"
expect_match "$harness" '__attribute__\(\(weak\)\) void free' "the harness's free gives way to the library's"
finish
