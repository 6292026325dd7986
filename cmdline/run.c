/* run.c: running a command given as an argv vector (never through a shell) and waiting for
 * it: the compilers snc run, snc replay and snc audit start. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "snc_cmdline.h"

int snc_run_argv(char *const *argv, bool quiet, void (*running)(pid_t pid))
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
