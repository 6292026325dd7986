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
 * SNC_LINE_MAX: one error naming the file and line. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "snc_cmdline.h"

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

struct config_reading {
	struct snc_config *config;
	const struct snc_command_doc *const *docs;
	const struct snc_command_doc *doc;       /* the command being configured */
	const struct snc_command_doc *section;   /* the current section's, NULL in [all] */
	bool in_all, in_section;
};

/* One line of the file (comments and blanks already dropped). */
static int read_line(void *ctx, char *text, int lineno, char *why, size_t whylen)
{
	(void)lineno;   /* snc_lines_read names the line of an error */
	struct config_reading *r = ctx;
	if (*text == '[') {
		char *close = strchr(text, ']');
		if (!close || *snc_trim(close + 1)) {
			snprintf(why, whylen, "a section is '[NAME]', not '%.100s'", text);
			return -1;
		}
		*close = '\0';
		const char *name = snc_trim(text + 1);
		r->in_all = strcmp(name, "all") == 0;
		r->section = r->in_all ? NULL : doc_named(r->docs, name);
		r->in_section = true;
		if (!r->in_all && !r->section) {
			snprintf(why, whylen, "'[%.100s]' is not a command (nor [all])", name);
			return -1;
		}
		return 0;
	}
	char *eq = strchr(text, '=');
	if (!r->in_section) {
		snprintf(why, whylen, "an option before any [section]");
		return -1;
	}
	if (!eq) {
		snprintf(why, whylen, "expected 'option = value', not '%.100s'", text);
		return -1;
	}
	*eq = '\0';
	char *key = snc_trim(text), *value = snc_trim(eq + 1);
	if (!*key || !*value) {
		snprintf(why, whylen, "expected 'option = value'");
		return -1;
	}
	if (r->in_all)
		return take_all_line(r->config, r->docs, r->doc, key, value, why, whylen);
	/* Every section is checked, so a typo in another command's never waits. */
	return take_line(r->config, r->section, r->section == r->doc, key, value, why, whylen);
}

int snc_config_load(const char *path, const char *command,
		    const struct snc_command_doc *const *docs, struct snc_config *c, char *err,
		    size_t errlen)
{
	*c = (struct snc_config){ 0 };
	struct config_reading r = { .config = c, .docs = docs, .doc = doc_named(docs, command) };
	int rc = snc_lines_read(path, read_line, &r, err, errlen);
	if (rc != 0)
		snc_config_free(c);
	return rc;
}

void snc_config_free(struct snc_config *c)
{
	for (int i = 0; i < c->nargs; i++)
		free(c->args[i]);
	free(c->args);
	*c = (struct snc_config){ 0 };
}
