/* directive.c: preprocessor directives read as text, a line at a time: what the headers
 * say before any parse (an #error of its own, an include guard, the conditions around an
 * #include). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "snc_analyzer.h"

const char *sa_directive(const char *line, char *word, size_t len)
{
	const char *p = line;
	while (isblank((unsigned char)*p))
		p++;
	if (*p++ != '#')
		return NULL;
	while (isblank((unsigned char)*p))
		p++;
	size_t n = 0;
	while ((isalnum((unsigned char)p[n]) || p[n] == '_') && n + 1 < len)
		n++;
	memcpy(word, p, n);
	word[n] = '\0';
	return p + n;
}

bool sa_has_include_guard(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return true;
	char line[512], word[16], guard[128] = "";
	bool found = false, first = true;
	while (!found && fgets(line, sizeof line, f)) {
		const char *rest = sa_directive(line, word, sizeof word);
		char name[128];
		if (!rest)
			continue;
		if (strcmp(word, "pragma") == 0 && strstr(rest, "once"))
			found = true;
		else if (first && strcmp(word, "ifndef") == 0 && sscanf(rest, "%127s", guard) == 1)
			first = false;
		else if (!first && guard[0]) {   /* the directive right after the #ifndef */
			found = strcmp(word, "define") == 0 && sscanf(rest, "%127s", name) == 1 &&
				strcmp(name, guard) == 0;
			guard[0] = '\0';
		} else {
			first = false;
		}
	}
	fclose(f);
	return found;
}
