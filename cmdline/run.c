/* run.c: running a command given as an argv vector (never through a shell) and waiting for
 * it: the compilers snc run, snc replay and snc audit start, and the tools whose answer
 * snc audit reads (dpkg, nm). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "snc_cmdline.h"

int snc_run_argv(char *const *argv, bool quiet, void (*running)(pid_t pid))
{
	return snc_run_argv_in(argv, quiet, running, NULL);
}

int snc_run_argv_in(char *const *argv, bool quiet, void (*running)(pid_t pid), const char *cwd)
{
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int null = quiet ? open("/dev/null", O_WRONLY) : -1;
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		if (cwd && chdir(cwd) != 0) {
			fprintf(stderr, "snc: cannot enter '%s': %s\n", cwd, strerror(errno));
			_exit(127);
		}
		execvp(argv[0], argv);
		if (!quiet)
			fprintf(stderr, "snc: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (running)
		running(pid);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (running)
		running(0);
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

/* Runs argv with its stdout (and its stderr too when messages, else /dev/null) into *out. */
static int run_capturing(char *const *argv, bool messages, char **out)
{
	*out = NULL;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) != 0)
		return -1;
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		dup2(fds[1], 1);
		if (messages)
			dup2(fds[1], 2);
		else if (null >= 0)
			dup2(null, 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	size_t len = 0, cap = 4096;
	char *text = malloc(cap);
	ssize_t n;
	while (text && (n = read(fds[0], text + len, cap - len - 1)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		len += (size_t)n;
		if (cap - len - 1 == 0) {
			char *more = realloc(text, cap *= 2);
			if (!more)
				break;
			text = more;
		}
	}
	close(fds[0]);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			free(text);
			return -1;
		}
	if (text)
		text[len] = '\0';
	*out = text;
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

int snc_run_argv_output(char *const *argv, char **out)
{
	return run_capturing(argv, false, out);
}

int snc_run_argv_messages(char *const *argv, char **out)
{
	return run_capturing(argv, true, out);
}
