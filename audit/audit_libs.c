/* audit_libs.c: the libraries an audit links: found for a new user, checked when named.
 *
 * A header whose functions live in a library (libatomic_ops' atomic_ops_stack.h declares
 * AO_stack_push_explicit_aux_release, defined in libatomic_ops_gpl) cannot be audited
 * without it, and a new user does not know its name. When no --lib and no source is named
 * and some API function has no body in the headers, the package that installed a named
 * header (or one declaring such a function or a context's maker: APR's apr_queue.h is
 * libaprutil1-dev's, its pools libapr1-dev's) says which libraries come with it (dpkg -S HEADER, then dpkg -L PACKAGE: the
 * lib*.so and lib*.a in its lib folders, a .so rather than the .a of the same name); nm
 * (once per library) says which of those define the functions the C library does not
 * (every link has libc), and the fewest that define all it can are linked (the one
 * defining the most first, in name order on a tie). Shared libraries are read first and
 * archives only for what they leave undefined, nothing when the C library defines it all
 * (semaphore.h: libc6-dev's archives took nm seconds). Each archive is followed by the
 * package's libraries that define what it uses. Outside Debian, for a
 * header no package installed, or when no library defines one, nothing is added and the
 * build says what is missing, as before. dpkg and nm run from argv vectors.
 *
 * Can the libraries named with --lib be linked at all?
 * A harness that does not build is a note and the audit goes on; but when the library the
 * user asked for is missing or is not something the linker reads, every family would fail
 * the same way and the audit would have audited nothing. So each --lib that is not a C
 * source is linked, before anything runs, into an empty program ($CC probe.c LIB): one
 * that fails stops the audit with the library's name (exit 2). The compiler runs from an
 * argv vector with its output discarded; nothing here goes through a shell. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "snc_audit.h"
#include "snc_cmdline.h"

static bool ends_in(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

int audit_check_libs(char *const *libs, int nlibs, char *err, size_t errlen)
{
	char dir[PATH_MAX - 32], probe[PATH_MAX], program[PATH_MAX];
	if (nlibs == 0)
		return 0;
	if (!snc_make_tmpdir(dir, sizeof dir, "audit-lib"))
		return snprintf(err, errlen, "cannot make a temporary folder in %s", snc_tmp_root()), -1;
	snprintf(probe, sizeof probe, "%s/probe.c", dir);
	snprintf(program, sizeof program, "%s/probe", dir);
	FILE *f = fopen(probe, "w");
	int rc = f ? 0 : -1;
	if (f) {
		fputs("int main(void) { return 0; }\n", f);
		rc = fclose(f) == 0 ? 0 : -1;
	}
	if (rc != 0)
		snprintf(err, errlen, "cannot write %s", probe);
	const char *cc = getenv("CC");
	cc = cc && *cc ? cc : "cc";
	for (int i = 0; rc == 0 && i < nlibs; i++) {
		if (ends_in(libs[i], ".c"))
			continue;
		if (strncmp(libs[i], "-l", 2) != 0 && access(libs[i], R_OK) != 0) {
			snprintf(err, errlen, "--lib %s: %s", libs[i], strerror(errno));
			rc = -1;
			break;
		}
		char *argv[] = { (char *)cc, probe, libs[i], "-o", program, NULL };
		int status = snc_run_argv(argv, true, NULL);
		if (status != 0) {
			snprintf(err, errlen, "--lib %s cannot be linked (%s %s %s failed%s)", libs[i], cc,
				 "probe.c", libs[i], status < 0 ? " to run" : "");
			rc = -1;
		}
		unlink(program);
	}
	unlink(probe);
	rmdir(dir);
	return rc;
}

/* ---- libraries found for the headers -------------------------------------------------- */

static bool listed_in(char *const *list, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(list[i], s) == 0)
			return true;
	return false;
}

static void add_unique(char ***list, int *n, const char *s)
{
	if (listed_in(*list, *n, s))
		return;
	char **more = realloc(*list, (size_t)(*n + 1) * sizeof **list);
	if (!more)
		return;
	*list = more;
	(*list)[(*n)++] = strdup(s);
}

static void free_list(char **list, int n)
{
	for (int i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

/* The package that installed path (dpkg -S: "liburcu-dev:amd64: /usr/include/...", the
 * first of "a, b: path" when several share it), or NULL. */
static char *owning_package(const char *path)
{
	char *argv[] = { "dpkg", "-S", (char *)path, NULL }, *out;
	int rc = snc_run_argv_output(argv, &out);
	char *package = NULL;
	if (rc == 0 && out) {
		size_t len = strcspn(out, ",:\n");
		if (len > 0 && (out[len] == ':' || out[len] == ','))
			package = strndup(out, len);
	}
	free(out);
	return package;
}

static bool in_lib_folder(const char *path)
{
	static const char *const folders[] = { "/usr/lib/", "/lib/", "/usr/local/lib/", NULL };
	for (int i = 0; folders[i]; i++)
		if (strncmp(path, folders[i], strlen(folders[i])) == 0)
			return true;
	return false;
}

/* Adds each archive lib*.a that no library of *libs is the .so of, then frees archives. */
static void add_archives(char ***libs, int *nlibs, char **archives, int narchives)
{
	for (int i = 0; i < narchives; i++) {
		char so[PATH_MAX];
		snprintf(so, sizeof so, "%.*s.so", (int)(strlen(archives[i]) - 2), archives[i]);
		bool shared = false;
		for (int k = 0; k < *nlibs && !shared; k++)
			shared = strcmp((*libs)[k], so) == 0;
		if (!shared)
			add_unique(libs, nlibs, archives[i]);
	}
	free_list(archives, narchives);
}

/* The libraries package installed: lib*.so, or lib*.a when it has no .so of that name. */
static void package_libraries(const char *package, char ***libs, int *nlibs)
{
	char *argv[] = { "dpkg", "-L", (char *)package, NULL }, *out;
	if (snc_run_argv_output(argv, &out) != 0 || !out) {
		free(out);
		return;
	}
	char **archives = NULL;
	int narchives = 0;
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
		const char *base = strrchr(line, '/');
		if (!base || !in_lib_folder(line) || strncmp(base + 1, "lib", 3) != 0)
			continue;
		if (ends_in(line, ".so"))
			add_unique(libs, nlibs, line);
		else if (ends_in(line, ".a"))
			add_unique(&archives, &narchives, line);
	}
	add_archives(libs, nlibs, archives, narchives);
	free(out);
}

/* The libraries installed beside a header that no package installed (PREFIX/include/...,
 * built from source and installed by `make install`): lib*.so and lib*.a in PREFIX/lib,
 * PREFIX/lib64 and PREFIX/lib/x86_64-linux-gnu, an archive only when no .so has its name;
 * the folders into where (comma-separated). At most 256. */
static void libraries_beside(const char *header, char ***libs, int *nlibs, char *where,
			     size_t len)
{
	const char *include = strstr(header, "/include/");
	if (!include)
		return;
	static const char *const subdirs[] = { "lib", "lib64", "lib/x86_64-linux-gnu", NULL };
	for (int d = 0; subdirs[d]; d++) {
		char dir[PATH_MAX];
		snprintf(dir, sizeof dir, "%.*s/%s", (int)(include - header), header, subdirs[d]);
		DIR *folder = opendir(dir);
		if (!folder)
			continue;
		int before = *nlibs;
		char **archives = NULL;
		int narchives = 0;
		for (struct dirent *e; (e = readdir(folder)) && *nlibs + narchives < 256;) {
			char path[PATH_MAX * 2];
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			if (strncmp(e->d_name, "lib", 3) == 0 && ends_in(e->d_name, ".so"))
				add_unique(libs, nlibs, path);
			else if (strncmp(e->d_name, "lib", 3) == 0 && ends_in(e->d_name, ".a"))
				add_unique(&archives, &narchives, path);
		}
		closedir(folder);
		add_archives(libs, nlibs, archives, narchives);
		size_t used = strlen(where);
		if (*nlibs > before && used + strlen(dir) + 3 < len)
			used += (size_t)snprintf(where + used, len - used, "%s%.*s", used ? ", " : "",
						 (int)(len - used - 3), dir);
	}
}

/* A sorted list of symbol names, read once from nm. */
struct symbols {
	char **v;
	int n;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The symbols nm lists for a library (argv's last option picks which: --defined-only,
 * --undefined-only) whose type is one of types, into s, sorted. */
/* The library a GNU ld script stands for (libbsd.so is one: "GROUP(/usr/lib/x86_64-linux-
 * gnu/libbsd.so.0.11.7 AS_NEEDED(-lmd))"): the first absolute path in its GROUP or INPUT,
 * into out; false when library is no such script (an ELF file, or unreadable). nm read
 * nothing in the script, and libbsd's functions were linked from nowhere. */
static bool ld_script_target(const char *library, char *out, size_t len)
{
	char text[4096];
	int fd = open(library, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, text, sizeof text - 1);
	if (fd >= 0)
		close(fd);
	if (n < 4 || memcmp(text, "\177ELF", 4) == 0)
		return false;
	text[n] = '\0';
	char *group = strstr(text, "GROUP");
	if (!group)
		group = strstr(text, "INPUT");
	char *path = group ? strchr(group, '/') : NULL;
	if (!path)
		return false;
	size_t k = strcspn(path, " \t\n)");
	if (k == 0 || k >= len)
		return false;
	memcpy(out, path, k);
	out[k] = '\0';
	return true;
}

static void read_symbols(const char *library, const char *which, const char *types,
			 struct symbols *s)
{
	char target[PATH_MAX];
	if (ld_script_target(library, target, sizeof target))
		library = target;   /* linked as the script, read as what it names */
	const char *base = strrchr(library, '/');
	bool shared = strstr(base ? base : library, ".so") != NULL;   /* x.so, libc.so.6 */
	char *argv[] = { "nm", (char *)which, shared ? "-D" : "--",
			 (char *)library, NULL }, *out;
	*s = (struct symbols){ 0 };
	int cap = 0;
	if (snc_run_argv_output(argv, &out) == 0 && out)
		for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
			char type, name[512];
			/* "ADDRESS T name" when defined, "         U name" when not */
			int got = line[0] == ' ' ? sscanf(line, " %c %511s", &type, name)
						 : sscanf(line, "%*s %c %511s", &type, name);
			if (got != 2 || !strchr(types, type))
				continue;
			char *at = strchr(name, '@');   /* versioned: name@@VERSION */
			if (at)
				*at = '\0';
			if (s->n == cap) {
				char **more = realloc(s->v, (size_t)(cap = cap ? 2 * cap : 256) * sizeof *more);
				if (!more)
					break;
				s->v = more;
			}
			s->v[s->n++] = strdup(name);
		}
	free(out);
	if (s->n)
		qsort(s->v, (size_t)s->n, sizeof *s->v, by_name);
}

static bool has(const struct symbols *s, const char *name)
{
	return s->n && bsearch(&name, s->v, (size_t)s->n, sizeof *s->v, by_name);
}

/* An archive records no dependencies: the package's other libraries that define what a
 * chosen archive uses (libatomic_ops_gpl.a's AO_pause, in libatomic_ops.a) are linked
 * after it, and theirs after them. */
static void add_archive_dependencies(char **libs, const struct symbols *defined, int nlibs,
				     char ***found, int *nfound)
{
	for (int i = 0; i < *nfound; i++) {
		if (!ends_in((*found)[i], ".a"))
			continue;
		struct symbols used;
		read_symbols((*found)[i], "--undefined-only", "U", &used);
		for (int k = 0; k < nlibs; k++)
			for (int d = 0; d < used.n; d++)
				if (has(&defined[k], used.v[d])) {
					add_unique(found, nfound, libs[k]);
					break;
				}
		free_list(used.v, used.n);
	}
}

/* What every link has without asking, the C library (libc.so.6 and libc_nonshared.a, as
 * the compiler finds them): pthread.h's functions need no library of libc6-dev's. */
static void mark_c_library(char *const *needed, int nneeded, bool *covered)
{
	static const char *const parts[] = { "-print-file-name=libc.so.6",
					     "-print-file-name=libc_nonshared.a", NULL };
	const char *cc = getenv("CC");
	for (int p = 0; parts[p]; p++) {
		char *argv[] = { (char *)(cc && *cc ? cc : "cc"), (char *)parts[p], NULL }, *out = NULL;
		if (snc_run_argv_output(argv, &out) == 0 && out && out[0] == '/') {
			out[strcspn(out, "\n")] = '\0';
			struct symbols libc;
			read_symbols(out, "--defined-only", "TWi", &libc);
			for (int k = 0; k < nneeded; k++)
				covered[k] |= has(&libc, needed[k]);
			free_list(libc.v, libc.n);
		}
		free(out);
	}
}

/* Greedy: while some library defines a needed function not covered yet, the one that
 * defines the most of them (in name order on a tie) among libs[from..to) is added to found. */
static int choose_libraries(char **libs, const struct symbols *defined, int from, int to,
			    char *const *needed, int nneeded, bool *covered, char ***found, int *nfound)
{
	int newly = 0;
	for (;;) {
		int best = -1, best_count = 0;
		for (int i = from; i < to; i++) {
			int count = 0;
			for (int k = 0; k < nneeded; k++)
				count += !covered[k] && has(&defined[i], needed[k]);
			if (count > best_count || (count == best_count && count > 0 &&
						   strcmp(libs[i], libs[best]) < 0))
				best = i, best_count = count;
		}
		if (best < 0)
			return newly;
		for (int k = 0; k < nneeded; k++)
			if (!covered[k] && has(&defined[best], needed[k]))
				covered[k] = true, newly++;
		add_unique(found, nfound, libs[best]);
	}
}

static bool all_covered(const bool *covered, int n)
{
	for (int k = 0; k < n; k++)
		if (!covered[k])
			return false;
	return true;
}

/* Shared libraries before archives: nm reads a .so's dynamic symbols in milliseconds and
 * a large archive (libc6-dev's libm-2.36.a) in seconds. */
static int shared_first(const void *a, const void *b)
{
	return (int)ends_in(*(char *const *)a, ".a") - (int)ends_in(*(char *const *)b, ".a");
}

int audit_find_libs(char *const *needed, int nneeded, char *const *headers, int nheaders,
		    char ***found, int *nfound, char *package_out, size_t package_len)
{
	*found = NULL;
	*nfound = 0;
	package_out[0] = '\0';
	char **libs = NULL, **packages = NULL, beside[PATH_MAX] = "";
	int nlibs = 0, npackages = 0;
	for (int h = 0; h < nheaders; h++) {
		char real[PATH_MAX];
		if (!realpath(headers[h], real))
			continue;
		char *package = owning_package(real);
		if (package && !listed_in(packages, npackages, package)) {
			package_libraries(package, &libs, &nlibs);
			add_unique(&packages, &npackages, package);
		} else if (!package) {
			libraries_beside(real, &libs, &nlibs, beside, sizeof beside);
		}
		free(package);
	}
	if (npackages) {
		size_t used = (size_t)snprintf(package_out, package_len, "package%s ",
					       npackages > 1 ? "s" : "");
		for (int i = 0; i < npackages && used < package_len; i++)
			used += (size_t)snprintf(package_out + used, package_len - used, "%s%s",
						 i == 0 ? "" : i + 1 < npackages ? ", " : " and ",
						 packages[i]);
		if (used < package_len)
			snprintf(package_out + used, package_len - used, ", which installed the headers");
	} else if (beside[0]) {
		snprintf(package_out, package_len, "installed beside the headers, in %s", beside);
	}
	free_list(packages, npackages);
	if (nlibs > 1)
		qsort(libs, (size_t)nlibs, sizeof *libs, shared_first);
	bool *covered = calloc((size_t)nneeded + 1, sizeof *covered);
	struct symbols *defined = calloc((size_t)nlibs + 1, sizeof *defined);
	int covered_count = 0, nshared = 0;
	while (nshared < nlibs && !ends_in(libs[nshared], ".a"))
		nshared++;
	if (covered && defined && nlibs) {
		/* What the C library defines needs nothing else; the package's archives are read
		 * only for what its shared libraries leave undefined. */
		mark_c_library(needed, nneeded, covered);
		int read = 0;
		for (int stage = 0; stage < 2 && !all_covered(covered, nneeded); stage++) {
			int to = stage == 0 ? nshared : nlibs;
			for (; read < to; read++)
				read_symbols(libs[read], "--defined-only", "TWi", &defined[read]);
			covered_count += choose_libraries(libs, defined, stage == 0 ? 0 : nshared, to,
							  needed, nneeded, covered, found, nfound);
		}
		if (*nfound)
			add_archive_dependencies(libs, defined, read, found, nfound);
	}
	for (int i = 0; defined && i < nlibs; i++)
		free_list(defined[i].v, defined[i].n);
	free(defined);
	free(covered);
	free_list(libs, nlibs);
	return covered_count;
}
