/* sp_folder.c: a folder of its own for every child that runs harness code (--private-folders).
 *
 * A library's calls given "0" and "1" make files and folders by those names (libuv's
 * uv_fs_mkdir, jansson's json_dump_file), relative to the working folder. Shared by every
 * execution, they outlive the one that made them: what a later execution's calls return
 * then depends on which ran first (jansson's json_load_file read what another execution's
 * json_dump_file wrote, and pairs were reported non-deterministic). With private folders,
 * each child made by sp_fork works in an empty folder of BASE, where it first copies its
 * parent's working folder (a state process's copy holds the files its prefix made; its
 * executions copy that). BASE is .snc-private in the folder the program started in, and is
 * never copied (a probe copying the program's folder would copy the folders of the probes
 * in flight beside it); the copy keeps regular files, folders and symbolic links (as
 * links), up to FOLDER_DEPTH levels; a child that cannot have its folder stays in its
 * parent's.
 *
 * Folders are reused: each process that forks keeps a pool of its own, BASE/f<pid>-<k>.
 * A child gets one its parent knows to be empty, and the parent takes it back when it
 * reaps the child: still empty (most calls make no file), as it is; else emptied. A new
 * folder per child cost a mkdir and an rmdir, 85-100 us of ext4 journal each execution
 * (15% of a classification's CPU); reading back an empty folder costs 4. When the parent
 * reaps a process that kept a pool, the pool goes too (children end with _exit). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

/* The pool of the process that forks: folder k is BASE/f<owner>-<k>; free ones in
 * free_folders, those given to children in flight in given. A fork's child starts a pool of
 * its own (own_pool). Static arrays: the pool must not change the parent's heap between
 * forks, or what a child's malloc returns, and a pointer result with it, would differ from
 * one repeat of an execution to the next. */
#define POOL_MAX 256            /* children in flight from one process: at most 16 */

struct given {
	pid_t pid;
	int k;
};

static pid_t pool_owner;
static int free_folders[POOL_MAX], nfree, folders_made;
static struct given given[POOL_MAX];
static int ngiven;
static int handed = -1;                 /* the folder of the child about to be forked */
static char handed_path[PATH_MAX];

static bool pool_folder(pid_t owner, int k, char *buf, size_t len)
{
	return (size_t)snprintf(buf, len, "%s/f%d-%d", base, (int)owner, k) < len;
}

static void own_pool(void)
{
	if (pool_owner == getpid())
		return;
	nfree = folders_made = ngiven = 0;
	handed = -1;
	pool_owner = getpid();
}

static void put_back(int k)
{
	if (nfree < POOL_MAX)
		free_folders[nfree++] = k;
}

/* Does the folder at path hold nothing but . and ..? Read with a buffer on the stack, not
 * opendir's: no heap change (above). */
static bool folder_empty(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return false;
	char buf[4096] __attribute__((aligned(8)));
	bool empty = true;
	long n;
	while (empty && (n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
		for (long at = 0; empty && at < n;) {
			struct dirent64 *e = (struct dirent64 *)(buf + at);
			empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
			at += e->d_reclen;
		}
	close(fd);
	return empty;
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

void sp_folder_hand(void)
{
	handed = -1;
	if (!base[0])
		return;
	own_pool();
	if (nfree == 0 && folders_made == POOL_MAX)
		return;   /* never with the jobs a process keeps in flight */
	int k = nfree > 0 ? free_folders[--nfree] : folders_made;
	/* a folder left by an earlier process of this pid (its parent gone first) is reused
	 * once empty */
	if (!pool_folder(pool_owner, k, handed_path, sizeof handed_path) ||
	    (k == folders_made && mkdir(handed_path, 0700) != 0 &&
	     !(errno == EEXIST && (folder_empty(handed_path) ||
				   (snc_remove_tree(handed_path), mkdir(handed_path, 0700) == 0)))))
		return;
	folders_made += k == folders_made;
	handed = k;
}

void sp_folder_given(pid_t pid)
{
	if (handed < 0)
		return;
	if (pid > 0 && ngiven < POOL_MAX)
		given[ngiven++] = (struct given){ pid, handed };
	else
		put_back(handed);   /* no child, or nowhere to note it: free again */
	handed = -1;
}

void sp_folder_enter(void)
{
	char here[PATH_MAX];
	if (handed < 0 || !getcwd(here, sizeof here))
		return;
	copy_tree(here, handed_path, 0);
	if (chdir(handed_path) != 0)
		return;   /* it stays in its parent's folder */
}

void sp_folder_remove(pid_t pid)
{
	char path[PATH_MAX];
	if (!base[0] || pool_owner != getpid())
		return;
	for (int i = 0; i < ngiven; i++) {
		if (given[i].pid != pid)
			continue;
		int k = given[i].k;
		given[i] = given[--ngiven];
		if (pool_folder(pool_owner, k, path, sizeof path) &&
		    (folder_empty(path) || (snc_remove_tree(path), mkdir(path, 0700) == 0)))
			put_back(k);
		break;
	}
	/* the pool of the child, if it kept one: nothing of it runs any more */
	for (int k = 0; pool_folder(pid, k, path, sizeof path); k++)
		if (rmdir(path) != 0 && (errno == ENOENT || snc_remove_tree(path) != 0))
			break;
}
