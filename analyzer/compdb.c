/* compdb.c: units from a compile_commands.json, through libclang's compilation-database
 * API (the clang tooling standard; CMake writes it with CMAKE_EXPORT_COMPILE_COMMANDS, bear
 * for make-based projects).
 *
 * libclang's reader is clang's own: `arguments` or `command` (split like a shell would,
 * quotes and backslashes, with nothing run), response files (@file, relative to the
 * command's directory) expanded, a ccache/distcc wrapper removed. Each command becomes a
 * unit with the command's flags minus what only matters to a build: the compiler itself,
 * the source file, -c, the output (-o) and dependency-file options (-M*, which would make
 * libclang write .d files). The file is made absolute against the command's directory,
 * and the unit is parsed in that directory, so relative -I, -include, -isystem and -iquote
 * resolve as they did in the build. Only C sources (.c, .h) are taken.
 *
 * Loading libclang costs more than an unchanged rescan of a small library, so a database
 * that clang's reader would take exactly as it is written is read without it
 * (compdb_plain.c); anything else (response files, wrappers, compilers whose name implies
 * a target or a mode, a quote left open, keys or values clang would refuse) goes to
 * clang's reader as before. */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "analyzer.h"

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Build-only options: returns how many arguments to drop at argv[i] (0 keeps it). The
 * source file is dropped however the command spells it (relative to the directory or
 * not): libclang gets it once, as the file to parse. */
static int build_only(const char *arg, const char *directory, const char *source)
{
	static const char *const with_value[] = { "-o", "-MF", "-MT", "-MQ", NULL };
	static const char *const alone[] = { "-c", "-MD", "-MMD", "-M", "-MM", "-MP", "-MG", "--",
					     NULL };
	for (int k = 0; with_value[k]; k++)
		if (strcmp(arg, with_value[k]) == 0)
			return 2;
	for (int k = 0; alone[k]; k++)
		if (strcmp(arg, alone[k]) == 0)
			return 1;
	if (strncmp(arg, "-o", 2) == 0 || strncmp(arg, "-MF", 3) == 0 || strncmp(arg, "-MT", 3) == 0 ||
	    strncmp(arg, "-MQ", 3) == 0)
		return 1;
	if (arg[0] == '-')
		return 0;
	char *path = sa_realpath_in(directory, arg);
	bool same = strcmp(path, source) == 0;
	free(path);
	return same;
}

void sa_compdb_add(const char *db_dir, const char *written_dir, const char *file,
		   char *const *argv, unsigned nargs, struct sa_units *out, int *cap)
{
	if (!has_suffix(file, ".c") && !has_suffix(file, ".h"))
		return;
	/* a relative directory is taken from the database's folder, the file from the
	 * directory, as clang reads them */
	char *dir = sa_realpath_in(db_dir, written_dir);
	struct sa_unit *u = SA_PUSH(out->units, out->count, *cap);
	u->file = sa_realpath_in(dir, file);
	u->directory = dir;
	u->args = sa_alloc((size_t)(nargs + 1) * sizeof *u->args);
	/* argv[0] is the compiler: a name for libclang's driver, never run (clang's reader
	 * already removed a ccache or distcc in front of it) */
	for (unsigned i = 1; i < nargs;) {
		int drop = build_only(argv[i], dir, u->file);
		if (drop) {
			i += (unsigned)drop;
			continue;
		}
		u->args[u->nargs++] = sa_strdup(argv[i]);
		i++;
	}
	sa_hash_flags(u);
}

static void add_command(CXCompileCommand cmd, const char *db_dir, struct sa_units *out, int *cap)
{
	char *written = sa_cx(clang_CompileCommand_getDirectory(cmd));
	char *file = sa_cx(clang_CompileCommand_getFilename(cmd));
	unsigned nargs = clang_CompileCommand_getNumArgs(cmd);
	char **argv = sa_alloc((size_t)(nargs + 1) * sizeof *argv);
	for (unsigned i = 0; i < nargs; i++)
		argv[i] = sa_cx(clang_CompileCommand_getArg(cmd, i));
	sa_compdb_add(db_dir, written, file, argv, nargs, out, cap);
	for (unsigned i = 0; i < nargs; i++)
		free(argv[i]);
	free(argv);
	free(written);
	free(file);
}

int sa_units_from_compdb(const char *path, struct sa_units *out, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
		return -1;
	}
	char *dir;
	if (S_ISDIR(st.st_mode)) {
		dir = sa_strdup(path);
	} else {
		FILE *f = fopen(path, "r");
		if (!f) {
			snprintf(err, errlen, "cannot read '%s': %s", path, strerror(errno));
			return -1;
		}
		fclose(f);
		const char *slash = strrchr(path, '/');
		const char *base = slash ? slash + 1 : path;
		if (strcmp(base, "compile_commands.json") != 0) {
			snprintf(err, errlen, "'%s' is not named compile_commands.json (libclang "
				 "reads only that name; pass its folder or rename it)", path);
			return -1;
		}
		dir = slash ? sa_printf("%.*s", (int)(slash - path), path) : sa_strdup(".");
		if (!dir[0]) {
			free(dir);
			dir = sa_strdup("/");
		}
	}
	int cap = out->count;
	if (sa_compdb_read_plain(dir, out, &cap)) {
		free(dir);
		sa_units_sort(out);
		return 0;
	}
	sa_clang_load();
	/* libclang prints its JSON parser's complaints to stderr; the user gets our one line */
	fflush(stderr);
	int saved = dup(STDERR_FILENO), devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (saved >= 0 && devnull >= 0)
		dup2(devnull, STDERR_FILENO);
	CXCompilationDatabase_Error error = CXCompilationDatabase_NoError;
	CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, &error);
	if (saved >= 0 && devnull >= 0)
		dup2(saved, STDERR_FILENO);
	if (saved >= 0)
		close(saved);
	if (devnull >= 0)
		close(devnull);
	if (error != CXCompilationDatabase_NoError || !db) {
		snprintf(err, errlen, "cannot load a compilation database from '%s' (missing or not "
			 "valid JSON)", path);
		free(dir);
		if (db)
			clang_CompilationDatabase_dispose(db);
		return -1;
	}
	CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	for (unsigned i = 0; i < n; i++)
		add_command(clang_CompileCommands_getCommand(cmds, i), dir, out, &cap);
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	free(dir);
	sa_units_sort(out);
	return 0;
}
