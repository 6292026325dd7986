/* html_manifest.c: which files of a report folder the report wrote, so that a new report
 * into the same folder removes the pages of the old one that it does not write again
 * (a harness, pair or function that is gone) and nothing else.
 *
 * The folder keeps a manifest, MANIFEST_NAME, one page name a line. After writing its
 * pages, the report deletes each name of the old manifest that it did not write this time,
 * then writes the new manifest. Only a name the report could have written is deleted: a
 * plain file name (no '/', not hidden) of letters, digits and dashes ending in ".html";
 * a file the user put there, or a manifest line edited to name one elsewhere, is left
 * alone. A folder without a manifest (a report written before it existed, or a folder the
 * user made) loses nothing. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "html.h"

#define MANIFEST_NAME ".snc-report-manifest"

static bool page_name(const char *s)
{
	size_t n = strlen(s);
	if (n < 6 || n > 64 || strcmp(s + n - 5, ".html") != 0 || s[0] == '.' || s[0] == '-')
		return false;
	for (size_t i = 0; i < n - 5; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return false;
	return true;
}

static bool written(const struct html_pages *p, const char *name)
{
	for (int i = 0; i < p->count; i++)
		if (strcmp(p->names[i], name) == 0)
			return true;
	return false;
}

void html_pages_add(struct html_pages *p, const char *name)
{
	if (p->count == p->cap) {
		int cap = p->cap ? p->cap * 2 : 64;
		char **grown = realloc(p->names, (size_t)cap * sizeof *grown);
		if (!grown)
			return;   /* out of memory: the page is kept at the next report */
		p->names = grown;
		p->cap = cap;
	}
	char *copy = strdup(name);
	if (copy)
		p->names[p->count++] = copy;
}

void html_pages_free(struct html_pages *p)
{
	for (int i = 0; i < p->count; i++)
		free(p->names[i]);
	free(p->names);
	*p = (struct html_pages){ 0 };
}

int html_manifest_update(const char *dir, const struct html_pages *pages, char *err,
			 size_t errlen)
{
	char path[4096], line[256];
	snprintf(path, sizeof path, "%s/%s", dir, MANIFEST_NAME);
	FILE *old = fopen(path, "r");
	while (old && fgets(line, sizeof line, old)) {
		line[strcspn(line, "\n")] = '\0';
		if (!page_name(line) || written(pages, line))
			continue;
		char stale[4400];
		snprintf(stale, sizeof stale, "%s/%s", dir, line);
		if (unlink(stale) != 0 && errno != ENOENT) {
			snprintf(err, errlen, "cannot remove the old page '%s': %s", stale,
				 strerror(errno));
			fclose(old);
			return -1;
		}
	}
	if (old)
		fclose(old);
	FILE *out = fopen(path, "w");
	if (!out) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < pages->count; i++)
		fprintf(out, "%s\n", pages->names[i]);
	int bad = ferror(out);
	if (fclose(out) != 0 || bad) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
