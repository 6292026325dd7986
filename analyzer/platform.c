/* platform.c: headers of another platform, left out of a project's scan.
 *
 * A portable library keeps a header per architecture or system beside the one this build
 * uses, and picks one by a condition on the compiler's predefined macros:
 *   #if defined(__x86_64__)        (liburcu's urcu/arch.h)
 *   #include <urcu/arch/x86.h>
 *   #elif defined(__powerpc__)
 *   #include <urcu/arch/ppc.h>
 * Scanned as a header of its own (no unit of the build reads it), urcu/arch/ppc.h defines
 * what x86.h defines (an audit harness that includes both did not compile), and a
 * _WIN32 header fails on <windows.h> (a unit with errors). Such a header is one that no
 * unit read, named by an #include of a file the units did read, inside an #if, #ifdef or
 * #elif (or its #else) whose condition names a platform macro: `__NAME__` (__x86_64__,
 * __powerpc__, __linux__, __APPLE__), `_WIN32`, `_WIN64`, `WIN32`, `_MSC_VER`, `_AIX`,
 * `__sun`, `__unix`, or a macro a file defines under such a condition (liburcu's
 * URCU_ARCH_PPC, which uatomic.h picks uatomic/ppc.h by). A header chosen by the library's
 * own configuration macros
 * (urcu.h's RCU_MEMB, RCU_SIGNAL) is API of that configuration and stays. Files are read
 * as text, the conditions tracked line by line; an #include of a computed name is
 * ignored. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

#define MAX_DEPTH 32   /* nested conditions tracked; deeper ones count as not platform */

/* Macros a file defines under a platform condition (liburcu's arch.h: URCU_ARCH_PPC under
 * defined(__powerpc64__)): platform macros too (uatomic.h picks uatomic/ppc.h by it). */
struct derived {
	char **names;
	int n, cap;
};

static bool derived_has(const struct derived *d, const char *name, size_t n)
{
	for (int i = 0; d && i < d->n; i++)
		if (strlen(d->names[i]) == n && strncmp(d->names[i], name, n) == 0)
			return true;
	return false;
}

/* Does the condition's text name a platform macro? */
static bool names_platform(const char *text, const struct derived *d)
{
	static const char *const names[] = { "_WIN32", "_WIN64", "WIN32", "_MSC_VER", "_AIX",
					     "__sun", "__unix", "__hpux", NULL };
	for (const char *p = text; *p;) {
		if (!isalpha((unsigned char)*p) && *p != '_') {
			p++;
			continue;
		}
		const char *start = p;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		size_t n = (size_t)(p - start);
		if (n > 4 && start[0] == '_' && start[1] == '_' && start[n - 1] == '_' &&
		    start[n - 2] == '_')
			return true;
		for (int i = 0; names[i]; i++)
			if (strlen(names[i]) == n && strncmp(start, names[i], n) == 0)
				return true;
		if (derived_has(d, start, n))
			return true;
	}
	return false;
}

/* Does path end with name, at a folder boundary ("urcu/arch/ppc.h" of .../urcu/arch/ppc.h)? */
static bool names_path(const char *path, const char *name, size_t n)
{
	size_t len = strlen(path);
	return n > 0 && n <= len && strncmp(path + len - n, name, n) == 0 &&
	       (n == len || path[len - n - 1] == '/');
}

/* Walks text (a file's content) line by line, tracking the conditions around each line.
 * With header: if it includes header under a platform condition, the condition's text
 * into cond and true. Without: adds to d the macros it defines under one. */
static bool walk_conditions(const char *text, const char *header, struct derived *d, char *cond,
			    size_t len)
{
	bool platform[MAX_DEPTH] = { false };
	char conds[MAX_DEPTH][160];
	int depth = 0;
	for (const char *line = text; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		char word[16];
		const char *rest = sa_directive(line, word, sizeof word);
		if (!rest)
			continue;
		const char *end = strchr(rest, '\n');
		int restlen = end ? (int)(end - rest) : (int)strlen(rest);
		char buf[512];
		snprintf(buf, sizeof buf, "%.*s", restlen, rest);
		int level = -1;
		for (int i = 0; i < depth && i < MAX_DEPTH; i++)
			if (platform[i])
				level = i;
		if (strcmp(word, "if") == 0 || strcmp(word, "ifdef") == 0 || strcmp(word, "ifndef") == 0) {
			if (depth < MAX_DEPTH) {
				platform[depth] = names_platform(buf, d);
				snprintf(conds[depth], sizeof conds[depth], "#%s%.140s", word, buf);
			}
			depth++;
		} else if (strcmp(word, "elif") == 0 && depth > 0 && depth <= MAX_DEPTH) {
			platform[depth - 1] |= names_platform(buf, d);
			snprintf(conds[depth - 1], sizeof conds[depth - 1], "#elif%.140s", buf);
		} else if (strcmp(word, "endif") == 0 && depth > 0) {
			depth--;
		} else if (!header && strcmp(word, "define") == 0 && level >= 0) {
			const char *name = buf;
			while (isblank((unsigned char)*name))
				name++;
			size_t n = 0;
			while (isalnum((unsigned char)name[n]) || name[n] == '_')
				n++;
			if (n > 0 && !derived_has(d, name, n)) {
				*SA_PUSH(d->names, d->n, d->cap) = sa_printf("%.*s", (int)n, name);
			}
		} else if (header && strcmp(word, "include") == 0 && level >= 0) {
			const char *open = strpbrk(buf, "<\"");
			const char *close = open ? strchr(open + 1, *open == '<' ? '>' : '"') : NULL;
			if (close && names_path(header, open + 1, (size_t)(close - open - 1))) {
				snprintf(cond, len, "%s", conds[level]);
				return true;
			}
		}
	}
	return false;
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *text = malloc(cap);
	size_t got;
	while (text && (got = fread(text + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (n + 1 == cap) {
			char *grown = realloc(text, cap * 2);
			if (!grown) {
				free(text);
				text = NULL;
			}
			text = grown;
			cap *= 2;
		}
	}
	fclose(f);
	if (text)
		text[n] = '\0';
	return text;
}

/* Is dir (with its trailing '/') a folder of header or one of the three above it? */
static bool near(const char *file, const char *header)
{
	const char *slash = strrchr(file, '/');
	if (!slash)
		return false;
	size_t dirlen = (size_t)(slash - file);
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", header);
	for (int up = 0; up < 4; up++) {
		char *s = strrchr(dir, '/');
		if (!s || s == dir)
			return false;
		*s = '\0';
		if (strlen(dir) == dirlen && strncmp(dir, file, dirlen) == 0)
			return true;
	}
	return false;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether header is another platform's, by the texts of the files near it or sources of
 * the build (source[i]): the macros they define under a platform condition first, then
 * their #includes. */
static bool other_platform(const char *header, const char *const *files, char *const *texts,
			   const bool *source, int nfiles, char *by, size_t bylen)
{
	struct derived d = { 0 };
	for (int i = 0; i < nfiles; i++)
		if (texts[i] && (source[i] || near(files[i], header)))
			walk_conditions(texts[i], NULL, &d, NULL, 0);
	bool found = false;
	for (int i = 0; i < nfiles && !found; i++) {
		char cond[160];
		if (texts[i] && (source[i] || near(files[i], header)) &&
		    walk_conditions(texts[i], header, &d, cond, sizeof cond)) {
			const char *base = strrchr(files[i], '/');
			snprintf(by, bylen, "%s includes it under %s", base ? base + 1 : files[i], cond);
			found = true;
		}
	}
	for (int i = 0; i < d.n; i++)
		free(d.names[i]);
	free(d.names);
	return found;
}

void sa_other_platforms(const struct sa_units *units, const char *const *headers, int n,
			char (*why)[512])
{
	/* every file a unit read, once, sorted: read as text once for all the headers */
	int total = 0, nfiles = 0;
	for (int i = 0; i < units->count; i++)
		total += units->units[i].nfiles;
	const char **all = sa_alloc((size_t)(total + 1) * sizeof *all);
	bool *source = sa_alloc((size_t)(total + 1) * sizeof *source);
	for (int i = 0; i < units->count; i++)
		for (int k = 0; k < units->units[i].nfiles; k++)
			all[nfiles++] = units->units[i].files[k].path;
	if (nfiles > 1)
		qsort(all, (size_t)nfiles, sizeof *all, by_path);
	int kept = 0;
	for (int i = 0; i < nfiles; i++)
		if (kept == 0 || strcmp(all[kept - 1], all[i]) != 0)
			all[kept++] = all[i];
	nfiles = kept;
	for (int i = 0; i < units->count; i++) {   /* a unit's main file: a source of the build */
		const char *main_file = units->units[i].nfiles ? units->units[i].files[0].path : NULL;
		const char **at = main_file ? bsearch(&main_file, all, (size_t)nfiles, sizeof *all,
						      by_path) : NULL;
		if (at)
			source[at - all] = true;
	}
	char **texts = sa_alloc((size_t)(nfiles + 1) * sizeof *texts);
	for (int i = 0; i < nfiles; i++) {
		bool wanted = source[i];
		for (int h = 0; h < n && !wanted; h++)
			wanted = headers[h] && near(all[i], headers[h]);
		texts[i] = wanted ? read_text(all[i]) : NULL;
	}
	for (int h = 0; h < n; h++) {
		why[h][0] = '\0';
		if (headers[h])
			other_platform(headers[h], all, texts, source, nfiles, why[h], sizeof why[h]);
	}
	for (int i = 0; i < nfiles; i++)
		free(texts[i]);
	free(texts);
	free(source);
	free(all);
}
