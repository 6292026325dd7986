/* paths.c: finding the harness header, the runtime libraries and the example harness
 * programs, whether snc runs from its build tree or from an installed prefix.
 *
 * The build tree is recognized by the program's own location (/proc/self/exe) being the
 * build's bin folder; otherwise everything is looked up relative to the program:
 * PREFIX/bin/snc, PREFIX/include/snc/snc.h, PREFIX/lib.../snc/ (the Valgrind tool in its
 * valgrind/ folder), PREFIX/libexec/snc/, PREFIX/share/doc/snc/ (the docs pages). */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"

int snc_paths_find(struct snc_paths *p)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n < 0)
		return -1;
	exe[n] = '\0';
	char *bindir = dirname(exe);
	if (strcmp(bindir, SNC_BUILD_BIN_DIR) == 0) {
		snprintf(p->include_dir, sizeof p->include_dir, "%s", SNC_BUILD_INCLUDE_DIR);
		snprintf(p->lib_dir, sizeof p->lib_dir, "%s", SNC_BUILD_LIB_DIR);
		snprintf(p->examples_manifest, sizeof p->examples_manifest, "%s",
			 SNC_BUILD_EXAMPLES_MANIFEST);
		snprintf(p->valgrind_lib, sizeof p->valgrind_lib, "%s", SNC_BUILD_VALGRIND_LIB);
		snprintf(p->docs_dir, sizeof p->docs_dir, "%s", SNC_BUILD_DOCS_DIR);
	} else {
		snprintf(p->include_dir, sizeof p->include_dir, "%s/../%s", bindir,
			 SNC_INSTALL_INCLUDE_DIR);
		snprintf(p->lib_dir, sizeof p->lib_dir, "%s/../%s", bindir, SNC_INSTALL_LIB_DIR);
		snprintf(p->examples_manifest, sizeof p->examples_manifest, "%s/../%s/harnesses.txt",
			 bindir, SNC_INSTALL_EXAMPLES_DIR);
		snprintf(p->valgrind_lib, sizeof p->valgrind_lib, "%s/../%s", bindir,
			 SNC_INSTALL_VALGRIND_LIB);
		snprintf(p->docs_dir, sizeof p->docs_dir, "%s/../%s", bindir, SNC_INSTALL_DOCS_DIR);
	}
	return 0;
}
