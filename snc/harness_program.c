/* harness_program.c: turning a harness into a program and running it.
 *
 * `snc run` compiles the harness and the library sources with the user's compiler ($CC,
 * default cc) against snc.h, and links the runtime, which supplies main(). The program
 * then runs as a child of snc, appending its results to the run that snc recorded. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"

struct argv_builder {
	char **v;
	int n, cap;
};

static void push(struct argv_builder *b, const char *s)
{
	if (b->n + 2 > b->cap) {
		b->cap = b->cap ? b->cap * 2 : 32;
		b->v = realloc(b->v, (size_t)b->cap * sizeof *b->v);
		if (!b->v) {
			fprintf(stderr, "snc: out of memory\n");
			exit(EXIT_USAGE);
		}
	}
	b->v[b->n++] = strdup(s);
	b->v[b->n] = NULL;
}

/* Adds the space-separated words of s (compiler names like "ccache gcc", flag lists). */
static void push_words(struct argv_builder *b, const char *s)
{
	char *copy = strdup(s), *save = NULL;
	for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
		push(b, w);
	free(copy);
}

static void argv_free(struct argv_builder *b)
{
	for (int i = 0; i < b->n; i++)
		free(b->v[i]);
	free(b->v);
}

/* Runs argv, returns its exit status, or -1 with errno when it could not be started. */
static int spawn_wait(char **argv)
{
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "snc: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int harness_program_build(const char *cmd, const char *harness, char *const *libs, int nlibs,
			  char *const *cflags, int ncflags, const char *program)
{
	struct snc_paths paths;
	if (snc_paths_find(&paths) != 0)
		return cli_error(cmd, "cannot find where snc is installed"), -1;
	struct argv_builder b = { 0 };
	const char *cc = getenv("CC");
	push_words(&b, cc && *cc ? cc : "cc");
	push_words(&b, "-std=gnu11 -g -O1 -rdynamic -Wl,-z,now " SNC_HARNESS_CFLAGS);
	char inc[4200];
	snprintf(inc, sizeof inc, "-I%s", paths.include_dir);
	push(&b, inc);
	for (int i = 0; i < ncflags; i++)
		push(&b, cflags[i]);
	push(&b, harness);
	for (int i = 0; i < nlibs; i++)
		push(&b, libs[i]);
	push(&b, "-o");
	push(&b, program);
	char lib[4200];
	snprintf(lib, sizeof lib, "%s/libsnc_runtime.a", paths.lib_dir);
	push(&b, lib);
	snprintf(lib, sizeof lib, "%s/libsnc_db.a", paths.lib_dir);
	push(&b, lib);
	push_words(&b, SNC_HARNESS_LIBS);
	int status = spawn_wait(b.v);
	int rc = 0;
	if (status < 0) {
		cli_error(cmd, "cannot run the compiler '%s': %s", b.v[0], strerror(errno));
		rc = -1;
	} else if (status == 127) {
		cli_error(cmd, "the compiler '%s' was not found (set CC)", b.v[0]);
		rc = -1;
	} else if (status != 0) {
		cli_error(cmd, "harness '%s' did not compile (the compiler's messages are above)",
			  harness);
		rc = -1;
	}
	argv_free(&b);
	return rc;
}

int harness_program_run(const char *program, const char *source, const char *db_path,
			int64_t run_id, char *const *extra, int nextra)
{
	struct argv_builder b = { 0 };
	char id[32];
	snprintf(id, sizeof id, "%lld", (long long)run_id);
	push(&b, program);
	push(&b, "--db");
	push(&b, db_path);
	push(&b, "--run-id");
	push(&b, id);
	if (source) {
		push(&b, "--source");
		push(&b, source);
	}
	for (int i = 0; i < nextra; i++)
		push(&b, extra[i]);
	int status = spawn_wait(b.v);
	argv_free(&b);
	if (status < 0 || status == 127)
		return fprintf(stderr, "snc: error: cannot run harness program '%s'\n", program),
		       EXIT_USAGE;
	if (status > 128) {
		fprintf(stderr, "snc: error: harness program '%s' was killed by SIG%s\n", program,
			sigabbrev_np(status - 128) ? sigabbrev_np(status - 128) : "?");
		return EXIT_USAGE;
	}
	return status;
}
