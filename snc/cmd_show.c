/* cmd_show.c: `snc show`, the verdicts of the latest (or a given) run. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"

static const char usage[] =
	"usage: snc show [--db FILE] [--run N] [--json]\n"
	"\n"
	"Prints every pair's verdict with its witness: the state, each call's return alone and\n"
	"after the other call.\n"
	"\n"
	"  --db FILE    database (default ./snc.db)\n"
	"  --run N      a given run instead of the latest one\n"
	"  --json       JSON instead of a table\n";

int cmd_show(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db", required_argument, NULL, 'd' },
		{ "run", required_argument, NULL, 'r' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 },
	};
	const char *db_path = "snc.db";
	long long run = 0;
	bool json = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (c) {
		case 'd': db_path = optarg; break;
		case 'j': json = true; break;
		case 'h': fputs(usage, stdout); return 0;
		case 'r':
			if (cli_parse_run("show", optarg, &run) != 0)
				return EXIT_USAGE;
			break;
		default:
			return cli_bad_option("show", c, argv);
		}
	}
	if (optind < argc)
		return cli_error("show", "unexpected argument '%s'", argv[optind]);
	return show_run(db_path, run, json, "show");
}
