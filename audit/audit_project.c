/* audit_project.c: what a project given to `snc audit` without a header holds (a directory,
 * or a compile database): the headers it declares its API in, and the sources of its
 * library. A project with an include/ directory keeps its public headers there (the rest
 * are private: src/internal.h); one without keeps them among its sources, next to tests
 * and examples that are not API.
 * (FTW_ACTIONRETVAL is a GNU extension: the build defines _GNU_SOURCE.) */
#include "snc_audit.h"
#include <dirent.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include "snc_analyzer.h"

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

/* Hidden, in not_api, or a build folder of another name (build-debug, cmake-build-release). */
static bool skipped_dir(const char *name)
{
	if (name[0] == '.' || strncmp(name, "build-", 6) == 0 || strncmp(name, "build_", 6) == 0 ||
	    strncmp(name, "cmake-build-", 12) == 0)
		return true;
	for (int i = 0; not_api[i]; i++)
		if (strcmp(name, not_api[i]) == 0)
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

/* Appends the headers of one directory of the walk (not its include/: a -I directory is
 * one already), once each. */
static void walk_dir(const char *dir)
{
	size_t before = walk.n;
	nftw(dir, visit, WALK_FDS, FTW_PHYS | FTW_ACTIONRETVAL);
	for (size_t i = before; i < walk.n; i++)
		for (size_t k = 0; k < before; k++)
			if (strcmp(walk.v[i], walk.v[k]) == 0) {
				free(walk.v[i]);
				walk.v[i--] = walk.v[--walk.n];
				walk.v[walk.n] = NULL;
				break;
			}
}

static char **walk_result(size_t *count)
{
	if (walk.failed || !walk.v) {
		audit_headers_free(walk.v);
		*count = 0;
		return walk.failed ? NULL : calloc(1, sizeof(char *));
	}
	qsort(walk.v, walk.n, sizeof *walk.v, by_path);
	*count = walk.n;
	return walk.v;
}

/* Is path below dir (or dir itself)? */
static bool below(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

/* The project directory a unit's include flag at args[i] names (made absolute against the
 * unit's directory and resolved), or false. */
static bool include_dir(const struct sa_unit *u, int i, char out[PATH_MAX])
{
	static const char *const flags[] = { "-I", "-iquote", "-isystem" };
	const char *a = u->args[i], *dir = NULL;
	for (int f = 0; f < 3 && !dir; f++) {
		size_t n = strlen(flags[f]);
		if (strncmp(a, flags[f], n) == 0)
			dir = a[n] ? a + n : i + 1 < u->nargs ? u->args[i + 1] : NULL;
	}
	if (!dir)
		return false;
	char joined[2 * PATH_MAX];
	snprintf(joined, sizeof joined, "%s%s%s", dir[0] == '/' ? "" : u->directory,
		 dir[0] == '/' ? "" : "/", dir);
	return realpath(joined, out) != NULL && !below(out, "/usr");
}

/* A directory named include, or below one (include/pj)? */
static bool is_include_dir(const char *path)
{
	const char *last = strrchr(path, '/');
	return strstr(path, "/include/") || (last && strcmp(last, "/include") == 0);
}

char **audit_headers_of_compdb(const char *compdb, size_t *count, char *err, size_t errlen)
{
	struct sa_units units = { 0 };
	if (sa_units_from_compdb(compdb, &units, err, errlen) != 0)
		return NULL;
	char own[PATH_MAX], real[PATH_MAX];
	struct stat st;
	if (!realpath(compdb, own))
		snprintf(own, sizeof own, "%s", compdb);
	else if (stat(own, &st) == 0 && !S_ISDIR(st.st_mode))
		*strrchr(own, '/') = '\0';   /* the folder holding compile_commands.json */
	/* an out-of-tree build folder (no source below it) holds generated headers only */
	bool out_of_tree = true;
	for (int u = 0; u < units.count && out_of_tree; u++)
		out_of_tree = !realpath(units.units[u].file, real) || !below(real, own);
	/* -I include and -I src: the public headers are include's (src/internal.h is not API) */
	bool some_include = false;
	for (int u = 0; u < units.count && !some_include; u++)
		for (int i = 0; i < units.units[u].nargs && !some_include; i++)
			some_include = include_dir(&units.units[u], i, real) &&
				       !(out_of_tree && below(real, own)) && is_include_dir(real);
	memset(&walk, 0, sizeof walk);
	bool named = false;
	for (int u = 0; u < units.count; u++)
		for (int i = 0; i < units.units[u].nargs; i++)
			if (include_dir(&units.units[u], i, real) && !(out_of_tree && below(real, own)) &&
			    (!some_include || is_include_dir(real))) {
				walk_dir(real);
				named = true;
			}
	for (int u = 0; u < units.count && !named; u++) {   /* headers beside the sources */
		if (!realpath(units.units[u].file, real) || !strrchr(real, '/'))
			continue;
		*strrchr(real, '/') = '\0';
		walk_dir(real);
	}
	sa_units_free(&units);
	return walk_result(count);
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
	walk_dir(has_include ? include : dir);
	return walk_result(count);
}

static bool is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool audit_compdb_of_dir(const char *dir, char *out, size_t len)
{
	snprintf(out, len, "%s/compile_commands.json", dir);
	if (is_file(out))
		return true;
	snprintf(out, len, "%s/build/compile_commands.json", dir);
	if (is_file(out))
		return true;
	struct dirent **names = NULL;
	int n = scandir(dir, &names, NULL, alphasort);
	bool found = false;
	for (int i = 0; i < n; i++) {
		if (!found && strncmp(names[i]->d_name, "build", 5) == 0) {
			snprintf(out, len, "%s/%s/compile_commands.json", dir, names[i]->d_name);
			found = is_file(out);
		}
		free(names[i]);
	}
	free(names);
	return found;
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
