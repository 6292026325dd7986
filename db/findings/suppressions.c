/* suppressions.c: what a line of a suppressions file (as Valgrind and ThreadSanitizer
 * users know them) does to findings, beside the in-source `snc: intentional` markers:
 * the findings it names count as intentional (the gate passes them; reports show them, with
 * the line that suppressed them). The CLI reads the file; each line is RULE:WHERE:
 *
 *     # RULE may be *; WHERE is one of
 *     snc-unsynchronized:src/counters.c:42     a file (a glob, matched at the path's end) and a line
 *     hot-heavyweight:src/alloc.c              anywhere in a file
 *     *:vendor/?*                              every rule in a folder
 *     needless-heavyweight:fun:set_*           a function or op (either of the pair)
 *     contract-reliant:harness:ring            a harness
 *
 * A line that is none of these, or names a rule snc does not have, is refused. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "findings_internal.h"

static bool rule_exists(const char *id)
{
	for (const struct snc_rule *r = snc_rules; r->id; r++)
		if (strcmp(r->id, id) == 0)
			return true;
	return false;
}

/* A glob matches a path when it matches the whole path or its end after a '/'. */
static bool path_matches(const char *glob, const char *path)
{
	if (!path)
		return false;
	if (fnmatch(glob, path, 0) == 0)
		return true;
	for (const char *p = strchr(path, '/'); p; p = strchr(p + 1, '/'))
		if (fnmatch(glob, p + 1, 0) == 0)
			return true;
	return false;
}

static bool name_matches(const char *glob, const char *name)
{
	return name && fnmatch(glob, name, 0) == 0;
}

/* Does the WHERE of a suppression cover x? A trailing ":N" on a file glob is its line. */
static bool where_matches(char *where, const struct snc_finding *x)
{
	if (strncmp(where, "fun:", 4) == 0)
		return name_matches(where + 4, x->f) || name_matches(where + 4, x->g);
	if (strncmp(where, "harness:", 8) == 0)
		return name_matches(where + 8, x->harness);
	char *colon = strrchr(where, ':');
	if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
		int line = atoi(colon + 1);
		*colon = '\0';
		bool hit = x->line == line && path_matches(where, x->file);
		*colon = ':';
		return hit;
	}
	return path_matches(where, x->file);
}

int snc_findings_suppress(struct snc_findings *findings, char *line, const char *origin,
			  char *why, size_t whylen)
{
	char *colon = strchr(line, ':');
	if (!colon || colon == line || !colon[1]) {
		snprintf(why, whylen, "expected RULE:WHERE, not '%.100s'", line);
		return -1;
	}
	*colon = '\0';
	const char *rule = line;
	char *where = colon + 1;
	if (strcmp(rule, "*") != 0 && !rule_exists(rule)) {
		snprintf(why, whylen, "'%.100s' is not a rule (docs/findings.md lists them)", rule);
		return -1;
	}
	int hits = 0;
	for (int i = 0; i < findings->count; i++) {
		struct snc_finding *x = &findings->items[i];
		if (x->intentional || (strcmp(rule, "*") != 0 && strcmp(rule, x->rule->id) != 0) ||
		    !where_matches(where, x))
			continue;
		x->intentional = 1;
		x->reason = db_arena_printf(findings->arena, "suppressed by %s (%s:%s)", origin,
					    rule, where);
		hits++;
	}
	return hits;
}
