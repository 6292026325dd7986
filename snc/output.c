/* output.c: the options every command that prints results shares: -o/--output FILE and
 * --color=auto|always|never.
 *
 * With -o FILE, what the command (and any harness program it runs) writes on stdout goes
 * into a temporary file beside FILE, renamed over FILE at the end when the command ended
 * with status 0 or 1 (findings) or printed something all the same; removed otherwise, so an
 * existing FILE is never replaced by nothing. '-' (the default) is stdout itself. Messages
 * and progress lines stay on stderr. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"

static const char *output_path;        /* -o FILE; NULL: stdout */
static char output_tmp[PATH_MAX];      /* where it is written until the command ends */
static int saved_stdout = -1;

bool cli_shared_option(const struct snc_opt_value *v)
{
	switch (v->opt->id) {
	case CLI_OUTPUT:
		output_path = strcmp(v->text, "-") == 0 ? NULL : v->text;
		return true;
	case CLI_COLOR:
		snc_color_set((enum snc_color_when)v->number);
		return true;
	}
	return false;
}

int cli_output_begin(const char *cmd)
{
	if (!output_path)
		return 0;
	if ((size_t)snprintf(output_tmp, sizeof output_tmp, "%s.XXXXXX", output_path) >=
	    sizeof output_tmp)
		return cli_error(cmd, "the output path '%s' is too long", output_path);
	int fd = mkstemp(output_tmp);
	if (fd < 0)
		return cli_error(cmd, "cannot write '%s': %s", output_path, strerror(errno));
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);   /* as a file the shell's '>' makes */
	fflush(stdout);
	saved_stdout = dup(STDOUT_FILENO);
	if (saved_stdout < 0 || dup2(fd, STDOUT_FILENO) < 0) {
		int e = errno;
		close(fd);
		unlink(output_tmp);
		return cli_error(cmd, "cannot write '%s': %s", output_path, strerror(e));
	}
	fcntl(saved_stdout, F_SETFD, FD_CLOEXEC);
	close(fd);
	return 0;
}

int cli_output_end(const char *cmd, int rc)
{
	if (!output_path || saved_stdout < 0)
		return rc;
	struct stat st;
	bool written = fflush(stdout) == 0 && !ferror(stdout) && fsync(STDOUT_FILENO) == 0;
	/* A failed command keeps what it printed (e.g. a scan stored all the same), but an
	 * existing file is not replaced by nothing. */
	bool keep = rc == 0 || rc == EXIT_FINDINGS ||
		    (fstat(STDOUT_FILENO, &st) == 0 && st.st_size > 0);
	dup2(saved_stdout, STDOUT_FILENO);
	close(saved_stdout);
	saved_stdout = -1;
	if (keep && !written) {
		unlink(output_tmp);
		return cli_error(cmd, "cannot write '%s': %s", output_path, strerror(errno));
	}
	if (keep && rename(output_tmp, output_path) != 0) {
		int e = errno;
		unlink(output_tmp);
		return cli_error(cmd, "cannot write '%s': %s", output_path, strerror(e));
	}
	if (!keep)
		unlink(output_tmp);
	return rc;
}
