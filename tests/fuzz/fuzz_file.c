/* fuzz_file.c: a private temporary folder for fuzz inputs that parsers read by name. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fuzz_file.h"

static char dir[64];
static char written[8][PATH_MAX];
static int nwritten;

static void remove_dir(void)
{
	for (int i = 0; i < nwritten; i++)
		unlink(written[i]);
	rmdir(dir);
}

const char *fuzz_dir(void)
{
	if (!dir[0]) {
		snprintf(dir, sizeof dir, "/tmp/snc-fuzz-XXXXXX");
		if (!mkdtemp(dir)) {
			perror("mkdtemp");
			abort();
		}
		atexit(remove_dir);
	}
	return dir;
}

const char *fuzz_write_file(const char *name, const uint8_t *data, size_t size)
{
	static char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", fuzz_dir(), name);
	int known = 0;
	for (int i = 0; i < nwritten; i++)
		known |= strcmp(written[i], path) == 0;
	if (!known && nwritten < 8)
		snprintf(written[nwritten++], sizeof written[0], "%s", path);
	FILE *f = fopen(path, "wb");
	if (!f)
		return NULL;
	size_t n = fwrite(data, 1, size, f);
	if (fclose(f) != 0 || n != size)
		return NULL;
	return path;
}
