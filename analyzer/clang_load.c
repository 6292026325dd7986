/* clang_load.c: opens libclang on first need and fills the analyzer's table of its
 * functions (clang_api.h). The library is the one the build found (SA_LIBCLANG_PATH, set
 * by analyzer/CMakeLists.txt), so the headers compiled against and the code called agree;
 * where an installed snc runs on a machine that keeps it elsewhere, the same file name is
 * looked up as the dynamic loader looks up any library (LD_LIBRARY_PATH, ld.so.cache). */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
		char why[512];
		const char *err = dlerror();
		snprintf(why, sizeof why, "%s", err ? err : "dlopen failed");
		const char *name = strrchr(SA_LIBCLANG_PATH, '/');
		if (!name || !(lib = dlopen(name + 1, RTLD_LAZY | RTLD_LOCAL)))
			fail(why);
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
