/* output.c: the options every command that prints results shares: -o/--output FILE and
 * --color=auto|always|never.
 *
 * With -o FILE, what the command (and any harness program it runs) writes on stdout goes
 * into a temporary file beside FILE, renamed over FILE at the end when the command ended
 * with status 0 or 1 (findings) or printed something all the same; removed otherwise, so an
 * existing FILE is never replaced by nothing; an interrupted command (interrupt.h) never
 * replaces it. '-' (the default) is stdout itself. Messages and progress lines stay on stderr.
 *
 * A command that does not catch SIGINT, SIGTERM or SIGHUP itself (report, show, gate: no
 * program of theirs to pass the signal on to) would die of one mid-write and leave the
 * temporary file behind: until the command ends, those signals, while their action is the
 * default, remove it (unlink, async-signal-safe, of the path registered by
 * cli_output_begin) and then end the process as the signal would have. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "interrupt.h"

static const char *output_path;        /* -o FILE; NULL: stdout */
static char output_tmp[PATH_MAX];      /* where it is written until the command ends */
static int saved_stdout = -1;
static volatile sig_atomic_t tmp_registered;   /* output_tmp exists and is ours to remove */

static const int fatal_signals[] = { SIGINT, SIGTERM, SIGHUP };

static void remove_tmp_and_die(int sig)
{
	if (tmp_registered)
		unlink(output_tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Installs the handler for each fatal signal whose action is the default (a command that
 * catches them winds down through cli_output_end instead). */
static void remove_tmp_on_signals(void)
{
	struct sigaction sa = { .sa_handler = remove_tmp_and_die }, old;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
		if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
			sigaction(fatal_signals[i], &sa, NULL);
}

/* Back to the default action where the handler is still ours. */
static void keep_tmp_on_signals(void)
{
	tmp_registered = 0;
	struct sigaction old, dfl = { .sa_handler = SIG_DFL };
	sigemptyset(&dfl.sa_mask);
	for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
		if (sigaction(fatal_signals[i], NULL, &old) == 0 &&
		    old.sa_handler == remove_tmp_and_die)
			sigaction(fatal_signals[i], &dfl, NULL);
}

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
	tmp_registered = 1;
	remove_tmp_on_signals();
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);   /* as a file the shell's '>' makes */
	fflush(stdout);
	saved_stdout = dup(STDOUT_FILENO);
	if (saved_stdout < 0 || dup2(fd, STDOUT_FILENO) < 0) {
		int e = errno;
		close(fd);
		keep_tmp_on_signals();
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
	bool keep = !interrupt_caught() && (rc == 0 || rc == EXIT_FINDINGS ||
					    (fstat(STDOUT_FILENO, &st) == 0 && st.st_size > 0));
	dup2(saved_stdout, STDOUT_FILENO);
	close(saved_stdout);
	saved_stdout = -1;
	keep_tmp_on_signals();   /* from here on, this function removes or renames it */
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
