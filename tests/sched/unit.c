/* unit.c: scheduler tests that need no instrumented code: the schedule string and the
 * explorer driven by synthetic feedback. Usage: sched_unit <test>. */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "snc_sched.h"

/* (h) format/parse round trips; malformed strings are rejected. */
static void test_schedule_string(void)
{
	/* The longest: 32 budgets, the most a schedule holds; one more is rejected. */
	static const char *const good[] = { "0", "1", "0:3,5", "1:1", "0:4294967295",
		"1:0,0,7", ("0:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,"
			    "25,26,27,28,29,30,31,32") };
	static const char *const bad[] = { "", "2", "0:", "0:1,", "0:a", "0:4294967296",
		"0:1,,2", " 0", "0:1 ", "01", "0:-1", "0;1", "0:+1",
		("0:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,"
		 "29,30,31,32,33") };
	char buf[SNC_SCHEDULE_STRING_MAX];
	struct snc_schedule s, again;

	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		check(snc_schedule_parse(good[i], &s) == 0, "rejected %s", good[i]);
		check(snc_schedule_format(&s, buf, sizeof buf) == (int)strlen(good[i]) &&
		      strcmp(buf, good[i]) == 0, "%s formatted as %s", good[i], buf);
		check(snc_schedule_parse(buf, &again) == 0 &&
		      again.first_thread == s.first_thread && again.nswitches == s.nswitches &&
		      memcmp(again.budget, s.budget, s.nswitches * sizeof s.budget[0]) == 0,
		      "%s does not round-trip", good[i]);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		check(snc_schedule_parse(bad[i], &s) != 0, "accepted \"%s\"", bad[i]);
	check(snc_schedule_parse("0:3,5", &s) == 0 && s.first_thread == 0 && s.nswitches == 2 &&
	      s.budget[0] == 3 && s.budget[1] == 5, "0:3,5 misread");
	check(snc_schedule_format(&s, buf, 4) == -1, "a too small buffer must fail");
	printf("schedule strings: %zu accepted, %zu rejected\n", sizeof good / sizeof good[0],
	       sizeof bad / sizeof bad[0]);
}

/* Feedback where every run reports the same tail M: with P preemptions the count is
 * 2 * (1 + (M-1) + (M-1)^2 + ... + (M-1)^P). M = 4, P = 2: 2 * (1 + 3 + 9) = 26. */
static void test_explorer_synthetic(void)
{
	struct snc_explore_options eo = { .max_preemptions = 2 };
	struct snc_explorer *ex = snc_explorer_new(&eo);
	struct snc_sched_result res = { .tail_points = 4, .preemptible_points = 10 };
	struct snc_schedule s;
	uint32_t t0, t1, t;
	unsigned n = 0, last_switches = 0;
	char seen[64][SNC_SCHEDULE_STRING_MAX];

	/* Level 0 is handed out; level 1 needs its feedback first. */
	check(snc_explorer_next(ex, &s, &t0) == SNC_EXPLORE_SCHEDULE && s.first_thread == 0 &&
	      s.nswitches == 0, "first schedule should be \"0\"");
	check(snc_explorer_next(ex, &s, &t1) == SNC_EXPLORE_SCHEDULE && s.first_thread == 1,
	      "second schedule should be \"1\"");
	check(snc_explorer_next(ex, &s, &t) == SNC_EXPLORE_WAIT, "expected WAIT");
	snc_explorer_feedback(ex, t1, &res);
	check(snc_explorer_next(ex, &s, &t) == SNC_EXPLORE_WAIT, "expected WAIT again");
	snc_explorer_feedback(ex, t0, &res);
	n = 2;
	while (snc_explorer_next(ex, &s, &t) == SNC_EXPLORE_SCHEDULE) {
		check(s.nswitches >= last_switches, "fewest preemptions first");
		last_switches = s.nswitches;
		if (n < 64)
			snc_schedule_format(&s, seen[n], sizeof seen[n]);
		for (unsigned i = 2; i < n && i < 64; i++)
			check(strcmp(seen[i], seen[n]) != 0, "%s handed out twice", seen[n]);
		snc_explorer_feedback(ex, t, &res);
		n++;
	}
	printf("synthetic exploration: %u schedules (expected 26)\n", n);
	check(n == 26, "expected 26 schedules, got %u", n);
	check(snc_explorer_exhaustive(ex), "should be exhaustive");
	snc_explorer_free(ex);

	/* The cap stops the exhaustive phase and says so. */
	eo.max_schedules = 5;
	ex = snc_explorer_new(&eo);
	n = 0;
	while (snc_explorer_next(ex, &s, &t) == SNC_EXPLORE_SCHEDULE) {
		snc_explorer_feedback(ex, t, &res);
		n++;
	}
	check(n == 5 && !snc_explorer_exhaustive(ex), "the cap should stop at 5");
	snc_explorer_free(ex);
}

/* PCT samples: d-1 change points inside the horizon, the same sequence for the same seed. */
static void test_explorer_pct(void)
{
	struct snc_explore_options eo = { .max_preemptions = 0, .pct_samples = 50,
					  .pct_depth = 4, .seed = 42 };
	char first[50][SNC_SCHEDULE_STRING_MAX];
	unsigned distinct = 0;

	for (int round = 0; round < 2; round++) {
		struct snc_explorer *ex = snc_explorer_new(&eo);
		struct snc_sched_result res = { .tail_points = 20, .preemptible_points = 20 };
		struct snc_schedule s;
		uint32_t t;
		unsigned n = 0;

		while (snc_explorer_next(ex, &s, &t) == SNC_EXPLORE_SCHEDULE) {
			char buf[SNC_SCHEDULE_STRING_MAX];
			uint32_t at = 1;
			snc_schedule_format(&s, buf, sizeof buf);
			snc_explorer_feedback(ex, t, &res);
			if (n < 2) {       /* the two schedules of level 0 */
				n++;
				continue;
			}
			check(s.nswitches == 3, "%s: expected 3 change points", buf);
			for (unsigned i = 0; i < s.nswitches; i++) {
				check(s.budget[i] >= 1, "%s: empty budget", buf);
				at += s.budget[i];
			}
			check(at <= 20, "%s: change point beyond the horizon", buf);
			if (round == 0) {
				snprintf(first[n - 2], sizeof first[n - 2], "%s", buf);
				bool dup = false;
				for (unsigned i = 0; i + 2 < n; i++)
					dup |= strcmp(first[i], buf) == 0;
				distinct += !dup;
			} else {
				check(strcmp(first[n - 2], buf) == 0, "seeded sequence differs");
			}
			n++;
		}
		check(n == 52, "expected 2 + 50 schedules, got %u", n);
		snc_explorer_free(ex);
	}
	printf("PCT: 50 samples, %u distinct, reproducible\n", distinct);
	check(distinct > 30, "samples should be mostly distinct");
}

static const struct check_test tests[] = {
	{ "schedule_string", test_schedule_string },
	{ "explorer_synthetic", test_explorer_synthetic },
	{ "explorer_pct", test_explorer_pct },
};

int main(int argc, char **argv)
{
	return check_main(argc, argv, tests, sizeof tests / sizeof tests[0], NULL);
}
