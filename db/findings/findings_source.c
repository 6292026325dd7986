/* findings_source.c: the source lines a finding points at.
 *
 * Two questions need the text of a source file, not the database. Where is an operation
 * when no scan located its function? At the SNC_OP line of its harness, found by the op's
 * name (SNC_OP(name, ...), SNC_OP_CONTRACT(name, ...), or the string literal of
 * SNC_OP_AS("name", ...)). Did the developer mark a finding as intentional? With a comment
 * next to the function (or the op line):
 *
 *     /+ snc: intentional non-linearizable -- readers tolerate stale sums +/
 *
 * (with real comment delimiters), on the line itself or in the lines just above it, up to
 * the end of the previous definition (a line starting with '}' or another SNC_OP line) and
 * at most MARKER_REACH lines up. The rule must be named: a marker for one rule does not
 * silence another. The reason after "--" is kept and shown. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "findings_internal.h"

#define MARKER_REACH 20
#define MAX_LINE 4096

/* The text of each source file findings pointed at, read once per computation: a large
 * code base has thousands of findings in a few hundred files. Open addressing on the
 * path; a file that cannot be read is remembered as such (text NULL). */
struct source_file {
	char *path, *text;
	size_t len;
};

struct finding_sources {
	struct source_file *slots;
	size_t cap, count;
};

static uint64_t path_hash(const char *path)
{
	uint64_t h = 14695981039346656037ULL;
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		h = (h ^ *p) * 1099511628211ULL;
	return h;
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *text = NULL;
	size_t cap = 0;
	*len = 0;
	for (;;) {
		if (*len + 1 >= cap) {
			char *more = realloc(text, cap = cap ? 2 * cap : 16384);
			if (!more)
				break;
			text = more;
		}
		size_t n = fread(text + *len, 1, cap - 1 - *len, f);
		if (n == 0)
			break;
		*len += n;
	}
	bool failed = ferror(f) || !text || *len + 1 > cap;
	fclose(f);
	if (failed) {
		free(text);
		return NULL;
	}
	text[*len] = '\0';
	return text;
}

static bool sources_grow(struct finding_sources *s)
{
	size_t cap = s->cap ? 2 * s->cap : 256;
	struct source_file *slots = calloc(cap, sizeof *slots);
	if (!slots)
		return false;
	for (size_t i = 0; i < s->cap; i++) {
		if (!s->slots[i].path)
			continue;
		size_t k = path_hash(s->slots[i].path) & (cap - 1);
		while (slots[k].path)
			k = (k + 1) & (cap - 1);
		slots[k] = s->slots[i];
	}
	free(s->slots);
	s->slots = slots;
	s->cap = cap;
	return true;
}

/* The file's entry (read now if it was not yet), or NULL when out of memory. */
static const struct source_file *source_file(struct snc_findings *out, const char *path)
{
	struct finding_sources *s = out->sources;
	if (!s && !(s = out->sources = calloc(1, sizeof *s)))
		return NULL;
	if (2 * (s->count + 1) > s->cap && !sources_grow(s))
		return NULL;
	size_t k = path_hash(path) & (s->cap - 1);
	while (s->slots[k].path && strcmp(s->slots[k].path, path) != 0)
		k = (k + 1) & (s->cap - 1);
	struct source_file *f = &s->slots[k];
	if (!f->path) {
		if (!(f->path = strdup(path)))
			return NULL;
		f->text = read_file(path, &f->len);
		s->count++;
	}
	return f;
}

void finding_sources_free(struct finding_sources *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->cap; i++) {
		free(s->slots[i].path);
		free(s->slots[i].text);
	}
	free(s->slots);
	free(s);
}

/* The line from start to end (its newline excluded) as a string in buf: up to MAX_LINE - 1
 * bytes (a long line is cut). */
static void copy_line(const char *start, const char *end, char *buf)
{
	size_t n = (size_t)(end - start);
	if (n > MAX_LINE - 1)
		n = MAX_LINE - 1;
	memcpy(buf, start, n);
	buf[n] = '\0';
}

/* Is name at p, as a whole identifier (the character after it cannot continue one)? */
static bool identifier_at(const char *p, const char *name)
{
	size_t n = strlen(name);
	return strncmp(p, name, n) == 0 && !(isalnum((unsigned char)p[n]) || p[n] == '_');
}

/* name as the body of a C string literal: quotes and backslashes escaped. */
static void c_literal(const char *name, char *out, size_t len)
{
	size_t o = 0;
	out[o++] = '"';
	for (const char *p = name; *p && o + 3 < len; p++) {
		if (*p == '"' || *p == '\\')
			out[o++] = '\\';
		out[o++] = *p;
	}
	out[o++] = '"';
	out[o] = '\0';
}

static bool declares_op(const char *line, const char *op, const char *literal)
{
	if (!strstr(line, "SNC_OP"))
		return false;
	if (strstr(line, literal))
		return true;
	for (const char *p = strchr(line, '('); p; p = strchr(p + 1, '(')) {
		const char *q = p + 1;
		while (*q == ' ' || *q == '\t')
			q++;
		if (identifier_at(q, op))
			return true;
	}
	return false;
}

int source_op_line(const char *harness_source, const char *op)
{
	FILE *f = fopen(harness_source, "r");
	if (!f)
		return 0;
	char literal[MAX_LINE], buf[MAX_LINE];
	c_literal(op, literal, sizeof literal);
	int lineno = 0, found = 0;
	while (!found && fgets(buf, sizeof buf, f)) {
		lineno++;
		if (declares_op(buf, op, literal))
			found = lineno;
	}
	fclose(f);
	return found;
}

/* The marker's rule and reason in text, if the line holds one for rule. */
static const char *marker_reason(struct db_arena *a, const char *text, const char *rule)
{
	static const char tag[] = "snc: intentional ";
	for (const char *p = strstr(text, tag); p; p = strstr(p + 1, tag)) {
		const char *r = p + sizeof tag - 1;
		size_t n = strlen(rule);
		if (strncmp(r, rule, n) != 0 || (r[n] && !isspace((unsigned char)r[n])))
			continue;
		const char *reason = r + n;
		while (*reason == ' ' || *reason == '\t')
			reason++;
		if (strncmp(reason, "--", 2) != 0)
			return "";
		reason += 2;
		while (*reason == ' ' || *reason == '\t')
			reason++;
		const char *end = strstr(reason, "*/");
		size_t len = end ? (size_t)(end - reason) : strlen(reason);
		while (len > 0 && isspace((unsigned char)reason[len - 1]))
			len--;
		return db_arena_printf(a, "%.*s", (int)len, reason);
	}
	return NULL;
}

static bool ends_definition(const char *line)
{
	return line[0] == '}' || strstr(line, "SNC_OP") != NULL;
}

const char *source_intentional(struct snc_findings *out, const char *file, int line,
			       const char *rule)
{
	if (!file || line <= 0)
		return NULL;
	const struct source_file *f = source_file(out, file);
	if (!f || !f->text)
		return NULL;
	int first = line > MARKER_REACH ? line - MARKER_REACH : 1;
	/* the starts of lines first..line (and where the last one ends) */
	const char *starts[MARKER_REACH + 2];
	const char *p = f->text, *end = f->text + f->len;
	int lineno = 1, n = 0;
	while (p < end && lineno <= line) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (lineno >= first)
			starts[n++] = p;
		p = nl ? nl + 1 : end;
		lineno++;
	}
	starts[n] = p;
	const char *reason = NULL;
	char text[MAX_LINE];
	/* From the line itself upwards, stopping after the previous definition's end. */
	for (int i = n - 1; i >= 0 && !reason; i--) {
		const char *stop = starts[i + 1];
		if (stop > starts[i] && stop[-1] == '\n')
			stop--;
		copy_line(starts[i], stop, text);
		if (i < n - 1 && ends_definition(text))
			break;
		reason = marker_reason(out->arena, text, rule);
	}
	return reason;
}
