/* progress.c: the one-line progress a command draws on a terminal's stderr while it
 * compiles (the programs it runs then draw their own), and keeping other output off it.
 *
 * The line is redrawn in place ("\r", erase to the end of the line) and never ends with a
 * newline, so anything else written to stderr while it shows would start on it: cli_error
 * ends it first, and a compiler run while it shows writes its messages into a temporary
 * file that progress_stderr_restore prints after ending the line. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

static bool shown;

void cli_progress(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("\r\033[K", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
	shown = true;
}

void cli_progress_end(void)
{
	if (!shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	shown = false;
}

int progress_stderr_divert(void)
{
	if (!shown)
		return -1;
	char path[4200];
	snprintf(path, sizeof path, "%s/snc-stderr.XXXXXX", snc_tmp_root());
	int file = mkstemp(path);
	if (file < 0)
		return -1;
	unlink(path);
	fflush(stderr);
	int saved = dup(STDERR_FILENO);
	if (saved < 0 || dup2(file, STDERR_FILENO) < 0) {
		if (saved >= 0)
			close(saved);
		close(file);
		return -1;
	}
	fcntl(saved, F_SETFD, FD_CLOEXEC);
	close(file);
	return saved;
}

void progress_stderr_restore(int saved)
{
	if (saved < 0)
		return;
	fflush(stderr);
	int file = dup(STDERR_FILENO);
	dup2(saved, STDERR_FILENO);
	close(saved);
	if (file < 0)
		return;
	off_t size = lseek(file, 0, SEEK_END);
	if (size > 0) {
		cli_progress_end();
		char buf[8192];
		ssize_t n;
		lseek(file, 0, SEEK_SET);
		while ((n = read(file, buf, sizeof buf)) > 0)
			if (write(STDERR_FILENO, buf, (size_t)n) != n)
				break;
	}
	close(file);
}
