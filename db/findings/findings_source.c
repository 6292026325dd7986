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

/* Reads up to cap lines of path, starting at line first, into lines[] (a long line is
 * cut). Returns the number read, or -1 when the file cannot be read. */
static int read_lines(const char *path, char (*lines)[MAX_LINE], int cap, int first)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char buf[MAX_LINE];
	int lineno = 0, n = 0;
	while (fgets(buf, sizeof buf, f)) {
		size_t len = strlen(buf);
		bool complete = len > 0 && buf[len - 1] == '\n';
		if (!complete && !feof(f)) {
			/* A very long line: keep its start, skip the rest. */
			int c;
			while ((c = fgetc(f)) != EOF && c != '\n')
				;
		}
		lineno++;
		if (lineno < first)
			continue;
		if (n == cap)
			break;
		buf[strcspn(buf, "\n")] = '\0';
		memcpy(lines[n++], buf, MAX_LINE);
	}
	fclose(f);
	return n;
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

const char *source_intentional(struct db_arena *a, const char *file, int line, const char *rule)
{
	if (!file || line <= 0)
		return NULL;
	int first = line > MARKER_REACH ? line - MARKER_REACH : 1;
	int cap = line - first + 1;
	char (*lines)[MAX_LINE] = malloc((size_t)cap * MAX_LINE);
	if (!lines)
		return NULL;
	int n = read_lines(file, lines, cap, first);
	const char *reason = NULL;
	/* From the line itself upwards, stopping after the previous definition's end. */
	for (int i = n - 1; i >= 0 && !reason; i--) {
		if (i < n - 1 && ends_definition(lines[i]))
			break;
		reason = marker_reason(a, lines[i], rule);
	}
	free(lines);
	return reason;
}
