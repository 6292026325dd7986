/* tmpdir.c: a temporary folder of snc's own, under $TMPDIR (else /tmp), as users expect of
 * a command-line tool, and its removal. */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "snc_cmdline.h"

#define WALK_FDS 16

/* nftw gives its callback no argument of ours: whether the walk in progress met a folder
 * it could not read. */
static int unreadable;

static int open_up(const char *path, const struct stat *st, int type, struct FTW *at)
{
	(void)st;
	(void)at;
	if (type == FTW_D || type == FTW_DNR) {
		chmod(path, 0700);   /* ours: a call may have taken every permission away */
		unreadable += type == FTW_DNR;
	}
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int type, struct FTW *at)
{
	(void)st;
	(void)at;
	if (type == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

int snc_remove_tree(const char *dir)
{
	/* each pass opens the folders the one before could not read, one level deeper */
	for (int pass = 0; pass < 64; pass++) {
		unreadable = 0;
		nftw(dir, open_up, WALK_FDS, FTW_PHYS);
		if (!unreadable)
			break;
	}
	nftw(dir, remove_one, WALK_FDS, FTW_PHYS | FTW_DEPTH);
	return access(dir, F_OK) == 0 ? -1 : 0;
}

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
