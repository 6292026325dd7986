/* audit_libs.c: can the libraries named with --lib be linked at all?
 *
 * A harness that does not build is a note and the audit goes on; but when the library the
 * user asked for is missing or is not something the linker reads, every family would fail
 * the same way and the audit would have audited nothing. So each --lib that is not a C
 * source is linked, before anything runs, into an empty program ($CC probe.c LIB): one
 * that fails stops the audit with the library's name (exit 2). The compiler runs from an
 * argv vector with its output discarded; nothing here goes through a shell. */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "snc_audit.h"
#include "snc_cmdline.h"

static bool ends_in(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

int audit_check_libs(char *const *libs, int nlibs, char *err, size_t errlen)
{
	char dir[PATH_MAX - 32], probe[PATH_MAX], program[PATH_MAX];
	if (nlibs == 0)
		return 0;
	if (!snc_make_tmpdir(dir, sizeof dir, "audit-lib"))
		return snprintf(err, errlen, "cannot make a temporary folder in %s", snc_tmp_root()), -1;
	snprintf(probe, sizeof probe, "%s/probe.c", dir);
	snprintf(program, sizeof program, "%s/probe", dir);
	FILE *f = fopen(probe, "w");
	int rc = f ? 0 : -1;
	if (f) {
		fputs("int main(void) { return 0; }\n", f);
		rc = fclose(f) == 0 ? 0 : -1;
	}
	if (rc != 0)
		snprintf(err, errlen, "cannot write %s", probe);
	const char *cc = getenv("CC");
	cc = cc && *cc ? cc : "cc";
	for (int i = 0; rc == 0 && i < nlibs; i++) {
		if (ends_in(libs[i], ".c"))
			continue;
		if (strncmp(libs[i], "-l", 2) != 0 && access(libs[i], R_OK) != 0) {
			snprintf(err, errlen, "--lib %s: %s", libs[i], strerror(errno));
			rc = -1;
			break;
		}
		char *argv[] = { (char *)cc, probe, libs[i], "-o", program, NULL };
		int status = snc_run_argv(argv, true, NULL);
		if (status != 0) {
			snprintf(err, errlen, "--lib %s cannot be linked (%s %s %s failed%s)", libs[i], cc,
				 "probe.c", libs[i], status < 0 ? " to run" : "");
			rc = -1;
		}
		unlink(program);
	}
	unlink(probe);
	rmdir(dir);
	return rc;
}
