/* audit_pkgconfig.c: the compile flags a named header needs, from its package's pkg-config file.
 *
 * Many libraries install their headers in a folder of their own that the compiler does not
 * search: GLib's in /usr/include/glib-2.0 (with glibconfig.h under /usr/lib/.../glib-2.0/
 * include), libxml2's in /usr/include/libxml2, APR's in /usr/include/apr-1.0. Their users
 * build with `$(pkg-config --cflags glib-2.0)`; a new user who names the header alone
 * (`snc audit /usr/include/glib-2.0/glib/gatomic.h`) gave no flag, and nothing parsed.
 *
 * The package is the one whose own pkg-config file (.pc, along PKG_CONFIG_PATH and then
 * pkg-config's default search path) names, in its Cflags, an include folder outside the
 * compiler's that holds the named header (the deepest such folder; on a tie the name that
 * sorts first), or one that holds a header the named header includes which is found
 * neither beside it, nor along the -I folders given, nor in the system's. Its flags are
 * then what `pkg-config --cflags NAME` prints (with those of the packages it requires),
 * each added once, of the kinds that say where headers are and what they define. The .pc
 * files are read as text (variables expanded); pkg-config runs from an argv vector, never
 * through a shell; without it, nothing is added. */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "snc_audit.h"
#include "snc_cmdline.h"

struct pc_folder {
	char *package;         /* glib-2.0 */
	char *dir;             /* an include folder its Cflags name, made absolute */
};

struct pc_folders {
	struct pc_folder *v;
	int n, cap;
};

static bool is_compiler_folder(const char *dir)
{
	for (int i = 0; audit_compiler_folders[i]; i++)
		if (strcmp(dir, audit_compiler_folders[i]) == 0)
			return true;
	return false;
}

struct pc_variables {
	char *name[64], *value[64];
	int n;
};

/* text with ${NAME} replaced by the variables' values (expanded in turn), into out. */
static void expand(const struct pc_variables *vars, const char *text, char *out, size_t len,
		   int depth)
{
	size_t used = 0;
	out[0] = '\0';
	for (const char *p = text; *p && used + 1 < len; p++) {
		const char *end = p[0] == '$' && p[1] == '{' ? strchr(p, '}') : NULL;
		if (!end) {
			out[used++] = *p;
			out[used] = '\0';
			continue;
		}
		size_t n = (size_t)(end - p - 2);
		for (int i = vars->n - 1; i >= 0 && depth < 16; i--)
			if (strlen(vars->name[i]) == n && strncmp(vars->name[i], p + 2, n) == 0) {
				expand(vars, vars->value[i], out + used, len - used, depth + 1);
				used += strlen(out + used);
				break;
			}
		p = end;
	}
}

static void add_folder(struct pc_folders *found, const char *package, const char *dir)
{
	char real[PATH_MAX];
	if (!realpath(dir, real) || is_compiler_folder(real))
		return;
	found->v = audit_grow(found->v, &found->cap, found->n, sizeof *found->v);
	found->v[found->n++] = (struct pc_folder){ strdup(package), strdup(real) };
}

/* The include folders (-IDIR, -I DIR, -isystem DIR) of one .pc file's Cflags. */
static void read_pc(const char *path, const char *package, struct pc_folders *found)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	struct pc_variables vars = { .n = 1 };   /* pkg-config's own: the file's folder */
	vars.name[0] = strdup("pcfiledir");
	vars.value[0] = strndup(path, (size_t)(strrchr(path, '/') - path));
	char *line = NULL, cflags[4096] = "";
	size_t cap = 0;
	while (getline(&line, &cap, f) >= 0) {
		line[strcspn(line, "\r\n")] = '\0';
		size_t key = strspn(line, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.");
		if (key > 0 && line[key] == '=' && vars.n < 64) {
			char value[4096];
			expand(&vars, line + key + 1, value, sizeof value, 0);
			vars.name[vars.n] = strndup(line, key);
			vars.value[vars.n++] = strdup(value);
		} else if (key == 6 && line[6] == ':' && strncasecmp(line, "cflags", 6) == 0) {
			expand(&vars, line + 7, cflags, sizeof cflags, 0);
		}
	}
	free(line);
	fclose(f);
	char *save = NULL;
	bool next_is_dir = false;
	for (char *tok = strtok_r(cflags, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		if (next_is_dir)
			add_folder(found, package, tok);
		next_is_dir = strcmp(tok, "-I") == 0 || strcmp(tok, "-isystem") == 0;
		if (strncmp(tok, "-I", 2) == 0 && tok[2])
			add_folder(found, package, tok + 2);
	}
	for (int i = 0; i < vars.n; i++) {
		free(vars.name[i]);
		free(vars.value[i]);
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void read_pc_folder(const char *dir, struct pc_folders *found)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char **names = NULL;
	int n = 0, cap = 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (len > 3 && strcmp(e->d_name + len - 3, ".pc") == 0) {
			names = audit_grow(names, &cap, n, sizeof *names);
			names[n++] = strdup(e->d_name);
		}
	}
	closedir(d);
	if (n > 1)   /* qsort's pointer must not be NULL, even for no items */
		qsort(names, (size_t)n, sizeof *names, by_name);
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX], package[256];
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		snprintf(package, sizeof package, "%.*s", (int)(strlen(names[i]) - 3), names[i]);
		read_pc(path, package, found);
		free(names[i]);
	}
	free(names);
}

/* Every .pc file's include folders, along PKG_CONFIG_PATH and then pkg-config's own path;
 * false when pkg-config does not run. */
static bool read_search_path(struct pc_folders *found)
{
	char *argv[] = { "pkg-config", "--variable", "pc_path", "pkg-config", NULL }, *out = NULL;
	if (snc_run_argv_output(argv, &out) != 0 || !out) {
		free(out);
		return false;
	}
	const char *env = getenv("PKG_CONFIG_PATH");
	size_t len = (env ? strlen(env) : 0) + strlen(out) + 2;
	char *path = malloc(len), *save = NULL;
	if (!path) {
		free(out);
		return false;
	}
	snprintf(path, len, "%s%s%s", env ? env : "", env && *env ? ":" : "", out);
	path[strcspn(path, "\n")] = '\0';
	for (char *dir = strtok_r(path, ":", &save); dir; dir = strtok_r(NULL, ":", &save))
		read_pc_folder(dir, found);
	free(path);
	free(out);
	return true;
}

static bool file_in(const char *dir, const char *name)
{
	char path[PATH_MAX * 2];
	struct stat st;
	return snprintf(path, sizeof path, "%s/%s", dir, name) < (int)sizeof path &&
	       stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Can the compiler find name (an #include's) for a header in folder own, with cflags? */
static bool findable(const char *name, const char *own, char *const *cflags, int ncflags)
{
	if (file_in(own, name))
		return true;
	for (int i = 0; i < ncflags; i++) {
		const char *dir = audit_include_folder(cflags, ncflags, i);
		if (dir && file_in(dir, name))
			return true;
	}
	for (int i = 0; audit_compiler_folders[i]; i++)
		if (file_in(audit_compiler_folders[i], name))
			return true;
	return false;
}

static void choose(char ***chosen, int *nchosen, int *cap, const char *package)
{
	for (int i = 0; i < *nchosen; i++)
		if (strcmp((*chosen)[i], package) == 0)
			return;
	*chosen = audit_grow(*chosen, cap, *nchosen, sizeof **chosen);
	(*chosen)[(*nchosen)++] = strdup(package);
}

/* The package whose folder holds header (the deepest folder; the first name on a tie). */
static const char *package_holding(const struct pc_folders *found, const char *header)
{
	const struct pc_folder *best = NULL;
	for (int i = 0; i < found->n; i++) {
		size_t n = strlen(found->v[i].dir);
		if (strncmp(header, found->v[i].dir, n) == 0 && header[n] == '/' &&
		    (!best || n > strlen(best->dir) ||
		     (n == strlen(best->dir) && strcmp(found->v[i].package, best->package) < 0)))
			best = &found->v[i];
	}
	return best ? best->package : NULL;
}

/* The packages whose folders hold what header includes and the compiler cannot find. */
static void packages_included(const struct pc_folders *found, const char *header,
			      char *const *cflags, int ncflags, char ***chosen, int *nchosen,
			      int *cap)
{
	FILE *f = fopen(header, "r");
	if (!f)
		return;
	char own[PATH_MAX];
	snprintf(own, sizeof own, "%s", header);
	*strrchr(own, '/') = '\0';
	char *line = NULL;
	size_t linecap = 0;
	while (getline(&line, &linecap, f) >= 0) {
		char word[16], name[256];
		const char *rest = sa_directive(line, word, sizeof word);
		if (!rest || strcmp(word, "include") != 0)
			continue;
		rest += strspn(rest, " \t");
		if (*rest != '<' && *rest != '"')
			continue;
		size_t n = strcspn(rest + 1, ">\"");
		if (n == 0 || n >= sizeof name || strstr(rest, ".."))
			continue;
		snprintf(name, sizeof name, "%.*s", (int)n, rest + 1);
		if (findable(name, own, cflags, ncflags))
			continue;
		const char *package = NULL;
		for (int i = 0; i < found->n && !package; i++)
			if (file_in(found->v[i].dir, name))
				package = found->v[i].package;
		if (package)
			choose(chosen, nchosen, cap, package);
	}
	free(line);
	fclose(f);
}

/* Is flag (one word) in flags? An include folder is compared as a folder: -I/a/b/../c is
 * -I /a/c. */
static bool has_flag(char *const *flags, int n, const char *flag)
{
	char want[PATH_MAX], real[PATH_MAX];
	bool folder = strncmp(flag, "-I", 2) == 0 && flag[2] && realpath(flag + 2, want);
	for (int i = 0; i < n; i++) {
		const char *dir = folder ? audit_include_folder(flags, n, i) : NULL;
		if (strcmp(flags[i], flag) == 0 || (dir && realpath(dir, real) && strcmp(real, want) == 0))
			return true;
	}
	return false;
}

/* A flag a package's Cflags may give the audit: where headers are (-IDIR), what they
 * define (-DNAME, -UNAME), -pthread, -std=. Not one that runs something of the file's
 * choosing (-fplugin=, -specs=, -wrapper): a .pc file along PKG_CONFIG_PATH is text. */
static bool harmless(const char *flag)
{
	return (strncmp(flag, "-I", 2) == 0 && flag[2]) || (strncmp(flag, "-D", 2) == 0 && flag[2]) ||
	       (strncmp(flag, "-U", 2) == 0 && flag[2]) || strcmp(flag, "-pthread") == 0 ||
	       strncmp(flag, "-std=", 5) == 0;
}

static void add_flag(char ***flags, int *nflags, int *cap, const char *flag)
{
	*flags = audit_grow(*flags, cap, *nflags, sizeof **flags);
	(*flags)[(*nflags)++] = strdup(flag);
}

/* Appends pkg-config's --cflags for package to *flags, each harmless flag not in cflags or
 * *flags. An include folder in two words (libbsd-overlay's `-isystem /usr/include/bsd`,
 * `-I DIR`) is kept as two, when the folder is absolute: before, both words were dropped,
 * and <bsd/stdlib.h>, which its overlay folder must precede the system's for, did not
 * parse ('libutil.h' file not found). */
static void add_package_flags(const char *package, char *const *cflags, int ncflags,
			      char ***flags, int *nflags, int *cap)
{
	char *argv[] = { "pkg-config", "--cflags", (char *)package, NULL }, *out = NULL;
	if (snc_run_argv_output(argv, &out) != 0 || !out) {
		free(out);
		return;
	}
	char *save = NULL;
	for (char *tok = strtok_r(out, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
		if (strcmp(tok, "-isystem") == 0 || strcmp(tok, "-I") == 0) {
			char *dir = strtok_r(NULL, " \t\n", &save), as_i[PATH_MAX + 3];
			if (!dir || dir[0] != '/' ||
			    (size_t)snprintf(as_i, sizeof as_i, "-I%s", dir) >= sizeof as_i)
				continue;
			if (!has_flag(cflags, ncflags, as_i) && !has_flag(*flags, *nflags, as_i)) {
				add_flag(flags, nflags, cap, tok);
				add_flag(flags, nflags, cap, dir);
			}
			continue;
		}
		if (!harmless(tok) || has_flag(cflags, ncflags, tok) || has_flag(*flags, *nflags, tok))
			continue;
		add_flag(flags, nflags, cap, tok);
	}
	free(out);
}

int audit_pkgconfig_flags(char *const *headers, int nheaders, char *const *cflags, int ncflags,
			  char ***packages, char ***flags, int *nflags)
{
	struct pc_folders found = { 0 };
	*packages = NULL;
	*flags = NULL;
	*nflags = 0;
	if (nheaders == 0 || !read_search_path(&found))
		return 0;
	int nchosen = 0, cap = 0, cap_flags = 0;
	for (int i = 0; i < nheaders; i++) {
		char real[PATH_MAX];
		if (!realpath(headers[i], real))
			continue;
		const char *package = package_holding(&found, real);
		if (package)
			choose(packages, &nchosen, &cap, package);
		packages_included(&found, real, cflags, ncflags, packages, &nchosen, &cap);
	}
	for (int i = 0; i < nchosen; i++)
		add_package_flags((*packages)[i], cflags, ncflags, flags, nflags, &cap_flags);
	for (int i = 0; i < found.n; i++) {
		free(found.v[i].package);
		free(found.v[i].dir);
	}
	free(found.v);
	return nchosen;
}
