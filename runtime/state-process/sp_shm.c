/* sp_shm.c: the program's own /dev/shm (--private-folders).
 *
 * A library's calls given the names "0" and "1" make shared-memory files too, outside any
 * working folder: libqb's qb_rb_open("0", ...) creates /dev/shm/qb-0-header and
 * qb-0-data, and its qb_rb_chown gave them to another user. Left behind, they litter the
 * user's machine and reach the next run: a ring buffer opened there found the reference
 * count the runs before had left (10,809), and its pairs were non-deterministic. With
 * private folders the harness program therefore runs in a mount namespace of its own with
 * an empty tmpfs on /dev/shm, gone when the program ends: as root in a new mount namespace,
 * otherwise in a new user namespace mapping the user to itself. Mounts are made private
 * first, so nothing propagates back. Where namespaces are not allowed (a container without
 * them), or the database or the working folder is under /dev/shm, nothing changes. Called
 * before the program starts a thread (unshare refuses a user namespace to a threaded
 * process). */
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>
#include "state_process.h"

static bool under_shm(const char *path)
{
	char real[PATH_MAX];
	return path && realpath(path, real) && strncmp(real, "/dev/shm", 8) == 0 &&
	       (real[8] == '\0' || real[8] == '/');
}

static void write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t n = write(fd, text, strlen(text));
	(void)n;   /* a mapping not written: the mount below fails, and nothing changes */
	close(fd);
}

bool sp_private_shm(const char *db_path)
{
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd) || under_shm(cwd) || under_shm(db_path))
		return false;
	uid_t uid = geteuid();
	gid_t gid = getegid();
	if (uid == 0) {
		if (unshare(CLONE_NEWNS) != 0)
			return false;
	} else {
		if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0)
			return false;
		char map[64];
		snprintf(map, sizeof map, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
		write_file("/proc/self/uid_map", map);
		write_file("/proc/self/setgroups", "deny\n");
		snprintf(map, sizeof map, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
		write_file("/proc/self/gid_map", map);
	}
	return mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0 &&
	       mount("snc-shm", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777") == 0;
}
