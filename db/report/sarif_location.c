/* sarif_location.c: where a SARIF result points.
 *
 * Code-scanning services match an artifact to a file of the repository by a URI relative
 * to its top, so every file under the root is written relative to it with the uriBaseId
 * SRCROOT, and originalUriBaseIds gives the root's own file:// URI; a file outside the
 * root is an absolute file:// URI. The root is --root, else found by walking up from the
 * scanned sources to the folder holding .git. Columns are not in the database for the
 * places findings point at (a function's definition line, an SNC_OP line), so a region
 * gets them from the source as it is now: where the function's or op's name stands as a
 * word on that line, counted in UTF-16 code units as SARIF's default columnKind wants;
 * when the line no longer holds the name the region has its line only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "sarif_internal.h"

static void strip_last(char *path)
{
	char *slash = strrchr(path, '/');
	if (slash == path)
		path[1] = '\0';
	else if (slash)
		*slash = '\0';
}

/* The nearest folder at or above path's folder holding a .git, into root. */
static bool repository_root(const char *path, char *root)
{
	char dir[PATH_MAX], git[PATH_MAX + 8];
	struct stat st;
	if (!path || !realpath(path, dir))
		return false;
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))
		strip_last(dir);
	for (;;) {
		snprintf(git, sizeof git, "%s/.git", strcmp(dir, "/") == 0 ? "" : dir);
		if (stat(git, &st) == 0) {
			memcpy(root, dir, sizeof dir);
			return true;
		}
		if (strcmp(dir, "/") == 0)
			return false;
		strip_last(dir);
	}
}

void sarif_root_find(struct sarif_ctx *c)
{
	const struct snc_report *r = c->r;
	c->has_root = false;
	if (r->root) {
		c->has_root = realpath(r->root, c->root) != NULL;
		return;
	}
	for (int i = 0; i < r->findings->count && !c->has_root; i++)
		c->has_root = repository_root(r->findings->items[i].file, c->root);
	for (int i = 0; i < r->facts->nharnesses && !c->has_root; i++)
		c->has_root = repository_root(r->facts->harnesses[i].source, c->root);
	for (int i = 0; i < r->facts->nfunctions && !c->has_root; i++)
		c->has_root = repository_root(r->facts->functions[i].file, c->root);
}

/* path as a URI reference: unreserved characters and '/' kept, the rest percent-encoded. */
static void uri_encode(const char *path, char *buf, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t o = strlen(buf);
	for (const unsigned char *p = (const unsigned char *)path; *p && o + 4 < len; p++) {
		bool keep = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			    (*p >= '0' && *p <= '9') || strchr("-._~/", *p);
		if (keep) {
			buf[o++] = (char)*p;
		} else {
			buf[o++] = '%';
			buf[o++] = hex[*p >> 4];
			buf[o++] = hex[*p & 15];
		}
	}
	buf[o] = '\0';
}

const char *sarif_docs_uri(const char *docs_dir, char *buf, size_t len)
{
	char path[PATH_MAX + 16], real[PATH_MAX];
	if (!docs_dir)
		return NULL;
	snprintf(path, sizeof path, "%s/findings.md", docs_dir);
	if (!realpath(path, real) || len < 8)
		return NULL;
	snprintf(buf, len, "file://");
	uri_encode(real, buf, len);
	return buf;
}

json_object *sarif_root_base(const struct sarif_ctx *c)
{
	if (!c->has_root)
		return NULL;
	char uri[3 * PATH_MAX + 16] = "file://";
	uri_encode(c->root, uri, sizeof uri);
	if (strcmp(c->root, "/") != 0)
		strcat(uri, "/");
	json_object *root = json_object_new_object();
	json_object_object_add(root, "uri", json_object_new_string(uri));
	json_object *desc = json_object_new_object();
	json_object_object_add(desc, "text", json_object_new_string(
		"the top folder of the repository the analysed sources are in"));
	json_object_object_add(root, "description", desc);
	json_object *bases = json_object_new_object();
	json_object_object_add(bases, SARIF_ROOT_ID, root);
	return bases;
}

static json_object *artifact(const struct sarif_ctx *c, const char *file)
{
	char real[PATH_MAX], uri[3 * PATH_MAX + 16] = "";
	const char *path = realpath(file, real) ? real : file;
	size_t n = strlen(c->root);
	if (strcmp(c->root, "/") == 0)
		n = 0;
	bool under = c->has_root && path == real && strncmp(real, c->root, n) == 0 &&
		     real[n] == '/';
	if (under)
		uri_encode(real + n + 1, uri, sizeof uri);
	else {
		if (path[0] == '/')
			strcpy(uri, "file://");
		uri_encode(path, uri, sizeof uri);
	}
	json_object *a = json_object_new_object();
	json_object_object_add(a, "uri", json_object_new_string(uri));
	if (under)
		json_object_object_add(a, "uriBaseId", json_object_new_string(SARIF_ROOT_ID));
	return a;
}

/* Line `line` of file (malloc'd, without its newline), or NULL. */
static char *source_line(const char *file, int line)
{
	FILE *in = fopen(file, "r");
	if (!in)
		return NULL;
	char *text = NULL;
	size_t cap = 0;
	ssize_t got = -1;
	for (int i = 0; i < line && (got = getline(&text, &cap, in)) >= 0; i++)
		;
	fclose(in);
	if (got < 0) {
		free(text);
		return NULL;
	}
	text[strcspn(text, "\n")] = '\0';
	return text;
}

static bool word_char(char ch)
{
	return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9');
}

/* UTF-16 code units of the UTF-8 bytes s[0, n): one per character, two for one beyond
 * the basic plane (a 4-byte sequence); a byte that is not UTF-8 counts as one. */
static int utf16_units(const char *s, size_t n)
{
	int units = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)s[i];
		if ((b & 0xC0) == 0x80)
			continue;   /* a continuation byte */
		units += b >= 0xF0 && b < 0xF8 ? 2 : 1;
	}
	return units;
}

/* Where name stands as a word on the line: 1-based start and end (exclusive) columns. */
static bool name_columns(const char *file, int line, const char *name, int *start, int *end)
{
	size_t len = name ? strlen(name) : 0;
	char *text = len ? source_line(file, line) : NULL;
	bool found = false;
	for (const char *p = text; p && (p = strstr(p, name)) != NULL; p++) {
		bool before = p > text && word_char(p[-1]) && word_char(name[0]);
		bool after = word_char(p[len]) && word_char(name[len - 1]);
		if (!before && !after) {
			*start = 1 + utf16_units(text, (size_t)(p - text));
			*end = *start + utf16_units(p, len);
			found = true;
			break;
		}
	}
	free(text);
	return found;
}

json_object *sarif_location(const struct sarif_ctx *c, const char *file, int line,
			    const char *name, const char *message)
{
	json_object *physical = json_object_new_object();
	json_object_object_add(physical, "artifactLocation", artifact(c, file));
	if (line > 0) {
		json_object *region = json_object_new_object();
		json_object_object_add(region, "startLine", json_object_new_int(line));
		int start, end;
		if (name_columns(file, line, name, &start, &end)) {
			json_object_object_add(region, "startColumn", json_object_new_int(start));
			json_object_object_add(region, "endColumn", json_object_new_int(end));
		}
		json_object_object_add(physical, "region", region);
	}
	json_object *loc = json_object_new_object();
	json_object_object_add(loc, "physicalLocation", physical);
	if (message) {
		json_object *m = json_object_new_object();
		json_object_object_add(m, "text", json_object_new_string(message));
		json_object_object_add(loc, "message", m);
	}
	return loc;
}

struct sarif_place sarif_op_place(const struct snc_facts *facts, const struct snc_fact_op *op)
{
	if (op->function >= 0) {
		const struct snc_fact_function *fn = &facts->functions[op->function];
		return (struct sarif_place){ fn->file, fn->name, fn->line };
	}
	return (struct sarif_place){ op->file, op->name, op->line };
}
