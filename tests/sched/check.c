/* check.c: failure counting and the test-selecting main of the scheduler's test programs
 * (check.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

static int failures;

void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return;
	failures++;
	fprintf(stderr, "FAIL: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int check_main(int argc, char **argv, const struct check_test *tests, size_t ntests,
	       void (*setup)(void))
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s <test>\n", argv[0]);
		return 2;
	}
	if (setup)
		setup();
	for (size_t i = 0; i < ntests; i++) {
		if (strcmp(argv[1], tests[i].name) == 0) {
			tests[i].run();
			return failures ? 1 : 0;
		}
	}
	fprintf(stderr, "no test %s\n", argv[1]);
	return 2;
}
