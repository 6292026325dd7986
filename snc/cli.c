/* cli.c: uniform errors and the command line as a record, for every subcommand. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int cli_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cli_progress_end();
	fprintf(stderr, "snc %s: %serror%s: ", cmd, snc_color_start(stderr, "error"),
		snc_color_end(stderr, "error"));
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return EXIT_USAGE;
}

int cli_options_done(int last)
{
	if (last == SNC_CMDLINE_ANSWERED)
		return 0;
	return last == SNC_CMDLINE_DONE ? -1 : EXIT_USAGE;
}

int cli_no_operands(const char *cmd, const struct snc_cmdline *cl)
{
	if (cl->noperands)
		return cli_error(cmd, "unexpected argument '%s'", cl->operands[0]);
	if (cl->rest < cl->argc)
		return cli_error(cmd, "unexpected argument '%s'", cl->argv[cl->rest]);
	return -1;
}

char *cli_joined(int argc, char **argv)
{
	size_t len = 5;
	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	char *s = malloc(len);
	if (!s)
		return NULL;
	strcpy(s, "snc");
	for (int i = 0; i < argc; i++) {
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}
