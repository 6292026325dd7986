/* audit_compatible.c: the found headers that compile together.
 *
 * A project's include folder may hold headers that are alternatives, never included in
 * one unit: liburcu's flavours (urcu-bp.h, urcu-memb.h, urcu-qsbr.h, ...) each map
 * rcu_read_lock and rcu_flavor to their own functions, and a unit that includes two does
 * not compile ("'urcu_memb_flavor' undeclared"). A harness, or the inferred wrappers'
 * header, that includes every API header then fails for every family. So the headers are
 * first compiled together (the harnesses' compiler, -fsyntax-only, one file that includes
 * them all); when that fails, they are taken one by one, those most units of the build
 * read first (the configuration the project uses most), in batches of eight that are
 * tried one by one only when the batch fails, and a header that compiles alone but not
 * with the ones kept before it is set aside with the compiler's first error: another
 * configuration of the library, which an audit naming it covers. One that does not
 * compile even alone needs what its includers include first: it is kept (the audit reads
 * it as the sources do), and left out of the files that try the others. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"
#include "snc_cmdline.h"

#define BATCH 8

bool audit_syntax_ok(const char *path, char *const *cflags, int ncflags, char **messages)
{
	const char *cc = getenv("CC");
	char **argv = calloc((size_t)ncflags + 4, sizeof *argv);
	*messages = NULL;
	if (!argv)
		return true;
	int k = 0;
	argv[k++] = (char *)(cc && *cc ? cc : "cc");
	argv[k++] = "-fsyntax-only";
	for (int i = 0; i < ncflags; i++)
		argv[k++] = cflags[i];
	argv[k++] = (char *)path;
	int rc = snc_run_argv_messages(argv, messages);
	free(argv);
	return rc == 0 || rc < 0 || rc >= 127;   /* a compiler that could not run decides nothing */
}

/* Does the file including the headers marked in use compile? Its first error into why. */
static bool compiles(const char *dir, char *const *headers, const bool *use, int n,
		     char *const *cflags, int ncflags, char *why, size_t whylen)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/snc_together.c", dir);
	FILE *f = fopen(path, "w");
	if (!f)
		return true;   /* nothing can be decided: the builds will say */
	for (int i = 0; i < n; i++)
		if (use[i])
			fprintf(f, "#include \"%s\"\n", headers[i]);
	if (fclose(f) != 0)
		return true;
	char *out = NULL;
	bool ok = audit_syntax_ok(path, cflags, ncflags, &out);
	remove(path);
	const char *error = ok || !out ? NULL : strstr(out, " error: ");
	if (error)
		snprintf(why, whylen, "%.*s", (int)strcspn(error + 8, "\n"), error + 8);
	else if (!ok)
		snprintf(why, whylen, "it does not compile with them");
	free(out);
	return ok;
}

int audit_compatible_headers(char *const *headers, int n, const int *readers, char *const *cflags,
			     int ncflags, const char *dir, bool *keep, char (*why)[256])
{
	bool *use = calloc((size_t)n + 1, sizeof *use);
	int *order = calloc((size_t)n + 1, sizeof *order);
	if (!use || !order) {
		free(use);
		free(order);
		for (int i = 0; i < n; i++)
			keep[i] = true;
		return 0;
	}
	for (int i = 0; i < n; i++) {
		use[i] = keep[i] = true;
		why[i][0] = '\0';
		order[i] = i;
	}
	char first[256];
	if (n < 2 || compiles(dir, headers, use, n, cflags, ncflags, first, sizeof first)) {
		free(use);
		free(order);
		return 0;
	}
	for (int i = 1; i < n; i++)   /* most read first; stable */
		for (int j = i; j > 0 && readers[order[j - 1]] < readers[order[j]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	memset(use, 0, (size_t)n * sizeof *use);
	int dropped = 0;
	for (int b = 0; b < n; b += BATCH) {
		int end = b + BATCH < n ? b + BATCH : n;
		for (int i = b; i < end; i++)
			use[order[i]] = true;
		if (compiles(dir, headers, use, n, cflags, ncflags, first, sizeof first))
			continue;
		for (int i = b; i < end; i++)
			use[order[i]] = false;
		for (int i = b; i < end; i++) {
			int h = order[i];
			use[h] = true;
			if (compiles(dir, headers, use, n, cflags, ncflags, why[h], sizeof why[0]))
				continue;
			use[h] = false;
			bool *alone = calloc((size_t)n + 1, sizeof *alone);
			char ignored[256];
			if (alone)
				alone[h] = true;
			/* one that does not compile even alone needs what its includers include
			 * first (mimalloc-atomic.h uses intptr_t): no alternative, kept, and left
			 * out of the later files */
			if (alone && compiles(dir, headers, alone, n, cflags, ncflags, ignored,
					      sizeof ignored)) {
				keep[h] = false;
				dropped++;
			} else {
				why[h][0] = '\0';
			}
			free(alone);
		}
	}
	free(use);
	free(order);
	return dropped;
}
