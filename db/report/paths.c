/* paths.c: how a report shows a path. Code-scanning services match results to files by a
 * path relative to the repository's top, and review comments read better that way, so a
 * path under the root is shown relative to it; anything else stays as it was stored. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "snc_report.h"

const char *report_shown_path(const char *root, const char *path, char *buf, size_t len)
{
	char rootbuf[PATH_MAX], pathbuf[PATH_MAX];
	snprintf(buf, len, "%s", path);
	if (!realpath(root ? root : ".", rootbuf) || !realpath(path, pathbuf))
		return buf;
	size_t n = strlen(rootbuf);
	if (strcmp(rootbuf, "/") == 0)
		n = 0;
	if (strncmp(pathbuf, rootbuf, n) == 0 && pathbuf[n] == '/')
		snprintf(buf, len, "%s", pathbuf + n + 1);
	return buf;
}
