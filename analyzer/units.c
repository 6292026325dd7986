/* units.c: what to parse when the user names directories and files.
 *
 * Every .c file below a directory becomes a unit with default flags (the user's -I/-D
 * plus -I of the directory named, so project-relative includes resolve); hidden folders
 * are skipped. Headers are kept aside: a header that some unit includes is already seen
 * through it (with the includer's macros), so only headers no unit read become units of
 * their own, after the .c files are parsed. Units are sorted by file and flags, the one
 * order everything downstream follows. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "analyzer.h"

struct list {
	struct sa_units *units;
	int cap;
};

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void add_unit(struct list *l, const char *file, const char *directory,
		     char *const *flags, int nflags)
{
	struct sa_unit *u = SA_PUSH(l->units->units, l->units->count, l->cap);
	u->file = sa_realpath(file);
	u->directory = sa_strdup(directory);
	u->args = sa_alloc((size_t)(nflags + 1) * sizeof *u->args);
	for (int i = 0; i < nflags; i++)
		u->args[i] = sa_strdup(flags[i]);
	u->nargs = nflags;
	sa_hash_flags(u);
}

static void walk_dir(const char *dir, struct list *sources, struct list *headers,
		     const char *cwd, char *const *flags, int nflags, int depth)
{
	DIR *d = opendir(dir);
	if (!d || depth > 64) {
		if (d)
			closedir(d);
		return;
	}
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		char *path = sa_printf("%s/%s", dir, e->d_name);
		struct stat st;
		if (stat(path, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				walk_dir(path, sources, headers, cwd, flags, nflags, depth + 1);
			else if (S_ISREG(st.st_mode) && has_suffix(e->d_name, ".c"))
				add_unit(sources, path, cwd, flags, nflags);
			else if (S_ISREG(st.st_mode) && has_suffix(e->d_name, ".h"))
				add_unit(headers, path, cwd, flags, nflags);
		}
		free(path);
	}
	closedir(d);
}

int sa_units_from_paths(char *const *paths, int npaths, char *const *extra, int nextra,
			struct sa_units *out, struct sa_units *headers, char *err, size_t errlen)
{
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd))
		snprintf(cwd, sizeof cwd, "/");
	struct list sources = { out, out->count }, hdrs = { headers, headers->count };
	for (int i = 0; i < npaths; i++) {
		struct stat st;
		if (stat(paths[i], &st) != 0) {
			snprintf(err, errlen, "cannot scan '%s': %s", paths[i], strerror(errno));
			return -1;
		}
		if (S_ISDIR(st.st_mode)) {
			char *root = sa_realpath(paths[i]);
			char **flags = sa_alloc((size_t)(nextra + 1) * sizeof *flags);
			for (int k = 0; k < nextra; k++)
				flags[k] = extra[k];
			flags[nextra] = sa_printf("-I%s", root);
			walk_dir(root, &sources, &hdrs, cwd, flags, nextra + 1, 0);
			free(flags[nextra]);
			free(flags);
			free(root);
		} else if (access(paths[i], R_OK) != 0) {
			snprintf(err, errlen, "cannot read '%s': %s", paths[i], strerror(errno));
			return -1;
		} else {
			/* a file named explicitly is scanned, whatever its name */
			add_unit(&sources, paths[i], cwd, extra, nextra);
		}
	}
	sa_units_sort(out);
	sa_units_sort(headers);
	return 0;
}

static int compare_units(const void *a, const void *b)
{
	const struct sa_unit *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	if (c)
		return c;
	c = strcmp(x->flags_hash, y->flags_hash);
	return c;
}

void sa_units_sort(struct sa_units *units)
{
	if (units->count > 1)
		qsort(units->units, (size_t)units->count, sizeof *units->units, compare_units);
	/* the same file with the same flags twice is one unit */
	int n = 0;
	for (int i = 0; i < units->count; i++) {
		if (n > 0 && compare_units(&units->units[n - 1], &units->units[i]) == 0) {
			sa_unit_clear(&units->units[i]);
			continue;
		}
		units->units[n++] = units->units[i];
	}
	units->count = n;
}

static int compare_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void sa_units_add_orphan_headers(struct sa_units *units, struct sa_units *headers)
{
	int nseen = 0;
	for (int i = 0; i < units->count; i++)
		nseen += units->units[i].nfiles;
	char **seen = sa_alloc((size_t)(nseen + 1) * sizeof *seen);
	nseen = 0;
	for (int i = 0; i < units->count; i++)
		for (int k = 0; k < units->units[i].nfiles; k++)
			seen[nseen++] = units->units[i].files[k].path;
	qsort(seen, (size_t)nseen, sizeof *seen, compare_str);
	int cap = units->count, left_cap = units->nleft_out;
	const char **orphans = sa_alloc((size_t)(headers->count + 1) * sizeof *orphans);
	for (int i = 0; i < headers->count; i++)   /* NULL: read by a unit */
		orphans[i] = bsearch(&headers->units[i].file, seen, (size_t)nseen, sizeof *seen,
				     compare_str) ? NULL : headers->units[i].file;
	char (*why)[512] = sa_alloc((size_t)(headers->count + 1) * sizeof *why);
	sa_other_platforms(units, orphans, headers->count, why);
	for (int i = 0; i < headers->count; i++) {
		struct sa_unit *h = &headers->units[i];
		if (!orphans[i]) {
			sa_unit_clear(h);
			continue;
		}
		if (why[i][0]) {
			struct sa_left_out *l = SA_PUSH(units->left_out, units->nleft_out, left_cap);
			l->file = sa_strdup(h->file);
			l->why = sa_strdup(why[i]);
			sa_unit_clear(h);
			continue;
		}
		*(struct sa_unit *)SA_PUSH(units->units, units->count, cap) = *h;
	}
	free(why);
	free(orphans);
	free(seen);
	free(headers->units);
	headers->units = NULL;
	headers->count = 0;
}

const char *sa_units_left_out(const struct sa_units *units, const char *header)
{
	for (int i = 0; units && i < units->nleft_out; i++)
		if (strcmp(units->left_out[i].file, header) == 0)
			return units->left_out[i].why;
	return NULL;
}

const struct sa_unit *sa_units_source_reading(const struct sa_units *units, const char *header)
{
	for (int i = 0; units && i < units->count; i++) {
		const struct sa_unit *u = &units->units[i];
		size_t len = strlen(u->file);
		if (u->status != SA_UNIT_PARSED || len < 3 || strcmp(u->file + len - 2, ".c") != 0)
			continue;
		for (int k = 1; k < u->nfiles; k++)   /* files[0]: the unit's own */
			if (strcmp(u->files[k].path, header) == 0)
				return u;
	}
	return NULL;
}
