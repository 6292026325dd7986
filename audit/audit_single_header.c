/* audit_single_header.c: the implementation of a single-header library.
 *
 * A library shipped as one header (the stb way: "#define SQ_IMPLEMENTATION before you
 * include this file in *one* C file") declares its functions and defines them only under
 * a macro its user sets in one unit. Named alone, the header's functions had no body
 * anywhere: every harness failed to link and nothing was audited. So when a header is
 * named with no source and no library, and it tests a macro whose name ends in
 * _IMPLEMENTATION or _IMPL (#ifdef X, #if defined(X), #if defined X), the audit writes the
 * unit its user would write, that macro defined and the header included, and compiles it
 * into the harnesses like a source the user named; the harnesses include the header
 * without the macro, as every other unit does. So too for a project folder holding no
 * library source (only the header, its tests and examples, which define main). */
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "snc_audit.h"

/* Does word end with suffix? */
static bool ends_in(const char *word, size_t n, const char *suffix)
{
	size_t s = strlen(suffix);
	return n > s && strncmp(word + n - s, suffix, s) == 0;
}

/* The macro line tests, when it is a conditional on one name (#ifdef X, #if defined(X),
 * #if defined X, #elif ...), into name; false otherwise. */
static bool tested_macro(const char *line, char *name, size_t len)
{
	char word[16];
	const char *p = sa_directive(line, word, sizeof word);
	if (!p)
		return false;
	if (strcmp(word, "if") == 0 || strcmp(word, "elif") == 0) {
		p = strstr(p, "defined");
		if (!p)
			return false;
		p += 7;
	} else if (strcmp(word, "ifdef") != 0) {
		return false;
	}
	while (isspace((unsigned char)*p) || *p == '(')
		p++;
	size_t n = 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	if (n == 0 || n >= len)
		return false;
	memcpy(name, p, n);
	name[n] = '\0';
	return true;
}

bool audit_implementation_macro(const char *header, char *macro, size_t len)
{
	FILE *f = fopen(header, "r");
	if (!f)
		return false;
	char line[4096], name[256];
	bool found = false;
	while (!found && fgets(line, sizeof line, f))
		found = tested_macro(line, name, sizeof name) &&
			(ends_in(name, strlen(name), "_IMPLEMENTATION") ||
			 ends_in(name, strlen(name), "_IMPL")) &&
			strlen(name) < len;
	fclose(f);
	if (found)
		snprintf(macro, len, "%s", name);
	return found;
}

int audit_write_implementation_unit(const char *dir, int index, const char *header,
				    const char *macro, char *path, size_t len)
{
	if (!audit_include_spellable(header))
		return -1;
	if ((size_t)snprintf(path, len, "%s/snc_implementation%d.c", dir, index) >= len)
		return -1;
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "/* The unit a user of this single-header library writes: its implementation,\n"
		   " * compiled once (snc audit, audit_single_header.c). */\n"
		   "#define %s\n#include \"%s\"\n", macro, header);
	return fclose(f) == 0 ? 0 : -1;
}

/* Does the file define main (a line that starts a definition of it: an example, a test)? */
static bool defines_main(const char *file)
{
	FILE *f = fopen(file, "r");
	if (!f)
		return false;
	char line[4096];
	bool found = false;
	while (!found && fgets(line, sizeof line, f)) {
		const char *m = strstr(line, "main(");
		found = m && (m == line || m[-1] == ' ' || m[-1] == '\t' || m[-1] == '*') &&
			(strncmp(line, "int ", 4) == 0 || strncmp(line, "main(", 5) == 0 ||
			 strncmp(line, "void ", 5) == 0);
	}
	fclose(f);
	return found;
}

/* Walks folder (at most `budget` entries, `depth` levels) for a library source of dir. */
static bool walk_for_source(const char *dir, const char *folder, int depth, int *budget)
{
	DIR *d = opendir(folder);
	if (!d)
		return false;
	bool found = false;
	for (struct dirent *e; !found && (e = readdir(d)) && (*budget)-- > 0;) {
		if (e->d_name[0] == '.')
			continue;
		char path[PATH_MAX];
		if ((size_t)snprintf(path, sizeof path, "%s/%s", folder, e->d_name) >= sizeof path)
			continue;
		struct stat st;
		if (lstat(path, &st) != 0)
			continue;
		size_t n = strlen(e->d_name);
		if (S_ISDIR(st.st_mode))
			found = depth > 0 && walk_for_source(dir, path, depth - 1, budget);
		else if (S_ISREG(st.st_mode) && n > 2 && strcmp(e->d_name + n - 2, ".c") == 0)
			found = audit_library_source(dir, path) && !defines_main(path);
	}
	closedir(d);
	return found;
}

bool audit_folder_has_library_source(const char *dir)
{
	int budget = 20000;
	return walk_for_source(dir, dir, 16, &budget);
}
