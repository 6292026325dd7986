/* harness_program.c: turning a harness into a program and running it.
 *
 * `snc run` compiles the harness and the library sources with the user's compiler ($CC,
 * default cc) against snc.h, and links the runtime, which supplies main(). The library
 * sources are compiled on their own first, with the scheduler's instrumentation
 * (-fsanitize=thread at compile time only: the runtime's snc_sched defines the hooks, and
 * libtsan is never linked), so that every program can also run its pairs under controlled
 * schedules (--schedules) and replay them; -fno-sanitize=all first drops any other
 * sanitizer the flags ask for, which does not mix with it in one object. The harness
 * itself is instrumented only when it is given no library at all: a header-only library
 * (atomic_ops.h, ck_pr.h, urcu's static inline headers) is code of the harness's own unit,
 * and uninstrumented it would reach no scheduling point, every schedule running its ops one
 * after the other. With library sources, an archive or -lNAME, the harness's own accesses
 * (a wrapper reading the object's pointer, a field after the call) stay out of the
 * schedules: points there would make an uninstrumented archive's pairs look explored. The instrumented harness is compiled on its
 * own (-c) and linked without the sanitizer, as the library objects are. Inputs that are
 * not C sources (an archive, a shared object, -lNAME: what `snc audit --lib` passes) are
 * linked as given, after the objects. The program then runs as a child of snc, appending
 * its results to the run that snc recorded.
 *
 * A library source may come with flags of its own, as a compile database's unit does
 * (harness_unit_input): it is compiled with those instead of the common ones. A project that
 * builds one file several times with different flags (liburcu's urcu.c once per flavour,
 * -DRCU_MEMB, -DRCU_MB, ...; compat_futex.c into each of its libraries) gives one object per
 * set; those objects are linked from an archive, as the project's libraries are, so that
 * the linker takes the one that defines what is still undefined and never a second
 * definition of it.
 *
 * For --measure the same harness is built a second time beside it, PROGRAM.measure, with
 * nothing of the scheduler's instrumentation (the same flags otherwise: -g and the user's
 * optimization flags): the program runs that one under the snc Valgrind tool, so what is
 * counted is what the library executes, not the hooks (docs/measure.md). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "interrupt.h"
#include "snc_db.h"

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

/* Does the compiler define __clang__? (clang needs its own flag for the instrumentation.)
 * The compiler's words are an argv vector, never a shell command. */
static bool compiler_is_clang(const char *cc)
{
	struct argv_builder b = { 0 };
	push_words(&b, cc);
	const char *probe[] = { "-dM", "-E", "-x", "c", "/dev/null" };
	for (size_t i = 0; i < sizeof probe / sizeof probe[0]; i++)
		push(&b, probe[i]);
	bool clang = false;
	int fds[2];
	if (b.n > 5 && pipe2(fds, O_CLOEXEC) == 0) {
		posix_spawn_file_actions_t fa;
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
		posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
		pid_t pid;
		int rc = posix_spawnp(&pid, b.v[0], &fa, NULL, b.v, environ);
		posix_spawn_file_actions_destroy(&fa);
		close(fds[1]);
		FILE *p = fdopen(fds[0], "r");
		char line[256];
		while (rc == 0 && p && fgets(line, sizeof line, p))
			clang |= strncmp(line, "#define __clang__ ", 18) == 0;
		if (p)
			fclose(p);
		else
			close(fds[0]);
		while (rc == 0 && waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	argv_free(&b);
	return clang;
}

/* Runs one compiler command; returns 0, or -1 after one line on why. The compiler's
 * messages go to the terminal as it prints them, except for `snc audit`'s harnesses: those
 * are generated, so their warnings (a deprecated function of the API, the linker's notes
 * on it) are snc's business, not the user's, and are printed only when the build fails. */
static char *failed_messages;   /* the last failed audit build's (harness_program_messages) */

const char *harness_program_messages(void)
{
	return failed_messages;
}

static int compile(const char *cmd, struct argv_builder *b, const char *source)
{
	int status;
	if (strcmp(cmd, "audit") == 0) {
		char *messages = NULL;
		status = snc_run_argv_messages(b->v, &messages);
		if (status != 0 && messages && !interrupt_caught()) {
			int saved = progress_stderr_divert();
			fputs(messages, stderr);
			progress_stderr_restore(saved);
		}
		if (status != 0) {
			free(failed_messages);
			failed_messages = messages;
			messages = NULL;
		}
		free(messages);
	} else {
		int saved = progress_stderr_divert();   /* its messages after the progress line ends */
		status = snc_run_argv(b->v, false, interrupt_forward_to);
		progress_stderr_restore(saved);
	}
	if (interrupt_caught())
		return -1;   /* the command says why */
	if (status < 0)
		return cli_error(cmd, "cannot run the compiler '%s': %s", b->v[0], strerror(errno)), -1;
	if (status == 127)
		return cli_error(cmd, "the compiler '%s' was not found (set CC)", b->v[0]), -1;
	if (status != 0)
		return cli_error(cmd, "'%s' did not compile (the compiler's messages are above)",
				 source), -1;
	return 0;
}

/* A file among the user's flags that only the link reads (an archive, an object, a shared
 * library): a compile-only step leaves it out, as the compiler would warn that it is unused. */
static bool is_shared_library(const char *arg)
{
	size_t n = strlen(arg);
	return arg[0] != '-' && ((n > 3 && strcmp(arg + n - 3, ".so") == 0) || strstr(arg, ".so."));
}

static bool is_linker_file(const char *arg)
{
	size_t n = strlen(arg);
	return is_shared_library(arg) || (arg[0] != '-' && n > 2 &&
	       (strcmp(arg + n - 2, ".a") == 0 || strcmp(arg + n - 2, ".o") == 0));
}

/* The compiler, our flags and the user's CFLAGS after them, without the files only a link
 * reads (the link step passes none here, and all of them after its objects). */
static void start_command(struct argv_builder *b, const char *cc, const char *ours,
			  const struct snc_paths *paths, char *const *cflags, int ncflags)
{
	char inc[4200];
	push_words(b, cc);
	push_words(b, ours);
	snprintf(inc, sizeof inc, "-I%s", paths->include_dir);
	push(b, inc);
	for (int i = 0; i < ncflags; i++)
		if (!is_linker_file(cflags[i]))
			push(b, cflags[i]);
}

/* -Wl,-rpath for the folder dir (made absolute), so that the program finds a shared
 * library linked from there when it runs from anywhere: a `--lib build/libmylib.so` (or
 * -L build -lmylib) of a project's own build is in no folder the loader searches. */
static void push_rpath(struct argv_builder *b, const char *dir)
{
	char real[PATH_MAX], flag[PATH_MAX + 16];
	if (!realpath(dir[0] ? dir : ".", real))
		return;
	snprintf(flag, sizeof flag, "-Wl,-rpath,%s", real);
	push(b, flag);
}

/* The rpaths of the shared libraries among libs and flags, and of their -L folders. */
static void push_rpaths(struct argv_builder *b, char *const *libs, int nlibs, char *const *flags,
			int nflags)
{
	for (int i = 0; i < nlibs + nflags; i++) {
		const char *arg = i < nlibs ? libs[i] : flags[i - nlibs];
		if (is_shared_library(arg)) {
			char dir[PATH_MAX];
			const char *slash = strrchr(arg, '/');
			snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - arg) : 1, slash ? arg : ".");
			push_rpath(b, dir);
		} else if (i >= nlibs && strncmp(arg, "-L", 2) == 0) {
			push_rpath(b, arg[2] ? arg + 2 : i + 1 < nlibs + nflags ? flags[i + 1 - nlibs] : "");
		}
	}
}

/* path as an absolute one when it names something that exists, else as it is. */
static const char *absolute(const char *path, char *buf)
{
	return path && path[0] != '/' && realpath(path, buf) ? buf : path;
}

/* A shared library named by a path, linked by its absolute path: one without a soname is
 * then needed by that path, and the program finds it from any working folder (snc audit
 * runs harness programs in a folder of its own). Anything else as it is. */
static const char *linked_as(const char *arg, char *buf)
{
	return is_shared_library(arg) && strchr(arg, '/') ? absolute(arg, buf) : arg;
}

/* The file of a library input, without the flags of a unit input (harness_unit_input). */
static void input_file(const char *input, char *file, size_t len)
{
	const char *tab = strchr(input, '\t');
	snprintf(file, len, "%.*s", tab ? (int)(tab - input) : (int)strlen(input), input);
}

static bool is_c_source(const char *input)
{
	char path[PATH_MAX];
	input_file(input, path, sizeof path);
	size_t n = strlen(path);
	return n > 2 && strcmp(path + n - 2, ".c") == 0;
}

/* The flags of a unit input, after its file; none (false) for a plain input. */
static bool unit_flags(const char *input, struct argv_builder *flags)
{
	const char *tab = strchr(input, '\t');
	if (!tab)
		return false;
	char *copy = strdup(tab + 1), *save = NULL;
	for (char *w = strtok_r(copy, "\t", &save); w; w = strtok_r(NULL, "\t", &save))
		push(flags, w);
	free(copy);
	return true;
}

char *harness_unit_input(const char *file, char *const *flags, int nflags)
{
	size_t len = strlen(file) + 1;
	for (int i = 0; i < nflags; i++)
		len += strlen(flags[i]) + 1;
	char *input = malloc(len);
	if (!input)
		return NULL;
	size_t used = (size_t)snprintf(input, len, "%s", file);
	for (int i = 0; i < nflags; i++)
		used += (size_t)snprintf(input + used, len - used, "\t%s", flags[i]);
	return input;
}

/* Does some file come twice among the library inputs (with different flags)? */
static bool file_built_twice(char *const *libs, int nlibs)
{
	char a[PATH_MAX], b[PATH_MAX];
	for (int i = 0; i < nlibs; i++) {
		if (!is_c_source(libs[i]))
			continue;
		input_file(libs[i], a, sizeof a);
		for (int j = i + 1; j < nlibs; j++) {
			input_file(libs[j], b, sizeof b);
			if (strcmp(a, b) == 0)
				return true;
		}
	}
	return false;
}

/* Puts the objects of the library sources into the archive `archive` (ar, an argv vector,
 * never a shell). Returns 0, or -1 after one line on why. */
static int archive_objects(const char *cmd, char *const *libs, int nlibs, char (*objects)[4200],
			   const char *archive)
{
	struct argv_builder b = { 0 };
	push(&b, "ar");
	push(&b, "rcs");
	push(&b, archive);
	for (int i = 0; i < nlibs; i++)
		if (is_c_source(libs[i]))
			push(&b, objects[i]);
	unlink(archive);
	int status = snc_run_argv(b.v, false, interrupt_forward_to);
	argv_free(&b);
	if (status != 0 && !interrupt_caught())
		return cli_error(cmd, "cannot put the library objects into an archive: 'ar' %s",
				 status == 127 ? "was not found (binutils)" : "failed"), -1;
	return status == 0 ? 0 : -1;
}

/* Library objects compiled once per process while a folder for them is set: snc audit
 * builds a harness per family from the same library sources and flags (Concurrency Kit's
 * tree: 12 sources, 61 families, each built twice). An object is found again by its
 * compile command and its source's size and modification time. */
struct cached_object {
	char *key;
	char path[PATH_MAX + 32];
};
static struct cached_object *cached;
static int ncached, cached_cap;
static char cache_dir[PATH_MAX];

void harness_program_cache_objects(const char *dir)
{
	for (int i = 0; i < ncached; i++)
		free(cached[i].key);
	free(cached);
	cached = NULL;
	ncached = cached_cap = 0;
	snprintf(cache_dir, sizeof cache_dir, "%s", dir ? dir : "");
}

/* The compile command of b (its output not yet pushed) and source's size and time. */
static char *object_key(const struct argv_builder *b, const char *source)
{
	struct stat st;
	if (!cache_dir[0] || stat(source, &st) != 0)
		return NULL;
	size_t len = 64;
	for (int i = 0; i < b->n; i++)
		len += strlen(b->v[i]) + 1;
	char *key = malloc(len);
	if (!key)
		return NULL;
	size_t used = 0;
	for (int i = 0; i < b->n; i++)
		used += (size_t)snprintf(key + used, len - used, "%s\x1f", b->v[i]);
	snprintf(key + used, len - used, "%lld %lld.%09ld", (long long)st.st_size,
		 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	return key;
}

static const char *cached_object(const char *key)
{
	for (int i = 0; key && i < ncached; i++)
		if (strcmp(cached[i].key, key) == 0)
			return cached[i].path;
	return NULL;
}

/* The cache entry of key (it owns key), where its object goes; counted once the object
 * compiled (ncached++), or NULL. */
static struct cached_object *new_cached_object(char *key)
{
	if (!key)
		return NULL;
	if (ncached == cached_cap) {
		int cap = cached_cap ? 2 * cached_cap : 16;
		struct cached_object *grown = realloc(cached, (size_t)cap * sizeof *grown);
		if (!grown)
			return free(key), NULL;
		cached = grown;
		cached_cap = cap;
	}
	struct cached_object *o = &cached[ncached];
	o->key = key;
	snprintf(o->path, sizeof o->path, "%s/lib%d.o", cache_dir, ncached);
	return o;
}

/* Compiles the harness and the library sources into program, the library sources with the
 * scheduler's instrumentation or without it. */
static int build_program(const char *cmd, const char *harness, char *const *libs, int nlibs,
			 char *const *cflags, int ncflags, const char *program, bool instrumented)
{
	struct snc_paths paths;
	if (snc_paths_find(&paths) != 0)
		return cli_error(cmd, "cannot find where snc is installed"), -1;
	const char *cc = getenv("CC");
	cc = cc && *cc ? cc : "cc";
	const char *instrument = !instrumented ? NULL
		: compiler_is_clang(cc)
		? "-fno-sanitize=all -fsanitize=thread -mllvm -tsan-instrument-read-before-write"
		: "-fno-sanitize=all -fsanitize=thread -Wno-tsan";
	char (*objects)[4200] = calloc((size_t)nlibs + 1, sizeof *objects);
	char linked[PATH_MAX];
	int rc = objects ? 0 : -1, built = 0;
	char harness_object[4200] = "";
	if (rc == 0 && instrument && nlibs == 0) {   /* a header-only library: in the harness */
		struct argv_builder b = { 0 };
		start_command(&b, cc, "-std=gnu11 -g -O1 " SNC_HARNESS_CFLAGS, &paths, cflags, ncflags);
		push_words(&b, instrument);
		snprintf(harness_object, sizeof harness_object, "%s.harness.o", program);
		push(&b, "-c");
		push(&b, harness);
		push(&b, "-o");
		push(&b, harness_object);
		rc = compile(cmd, &b, harness);
		argv_free(&b);
	}
	for (; rc == 0 && built < nlibs; built++) {
		if (!is_c_source(libs[built])) {   /* an archive, a .so, -lNAME: linked as given */
			snprintf(objects[built], sizeof objects[built], "%s", linked_as(libs[built], linked));
			continue;
		}
		struct argv_builder b = { 0 }, own = { 0 };
		char file[PATH_MAX];
		input_file(libs[built], file, sizeof file);
		if (unit_flags(libs[built], &own))
			start_command(&b, cc, "-std=gnu11 -g -O1", &paths, own.v, own.n);
		else
			start_command(&b, cc, "-std=gnu11 -g -O1", &paths, cflags, ncflags);
		argv_free(&own);
		if (instrument)
			push_words(&b, instrument);
		push(&b, "-c");
		push(&b, file);
		char *key = object_key(&b, file);
		const char *done = cached_object(key);
		struct cached_object *keep = done ? NULL : new_cached_object(key);
		if (done || keep)
			snprintf(objects[built], sizeof objects[built], "%s", done ? done : keep->path);
		else
			snprintf(objects[built], sizeof objects[built], "%s.lib%d.o", program, built);
		if (done) {
			free(key);
		} else {
			push(&b, "-o");
			push(&b, objects[built]);
			rc = compile(cmd, &b, file);
			if (rc == 0 && keep)
				ncached++;   /* kept: its key is owned by the cache now */
			else if (keep)
				free(keep->key);
		}
		argv_free(&b);
	}
	char archive[4200] = "";
	if (rc == 0 && file_built_twice(libs, nlibs)) {
		snprintf(archive, sizeof archive, "%s.units.a", program);
		rc = archive_objects(cmd, libs, nlibs, objects, archive);
	}
	if (rc == 0) {
		struct argv_builder b = { 0 };
		char lib[4200];
		/* The user's flags after the objects: a -lNAME among them (as the generated
		 * harnesses' comments write it) must follow the code that calls into it. */
		start_command(&b, cc, "-std=gnu11 -g -O1 -rdynamic -Wl,-z,now " SNC_HARNESS_CFLAGS,
			      &paths, NULL, 0);
		push(&b, harness_object[0] ? harness_object : harness);
		bool archived = false;
		for (int i = 0; i < nlibs; i++) {
			if (!archive[0] || !is_c_source(libs[i]))
				push(&b, objects[i]);
			else if (!archived)   /* where the first of its objects would be */
				push(&b, archive);
			archived |= archive[0] && is_c_source(libs[i]);
		}
		for (int i = 0; i < ncflags; i++)
			push(&b, linked_as(cflags[i], linked));
		push_rpaths(&b, libs, nlibs, cflags, ncflags);
		push(&b, "-o");
		push(&b, program);
		/* the runtime, its own names local (runtime/localize.sh) */
		snprintf(lib, sizeof lib, "%s/snc_harness_runtime.o", paths.lib_dir);
		push(&b, lib);
		push_words(&b, SNC_HARNESS_LIBS);
		rc = compile(cmd, &b, harness);
		argv_free(&b);
	}
	size_t dirlen = strlen(cache_dir);
	for (int i = 0; objects && i < built; i++)   /* not the cache's */
		if (is_c_source(libs[i]) &&
		    !(dirlen && strncmp(objects[i], cache_dir, dirlen) == 0 && objects[i][dirlen] == '/'))
			unlink(objects[i]);
	if (harness_object[0])
		unlink(harness_object);
	if (archive[0])
		unlink(archive);
	free(objects);
	return rc;
}

int harness_program_build(const char *cmd, const char *harness, char *const *libs, int nlibs,
			  char *const *cflags, int ncflags, const char *program)
{
	return build_program(cmd, harness, libs, nlibs, cflags, ncflags, program, true);
}

/* A program given only an archive or -lNAME (no source, but a library: the harness is not
 * instrumented either) is the measure build byte for byte, so the twin is a hard link to
 * it; where no link can be made, or when something was instrumented, it is compiled. */
int harness_program_build_measure(const char *cmd, const char *harness, char *const *libs,
				  int nlibs, char *const *cflags, int ncflags, const char *program)
{
	char twin[4200];
	snprintf(twin, sizeof twin, "%s" SNC_MEASURE_PROGRAM_SUFFIX, program);
	bool sources = false;
	for (int i = 0; i < nlibs; i++)
		sources |= is_c_source(libs[i]);
	if (nlibs > 0 && !sources && (unlink(twin) == 0 || errno == ENOENT) && link(program, twin) == 0)
		return 0;
	return build_program(cmd, harness, libs, nlibs, cflags, ncflags, twin, false);
}

void harness_program_remove(const char *program)
{
	char twin[4200];
	snprintf(twin, sizeof twin, "%s" SNC_MEASURE_PROGRAM_SUFFIX, program);
	unlink(program);
	unlink(twin);
}

/* Items one a line, as harness_builds stores lists. */
static char *lines(char *const *items, int n)
{
	size_t len = 1;
	for (int i = 0; i < n; i++)
		len += strlen(items[i]) + 1;
	char *s = calloc(1, len);
	for (int i = 0; s && i < n; i++) {
		strcat(s, items[i]);
		if (i + 1 < n)
			strcat(s, "\n");
	}
	return s;
}

int harness_program_record(struct snc_db *db, int64_t run_id, const char *name,
			   const char *harness, char *const *libs, int nlibs, char *const *cflags,
			   int ncflags)
{
	const char *cc = getenv("CC");
	char dir[4096];
	char *lib_list = lines(libs, nlibs), *flag_list = lines(cflags, ncflags);
	struct snc_db_harness_build b = {
		.temporary = 1, .compiler = cc && *cc ? cc : "cc", .cflags = flag_list,
		.harness_source = harness, .library_sources = lib_list,
		.directory = getcwd(dir, sizeof dir), .harness = name,
	};
	int rc = lib_list && flag_list ? snc_db_harness_build_set(db, run_id, &b) : -1;
	free(lib_list);
	free(flag_list);
	return rc;
}

int harness_program_run(const char *program, const char *source, const char *db_path,
			int64_t run_id, char *const *extra, int nextra)
{
	return harness_program_run_in(program, source, db_path, run_id, extra, nextra, NULL);
}

int harness_program_run_in(const char *program, const char *source, const char *db_path,
			   int64_t run_id, char *const *extra, int nextra, const char *workdir)
{
	char program_abs[PATH_MAX], source_abs[PATH_MAX], db_abs[PATH_MAX];
	if (workdir) {
		program = absolute(program, program_abs);
		source = absolute(source, source_abs);
		db_path = absolute(db_path, db_abs);
	}
	struct argv_builder b = { 0 };
	char id[32];
	snprintf(id, sizeof id, "%lld", (long long)run_id);
	push(&b, program);
	push(&b, "--db");
	push(&b, db_path);
	if (run_id > 0) {
		push(&b, "--run-id");
		push(&b, id);
	}
	if (source) {
		push(&b, "--source");
		push(&b, source);
	}
	for (int i = 0; i < nextra; i++)
		push(&b, extra[i]);
	int status = snc_run_argv_in(b.v, false, interrupt_forward_to, workdir);
	argv_free(&b);
	if (interrupt_caught())
		return 128 + interrupt_caught();   /* the program cleaned up; the command says so */
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
