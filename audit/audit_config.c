/* audit_config.c: the small config file of `snc audit` (--config FILE), for when a
 * guess of the generator is wrong.
 *
 * One directive per line, `#` starts a comment, blank lines are ignored. A line
 * `[family TYPE]` starts a section: the directives after it apply to the family whose
 * object type is TYPE (`struct ck_ring`, `int`) or whose harness is named TYPE (`ck_ring`);
 * directives before any section apply to every family.
 *
 *   domain N                      integer arguments take 0..N-1 (like --domain)
 *   constructor FUNCTION          build the object with FUNCTION (returns T *)
 *   initializer FUNCTION          initialize a zeroed object with FUNCTION(obj, ...)
 *   zero                          neither: the object stays zeroed
 *   setup C-STATEMENT             more set-up after the object is built (`obj` points to it)
 *   arg FUNCTION.PARAM VALUE      PARAM always gets the C expression VALUE
 *   arg FUNCTION.PARAM LO..HI     PARAM takes the values LO..HI
 *   role FUNCTION.PARAM ROLE      object, value, fresh, shared, token, out, null or another
 *   contract FUNCTION CONTRACT    single-producer, single-consumer, owner-only or none
 *   skip FUNCTION                 not an operation
 *   macro RESULT NAME(TYPE P, ...)  audit the function-like macro NAME through a wrapper
 *                                 of this prototype (one that expands to an expression)
 *
 * FUNCTION is a name or a shell pattern (`*_mpmc`, `*`). docs/audit.md has examples.
 * Anything else (an unknown directive, a malformed section or argument, a line longer
 * than 4096 characters or with a NUL byte) is an error that names the file and line. */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

#define MAX_LINE 4096   /* characters in a line, its newline included */

static const char *const verbs[] = {
	"constructor", "initializer", "zero", "setup", "arg", "role", "contract", "skip", "macro", NULL,
};

static int fail(char *err, size_t errlen, const char *path, int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int fail(char *err, size_t errlen, const char *path, int line, const char *fmt, ...)
{
	int n = snprintf(err, errlen, "%s:%d: ", path, line);
	va_list ap;
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* Splits off the first word of *s (NUL-terminated in place); NULL when there is none. */
static char *word(char **s)
{
	char *p = trim(*s);
	if (!*p)
		return NULL;
	char *end = p;
	while (*end && !isspace((unsigned char)*end))
		end++;
	if (*end)
		*end++ = '\0';
	*s = end;
	return p;
}

static bool known_verb(const char *v)
{
	for (int i = 0; verbs[i]; i++)
		if (strcmp(verbs[i], v) == 0)
			return true;
	return false;
}

/* The macro a prototype types: the identifier before its '(' (`void *rcu_dereference(void
 * *p)`: rcu_dereference); -1 when it has no result type, no name or no closing ')'. */
static int macro_name(const char *proto, char *name, size_t len)
{
	const char *open = strchr(proto, '('), *end = proto + strlen(proto);
	if (!open || end == proto || end[-1] != ')')
		return -1;
	const char *stop = open;
	while (stop > proto && stop[-1] == ' ')
		stop--;
	const char *start = stop;
	while (start > proto && (isalnum((unsigned char)start[-1]) || start[-1] == '_'))
		start--;
	if (start == stop || start == proto || (size_t)(stop - start) >= len)
		return -1;
	memcpy(name, start, (size_t)(stop - start));
	name[stop - start] = '\0';
	return 0;
}

static int add_rule(struct audit_config *cfg, const char *family, char *verb, char *rest,
		    int line, char *err, size_t errlen)
{
	struct audit_rule r = { .line = line };
	char *target = NULL;
	char name[256];
	if (strcmp(verb, "macro") == 0) {
		rest = trim(rest);
		if (macro_name(rest, name, sizeof name) != 0)
			return fail(err, errlen, cfg->path, line, "'macro' needs a C prototype, RESULT "
				    "NAME(TYPE PARAM, ...), not '%s'", rest);
		target = name;
		goto store;
	}
	bool needs_function = strcmp(verb, "zero") != 0 && strcmp(verb, "setup") != 0 &&
			      strcmp(verb, "macro") != 0;
	if (needs_function && !(target = word(&rest)))
		return fail(err, errlen, cfg->path, line, "'%s' needs a function", verb);
	rest = trim(rest);
	if (strcmp(verb, "arg") == 0 || strcmp(verb, "role") == 0) {
		char *dot = strchr(target, '.');
		if (!dot || !dot[1])
			return fail(err, errlen, cfg->path, line, "'%s' needs FUNCTION.PARAMETER, not '%s'",
				    verb, target);
		*dot = '\0';
		if (!*rest)
			return fail(err, errlen, cfg->path, line, "'%s %s.%s' needs a value", verb,
				    target, dot + 1);
		if (strcmp(verb, "role") == 0 && audit_role_parse(rest) < 0)
			return fail(err, errlen, cfg->path, line, "unknown role '%s' (object, value, "
				    "fresh, shared, token, out, null, callback)", rest);
		r.param = strdup(dot + 1);   /* only now: a rejected line keeps nothing */
	} else if (strcmp(verb, "contract") == 0) {
		if (strcmp(rest, "single-producer") && strcmp(rest, "single-consumer") &&
		    strcmp(rest, "owner-only") && strcmp(rest, "none"))
			return fail(err, errlen, cfg->path, line, "unknown contract '%s' (single-producer, "
				    "single-consumer, owner-only, none)", rest);
	} else if (strcmp(verb, "setup") == 0) {
		if (!*rest)
			return fail(err, errlen, cfg->path, line, "'setup' needs a C statement");
	} else if (*rest) {
		return fail(err, errlen, cfg->path, line, "unexpected '%s' after '%s%s%s'", rest,
			    verb, target ? " " : "", target ? target : "");
	}
store:
	r.family = family ? strdup(family) : NULL;
	r.verb = strdup(verb);
	r.function = target ? strdup(target) : NULL;
	r.value = *rest ? strdup(rest) : NULL;
	if (cfg->nrules == cfg->cap) {
		cfg->cap = cfg->cap ? 2 * cfg->cap : 16;
		cfg->rules = realloc(cfg->rules, (size_t)cfg->cap * sizeof *cfg->rules);
		if (!cfg->rules)
			return fail(err, errlen, cfg->path, line, "out of memory");
	}
	cfg->rules[cfg->nrules++] = r;
	return 0;
}

int audit_config_read(const char *path, struct audit_config *cfg, char *err, size_t errlen)
{
	memset(cfg, 0, sizeof *cfg);
	cfg->path = path;
	FILE *f = fopen(path, "r");
	if (!f)
		return snprintf(err, errlen, "cannot read config '%s': %s", path, strerror(errno)), -1;
	char *buf = NULL, *family = NULL;
	size_t cap = 0;
	ssize_t got;
	int line = 0, rc = 0;
	while (rc == 0 && (got = getline(&buf, &cap, f)) >= 0) {
		line++;
		if ((size_t)got > MAX_LINE) {
			rc = fail(err, errlen, path, line, "the line is longer than %d characters", MAX_LINE);
			break;
		}
		if (strlen(buf) != (size_t)got) {
			rc = fail(err, errlen, path, line, "a NUL byte in the line");
			break;
		}
		char *hash = strchr(buf, '#');
		if (hash)
			*hash = '\0';
		char *s = trim(buf);
		if (!*s)
			continue;
		if (*s == '[') {
			char *close = strchr(s, ']');
			if (!close || close[1] || strncmp(s, "[family ", 8) != 0) {
				rc = fail(err, errlen, path, line, "a section reads [family TYPE], not '%s'", s);
				break;
			}
			*close = '\0';
			free(family);
			family = strdup(trim(s + 8));
			continue;
		}
		char *verb = word(&s);
		if (strcmp(verb, "domain") == 0) {
			char *end;
			long n = strtol(trim(s), &end, 10);
			if (end == trim(s) || *end || n < 1 || n > 64)
				rc = fail(err, errlen, path, line, "domain needs a number from 1 to 64");
			else
				cfg->domain = (int)n;
			continue;
		}
		if (!known_verb(verb)) {
			rc = fail(err, errlen, path, line, "unknown directive '%s' (see docs/audit.md)", verb);
			break;
		}
		rc = add_rule(cfg, family, verb, s, line, err, errlen);
	}
	free(family);
	free(buf);
	fclose(f);
	if (rc != 0)
		audit_config_free(cfg);
	return rc;
}

void audit_config_free(struct audit_config *cfg)
{
	for (int i = 0; i < cfg->nrules; i++) {
		free(cfg->rules[i].family);
		free(cfg->rules[i].verb);
		free(cfg->rules[i].function);
		free(cfg->rules[i].param);
		free(cfg->rules[i].value);
	}
	free(cfg->rules);
	cfg->rules = NULL;
	cfg->nrules = cfg->cap = 0;
}

bool audit_rule_applies(const struct audit_rule *r, const char *family)
{
	if (!r->family)
		return true;
	if (!family)
		return false;
	if (strcmp(r->family, family) == 0)
		return true;
	/* `[family ck_ring]` for `struct ck_ring` */
	const char *space = strrchr(family, ' ');
	return space && strcmp(r->family, space + 1) == 0;
}

const struct audit_rule *audit_config_find(const struct audit_config *cfg, const char *family,
					   const char *verb, const char *function,
					   const char *param)
{
	const struct audit_rule *found = NULL;
	for (int i = 0; cfg && i < cfg->nrules; i++) {
		const struct audit_rule *r = &cfg->rules[i];
		if (strcmp(r->verb, verb) != 0 || !audit_rule_applies(r, family))
			continue;
		if (function && r->function && fnmatch(r->function, function, 0) != 0)
			continue;
		if (param && (!r->param || strcmp(r->param, param) != 0))
			continue;
		found = r;
	}
	return found;
}
