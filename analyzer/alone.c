/* alone.c: headers that refuse to be included on their own.
 *
 * Libraries keep architecture and platform variants of a header beside the public one
 * (Concurrency Kit's include/gcc/x86_64/ck_pr.h, include/freebsd/ck_md.h), each guarded by
 * `#error "Do not include this file directly, use ck_pr.h"`. Parsed as a unit of its own
 * such a header stops at that directive: its errors say nothing about the flags or the
 * code, and its functions are seen through the header that includes it. A unit is such a
 * header when its first error is an #error directive of its own main file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "snc_analyzer.h"

/* Is line `line` (1-based) of path a `#error` directive? */
static bool is_error_directive(const char *path, int line)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	char *text = NULL;
	size_t cap = 0;
	bool found = false;
	for (int n = 1; getline(&text, &cap, f) >= 0; n++) {
		if (n < line)
			continue;
		char word[16];
		found = sa_directive(text, word, sizeof word) && strcmp(word, "error") == 0;
		break;
	}
	free(text);
	fclose(f);
	return found;
}

bool sa_unit_refuses_alone(const struct sa_unit *u)
{
	if (u->status != SA_UNIT_ERRORS || u->ndiagnostics == 0 || !u->file)
		return false;
	const struct sa_diagnostic *d = &u->diagnostics[0];
	const char *dot = strrchr(u->file, '.');
	if (!dot || dot[1] != 'h' || !d->file || strcmp(d->file, u->file) != 0 || d->line <= 0)
		return false;
	return is_error_directive(u->file, d->line);
}
