/* audit_includer.c: the header to include instead of a named one that refuses to be
 * included alone.
 *
 * GLib's parts (glib/gasyncqueue.h, glib/ghash.h: eighty of them) stop at
 *   #if !defined (__GLIB_H_INSIDE__) && !defined (GLIB_COMPILATION)
 *   #error "Only <glib.h> can be included directly."
 * unless the umbrella header that includes them defines its guard first; GIO, GTK and many
 * libraries written after them do the same. A user who names such a part wants its API
 * audited, not a skip: the part is parsed through the header its #error names (a header
 * name in the directive's message, found along the -I directories given, the part's own
 * folder and the three above it, then the system's), and its API is still only what the
 * part declares (audit_api.c). The harnesses include the umbrella header. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "snc_audit.h"

/* The first header name in text ("<glib.h>", "gio/gio.h", "use ck_pr.h") other than own,
 * into name. */
static bool header_named(const char *text, const char *own, char *name, size_t len)
{
	for (const char *p = text; *p; p++) {
		if (!isalnum((unsigned char)*p) && *p != '_')
			continue;
		const char *start = p;
		while (isalnum((unsigned char)*p) || strchr("_./+-", *p))
			p++;
		size_t n = (size_t)(p - start);
		while (n > 0 && start[n - 1] == '.')   /* the sentence's full stop */
			n--;
		if (n > 2 && n < len && strncmp(start + n - 2, ".h", 2) == 0 && start[0] != '/' &&
		    !strstr(start, "..") && !(strlen(own) == n && strncmp(own, start, n) == 0)) {
			snprintf(name, len, "%.*s", (int)n, start);
			return true;
		}
		if (!*p)
			break;
	}
	return false;
}

/* The message of the first #error directive of path, or false. */
static bool error_message(const char *path, char *message, size_t len)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	char *line = NULL;
	size_t cap = 0;
	bool found = false;
	while (!found && getline(&line, &cap, f) >= 0) {
		char word[16];
		const char *rest = sa_directive(line, word, sizeof word);
		if (rest && strcmp(word, "error") == 0) {
			snprintf(message, len, "%s", rest);
			found = true;
		}
	}
	free(line);
	fclose(f);
	return found;
}

const char *const audit_compiler_folders[] = { "/usr/local/include", "/usr/include/x86_64-linux-gnu",
					       "/usr/include", NULL };

const char *audit_in_compiler_folder(const char *path)
{
	for (int i = 0; audit_compiler_folders[i]; i++) {
		size_t n = strlen(audit_compiler_folders[i]);
		if (strncmp(path, audit_compiler_folders[i], n) == 0 && path[n] == '/')
			return path + n + 1;
	}
	return NULL;
}

const char *audit_include_folder(char *const *cflags, int ncflags, int i)
{
	const char *a = cflags[i];
	if (strncmp(a, "-I", 2) == 0)
		return a[2] ? a + 2 : i + 1 < ncflags ? cflags[i + 1] : NULL;
	return strcmp(a, "-isystem") == 0 && i + 1 < ncflags ? cflags[i + 1] : NULL;
}

/* dir/name as an existing file other than header, made absolute, into out. */
static bool found_in(const char *dir, const char *name, const char *header, char *out, size_t len)
{
	char path[PATH_MAX * 2], real[PATH_MAX];
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path ||
	    !realpath(path, real) || access(real, R_OK) != 0 || strcmp(real, header) == 0)
		return false;
	snprintf(out, len, "%s", real);
	return true;
}

bool audit_includer_named(const char *header, char *const *cflags, int ncflags, char *out,
			  size_t len)
{
	char real[PATH_MAX], message[1024], name[256];
	if (!realpath(header, real) || !error_message(real, message, sizeof message))
		return false;
	const char *base = strrchr(real, '/');
	if (!header_named(message, base ? base + 1 : real, name, sizeof name))
		return false;
	for (int i = 0; i < ncflags; i++) {
		const char *dir = audit_include_folder(cflags, ncflags, i);
		if (dir && found_in(dir, name, real, out, len))
			return true;
	}
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s", real);
	for (int up = 0; up < 4; up++) {   /* its folder and the three above it */
		char *slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
		if (found_in(dir, name, real, out, len))
			return true;
	}
	for (int i = 0; audit_compiler_folders[i]; i++)
		if (found_in(audit_compiler_folders[i], name, real, out, len))
			return true;
	return false;
}

void audit_plan_through(struct audit_plan *plan, const char *header, const char *includer)
{
	char real[PATH_MAX];
	plan->through = audit_grow(plan->through, &plan->cap_through, plan->nthrough,
				   sizeof *plan->through);
	char *h = strdup(realpath(header, real) ? real : header), *i = strdup(includer);
	if (!h || !i) {
		fprintf(stderr, "snc audit: out of memory\n");
		exit(2);
	}
	plan->through[plan->nthrough++] = (struct audit_through){ h, i };
}

const char *audit_through(const struct audit_plan *plan, const char *header)
{
	char real[PATH_MAX];
	const char *path = realpath(header, real) ? real : header;
	for (int i = 0; i < plan->nthrough; i++)
		if (strcmp(plan->through[i].header, path) == 0)
			return plan->through[i].includer;
	return NULL;
}

const char *audit_included_through(const struct audit_plan *plan, const char *header)
{
	const char *includer = audit_through(plan, header);
	char real[PATH_MAX];
	const char *path = realpath(header, real) ? real : header;
	for (int i = 0; includer && plan->units && i < plan->units->count; i++)
		if (strcmp(plan->units->units[i].file, path) == 0)
			return sa_unit_refuses_alone(&plan->units->units[i]) ? includer : header;
	return header;
}
