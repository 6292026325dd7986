/* hash.c: content hashes of files, the key of incremental scans.
 *
 * XXH3-128 from Debian's libxxhash: far faster than reading the file costs, and 128 bits
 * make an accidental match of two versions of a file negligible (a collision would only
 * make a rescan reuse stale facts, so a cryptographic hash buys nothing here). Every unit
 * includes mostly the same headers, so hashes are cached by path for the life of the
 * process, shared by the scanning threads under a mutex. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include "analyzer.h"

struct cached {
	char *path;
	char hex[33];
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct cached *cache;        /* open addressing, power-of-two size */
static size_t cache_size, cache_used;

static size_t slot_of(const char *path, size_t size)
{
	return (size_t)XXH3_64bits(path, strlen(path)) & (size - 1);
}

static struct cached *lookup(const char *path)
{
	if (!cache_size)
		return NULL;
	for (size_t i = slot_of(path, cache_size);; i = (i + 1) & (cache_size - 1)) {
		if (!cache[i].path)
			return NULL;
		if (strcmp(cache[i].path, path) == 0)
			return &cache[i];
	}
}

static void insert(const char *path, const char *hex)
{
	if (2 * (cache_used + 1) > cache_size) {
		size_t size = cache_size ? 2 * cache_size : 256;
		struct cached *bigger = sa_alloc(size * sizeof *bigger);
		for (size_t i = 0; i < cache_size; i++) {
			if (!cache[i].path)
				continue;
			size_t j = slot_of(cache[i].path, size);
			while (bigger[j].path)
				j = (j + 1) & (size - 1);
			bigger[j] = cache[i];
		}
		free(cache);
		cache = bigger;
		cache_size = size;
	}
	size_t j = slot_of(path, cache_size);
	while (cache[j].path)
		j = (j + 1) & (cache_size - 1);
	cache[j].path = sa_strdup(path);
	memcpy(cache[j].hex, hex, 33);
	cache_used++;
}

static void to_hex(XXH128_hash_t h, char hex[33])
{
	snprintf(hex, 33, "%016llx%016llx", (unsigned long long)h.high64,
		 (unsigned long long)h.low64);
}

static int hash_uncached(const char *path, char hex[33])
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	XXH3_state_t *st = XXH3_createState();
	if (!st) {
		close(fd);
		return -1;
	}
	XXH3_128bits_reset(st);
	char buf[65536];
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		XXH3_128bits_update(st, buf, (size_t)n);
	close(fd);
	if (n < 0) {
		XXH3_freeState(st);
		return -1;
	}
	to_hex(XXH3_128bits_digest(st), hex);
	XXH3_freeState(st);
	return 0;
}

int sa_hash_file(const char *path, char hex[33])
{
	pthread_mutex_lock(&cache_lock);
	struct cached *c = lookup(path);
	if (c)
		memcpy(hex, c->hex, 33);
	pthread_mutex_unlock(&cache_lock);
	if (c)
		return 0;
	if (hash_uncached(path, hex) != 0)
		return -1;
	pthread_mutex_lock(&cache_lock);
	if (!lookup(path))
		insert(path, hex);
	pthread_mutex_unlock(&cache_lock);
	return 0;
}

bool sa_unit_files_unchanged(const struct sa_unit *u)
{
	if (u->nfiles == 0)
		return false;
	for (int i = 0; i < u->nfiles; i++) {
		char hex[33];
		if (sa_hash_file(u->files[i].path, hex) != 0 || strcmp(hex, u->files[i].hash) != 0)
			return false;
	}
	return true;
}

/* The revision of the facts the walker records, hashed with each unit's flags: a unit an
 * older walker scanned lacks what a newer one records, so it is parsed again rather than
 * reused. 2: references to functions (a callback passed, an address taken). */
#define FACTS_REVISION "facts 2"

void sa_hash_flags(struct sa_unit *u)
{
	XXH3_state_t *st = XXH3_createState();
	if (!st) {
		snprintf(u->flags_hash, sizeof u->flags_hash, "unhashed");
		return;
	}
	XXH3_128bits_reset(st);
	XXH3_128bits_update(st, FACTS_REVISION, sizeof FACTS_REVISION);
	XXH3_128bits_update(st, u->directory, strlen(u->directory) + 1);
	for (int i = 0; i < u->nargs; i++)
		XXH3_128bits_update(st, u->args[i], strlen(u->args[i]) + 1);
	to_hex(XXH3_128bits_digest(st), u->flags_hash);
	XXH3_freeState(st);
}
