/* compdb_plain.c: a compile_commands.json read without libclang, when clang's reader would
 * take it exactly as it is written, so that a rescan with nothing to parse never loads
 * libclang (clang_api.h says what that costs).
 *
 * clang's reader (JSONCompilationDatabase, then libclang's expansion of response files and
 * its inference of targets and driver modes) splits a `command` string as split_command()
 * does, and changes a command in these cases, each of them left to it: an argument
 * starting with '@' (a response file), a compiler wrapper (ccache, distcc: removed) and a
 * compiler name that implies a target or a driver mode (x86_64-linux-gnu-gcc, g++,
 * clang-cl, cpp...). Only cc, gcc and clang, with a path and a version suffix or not, are
 * read here. clang also
 * refuses what is not a compilation database (keys other than its five, values that are
 * not strings, no command): such a file is left to it too, for its error. The parse is
 * json-c's, strict. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

/* json-c's string of v when v is a string without a NUL byte in it; else NULL. */
static const char *string_of(struct json_object *v)
{
	if (!v || !json_object_is_type(v, json_type_string))
		return NULL;
	const char *s = json_object_get_string(v);
	return strlen(s) == (size_t)json_object_get_string_len(v) ? s : NULL;
}

/* Is the compiler one whose name clang's reader keeps as it is? cc, gcc, clang, each with
 * an optional -N or -N.N... version suffix. */
static bool plain_compiler(const char *argv0)
{
	const char *slash = strrchr(argv0, '/');
	const char *name = slash ? slash + 1 : argv0;
	static const char *const names[] = { "cc", "gcc", "clang", NULL };
	for (int k = 0; names[k]; k++) {
		size_t n = strlen(names[k]);
		if (strncmp(name, names[k], n) != 0)
			continue;
		const char *v = name + n;
		if (!*v)
			return true;
		if (v[0] != '-' || !v[1])
			return false;
		for (v++; *v; v++)
			if ((*v < '0' || *v > '9') && *v != '.')
				return false;
		return true;
	}
	return false;
}

/* A `command` split as clang's reader splits it on POSIX systems (JSONCompilationDatabase's
 * command-line parser): arguments are separated by spaces (only spaces); within one,
 * "..." keeps everything, a backslash in it taking the next character as it is, '...'
 * keeps everything with no escapes, and outside quotes a backslash takes the next
 * character as it is. A quote left open or a backslash at the end (where clang's parser
 * keeps what it has read) is left to clang: NULL. The strings live in *buf. */
static const char **split_command(const char *s, char **buf, unsigned *nargs)
{
	size_t len = strlen(s);
	const char **argv = sa_alloc((len / 2 + 2) * sizeof *argv);
	char *o = *buf = sa_alloc(2 * len + 2);
	*nargs = 0;
	for (const char *p = s;;) {
		while (*p == ' ')
			p++;
		if (!*p)
			return argv;
		argv[(*nargs)++] = o;
		while (*p && *p != ' ') {
			char quote = *p == '"' || *p == '\'' ? *p++ : 0;
			if (!quote) {
				if (*p == '\\' && !*++p)
					goto open;
				*o++ = *p++;
				continue;
			}
			while (*p != quote) {
				if (quote == '"' && *p == '\\')
					p++;
				if (!*p)
					goto open;
				*o++ = *p++;
			}
			p++;
		}
		*o++ = '\0';
	}
open:
	free(argv);
	free(*buf);
	*buf = NULL;
	return NULL;
}

/* The command's arguments (a NULL-terminated malloc'd array of strings that belong to
 * json-c or to the array's one buffer *buf), or NULL when clang's reader must read it. */
static const char **arguments_of(struct json_object *entry, char **buf, unsigned *nargs)
{
	struct json_object *arguments = NULL, *command = NULL;
	json_object_object_get_ex(entry, "arguments", &arguments);
	json_object_object_get_ex(entry, "command", &command);
	const char **argv = NULL;
	*buf = NULL;
	*nargs = 0;
	if (arguments && !command) {
		if (!json_object_is_type(arguments, json_type_array))
			return NULL;
		size_t n = json_object_array_length(arguments);
		argv = sa_alloc((n + 1) * sizeof *argv);
		for (size_t i = 0; i < n; i++)
			if (!(argv[(*nargs)++] = string_of(json_object_array_get_idx(arguments, i))))
				goto refuse;
	} else if (command && !arguments) {
		const char *s = string_of(command);
		if (!s || !(argv = split_command(s, buf, nargs)))
			return NULL;
	} else {
		return NULL;
	}
	if (*nargs == 0 || !plain_compiler(argv[0]))
		goto refuse;
	for (unsigned i = 0; i < *nargs; i++)
		if (argv[i][0] == '@')
			goto refuse;
	return argv;
refuse:
	free(argv);
	free(*buf);
	*buf = NULL;
	return NULL;
}

/* Is entry an object of clang's five keys, with a string directory and file? */
static bool plain_entry(struct json_object *entry)
{
	if (!json_object_is_type(entry, json_type_object))
		return false;
	json_object_object_foreach(entry, key, value) {
		if (strcmp(key, "directory") != 0 && strcmp(key, "file") != 0 &&
		    strcmp(key, "command") != 0 && strcmp(key, "arguments") != 0 &&
		    strcmp(key, "output") != 0)
			return false;
		if (strcmp(key, "arguments") != 0 && !string_of(value))
			return false;
	}
	struct json_object *v;
	return json_object_object_get_ex(entry, "directory", &v) &&
	       json_object_object_get_ex(entry, "file", &v);
}

/* The JSON value that is the whole file (blanks around it allowed); NULL when it is not. */
static struct json_object *parse_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *text = NULL;
	size_t len = 0, cap = 0, n;
	do {
		if (len == cap)
			text = sa_grow(text, cap = 2 * cap + 65536);
		n = fread(text + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	bool read = !ferror(f) && len < (size_t)0x7fffffff;
	fclose(f);
	struct json_object *root = NULL;
	struct json_tokener *tok = read ? json_tokener_new() : NULL;
	if (tok) {
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
		root = json_tokener_parse_ex(tok, text, (int)len);
		size_t end = json_tokener_get_error(tok) == json_tokener_success
				     ? json_tokener_get_parse_end(tok) : 0;
		while (root && end < len && strchr(" \t\r\n", text[end]) && text[end])
			end++;
		if (root && end != len) {
			json_object_put(root);
			root = NULL;
		}
		json_tokener_free(tok);
	}
	free(text);
	return root;
}

bool sa_compdb_read_plain(const char *db_dir, struct sa_units *out, int *cap)
{
	char *path = sa_printf("%s/compile_commands.json", db_dir);
	struct json_object *root = parse_file(path);
	free(path);
	if (!root)
		return false;
	bool plain = json_object_is_type(root, json_type_array);
	size_t n = plain ? json_object_array_length(root) : 0;
	for (size_t i = 0; plain && i < n; i++) {
		struct json_object *entry = json_object_array_get_idx(root, i);
		char *buf = NULL;
		unsigned nargs;
		const char **argv = plain_entry(entry) ? arguments_of(entry, &buf, &nargs) : NULL;
		plain = argv != NULL;
		free(argv);
		free(buf);
	}
	for (size_t i = 0; plain && i < n; i++) {
		struct json_object *entry = json_object_array_get_idx(root, i), *dir, *file;
		json_object_object_get_ex(entry, "directory", &dir);
		json_object_object_get_ex(entry, "file", &file);
		char *buf;
		unsigned nargs;
		const char **argv = arguments_of(entry, &buf, &nargs);
		sa_compdb_add(db_dir, string_of(dir), string_of(file), (char *const *)argv, nargs,
			      out, cap);
		free(argv);
		free(buf);
	}
	json_object_put(root);
	return plain;
}
