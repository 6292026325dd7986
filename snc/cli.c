/* cli.c: uniform errors and the command line as a record, for every subcommand. */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int cli_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "snc %s: error: ", cmd);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return EXIT_USAGE;
}

int cli_bad_option(const char *cmd, int getopt_result, char **argv)
{
	const char *arg = argv[optind - 1];
	if (getopt_result == ':')
		return cli_error(cmd, "option '%s' needs a value (see 'snc %s --help')", arg, cmd);
	return cli_error(cmd, "unknown option '%s' (see 'snc %s --help')", arg, cmd);
}

int cli_parse_run(const char *cmd, const char *value, long long *run)
{
	char *end;
	*run = strtoll(value, &end, 10);
	if (end == value || *end || *run <= 0) {
		cli_error(cmd, "--run needs a run number, not '%s'", value);
		return -1;
	}
	return 0;
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
