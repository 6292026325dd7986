/* db_verified.c: when opening a database can skip PRAGMA quick_check.
 *
 * The check reads and checks every page of the file (up to 32 MiB, db.c) on every open: on
 * a small library's unchanged rescan it was 40% of the command. A file that is byte for
 * byte what snc left when it last closed it cleanly needs no check: nothing has touched it
 * since SQLite wrote it. So a clean close of a connection that could write (the last one:
 * SQLite then folds the WAL into the file and removes it) records a hash of the whole
 * file in an extended attribute of the file (user.snc.verified: XXH3-128 and the size),
 * and an open whose file has no WAL and hashes the same skips the check. Any change to the
 * file by any means (another program, a partial copy, bytes overwritten) changes the hash,
 * and a WAL left behind (a process killed, or one still writing) is not covered by it: both
 * get the check as before. Where the file system keeps no extended attributes, or the file
 * is larger than the check's limit, nothing is recorded and nothing changes. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
/* xxHash compiled in from its header: harness programs link snc_db, and must not need
 * -lxxhash for it */
#define XXH_INLINE_ALL
#include <xxhash.h>
#include "db_internal.h"

#define VERIFIED_ATTR "user.snc.verified"

/* "xxh3-128:HEX SIZE" of the file at path (at most max_bytes long); false if it cannot be
 * read or is longer. */
static bool file_stamp(const char *path, long max_bytes, char *out, size_t outlen)
{
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > max_bytes)
		return false;
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	XXH3_state_t *h = XXH3_createState();
	bool ok = h && XXH3_128bits_reset(h) == XXH_OK;
	char buf[1 << 16];
	size_t n;
	long long total = 0;
	while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0) {
		ok = XXH3_128bits_update(h, buf, n) == XXH_OK;
		total += (long long)n;
	}
	ok = ok && !ferror(f) && total == (long long)st.st_size;
	fclose(f);
	if (ok) {
		XXH128_hash_t d = XXH3_128bits_digest(h);
		snprintf(out, outlen, "xxh3-128:%016llx%016llx %lld", (unsigned long long)d.high64,
			 (unsigned long long)d.low64, total);
	}
	XXH3_freeState(h);
	return ok;
}

static bool has_wal(const char *path)
{
	char wal[4200];
	snprintf(wal, sizeof wal, "%s-wal", path);
	return access(wal, F_OK) == 0;
}

bool db_verified_unchanged(const char *path, long max_bytes)
{
	char recorded[128], now[128];
	ssize_t n = getxattr(path, VERIFIED_ATTR, recorded, sizeof recorded - 1);
	if (n <= 0 || has_wal(path))
		return false;
	recorded[n] = '\0';
	return file_stamp(path, max_bytes, now, sizeof now) && strcmp(now, recorded) == 0;
}

void db_verified_record(const char *path, long max_bytes)
{
	char stamp[128];
	if (has_wal(path) || !file_stamp(path, max_bytes, stamp, sizeof stamp)) {
		removexattr(path, VERIFIED_ATTR);   /* no stale record either way */
		return;
	}
	setxattr(path, VERIFIED_ATTR, stamp, strlen(stamp), 0);
}
