/* cli.h: what the subcommands of the snc program share: the command table entry type,
 * uniform one-line errors, and where the runtime and examples live (build tree or
 * installed). Each command is `int cmd_NAME(int argc, char **argv)` in cmd_NAME.c and
 * returns the process exit status: 0 ok, 1 findings over threshold, 2 usage or input error. */
#ifndef SNC_CLI_H
#define SNC_CLI_H

#include <stdbool.h>
#include <stdint.h>

#define EXIT_FINDINGS 1
#define EXIT_USAGE 2

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
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

/* Writes the HTML report of run_id next to the database (snc.db -> snc-report/) and prints
 * where it is. Returns an exit status. */
int report_html_beside_db(const char *cmd, const char *db_path, int64_t run_id);

/* Prints "snc CMD: error: ..." on one line and returns EXIT_USAGE. */
int cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* For what getopt_long returned on a bad option (optstring must start with ':'). */
int cli_bad_option(const char *cmd, int getopt_result, char **argv);
/* Reads the value of --run into *run (a positive run number); on a bad value prints the
 * one-line error and returns -1. */
int cli_parse_run(const char *cmd, const char *value, long long *run);
/* The whole command line as one string, for the runs table. */
char *cli_joined(int argc, char **argv);

/* Where the pieces that `snc run` compiles against are. */
struct snc_paths {
	char include_dir[4096];
	char lib_dir[4096];
	char examples_manifest[4096];
	char valgrind_lib[4096];   /* the snc Valgrind tool's folder, for --measure */
};
int snc_paths_find(struct snc_paths *p);

/* Runs a harness program into run_id of db_path, passing extra runtime options through.
 * Returns the program's exit status (2 if it could not be started or was killed). */
int harness_program_run(const char *program, const char *source, const char *db_path,
			int64_t run_id, char *const *extra, int nextra);

/* Compiles a harness and library sources into program (a path); libs that are not .c files
 * (archives, shared objects, -lNAME) are linked as given. Compiler messages go to stderr.
 * Returns 0, or -1 after printing one line on why. */
int harness_program_build(const char *cmd, const char *harness, char *const *libs, int nlibs,
			  char *const *cflags, int ncflags, const char *program);

/* The same without the scheduler's instrumentation, into program + ".measure": the build
 * that --measure runs under the snc Valgrind tool (docs/measure.md). */
int harness_program_build_measure(const char *cmd, const char *harness, char *const *libs,
				  int nlibs, char *const *cflags, int ncflags, const char *program);

/* Removes program and its measure build, where they exist. */
void harness_program_remove(const char *program);

/* Records how harness_program_build made a temporary program for the harnesses of run_id,
 * so that `snc replay` can make it again. Returns 0 or -1 (snc_db_errmsg). */
struct snc_db;
int harness_program_record(struct snc_db *db, int64_t run_id, const char *harness,
			   char *const *libs, int nlibs, char *const *cflags, int ncflags);

/* Prints the verdicts of a run as a table (or JSON). Returns an exit status. */
int show_run(const char *db_path, int64_t run_id, bool json, const char *cmd);

#endif
