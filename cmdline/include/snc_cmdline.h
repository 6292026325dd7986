/* snc_cmdline.h: the command lines of the snc program and of harness programs.
 *
 * Every command declares its options once, in a table of struct snc_opt; parsing, value
 * checks, `--help` and the Markdown of docs/cli.md are all made from that table. The
 * options a harness program takes (what `snc run`, `snc audit` and `snc demo` forward to
 * it) are one shared table, snc_run_options, so the snc program checks their values
 * before it compiles or stores anything, and the harness program parses the same list.
 *
 * Syntax: `--name VALUE`, `--name=VALUE`, `-x VALUE`, `-xVALUE`; options and operands may
 * be mixed; `--` ends the options (what follows is kept apart, e.g. CFLAGS). `-h`/`--help`
 * and `--version` are answered by the parser itself. */
#ifndef SNC_CMDLINE_H
#define SNC_CMDLINE_H

#include <stdbool.h>
#include <stdio.h>

enum snc_opt_kind {
	SNC_OPT_FLAG,      /* no value */
	SNC_OPT_TEXT,      /* any value: a path, a name */
	SNC_OPT_INT,       /* an integer from min to max */
	SNC_OPT_SECONDS,   /* seconds, fractions allowed; number is in milliseconds, min..max */
	SNC_OPT_CHOICE,    /* one of the words of choices, "a|b|c"; number is its index */
};

struct snc_opt {
	int id;                 /* what snc_cmdline_next returns for it (> 0) */
	const char *name;       /* long name without "--"; NULL ends a table */
	char short_name;        /* 0: none */
	enum snc_opt_kind kind;
	const char *metavar;    /* the value as --help shows it: N, FILE */
	long long min, max;     /* SNC_OPT_INT, SNC_OPT_SECONDS (milliseconds) */
	const char *choices;    /* SNC_OPT_CHOICE */
	const char *help;       /* one line, or several separated by '\n' */
};

/* What a command says about itself, for --help and the docs. */
struct snc_command_doc {
	const char *prog;       /* "snc run" */
	const char *usage;      /* the usage lines, without "usage: " on the first */
	const char *about;      /* paragraphs, '\n'-separated lines */
	const struct snc_opt *const *tables;   /* NULL-terminated list of tables */
	const char *version;    /* printed by --version */
};

struct snc_opt_value {
	const struct snc_opt *opt;
	const char *text;       /* the value as given (NULL for flags) */
	long long number;       /* INT, SECONDS (ms), CHOICE (index) */
};

struct snc_cmdline {
	const struct snc_command_doc *doc;
	int argc;
	char **argv;
	int next;               /* next argument to read */
	int end;                /* index of "--" (or argc) */
	int rest;               /* first argument after "--" (or argc) */
	char **operands;        /* the non-option arguments before "--", in order */
	int noperands;
	int short_pos;          /* inside a cluster of short options: next char */
};

enum {
	SNC_CMDLINE_DONE = 0,      /* no more options: see operands and rest */
	SNC_CMDLINE_ERROR = -1,    /* a one-line error was printed: exit 2 */
	SNC_CMDLINE_ANSWERED = -2, /* --help or --version was printed: exit 0 */
};

/* Prepares to parse argv[1..argc-1] (argv[0] is the command's name). Returns -1 when out
 * of memory (a message is printed). Free with snc_cmdline_free. */
int snc_cmdline_init(struct snc_cmdline *cl, const struct snc_command_doc *doc, int argc,
		     char **argv);
void snc_cmdline_free(struct snc_cmdline *cl);

/* The next option: its id (and value in *v), or one of SNC_CMDLINE_*. A value out of range,
 * an unknown option (with "did you mean" when one is close) and a missing value are errors,
 * reported before the command does anything. */
int snc_cmdline_next(struct snc_cmdline *cl, struct snc_opt_value *v);

/* Checks one value against its option; on error writes why into err. */
int snc_opt_check(const struct snc_opt *o, const char *text, long long *number, char *err,
		  size_t errlen);

/* The option of these tables with this long name, or NULL. */
const struct snc_opt *snc_opt_find(const struct snc_opt *const *tables, const char *name);

/* The closest of candidates to word, or NULL when none is close enough to suggest. */
const char *snc_closest(const char *word, const char *const *candidates, int n);

/* --help as the parser prints it, and the same as a Markdown section (docs/cli.md). */
void snc_cmdline_help(FILE *out, const struct snc_command_doc *doc);
void snc_cmdline_markdown(FILE *out, const struct snc_command_doc *doc);
/* The same as a man page (roff, section 1), with its one-line summary, dated date. */
void snc_cmdline_man(FILE *out, const struct snc_command_doc *doc, const char *summary,
		     const char *date);
/* Every option of the command, space-separated (for shell completion). */
void snc_cmdline_completion_words(FILE *out, const struct snc_command_doc *doc);

/* Prints "PROG: error: ..." on one line. */
void snc_cmdline_error(const char *prog, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- settings files (lines.c) --------------------------------------------------------------- */
enum { SNC_LINE_MAX = 1024 };
/* Called with each line's text (comment dropped, trimmed, never empty) and number; returns
 * 0, or -1 after writing why into why. */
typedef int snc_line_fn(void *ctx, char *text, int lineno, char *why, size_t whylen);
/* Reads path line by line; on the first error writes "PATH:LINE: why" and returns -1. */
int snc_lines_read(const char *path, snc_line_fn *fn, void *ctx, char *err, size_t errlen);
/* s without leading and trailing blanks (in place). */
char *snc_trim(char *s);

/* ---- running a command (run.c) -------------------------------------------------------- */
#include <sys/types.h>
/* Runs argv (execvp: no shell) and waits: its exit status, 128 + the signal that killed it,
 * 127 when it could not be started, -1 when it could not be forked. quiet: its output goes
 * to /dev/null. running(pid) is called once it runs, running(0) once it ended (to pass
 * interruptions on). */
int snc_run_argv(char *const *argv, bool quiet, void (*running)(pid_t pid));
/* The same in the working folder cwd (NULL: this process's). */
int snc_run_argv_in(char *const *argv, bool quiet, void (*running)(pid_t pid), const char *cwd);
/* The same with what it writes on stdout into *out (malloc'd, NUL-terminated; NULL when it
 * could not be read) and its stderr discarded: a tool's answer (dpkg, nm). */
int snc_run_argv_output(char *const *argv, char **out);
/* The same with its stderr into *out as well: a compiler's messages. */
int snc_run_argv_messages(char *const *argv, char **out);

/* ---- temporary folders (tmpdir.c) ---------------------------------------------------- */
/* $TMPDIR, or /tmp. */
const char *snc_tmp_root(void);
/* Makes ROOT/snc-NAME-XXXXXX in buf; returns buf, or NULL (errno says why). */
char *snc_make_tmpdir(char *buf, size_t len, const char *name);
/* Removes dir and everything in it, whatever a library's calls made there (folders without
 * permissions, symbolic links, which are removed, never followed); 0, or -1 when something
 * stayed. */
int snc_remove_tree(const char *dir);

/* ---- --shard K/N (shard.c) ------------------------------------------------------------ */
#include <stdint.h>
#define SNC_SHARD_MAX 1024
struct snc_shard {
	int index, count;       /* K and N; count 0: not sharded */
};
/* Reads "K/N"; on error writes why into err and returns -1. */
int snc_shard_parse(const char *text, struct snc_shard *s, char *err, size_t errlen);
/* FNV-1a, 64 bits: the same on every machine. */
uint64_t snc_shard_hash(const char *key);
/* Does the work keyed key (a name, or a path: taken relative to the current directory
 * when below it, without a leading ./) fall to shard s? Always true when s is NULL or not
 * sharded. */
bool snc_shard_owns(const struct snc_shard *s, const char *key);
/* ---- CPUs (cpus.c) ------------------------------------------------------------------ */
/* The CPUs this process may run on (sched_getaffinity, else the online ones): the default
 * of --jobs. */
int snc_cpu_count(void);

/* ---- colour (color.c) ------------------------------------------------------------------ */
enum snc_color_when { SNC_COLOR_AUTO, SNC_COLOR_ALWAYS, SNC_COLOR_NEVER };
#define SNC_COLOR_CHOICES "auto|always|never"   /* in the order of the enum */
/* What --color said (default auto). */
void snc_color_set(enum snc_color_when when);
/* Is colour wanted on stream: always/never as set; auto: a terminal, NO_COLOR unset or
 * empty, TERM not "dumb". */
bool snc_color_on(FILE *stream);
/* The escape sequence that starts word's colour on stream (a severity, a verdict, a scan
 * class, pass/fail), and the one that ends it; "" when colour is off or word has none. */
const char *snc_color_start(FILE *stream, const char *word);
const char *snc_color_end(FILE *stream, const char *word);

/* ---- the project's .snc file (config.c) -------------------------------------------------- */
struct snc_config {
	char **args;            /* "--name=value" or "--flag", NULL-terminated */
	int nargs;
};
/* Finds .snc in the current directory or the nearest one above it. Returns 0 or -1. */
int snc_config_find(char *path, size_t len);
/* Reads the options of command (one of docs, a NULL-terminated list) from the file, every
 * line checked; on error writes "FILE:LINE: why" into err and returns -1. */
int snc_config_load(const char *path, const char *command,
		    const struct snc_command_doc *const *docs, struct snc_config *c, char *err,
		    size_t errlen);
void snc_config_free(struct snc_config *c);

/* ---- the options of harness programs ---------------------------------------------------- */
enum snc_run_option_id {
	SNC_RUN_DEPTH = 1000, SNC_RUN_MAX_STATES, SNC_RUN_SEED, SNC_RUN_TIMEOUT, SNC_RUN_REPEAT,
	SNC_RUN_JOBS, SNC_RUN_BLOCKING_OBSERVABLE, SNC_RUN_VERBOSE, SNC_RUN_QUIET,
	SNC_RUN_SCHEDULES, SNC_RUN_PREEMPTIONS, SNC_RUN_PCT, SNC_RUN_PCT_DEPTH,
	SNC_RUN_SCHEDULE_DEPTH, SNC_RUN_MAX_SCHEDULES, SNC_RUN_FIRST_FAILURE, SNC_RUN_MEASURE,
	SNC_RUN_MEASURE_STATES, SNC_RUN_MEMORY_LIMIT, SNC_RUN_CPU_LIMIT, SNC_RUN_PROCESS_LIMIT,
	SNC_RUN_FILE_SIZE_LIMIT, SNC_RUN_PROVE, SNC_RUN_BOUNDARY, SNC_RUN_MAX_EXECUTIONS,
	SNC_RUN_PRIVATE_FOLDERS,
};
/* A harness program's --jobs: executions in flight. Most of them wait (for a fork, for a
 * blocked op's timer), so the default is several per CPU: with one per CPU a harness whose
 * ops block runs 1.5-1.7 times longer (measured on the examples rcu and mutex-set). */
enum { SNC_RUN_JOBS_PER_CPU = 8, SNC_RUN_MAX_JOBS = 256 };
int snc_run_default_jobs(void);
/* The scheduler's bound on context switches per schedule (runtime/scheduler checks it). */
#define SNC_RUN_MAX_PREEMPTIONS 32
/* What a user may pass to `snc run` (forwarded to the harness program as given). */
extern const struct snc_opt snc_run_options[];

#endif
