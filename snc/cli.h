/* cli.h: what the subcommands of the snc program share: the command table entry type,
 * uniform one-line errors, and where the runtime and examples live (build tree or
 * installed). Each command is `int cmd_NAME(int argc, char **argv)` in cmd_NAME.c and
 * returns the process exit status: 0 ok, 1 findings over threshold, 2 usage or input error. */
#ifndef SNC_CLI_H
#define SNC_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include "snc_cmdline.h"

#define EXIT_FINDINGS 1
#define EXIT_USAGE 2

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
	const struct snc_command_doc *doc;
};

extern const struct command snc_commands[];

int cmd_run(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_gate(int argc, char **argv);
int cmd_scan(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_merge(int argc, char **argv);

/* Writes the HTML report of run_id into dir, or when dir is NULL next to the database
 * (snc.db -> snc-report/), and prints where it is. Returns an exit status. */
int report_html_beside_db(const char *cmd, const char *db_path, int64_t run_id, const char *dir);

/* Prints "snc CMD: error: ..." on one line and returns EXIT_USAGE. */
int cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A progress line on stderr (progress.c; the caller draws it only on a terminal), redrawn
 * in place by each call; cli_progress_end erases it (cli_error does, before its line). */
void cli_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_progress_end(void);
/* While a progress line shows, stderr (and so a program run now) goes to a temporary file:
 * returns the saved stderr to give progress_stderr_restore, which puts it back and, when
 * something was written, ends the line and prints it. -1: nothing diverted. */
int progress_stderr_divert(void);
void progress_stderr_restore(int saved);

/* Options that several commands take, declared once; a command's table lists the ones it
 * takes (ids 1..99 are these, a command's own start at 100). */
enum { CLI_DB = 1, CLI_RUN, CLI_JSON, CLI_QUIET, CLI_ROOT, CLI_BASELINE, CLI_COMPDB, CLI_INCLUDE,
       CLI_DEFINE, CLI_SUPPRESSIONS, CLI_EXCLUDE, CLI_SHARD,
       CLI_OUTPUT = 60, CLI_COLOR };
#define CLI_OPT_DB { CLI_DB, "db", 0, SNC_OPT_TEXT, "FILE", 0, 0, NULL, \
		     "database (default ./snc.db)" }
#define CLI_OPT_RUN { CLI_RUN, "run", 0, SNC_OPT_INT, "N", 1, INT64_MAX, NULL, \
		      "a given run instead of the latest one" }
#define CLI_OPT_JSON { CLI_JSON, "json", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL, \
		       "print JSON instead of a table" }
#define CLI_OPT_QUIET { CLI_QUIET, "quiet", 'q', SNC_OPT_FLAG, NULL, 0, 0, NULL, \
			"print nothing but errors" }
#define CLI_OPT_ROOT { CLI_ROOT, "root", 0, SNC_OPT_TEXT, "DIR", 0, 0, NULL, \
		       "show paths relative to DIR (default: the current directory;\n" \
		       "SARIF: the repository holding the sources, found by its .git)" }
#define CLI_OPT_BASELINE { CLI_BASELINE, "baseline", 0, SNC_OPT_TEXT, "OLD", 0, 0, NULL, \
			   "compare with an older database or 'snc report --json' file\n" \
			   "(e.g. the main branch's)" }

#define CLI_OPT_SUPPRESSIONS { CLI_SUPPRESSIONS, "suppressions", 0, SNC_OPT_TEXT, "FILE", 0, 0, NULL, \
			       "findings this file names count as intentional (docs/findings.md)" }
#define CLI_OPT_EXCLUDE { CLI_EXCLUDE, "exclude", 0, SNC_OPT_TEXT, "GLOB", 0, 0, NULL, \
			  "leave out the units whose path matches GLOB (`*` crosses '/';\n" \
			  "a folder leaves out what is below it); repeatable" }
#define CLI_OPT_COMPDB { CLI_COMPDB, "compile-commands", 'p', SNC_OPT_TEXT, "FILE", 0, 0, NULL, \
			 "use the flags of a compile_commands.json (or its folder)" }
#define CLI_OPT_INCLUDE { CLI_INCLUDE, "include-dir", 'I', SNC_OPT_TEXT, "DIR", 0, 0, NULL, \
			  "-I DIR for the sources (so are CFLAGS after --)" }
#define CLI_OPT_DEFINE { CLI_DEFINE, "define", 'D', SNC_OPT_TEXT, "NAME[=VALUE]", 0, 0, NULL, \
			 "-D NAME[=VALUE] for the sources" }
#define CLI_OPT_SHARD { CLI_SHARD, "shard", 0, SNC_OPT_TEXT, "K/N", 0, 0, NULL, \
			"do only shard K of N of the job (a stable hash of each scanned\n" \
			"unit, harness, audited family, and with --schedules pair of\n" \
			"ops; docs/ci.md);\n" \
			"`snc merge` joins the shards' databases" }

#define CLI_OPT_OUTPUT { CLI_OUTPUT, "output", 'o', SNC_OPT_TEXT, "FILE", 0, 0, NULL, \
			"write what is printed on stdout to FILE instead ('-': stdout)" }
#define CLI_OPT_COLOR { CLI_COLOR, "color", 0, SNC_OPT_CHOICE, "WHEN", 0, 0, SNC_COLOR_CHOICES, \
			"colour severities and verdicts: auto (default: on a terminal,\n" \
			"unless NO_COLOR is set), always or never" }

/* -o/--output and --color (output.c): true when v is one of them (then it is taken). */
bool cli_shared_option(const struct snc_opt_value *v);
/* After the options: stdout goes to the -o file (a temporary beside it until the end).
 * Returns 0, or EXIT_USAGE after one line. */
int cli_output_begin(const char *cmd);
/* At the end with the command's exit status: the -o file is put in place (status 0 or 1)
 * or removed (any other). Returns rc, or EXIT_USAGE when the file could not be written. */
int cli_output_end(const char *cmd, int rc);

/* Every command's --help text and option tables, in the order of snc_commands; the
 * Markdown of docs/cli.md is made from these (snc help --markdown). */
extern const struct snc_command_doc cmd_run_doc, cmd_demo_doc, cmd_show_doc, cmd_replay_doc,
	cmd_report_doc, cmd_gate_doc, cmd_scan_doc, cmd_audit_doc, cmd_merge_doc;

/* After the option loop: -1 when the options were read (go on), or the exit status when
 * --help/--version was answered (0) or an option was wrong (2). */
int cli_options_done(int last);
/* -1 when the command line has no operand and nothing after "--", else the exit status of
 * the one-line error. For commands that take options only. */
int cli_no_operands(const char *cmd, const struct snc_cmdline *cl);
/* The whole command line as one string, for the runs table. */
char *cli_joined(int argc, char **argv);
/* Reads the value of --shard into s; -1 when it is right, else the exit status of the
 * one-line error. */
int cli_shard(const char *cmd, const char *text, struct snc_shard *s);
/* Records where run_id comes from (run_origin.c): the source revision of the current
 * directory's git checkout, the options (argv without --shard and --db) and the shard:
 * skipped, none of the work fell to it; schedules_only, only the schedules of its pairs
 * (run_origins in docs/db.md). Returns 0, or -1 (snc_db_errmsg). */
struct snc_db;
int cli_record_origin(struct snc_db *db, int64_t run_id, int argc, char **argv,
		      const struct snc_shard *shard, bool skipped, bool schedules_only);
/* Starts asking git for the source revision now, so that the answer is there (git ran
 * beside the command's own work) when the run's origin is recorded; harmless to call when
 * no origin is recorded after all. */
void cli_revision_prefetch(void);
/* The same, for a command that names its input files: outside a git checkout the source
 * revision is "content:" and a hash of those files' bytes (run_origin.c). */
int cli_record_origin_of(struct snc_db *db, int64_t run_id, int argc, char **argv,
			 const struct snc_shard *shard, bool skipped, bool schedules_only,
			 char *const *inputs, int ninputs);

/* Where the pieces that `snc run` compiles against are. */
struct snc_paths {
	char include_dir[4096];
	char lib_dir[4096];
	char examples_manifest[4096];
	char valgrind_lib[4096];   /* the snc Valgrind tool's folder, for --measure */
	char docs_dir[4096];       /* the docs pages (docs/ of the source tree) */
};
int snc_paths_find(struct snc_paths *p);

/* Runs a harness program into run_id of db_path, passing extra runtime options through.
 * Returns the program's exit status (2 if it could not be started or was killed). */
int harness_program_run(const char *program, const char *source, const char *db_path,
			int64_t run_id, char *const *extra, int nextra);
/* The same in the working folder workdir (snc audit: what the library's functions do to
 * relative paths, "0" and "1", lands there, not in the user's folder); the program, the
 * database and the source are passed by absolute paths. */
int harness_program_run_in(const char *program, const char *source, const char *db_path,
			   int64_t run_id, char *const *extra, int nextra, const char *workdir);

/* Compiles a harness and library sources into program (a path); libs that are not .c files
 * (archives, shared objects, -lNAME) are linked as given; a unit input (harness_unit_input)
 * is compiled with its own flags instead of cflags. Compiler messages go to stderr.
 * Returns 0, or -1 after printing one line on why. */
int harness_program_build(const char *cmd, const char *harness, char *const *libs, int nlibs,
			  char *const *cflags, int ncflags, const char *program);

/* What the compiler said in the last build of `snc audit` that failed (its messages, as
 * printed), or NULL. Valid until the next build. */
const char *harness_program_messages(void);

/* The same without the scheduler's instrumentation, into program + ".measure": the build
 * that --measure runs under the snc Valgrind tool (docs/measure.md). */
int harness_program_build_measure(const char *cmd, const char *harness, char *const *libs,
				  int nlibs, char *const *cflags, int ncflags, const char *program);

/* A library input that is compiled with its own flags (a compile database's unit): the
 * file, then a tab before each flag. Allocated; NULL when out of memory. */
char *harness_unit_input(const char *file, char *const *flags, int nflags);

/* From now on, keeps the library objects the builds compile in dir and uses them again
 * in later builds of the same sources with the same command (an audit's families); NULL
 * stops that and forgets them (the caller removes dir). */
void harness_program_cache_objects(const char *dir);

/* Removes program and its measure build, where they exist. */
void harness_program_remove(const char *program);

/* Records how harness_program_build made a temporary program for the harnesses of run_id
 * (only the one named name, unless NULL), so that `snc replay` can make it again; harness
 * NULL: its source is gone too. Returns 0 or -1 (snc_db_errmsg). */
struct snc_db;
int harness_program_record(struct snc_db *db, int64_t run_id, const char *name,
			   const char *harness, char *const *libs, int nlibs, char *const *cflags,
			   int ncflags);

/* Prints the verdicts of a run as a table (or JSON). Returns an exit status. */
int show_run(const char *db_path, int64_t run_id, bool json, const char *cmd);

#endif
