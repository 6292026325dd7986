/* safe_text.c: strings from a database or scanned code, made safe to print or serialize.
 *
 * Names of harnesses, operations, functions and files come from code snc does not trust
 * (docs/threat-model.md): they may hold newlines, escape sequences or bytes that are not
 * UTF-8. On a terminal or in a line-oriented output (`snc gate` lines) every control
 * character (C0, DEL, C1), bidirectional override and invalid byte is written as an escape
 * (\n, \t, \xNN, \u{202e}), so a name can neither forge a line nor drive the terminal. In
 * JSON and SARIF every invalid byte becomes U+FFFD, so the file is valid UTF-8 JSON. */
#include <stdlib.h>
#include <string.h>
#include "report_internal.h"

/* The length of the valid UTF-8 sequence at p and its code point, or 0 when invalid. */
static int utf8_sequence(const unsigned char *p, unsigned *cp)
{
	int n = p[0] < 0x80 ? 1 : (p[0] & 0xe0) == 0xc0 ? 2 : (p[0] & 0xf0) == 0xe0 ? 3
		: (p[0] & 0xf8) == 0xf0 ? 4 : 0;
	if (n == 0)
		return 0;
	unsigned c = n == 1 ? p[0] : p[0] & (0x7f >> n);
	for (int i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	static const unsigned least[] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (c < least[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

static bool shown_escaped(unsigned c)
{
	return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0x202a && c <= 0x202e) ||
	       (c >= 0x2066 && c <= 0x2069);
}

char *report_text_dup(const char *s)
{
	if (!s)
		return NULL;
	size_t len = strlen(s);
	char *out = malloc(len * 10 + 1), *o = out;
	if (!out)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		unsigned c = 0;
		int n = utf8_sequence(p, &c);
		if (n == 0) {
			o += sprintf(o, "\\x%02x", *p++);
			continue;
		}
		if (!shown_escaped(c)) {
			memcpy(o, p, (size_t)n);
			o += n;
		} else if (c == '\n' || c == '\t' || c == '\r') {
			o += sprintf(o, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
		} else if (c < 0x80) {
			o += sprintf(o, "\\x%02x", c);
		} else {
			o += sprintf(o, "\\u{%x}", c);
		}
		p += n;
	}
	*o = '\0';
	return out;
}

void report_put_text(FILE *out, const char *s)
{
	char *safe = report_text_dup(s);
	fputs(safe ? safe : "?", out);
	free(safe);
}

char *report_json_text(json_object *o, int flags)
{
	const char *raw = json_object_to_json_string_ext(o, flags);
	size_t len = strlen(raw);
	char *out = malloc(len * 3 + 1), *w = out;
	if (!out)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)raw; *p;) {
		unsigned c;
		int n = utf8_sequence(p, &c);
		if (n == 0) {
			memcpy(w, "\xef\xbf\xbd", 3);   /* U+FFFD */
			w += 3;
			p++;
			continue;
		}
		memcpy(w, p, (size_t)n);
		w += n;
		p += n;
	}
	*w = '\0';
	return out;
}

int report_json_to_file(const char *path, json_object *o, int flags)
{
	char *text = report_json_text(o, flags);
	bool to_stdout = strcmp(path, "-") == 0;
	FILE *f = !text ? NULL : to_stdout ? stdout : fopen(path, "w");
	int rc = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF ? 0 : -1;
	if (f && (to_stdout ? fflush(f) : fclose(f)) != 0)
		rc = -1;
	free(text);
	return rc;
}
