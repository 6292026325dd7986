/* scan_exclude.c: `--exclude GLOB` on scan and audit, leaving a library's tests and
 * benchmarks out of its scan.
 *
 * A pattern is an fnmatch(3) glob where `*` also crosses `/`. It leaves out a unit when
 * it matches the unit's absolute path, its path relative to the current directory, or
 * (for a pattern without `/`) its file name; a pattern naming a folder (`tests`,
 * `bench/`) leaves out everything below it. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "scan.h"

static bool glob_matches(const char *pattern, const char *path)
{
	if (fnmatch(pattern, path, 0) == 0)
		return true;
	/* a folder: everything below it */
	size_t n = strlen(pattern);
	char below[4096];
	snprintf(below, sizeof below, "%.*s/*", (int)(n > 0 && pattern[n - 1] == '/' ? n - 1 : n),
		 pattern);
	return fnmatch(below, path, 0) == 0;
}

static bool excluded(const char *file, const char *cwd, char *const *globs, int n)
{
	size_t cl = strlen(cwd);
	const char *relative = strncmp(file, cwd, cl) == 0 && file[cl] == '/' ? file + cl + 1 : NULL;
	const char *slash = strrchr(file, '/');
	const char *base = slash ? slash + 1 : file;
	for (int i = 0; i < n; i++) {
		const char *g = globs[i];
		if (glob_matches(g, file) || (relative && glob_matches(g, relative)) ||
		    (!strchr(g, '/') && fnmatch(g, base, 0) == 0))
			return true;
	}
	return false;
}

struct exclusion {
	const char *cwd;
	char *const *globs;
	int nglobs;
};

static bool not_excluded(const char *file, void *ctx)
{
	const struct exclusion *x = ctx;
	return !excluded(file, x->cwd, x->globs, x->nglobs);
}

int scan_keep_units(struct sa_units *units, bool (*keep)(const char *file, void *ctx), void *ctx)
{
	int kept = 0, dropped = 0;
	for (int i = 0; i < units->count; i++) {
		if (!keep(units->units[i].file, ctx)) {
			sa_unit_clear(&units->units[i]);
			dropped++;
			continue;
		}
		units->units[kept++] = units->units[i];
	}
	units->count = kept;
	return dropped;
}

int scan_exclude(struct sa_units *units, char *const *globs, int nglobs)
{
	if (nglobs == 0)
		return 0;
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd))
		cwd[0] = '\0';
	struct exclusion x = { cwd, globs, nglobs };
	return scan_keep_units(units, not_excluded, &x);
}
