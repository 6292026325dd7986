/* audit_system_reader.c: a source that reads a named header the way its users' programs
 * do, for a header that does not compile alone.
 *
 * Some headers use the system's types without including the header that declares them,
 * because every program that includes them has included it first: Samba's tdb.h declares
 * tdb_open(const char *name, int hash_size, int tdb_flags, int open_flags, mode_t mode)
 * and includes nothing. Parsed alone it has errors ("unknown type name 'mode_t'"), its
 * functions are typed from what clang recovered, and an audit of it alone stopped with
 * "no unit parsed without errors". Such a header (when it fails with an unknown type name
 * and compiles after the system headers below) gets a source of its own in the audit's
 * folder that includes those headers and then it: the scan parses it, the API is read as
 * that source reads it (audit_api.c, as for a header its project's sources read), and the
 * harnesses include, before the header, the system headers that source includes first. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

/* What a C program on a POSIX system commonly includes before a library's header. */
static const char *const system_headers[] = {
	"sys/types.h", "stddef.h", "stdint.h", "stdbool.h", "stdarg.h", "stdio.h", "stdlib.h",
	"string.h", "time.h", "sys/time.h", "sys/stat.h", "fcntl.h", "unistd.h", "signal.h",
	"pthread.h", "sys/socket.h", "sys/uio.h", "netinet/in.h", NULL,
};

/* Writes path: the system headers (when with_system) and then header. */
static bool write_reader(const char *path, const char *header, bool with_system)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	fprintf(f, "/* written by snc audit: %s as a program including it reads it */\n",
		with_system ? "the system headers, then the header," : "the header alone,");
	for (int i = 0; with_system && system_headers[i]; i++)
		fprintf(f, "#include <%s>\n", system_headers[i]);
	fprintf(f, "#include \"%s\"\n", header);
	return fclose(f) == 0;
}

bool audit_system_reader(const char *header, char *const *cflags, int ncflags, const char *dir,
			 char *out, size_t len)
{
	char real[PATH_MAX];
	if (!realpath(header, real) || !audit_include_spellable(real))
		return false;
	const char *base = strrchr(real, '/');
	base = base ? base + 1 : real;
	char path[PATH_MAX + 64];
	int n = snprintf(path, sizeof path, "%s/" AUDIT_SYSTEM_READER "%.*s.c", dir,
			 (int)strcspn(base, "."), base);
	if (n >= (int)sizeof path || !write_reader(path, real, false))
		return false;
	char *messages = NULL;
	bool alone = audit_syntax_ok(path, cflags, ncflags, &messages);
	bool unknown_type = !alone && messages && strstr(messages, "unknown type name");
	free(messages);
	messages = NULL;
	bool found = unknown_type && write_reader(path, real, true) &&
		     audit_syntax_ok(path, cflags, ncflags, &messages);
	free(messages);
	if (!found || snprintf(out, len, "%s", path) >= (int)len) {
		remove(path);
		return false;
	}
	return true;
}
