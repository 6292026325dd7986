/* snc.c: the snc program, a table of subcommands in the shape of git. Each command lives
 * in its own cmd_NAME.c; this file only dispatches and answers --help and --version. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "config.h"

const struct command snc_commands[] = {
	{ "run", cmd_run, "compile a harness with its library and classify every pair of ops" },
	{ "demo", cmd_demo, "classify the article's examples and print the summary" },
	{ "show", cmd_show, "print the verdicts of a run, with witnesses" },
	{ "replay", cmd_replay, "run a stored schedule again and print its interleaving" },
	{ "report", cmd_report, "findings and verdicts as a summary, HTML, SARIF or JSON" },
	{ "gate", cmd_gate, "exit status for CI: new findings over a severity threshold" },
	{ "scan", cmd_scan, "scan C sources (libclang): shared state, heavyweight sites, candidate pairs" },
	{ "audit", cmd_audit, "classify a library's API from its headers, generating the harnesses" },
	{ NULL, NULL, NULL },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: snc [--version] [--help] <command> [options]\n\n"
		     "snc tells which pairs of a C API must pay for heavyweight synchronization\n"
		     "(Laws of Order: strongly non-commutative operations need an atomic RMW or a\n"
		     "full fence), whether the code pays, and how often.\n\nCommands:\n");
	for (const struct command *c = snc_commands; c->name; c++)
		fprintf(out, "  %-8s %s\n", c->name, c->summary);
	fprintf(out, "\nRun 'snc <command> --help' for a command's options. Exit status: 0 ok,\n"
		     "1 findings over the threshold, 2 usage or input error.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("snc %s\n", SNC_VERSION);
		return 0;
	}
	for (const struct command *c = snc_commands; c->name; c++)
		if (strcmp(argv[1], c->name) == 0)
			return c->run(argc - 1, argv + 1);
	fprintf(stderr, "snc: error: '%s' is not a snc command (see 'snc --help')\n", argv[1]);
	return EXIT_USAGE;
}
