/* check.h: what the scheduler's test programs (unit.c, driver.c) share: a check that counts
 * and explains failures, and a main that runs the test named on the command line. */
#ifndef SNC_SCHED_TEST_CHECK_H
#define SNC_SCHED_TEST_CHECK_H

#include <stdbool.h>
#include <stddef.h>

/* Counts a failure and prints "FAIL: " and the message on stderr when ok is false. */
void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct check_test {
	const char *name;
	void (*run)(void);
};

/* Usage: PROGRAM <test>. Runs setup (when not NULL), then the test of that name: exit 0
 * when no check failed, 1 when one did, 2 on a usage error or an unknown test. */
int check_main(int argc, char **argv, const struct check_test *tests, size_t ntests,
	       void (*setup)(void));

#endif
