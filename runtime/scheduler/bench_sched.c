/* bench_sched.c: how close a schedule comes to the cost of the fork it runs in.
 *
 * Measures, in the same process and alternately, (1) a bare fork + _exit + waitpid loop,
 * the floor of any fork-per-execution design, and (2) the classifier's loop for the racy
 * counter pair: the explorer hands out every schedule with <= 2 preemptions, a forked child
 * runs it with snc_sched_run and leaves its result in shared memory, the parent feeds it
 * back; a fresh explorer starts over when one is exhausted. The two alternate in ROUNDS
 * short slices, so that a machine whose load changes affects both alike. Prints both
 * rates and their ratio. Usage: bench_sched [total seconds, default 4]
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_racy_counter.h"
#include "snc_sched.h"

enum { ROUNDS = 8 };

struct shared {
	struct snc_sched_result result;
	int returned[2];
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void increment(void *ret)
{
	*(int *)ret = bench_racy_increment();
}

/* Adds forks done and time spent to *n and *spent. */
static void fork_floor(double seconds, unsigned long *n, double *spent)
{
	double start = now(), elapsed;

	do {
		pid_t pid = fork();
		if (pid == 0)
			_exit(0);
		if (pid < 0 || waitpid(pid, NULL, 0) != pid) {
			perror("fork floor");
			exit(1);
		}
		++*n;
		elapsed = now() - start;
	} while (elapsed < seconds);
	*spent += elapsed;
}

static void run_child(const struct snc_schedule *s, struct shared *sh)
{
	pid_t pid = fork();

	if (pid == 0) {
		snc_sched_run(s, increment, &sh->returned[0], increment, &sh->returned[1], NULL,
			      &sh->result);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, NULL, 0) != pid) {
		perror("schedule child");
		exit(1);
	}
}

/* Adds schedules run and time spent to *n and *spent. */
static void schedules(double seconds, struct shared *sh, unsigned long *n, double *spent,
		      unsigned long *lost_updates)
{
	struct snc_explore_options eo = { .max_preemptions = 2 };
	double start = now(), elapsed;

	do {
		struct snc_explorer *ex = snc_explorer_new(&eo);
		struct snc_schedule s;
		uint32_t ticket;
		if (!ex) {
			perror("explorer");
			exit(1);
		}
		while (snc_explorer_next(ex, &s, &ticket) == SNC_EXPLORE_SCHEDULE) {
			run_child(&s, sh);
			snc_explorer_feedback(ex, ticket, &sh->result);
			*lost_updates += sh->returned[0] == sh->returned[1];
			++*n;
		}
		snc_explorer_free(ex);
		elapsed = now() - start;
	} while (elapsed < seconds);
	*spent += elapsed;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 4.0;
	struct shared *sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE,
				 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	unsigned long forks = 0, runs = 0, lost = 0;
	double fork_time = 0, run_time = 0, floor, rate;

	if (sh == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (int i = 0; i < ROUNDS; i++) {
		fork_floor(seconds / ROUNDS / 2, &forks, &fork_time);
		schedules(seconds / ROUNDS / 2, sh, &runs, &run_time, &lost);
	}
	floor = (double)forks / fork_time;
	rate = (double)runs / run_time;
	printf("fork+exit+wait floor: %.0f/s\n", floor);
	printf("schedules (racy counter pair, <= 2 preemptions): %.0f/s (%lu runs, %lu lost "
	       "updates)\n", rate, runs, lost);
	printf("ratio: %.2f of the floor\n", rate / floor);
	return 0;
}
