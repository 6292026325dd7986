/* config.c: the project's `.snc` file, found by walking up from the current directory: the
 * options a project always passes, per command, checked like the command line.
 *
 *     # .snc
 *     [all]               # every command that has the option
 *     db = build/snc.db
 *     [run]
 *     timeout = 0.5
 *     schedules = true    # a flag: true or false
 *     [gate]
 *     fail-on = warning
 *
 * The options come before the command line's, so the command line wins. An unknown
 * section or option, a bad value, a line that is not `key = value` or is longer than
 * SNC_CONFIG_LINE_MAX: one error naming the file and line. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "snc_cmdline.h"

enum { SNC_CONFIG_LINE_MAX = 1024 };

int snc_config_find(char *path, size_t len)
{
	char dir[PATH_MAX];
	if (!getcwd(dir, sizeof dir))
		return -1;
	for (;;) {
		snprintf(path, len, "%s/.snc", strcmp(dir, "/") == 0 ? "" : dir);
		if (access(path, F_OK) == 0)
			return 0;
		char *slash = strrchr(dir, '/');
		if (!slash || slash == dir) {
			if (strcmp(dir, "/") == 0)
				return -1;
			strcpy(dir, "/");
			continue;
		}
		*slash = '\0';
	}
}

static char *trim(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	char *end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

static const struct snc_command_doc *doc_named(const struct snc_command_doc *const *docs,
					       const char *command)
{
	for (int i = 0; docs[i]; i++) {
		const char *name = strchr(docs[i]->prog, ' ');
		if (name && strcmp(name + 1, command) == 0)
			return docs[i];
	}
	return NULL;
}

static int push_arg(struct snc_config *c, const char *name, const char *value)
{
	char **grown = realloc(c->args, (size_t)(c->nargs + 2) * sizeof *grown);
	if (!grown)
		return -1;
	c->args = grown;
	size_t n = strlen(name) + (value ? strlen(value) : 0) + 4;
	char *arg = malloc(n);
	if (!arg)
		return -1;
	snprintf(arg, n, "--%s%s%s", name, value ? "=" : "", value ? value : "");
	c->args[c->nargs++] = arg;
	c->args[c->nargs] = NULL;
	return 0;
}

/* One `key = value` line, checked against the section's command; pushed when push. */
static int take_line(struct snc_config *c, const struct snc_command_doc *section, bool push,
		     const char *key, const char *value, char *err, size_t errlen)
{
	const struct snc_opt *o = snc_opt_find(section->tables, key);
	if (!o) {
		snprintf(err, errlen, "'%s' has no option '%s'", section->prog, key);
		return -1;
	}
	long long number;
	if (o->kind == SNC_OPT_FLAG) {
		if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0) {
			snprintf(err, errlen, "'%s' is a flag: true or false, not '%s'", key, value);
			return -1;
		}
		return push && strcmp(value, "true") == 0 ? push_arg(c, key, NULL) : 0;
	}
	if (snc_opt_check(o, value, &number, err, errlen) != 0)
		return -1;
	return push ? push_arg(c, key, value) : 0;
}

/* A line of [all]: some command must have the option; it applies to doc when doc has it. */
static int take_all_line(struct snc_config *c, const struct snc_command_doc *const *docs,
			 const struct snc_command_doc *doc, const char *key, const char *value,
			 char *err, size_t errlen)
{
	if (doc && snc_opt_find(doc->tables, key))
		return take_line(c, doc, true, key, value, err, errlen);
	for (int i = 0; docs[i]; i++)
		if (snc_opt_find(docs[i]->tables, key))
			return take_line(c, docs[i], false, key, value, err, errlen);
	snprintf(err, errlen, "no command has an option '%s'", key);
	return -1;
}

/* One line of the file (comments and blanks already dropped). */
static int read_line(struct snc_config *c, const struct snc_command_doc *const *docs,
		     const struct snc_command_doc *doc, char *text,
		     const struct snc_command_doc **section, bool *in_all, bool *in_section,
		     char *why, size_t whylen)
{
	if (*text == '[') {
		char *close = strchr(text, ']');
		if (!close || *trim(close + 1)) {
			snprintf(why, whylen, "a section is '[NAME]', not '%.100s'", text);
			return -1;
		}
		*close = '\0';
		const char *name = trim(text + 1);
		*in_all = strcmp(name, "all") == 0;
		*section = *in_all ? NULL : doc_named(docs, name);
		*in_section = true;
		if (!*in_all && !*section) {
			snprintf(why, whylen, "'[%.100s]' is not a command (nor [all])", name);
			return -1;
		}
		return 0;
	}
	char *eq = strchr(text, '=');
	if (!*in_section) {
		snprintf(why, whylen, "an option before any [section]");
		return -1;
	}
	if (!eq) {
		snprintf(why, whylen, "expected 'option = value', not '%.100s'", text);
		return -1;
	}
	*eq = '\0';
	char *key = trim(text), *value = trim(eq + 1);
	if (!*key || !*value) {
		snprintf(why, whylen, "expected 'option = value'");
		return -1;
	}
	if (*in_all)
		return take_all_line(c, docs, doc, key, value, why, whylen);
	/* Every section is checked, so a typo in another command's never waits. */
	return take_line(c, *section, *section == doc, key, value, why, whylen);
}

int snc_config_load(const char *path, const char *command,
		    const struct snc_command_doc *const *docs, struct snc_config *c, char *err,
		    size_t errlen)
{
	*c = (struct snc_config){ 0 };
	const struct snc_command_doc *doc = doc_named(docs, command), *section = NULL;
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot read '%s'", path);
		return -1;
	}
	char line[SNC_CONFIG_LINE_MAX + 2], why[512];
	int lineno = 0, rc = 0;
	bool in_all = false, in_section = false;
	while (rc == 0 && fgets(line, sizeof line, f)) {
		lineno++;
		size_t len = strlen(line);
		if (len > SNC_CONFIG_LINE_MAX) {
			snprintf(why, sizeof why, "the line is longer than %d characters",
				 SNC_CONFIG_LINE_MAX);
			rc = -1;
			break;
		}
		line[strcspn(line, "\n")] = '\0';
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *text = trim(line);
		if (*text)
			rc = read_line(c, docs, doc, text, &section, &in_all, &in_section, why,
				       sizeof why);
	}
	fclose(f);
	if (rc != 0) {
		snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
		snc_config_free(c);
	}
	return rc;
}

void snc_config_free(struct snc_config *c)
{
	for (int i = 0; i < c->nargs; i++)
		free(c->args[i]);
	free(c->args);
	*c = (struct snc_config){ 0 };
}
