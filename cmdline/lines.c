/* lines.c: the line format snc's own settings files share (the project's .snc, suppressions
 * files): `#` starts a comment, blanks are trimmed, empty lines are skipped, and a line
 * longer than SNC_LINE_MAX is an error rather than two lines. */
#include <string.h>
#include "snc_cmdline.h"

char *snc_trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	char *end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

int snc_lines_read(const char *path, snc_line_fn *fn, void *ctx, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot read '%s'", path);
		return -1;
	}
	char line[SNC_LINE_MAX + 2], why[512] = "";
	int lineno = 0, rc = 0;
	while (rc == 0 && fgets(line, sizeof line, f)) {
		lineno++;
		if (strlen(line) > SNC_LINE_MAX) {
			snprintf(why, sizeof why, "the line is longer than %d characters", SNC_LINE_MAX);
			rc = -1;
			break;
		}
		line[strcspn(line, "\n")] = '\0';
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *text = snc_trim(line);
		if (*text)
			rc = fn(ctx, text, lineno, why, sizeof why);
	}
	fclose(f);
	if (rc != 0)
		snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
	return rc;
}
