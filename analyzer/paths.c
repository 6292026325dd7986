/* paths.c: canonical absolute paths of the files a scan reads, the names every fact and
 * every incremental rescan is keyed by.
 *
 * realpath(3) costs a readlink per path component, and libclang names each header once
 * per #include of it in every unit (and once more as the includer of the next), so the
 * answers are cached for the life of the process, shared by the scanning threads under a
 * mutex. A scan does not expect its sources to move while it runs. */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include "analyzer.h"

struct resolved {
	char *path, *canonical;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct resolved *table;    /* open addressing, power-of-two size */
static size_t size, used;

static size_t slot(const char *path, size_t n)
{
	size_t i = (size_t)XXH3_64bits(path, strlen(path)) & (n - 1);
	while (table[i].path && strcmp(table[i].path, path) != 0)
		i = (i + 1) & (n - 1);
	return i;
}

static void grow(void)
{
	size_t bigger = size ? 2 * size : 1024;
	struct resolved *old = table;
	size_t old_size = size;
	table = sa_alloc(bigger * sizeof *table);
	size = bigger;
	for (size_t i = 0; i < old_size; i++)
		if (old[i].path)
			table[slot(old[i].path, size)] = old[i];
	free(old);
}

char *sa_realpath(const char *path)
{
	pthread_mutex_lock(&lock);
	char *hit = NULL;
	if (size) {
		size_t i = slot(path, size);
		hit = table[i].path ? sa_strdup(table[i].canonical) : NULL;
	}
	pthread_mutex_unlock(&lock);
	if (hit)
		return hit;
	char buf[PATH_MAX];
	char *canonical = sa_strdup(realpath(path, buf) ? buf : path);
	pthread_mutex_lock(&lock);
	if (2 * (used + 1) > size)
		grow();
	size_t i = slot(path, size);
	if (!table[i].path) {
		table[i].path = sa_strdup(path);
		table[i].canonical = sa_strdup(canonical);
		used++;
	}
	pthread_mutex_unlock(&lock);
	return canonical;
}

char *sa_realpath_in(const char *directory, const char *path)
{
	if (path[0] == '/' || !directory || !directory[0])
		return sa_realpath(path);
	char *joined = sa_printf("%s/%s", directory, path);
	char *resolved = sa_realpath(joined);
	free(joined);
	return resolved;
}
