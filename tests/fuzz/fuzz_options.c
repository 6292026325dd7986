/* fuzz_options.c: a harness program's command line (runtime/classifier/options.c, what `snc run`
 * passes through) on any bytes: the input is split at NUL bytes into argv. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "runtime.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	char *argv[MAX_ARGS + 2] = { "harness" };
	int argc = 1;
	for (size_t i = 0; i <= size && argc <= MAX_ARGS; argc++) {
		argv[argc] = copy + i;
		i += strlen(copy + i) + 1;
	}
	argv[argc] = NULL;
	struct runtime_options opt;
	FILE *saved = stdout;
	stdout = fopen("/dev/null", "w");   /* --help and --version print */
	parse_runtime_options(argc, argv, &opt);
	fclose(stdout);
	stdout = saved;
	free(copy);
	return 0;
}
