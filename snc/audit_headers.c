/* audit_headers.c: what a directory given to `snc audit` holds (audit_headers.h): the
 * headers a project declares its API in, and the sources of its library. A project with an include/
 * directory keeps its public headers there (the rest are private: src/internal.h); one
 * without keeps them among its sources, next to tests and examples that are not API.
 * (FTW_ACTIONRETVAL is a GNU extension: the build defines _GNU_SOURCE.) */
#include "audit_headers.h"
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define WALK_FDS 16

/* Directories whose headers are not the project's API. */
static const char *const not_api[] = {
	"test", "tests", "testing", "example", "examples", "bench", "benchmark", "benchmarks",
	"doc", "docs", "build", "CMakeFiles", "third_party", "vendor", "external", "deps", NULL,
};

/* nftw gives its callback no argument of ours: the one walk in progress. */
static struct {
	char **v;
	size_t n, cap;
	bool failed;
} walk;

static bool skipped_dir(const char *name)
{
	if (name[0] == '.')
		return true;
	for (int i = 0; not_api[i]; i++)
		if (strcmp(name, not_api[i]) == 0 || (strncmp(name, "build", 5) == 0 && name[5] == '-'))
			return true;
	return false;
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *at)
{
	(void)st;
	const char *name = path + at->base;
	if (type == FTW_D)
		return at->level > 0 && skipped_dir(name) ? FTW_SKIP_SUBTREE : FTW_CONTINUE;
	size_t len = strlen(name);
	if (type != FTW_F || len < 3 || strcmp(name + len - 2, ".h") != 0)
		return FTW_CONTINUE;
	if (walk.n + 2 > walk.cap) {
		size_t cap = walk.cap ? 2 * walk.cap : 32;
		char **v = realloc(walk.v, cap * sizeof *v);
		if (!v) {
			walk.failed = true;
			return FTW_STOP;
		}
		walk.v = v, walk.cap = cap;
	}
	if (!(walk.v[walk.n] = strdup(path))) {
		walk.failed = true;
		return FTW_STOP;
	}
	walk.v[++walk.n] = NULL;
	return FTW_CONTINUE;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **audit_headers_of_dir(const char *dir, size_t *count)
{
	char include[4096];
	struct stat st;
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	snprintf(include, sizeof include, "%.*s/include", (int)n, dir);
	memset(&walk, 0, sizeof walk);
	bool has_include = stat(include, &st) == 0 && S_ISDIR(st.st_mode);
	nftw(has_include ? include : dir, visit, WALK_FDS, FTW_PHYS | FTW_ACTIONRETVAL);
	if (walk.failed || !walk.v) {
		audit_headers_free(walk.v);
		*count = 0;
		return walk.failed ? NULL : calloc(1, sizeof(char *));
	}
	qsort(walk.v, walk.n, sizeof *walk.v, by_path);
	*count = walk.n;
	return walk.v;
}

bool audit_library_source(const char *dir, const char *file)
{
	size_t n = strlen(dir);
	if (strncmp(file, dir, n) != 0 || file[n] != '/')
		return true;
	for (const char *p = file + n + 1, *slash; (slash = strchr(p, '/')); p = slash + 1) {
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int)(slash - p), p);
		if (skipped_dir(name))
			return false;
	}
	FILE *f = fopen(file, "r");
	if (!f)
		return true;
	char line[4096];
	bool harness = false;
	while (!harness && fgets(line, sizeof line, f))
		harness = strstr(line, "SNC_HARNESS(") != NULL;
	fclose(f);
	return !harness;
}

void audit_headers_free(char **headers)
{
	for (size_t i = 0; headers && headers[i]; i++)
		free(headers[i]);
	free(headers);
}
