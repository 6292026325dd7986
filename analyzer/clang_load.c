/* clang_load.c: opens libclang on first need and fills the analyzer's table of its
 * functions (clang_api.h). The library is the one the build found (SA_LIBCLANG_PATH, set
 * by analyzer/CMakeLists.txt), so the headers compiled against and the code called agree. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "analyzer.h"

struct sa_clang_api sa_clang;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void fail(const char *why)
{
	fprintf(stderr, "snc: cannot load libclang (%s): %s\n", SA_LIBCLANG_PATH, why);
	exit(2);
}

static void load(void)
{
	void *lib = dlopen(SA_LIBCLANG_PATH, RTLD_LAZY | RTLD_LOCAL);
	if (!lib) {
		const char *why = dlerror();
		fail(why ? why : "dlopen failed");
	}
#define SA_CLANG_RESOLVE(name)                                                    \
	if (!(*(void **)&sa_clang.name = dlsym(lib, "clang_" #name)))            \
		fail("no clang_" #name " in it");
	SA_CLANG_FUNCTIONS(SA_CLANG_RESOLVE)
#undef SA_CLANG_RESOLVE
}

void sa_clang_load(void)
{
	pthread_once(&loaded, load);
}
