/* snc.c: the snc program, a table of subcommands in the shape of git. Each command lives
 * in its own cmd_NAME.c with its option table; this file dispatches, answers --help and
 * --version, `snc help [COMMAND]`, and the documents made from the option tables:
 * `snc help --markdown` (docs/cli.md), `--man COMMAND` (man pages), `--completion` (bash). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "config.h"

const struct command snc_commands[] = {
	{ "run", cmd_run, "compile a harness with its library and classify every pair of ops",
	  &cmd_run_doc },
	{ "demo", cmd_demo, "classify the article's examples and print the summary", &cmd_demo_doc },
	{ "show", cmd_show, "print the verdicts of a run, with witnesses", &cmd_show_doc },
	{ "replay", cmd_replay, "run a stored schedule again and print its interleaving",
	  &cmd_replay_doc },
	{ "report", cmd_report, "findings and verdicts as a summary, HTML, SARIF or JSON",
	  &cmd_report_doc },
	{ "gate", cmd_gate, "exit status for CI: new findings over a severity threshold",
	  &cmd_gate_doc },
	{ "scan", cmd_scan, "scan C sources (libclang): shared state, heavyweight sites, candidate pairs",
	  &cmd_scan_doc },
	{ "audit", cmd_audit, "classify a library's API from its headers, generating the harnesses",
	  &cmd_audit_doc },
	{ "merge", cmd_merge, "combine the databases of the shards of a job (--shard K/N) into one",
	  &cmd_merge_doc },
	{ NULL, NULL, NULL, NULL },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: snc [--version] [--help] <command> [options]\n\n"
		     "snc tells which pairs of a C API must pay for heavyweight synchronization\n"
		     "(Laws of Order: strongly non-commutative operations need an atomic RMW or a\n"
		     "full fence), whether the code pays, and how often.\n\nCommands:\n");
	for (const struct command *c = snc_commands; c->name; c++)
		fprintf(out, "  %-8s %s\n", c->name, c->summary);
	fprintf(out, "\nRun 'snc help <command>' or 'snc <command> --help' for a command's options.\n"
		     "Exit status: 0 ok, 1 findings over the threshold, 2 usage or input error.\n");
}

static const struct command *find_command(const char *name)
{
	for (const struct command *c = snc_commands; c->name; c++)
		if (strcmp(name, c->name) == 0)
			return c;
	return NULL;
}

static int unknown_command(const char *name)
{
	const char *names[16];
	int n = 0;
	for (const struct command *c = snc_commands; c->name && n < 16; c++)
		names[n++] = c->name;
	const char *close = snc_closest(name, names, n);
	if (close)
		fprintf(stderr, "snc: error: '%s' is not a snc command; did you mean '%s'?\n", name,
			close);
	else
		fprintf(stderr, "snc: error: '%s' is not a snc command (see 'snc --help')\n", name);
	return EXIT_USAGE;
}

/* The reference of every command, as docs/cli.md holds it. */
static void markdown(void)
{
	printf("# The snc command line\n\n"
	       "Made by `snc help --markdown` from the option tables that `--help` prints;\n"
	       "a test checks that this page and the program agree. Every command also takes\n"
	       "`-h`/`--help` and `--version`; exit status 0 ok, 1 findings over the threshold,\n"
	       "2 usage or input error.\n\n"
	       "## The project's `.snc` file\n\n"
	       "Options a project always passes go in a `.snc` file, found in the current directory\n"
	       "or the nearest one above it (`SNC_CONFIG=FILE` names one, `SNC_CONFIG=none` reads\n"
	       "none). Sections name a command, or `[all]` for every command that has the option;\n"
	       "lines are `option = value` (flags: `true` or `false`), `#` starts a comment. Every\n"
	       "line is checked like the command line, and the command line wins.\n\n"
	       "```\n[all]\ndb = build/snc.db\n[run]\ntimeout = 0.5\nschedules = true\n"
	       "[gate]\nfail-on = warning\n```\n\n");
	printf("## Output, colour, progress, jobs\n\n"
	       "- `-o FILE`/`--output FILE` sends what a command prints on stdout to FILE (`-`:\n"
	       "  stdout); the file is written beside FILE and renamed over it at the end, so a\n"
	       "  command that fails without printing leaves an existing FILE alone. `snc demo -o\n"
	       "  DIR` names its HTML report's folder. `snc report --json -` and `--sarif -` write\n"
	       "  to stdout, and then nothing else goes there (where other files went is said on\n"
	       "  stderr). Messages, notes and progress always go to stderr.\n"
	       "- Verdicts and severities are coloured on a terminal (`--color=auto`), never when\n"
	       "  the stream is a pipe or a file, when `NO_COLOR` is set to anything non-empty, or\n"
	       "  when `TERM=dumb`; `--color=always` or `never` decides for you.\n"
	       "- Every phase that can take more than a second (scan, classification, the\n"
	       "  schedules pass, the proof pass, the measurement, an audit's builds) keeps one\n"
	       "  progress line on stderr up to date, only when stderr is a terminal.\n"
	       "- `-j N`/`--jobs N`: the scan parses as many units at once as the CPUs this\n"
	       "  process may use (its affinity mask, e.g. under `taskset`); a harness program keeps\n"
	       "  8 executions per CPU in flight, since most of them wait for a fork or a timer.\n\n");
	for (const struct command *c = snc_commands; c->name; c++)
		snc_cmdline_markdown(stdout, c->doc);
}

/* A bash completion script: commands, then each command's options; files otherwise. */
static void completion(void)
{
	printf("# bash completion for snc, made by 'snc help --completion'\n"
	       "_snc() {\n"
	       "\tlocal cur=${COMP_WORDS[COMP_CWORD]} words\n"
	       "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n"
	       "\t\twords=\"help --help --version");
	for (const struct command *c = snc_commands; c->name; c++)
		printf(" %s", c->name);
	printf("\"\n\telse\n\t\tcase \"${COMP_WORDS[1]}\" in\n");
	for (const struct command *c = snc_commands; c->name; c++) {
		printf("\t\t%s) words=\"", c->name);
		snc_cmdline_completion_words(stdout, c->doc);
		printf("\";;\n");
	}
	printf("\t\thelp) words=\"");
	for (const struct command *c = snc_commands; c->name; c++)
		printf("%s ", c->name);
	printf("--markdown --man --completion\";;\n"
	       "\t\t*) words=\"\";;\n\t\tesac\n\tfi\n"
	       "\tif [ \"$COMP_CWORD\" -eq 1 ] || [[ $cur == -* ]] || [ \"${COMP_WORDS[1]}\" = help ]; then\n"
	       "\t\tCOMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
	       "\telse\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n\tfi\n}\n"
	       "complete -o filenames -F _snc snc\n");
}

/* The date of man pages: SOURCE_DATE_EPOCH when set (reproducible builds), else today. */
static void man_date(char *buf, size_t len)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t t = epoch ? (time_t)strtoll(epoch, NULL, 10) : time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%d", &tm);
}

static int help(int argc, char **argv)
{
	if (argc < 2) {
		usage(stdout);
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--markdown") == 0) {
		markdown();
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--completion") == 0) {
		completion();
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "--man") == 0) {
		const struct command *c = find_command(argv[2]);
		if (!c)
			return unknown_command(argv[2]);
		char date[32];
		man_date(date, sizeof date);
		snc_cmdline_man(stdout, c->doc, c->summary, date);
		return 0;
	}
	const struct command *c = argc == 2 ? find_command(argv[1]) : NULL;
	if (argc > 2)
		return cli_error("help", "give one command (see 'snc --help')");
	if (!c)
		return unknown_command(argv[1]);
	snc_cmdline_help(stdout, c->doc);
	return 0;
}

/* Runs command c with the options of the project's .snc (the nearest one up from the
 * current directory, or $SNC_CONFIG; SNC_CONFIG=none reads none) before its own. */
static int run_with_config(const struct command *c, int argc, char **argv)
{
	const char *named = getenv("SNC_CONFIG");
	char path[4096];
	if (named && strcmp(named, "none") == 0)
		return c->run(argc, argv);
	if (named && *named)
		snprintf(path, sizeof path, "%s", named);
	else if (snc_config_find(path, sizeof path) != 0)
		return c->run(argc, argv);
	const struct snc_command_doc *docs[16];
	int n = 0;
	for (const struct command *k = snc_commands; k->name && n < 15; k++)
		docs[n++] = k->doc;
	docs[n] = NULL;
	struct snc_config config;
	char err[1024];
	if (snc_config_load(path, c->name, docs, &config, err, sizeof err) != 0) {
		fprintf(stderr, "snc %s: error: %s\n", c->name, err);
		return EXIT_USAGE;
	}
	if (config.nargs == 0) {
		snc_config_free(&config);
		return c->run(argc, argv);
	}
	char **with = calloc((size_t)(argc + config.nargs + 1), sizeof *with);
	if (!with) {
		snc_config_free(&config);
		return cli_error(c->name, "out of memory");
	}
	with[0] = argv[0];
	memcpy(with + 1, config.args, (size_t)config.nargs * sizeof *with);
	memcpy(with + 1 + config.nargs, argv + 1, (size_t)(argc - 1) * sizeof *with);
	int rc = c->run(argc + config.nargs, with);
	free(with);
	snc_config_free(&config);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
		return help(1, argv + 1);
	if (strcmp(argv[1], "help") == 0)
		return help(argc - 1, argv + 1);
	if (strcmp(argv[1], "--version") == 0) {
		printf("snc %s\n", SNC_VERSION);
		return 0;
	}
	const struct command *c = find_command(argv[1]);
	return c ? run_with_config(c, argc - 1, argv + 1) : unknown_command(argv[1]);
}
