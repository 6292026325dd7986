/* tmpdir.c: a temporary folder of snc's own, under $TMPDIR (else /tmp), as users expect of
 * a command-line tool. */
#include <stdio.h>
#include <stdlib.h>
#include "snc_cmdline.h"

const char *snc_tmp_root(void)
{
	const char *root = getenv("TMPDIR");
	return root && *root ? root : "/tmp";
}

char *snc_make_tmpdir(char *buf, size_t len, const char *name)
{
	if ((size_t)snprintf(buf, len, "%s/snc-%s-XXXXXX", snc_tmp_root(), name) >= len)
		return NULL;
	return mkdtemp(buf);
}
