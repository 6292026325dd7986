/* cmd_replay.c: `snc replay [--db FILE] SCHEDULE-ID`, one stored schedule run again.
 *
 * A schedule row (the schedules view; `snc show` prints the id of each pair's smallest
 * failing one) belongs to a harness whose program recorded itself in harness_builds. A
 * program that `snc run` compiled into a temporary folder is gone: it is compiled again,
 * from the same folder with the same compiler, flags and sources, into a new temporary
 * folder. A database is not trusted (docs/threat-model.md): the compiler it names is never
 * run (the user's --cc, $CC or cc compiles), every item is an argv word, never shell text,
 * and a stored flag that could run a program of the database's choosing (-wrapper,
 * -fplugin, -B, -Wl, ...) stops the replay. The program itself does the replay (`--replay
 * ID`): it rebuilds the state, runs the schedule with a trace, prints the trace and the outcome, and says whether the stored
 * outcome was reproduced byte for byte (exit 0) or not (exit 1). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "snc_db.h"

enum { O_CC = 100 };
static const struct snc_opt replay_options[] = {
	CLI_OPT_DB,
	{ O_CC, "cc", 0, SNC_OPT_TEXT, "COMPILER", 0, 0, NULL,
	  "the compiler that rebuilds a temporary harness program (default:\n"
	  "$CC, else cc; the compiler a database names is never run)" },
	CLI_OPT_OUTPUT,
	{ 0 },
};
static const struct snc_opt *const replay_tables[] = { replay_options, NULL };

const struct snc_command_doc cmd_replay_doc = {
	.prog = "snc replay",
	.usage = "snc replay [--db FILE] [--cc COMPILER] [-o FILE] SCHEDULE-ID",
	.about = "Runs a stored schedule again (the schedule_id of the schedules view, or the id 'snc\n"
		 "show' prints for a pair that schedules broke) and prints its interleaving as two\n"
		 "columns, thread 0 and thread 1: each access with its variable, value and source line.\n"
		 "Exit status 0 when the stored outcome was reproduced, 1 when it was not.",
	.tables = replay_tables,
	.version = SNC_VERSION,
};

struct build {
	const char *cc;            /* the user's compiler */
	char program[PATH_MAX], tmpdir[PATH_MAX - 16];
	bool missing;
};

/* Splits a list stored one item a line into a NULL-terminated array (one allocation). */
static char **split_lines(const char *text, int *n)
{
	size_t len = text ? strlen(text) : 0;
	int count = len ? 1 : 0;
	for (size_t i = 0; i < len; i++)
		count += text[i] == '\n';
	char **v = malloc((size_t)(count + 1) * sizeof *v + len + 1);
	if (!v)
		return NULL;
	char *copy = (char *)(v + count + 1);
	memcpy(copy, text ? text : "", len + 1);
	for (int i = 0; i < count; i++) {
		v[i] = copy;
		copy += strcspn(copy, "\n");
		*copy++ = '\0';
	}
	v[count] = NULL;
	*n = count;
	return v;
}

/* Is a stored compiler flag one that only selects how the harness is compiled? Flags that
 * hand the compiler another program, plugin, spec file or linker script are not. */
static bool plain_flag(const char *flag, const char *previous)
{
	static const char *const with_value[] = { "-I", "-isystem", "-iquote", "-D", "-U",
						  "-include", NULL };
	static const char *const prefixes[] = { "-I", "-D", "-U", "-O", "-g", "-std=", "-isystem",
						"-iquote", "-m", "-W", "-f", "-l", "-L", "-pthread",
						"-pedantic", "-ansi", NULL };
	static const char *const refused[] = { "-Wl,", "-Wa,", "-Wp,", "-fplugin", "-wrapper",
					       "-B", "-specs", "--specs", "-fuse-ld", NULL };
	for (int i = 0; previous && with_value[i]; i++)
		if (strcmp(previous, with_value[i]) == 0)
			return true;
	for (int i = 0; refused[i]; i++)
		if (strncmp(flag, refused[i], strlen(refused[i])) == 0)
			return false;
	for (int i = 0; prefixes[i]; i++)
		if (strncmp(flag, prefixes[i], strlen(prefixes[i])) == 0)
			return true;
	return false;
}

/* Does a unit input ("FILE\tFLAG\tFLAG...", a compile database's unit that an audit
 * compiled with its own flags) hold a flag plain_flag refuses? */
static bool refused_unit_flag(const char *input)
{
	const char *previous = NULL, *flag = strchr(input, '\t');
	char word[4096], before[4096];
	while (flag) {
		const char *end = strchr(flag + 1, '\t');
		snprintf(word, sizeof word, "%.*s", end ? (int)(end - flag - 1) : (int)strlen(flag + 1),
			 flag + 1);
		if (!plain_flag(word, previous))
			return true;
		snprintf(before, sizeof before, "%s", word);
		previous = before;
		flag = end;
	}
	return false;
}

/* The first stored flag or library item plain_flag refuses, or NULL. A library item is a
 * path (not an option), with the flags of its unit, or -lNAME/-LDIR. */
static const char *refused_item(char *const *cflags, int ncflags, char *const *libs, int nlibs)
{
	for (int i = 0; i < ncflags; i++)
		if (!plain_flag(cflags[i], i ? cflags[i - 1] : NULL))
			return cflags[i];
	for (int i = 0; i < nlibs; i++)
		if ((libs[i][0] == '-' && strncmp(libs[i], "-l", 2) != 0 &&
		     strncmp(libs[i], "-L", 2) != 0) || refused_unit_flag(libs[i]))
			return libs[i];
	return NULL;
}

/* Compiles a temporary program again, where `snc run` compiled it, with the user's
 * compiler (cc: --cc, $CC or cc). */
static int rebuild(const struct snc_db_harness_build *b, const char *cc, struct build *out)
{
	if (!b->harness_source && b->directory)   /* an audit's, without --emit-harness */
		return cli_error("replay", "the harness was generated into a temporary folder, now "
				 "gone: run the audit again with --emit-harness DIR to keep it");
	if (!b->harness_source || !b->directory)
		return cli_error("replay", "the database does not say how the harness was compiled");
	if (b->compiler && strcmp(b->compiler, cc) != 0)
		fprintf(stderr, "snc replay: the database names the compiler '%s'; it is not run "
			"(a database could name any command): compiling with '%s' (--cc or CC)\n",
			b->compiler, cc);
	int nlibs, ncflags, rc = EXIT_USAGE;
	char **libs = split_lines(b->library_sources, &nlibs);
	char **cflags = split_lines(b->cflags, &ncflags);
	const char *bad = libs && cflags ? refused_item(cflags, ncflags, libs, nlibs) : NULL;
	if (!libs || !cflags)
		cli_error("replay", "out of memory");
	else if (bad)
		cli_error("replay", "the database asks to compile with '%s', which could run a "
			  "program of its choosing: not rebuilt (compile the harness yourself and "
			  "run it with --replay)", bad);
	else if (chdir(b->directory) != 0)
		cli_error("replay", "the folder the harness was compiled in is gone: %s",
			  b->directory);
	else if (!snc_make_tmpdir(out->tmpdir, sizeof out->tmpdir, "replay"))
		cli_error("replay", "cannot make a temporary folder in %s", snc_tmp_root());
	else {
		snprintf(out->program, sizeof out->program, "%s/harness", out->tmpdir);
		setenv("CC", cc, 1);
		rc = harness_program_build("replay", b->harness_source, libs, nlibs, cflags,
					   ncflags, out->program) == 0 ? 0 : EXIT_USAGE;
	}
	free(libs);
	free(cflags);
	return rc;
}

static int take_build(const struct snc_db_harness_build *b, void *ctx)
{
	struct build *out = ctx;
	if (b->temporary)
		return rebuild(b, out->cc, out);
	snprintf(out->program, sizeof out->program, "%s", b->program);
	out->missing = access(out->program, X_OK) != 0;
	return 0;
}

static int harness_of(const struct snc_db_schedule *s, void *ctx)
{
	*(int64_t *)ctx = s->harness_id;
	return 0;
}

int cmd_replay(int argc, char **argv)
{
	const char *db_arg = "snc.db", *cc = getenv("CC");
	cc = cc && *cc ? cc : "cc";
	struct snc_cmdline cl;
	struct snc_opt_value v;
	if (snc_cmdline_init(&cl, &cmd_replay_doc, argc, argv) != 0)
		return EXIT_USAGE;
	int opt;
	while ((opt = snc_cmdline_next(&cl, &v)) > 0) {
		if (cli_shared_option(&v))
			continue;
		if (opt == CLI_DB)
			db_arg = v.text;
		else if (opt == O_CC)
			cc = v.text;
	}
	int status = cli_options_done(opt);
	if (status < 0 && (cl.noperands != 1 || cl.rest < argc))
		status = cli_error("replay", "give one SCHEDULE-ID (see 'snc replay --help')");
	const char *id_arg = cl.noperands ? cl.operands[0] : "";
	snc_cmdline_free(&cl);
	if (status >= 0)
		return status;
	char *end;
	long long id = strtoll(id_arg, &end, 10);
	if (*end || end == id_arg || id <= 0)
		return cli_error("replay", "SCHEDULE-ID must be a positive number, not '%s'", id_arg);
	char err[512], db_path[PATH_MAX];
	struct snc_db *db = snc_db_open(db_arg, SNC_DB_READONLY, err, sizeof err);
	if (!db)
		return cli_error("replay", "%s", err);
	if (!realpath(db_arg, db_path))   /* the rebuild changes folder */
		snprintf(db_path, sizeof db_path, "%s", db_arg);
	int64_t harness_id = 0;
	int rc = snc_db_schedule_get(db, id, harness_of, &harness_id);
	struct build b = { .cc = cc };
	if (rc == 1)
		rc = cli_error("replay", "there is no schedule %lld in '%s'", id, db_arg);
	else if (rc < 0)
		rc = cli_error("replay", "%s", snc_db_errmsg(db));
	else if ((rc = snc_db_harness_build_get(db, harness_id, take_build, &b)) == 1)
		rc = cli_error("replay", "the database does not say which program ran schedule %lld",
			       id);
	else if (rc < 0)
		rc = cli_error("replay", "%s", snc_db_errmsg(db));
	snc_db_close(db);
	if (rc == 0 && b.missing)
		rc = cli_error("replay", "the harness program '%s' is gone (build it again)",
			       b.program);
	if (rc == 0 && (rc = cli_output_begin("replay")) == 0) {
		char id_text[32];
		snprintf(id_text, sizeof id_text, "%lld", id);
		char *extra[] = { "--replay", id_text };
		rc = cli_output_end("replay", harness_program_run(b.program, NULL, db_path, 0, extra, 2));
	}
	if (b.tmpdir[0]) {
		unlink(b.program);
		rmdir(b.tmpdir);
	}
	return rc;
}
