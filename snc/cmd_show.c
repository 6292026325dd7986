/* cmd_show.c: `snc show`, the verdicts of the latest (or a given) run. */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"
#include "config.h"

static const struct snc_opt show_options[] = {
	CLI_OPT_DB, CLI_OPT_RUN, CLI_OPT_JSON,
	CLI_OPT_OUTPUT,
	CLI_OPT_COLOR,
	{ 0 },
};
static const struct snc_opt *const show_tables[] = { show_options, NULL };

const struct snc_command_doc cmd_show_doc = {
	.prog = "snc show",
	.usage = "snc show [--db FILE] [--run N] [--json] [-o FILE]",
	.about = "Prints every pair's verdict with its witness: the state, each call's return alone and\n"
		 "after the other call.",
	.tables = show_tables,
	.version = SNC_VERSION,
};

int cmd_show(int argc, char **argv)
{
	const char *db_path = "snc.db";
	long long run = 0;
	bool json = false;
	struct snc_cmdline cl;
	struct snc_opt_value v;
	if (snc_cmdline_init(&cl, &cmd_show_doc, argc, argv) != 0)
		return EXIT_USAGE;
	int id;
	while ((id = snc_cmdline_next(&cl, &v)) > 0)
		switch (cli_shared_option(&v) ? 0 : id) {
		case CLI_DB: db_path = v.text; break;
		case CLI_RUN: run = v.number; break;
		case CLI_JSON: json = true; break;
		}
	int rc = cli_options_done(id);
	if (rc < 0)
		rc = cli_no_operands("show", &cl);
	snc_cmdline_free(&cl);
	if (rc >= 0 || (rc = cli_output_begin("show")) != 0)
		return rc;
	return cli_output_end("show", show_run(db_path, run, json, "show"));
}
