/* sp_folder.c: a folder of its own for every child that runs harness code (--private-folders).
 *
 * A library's calls given "0" and "1" make files and folders by those names (libuv's
 * uv_fs_mkdir, jansson's json_dump_file), relative to the working folder. Shared by every
 * execution, they outlive the one that made them: what a later execution's calls return
 * then depends on which ran first (jansson's json_load_file read what another execution's
 * json_dump_file wrote, and pairs were reported non-deterministic). With private folders,
 * each child made by sp_fork works in BASE/c<pid>, a copy of its parent's working folder
 * (a state process's copy holds the files its prefix made; its executions copy that), and
 * the parent removes it when it reaps the child. BASE is .snc-private in the folder the
 * program started in, and is never copied (a probe copying the program's folder would
 * copy the folders of the probes in flight beside it); the copy keeps regular files,
 * folders and symbolic links (as links), up to FOLDER_DEPTH levels; a child that cannot
 * have its folder stays in its parent's. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "snc_cmdline.h"
#include "state_process.h"

#define FOLDER_DEPTH 16

static char base[PATH_MAX];

static void remove_base(void)   /* at the program's exit: children end with _exit */
{
	snc_remove_tree(base);
}

int sp_private_folders(void)
{
	char here[PATH_MAX];
	if (!getcwd(here, sizeof here) ||
	    (size_t)snprintf(base, sizeof base, "%s/.snc-private", here) >= sizeof base ||
	    (mkdir(base, 0700) != 0 && errno != EEXIST)) {
		base[0] = '\0';
		return -1;
	}
	atexit(remove_base);
	return 0;
}

static bool child_folder(pid_t pid, char *buf, size_t len)
{
	return (size_t)snprintf(buf, len, "%s/c%d", base, (int)pid) < len;
}

static void copy_file(const char *from, const char *to, mode_t mode)
{
	int in = open(from, O_RDONLY | O_CLOEXEC);
	int out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 07777);
	char buf[8192];
	ssize_t n;
	while (out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n)
			break;
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
}

static void copy_tree(const char *from, const char *to, int depth)
{
	DIR *d = depth < FOLDER_DEPTH ? opendir(from) : NULL;
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char src[PATH_MAX], dst[PATH_MAX], target[PATH_MAX];
		struct stat st;
		if ((size_t)snprintf(src, sizeof src, "%s/%s", from, e->d_name) >= sizeof src ||
		    (size_t)snprintf(dst, sizeof dst, "%s/%s", to, e->d_name) >= sizeof dst ||
		    strcmp(src, base) == 0 || lstat(src, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode) && mkdir(dst, 0700) == 0) {
			copy_tree(src, dst, depth + 1);
			chmod(dst, st.st_mode & 07777);
		} else if (S_ISREG(st.st_mode)) {
			copy_file(src, dst, st.st_mode);
		} else if (S_ISLNK(st.st_mode)) {
			ssize_t n = readlink(src, target, sizeof target - 1);
			if (n >= 0) {
				target[n] = '\0';
				if (symlink(target, dst) != 0)
					continue;
			}
		}
	}
	if (d)
		closedir(d);
}

void sp_folder_enter(void)
{
	char mine[PATH_MAX], here[PATH_MAX];
	if (!base[0] || !getcwd(here, sizeof here))
		return;
	if (!child_folder(getpid(), mine, sizeof mine) || mkdir(mine, 0700) != 0)
		return;
	copy_tree(here, mine, 0);
	if (chdir(mine) != 0)
		snc_remove_tree(mine);
}

void sp_folder_remove(pid_t pid)
{
	char mine[PATH_MAX];
	/* most calls make no file: the folder is empty, and one rmdir does */
	if (base[0] && child_folder(pid, mine, sizeof mine) && rmdir(mine) != 0 && errno != ENOENT)
		snc_remove_tree(mine);
}
