/*
** bench_overhead.c: what the snc tool's counting costs over plain Valgrind.
**
** One program, two roles:
**
**   snc_vg_bench_overhead
**       the workload: one region (plain counting, no patterns) around
**       ITERATIONS calls of an operation that mixes plain arithmetic, a load
**       and a store with atomics (a lock xadd every 4th call, a lock cmpxchg
**       every 16th); prints the loop's time and the region's RMW count.
**
**   snc_vg_bench_overhead --compare VALGRIND VALGRIND_LIB
**       runs the workload natively, under `--tool=none` and under
**       `--tool=snc` (with VALGRIND_LIB), ROUNDS times each, interleaved, and
**       prints the best time of each and the ratio snc / none.
**
** Times are of the loop alone, measured inside the workload, so Valgrind's
** start-up (about 0.2 s per process) does not dilute the ratio; the best of
** several rounds filters out a busy machine.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "snc_vg_client.h"

enum { ITERATIONS = 10 * 1000 * 1000, ROUNDS = 3 };

static long table[256];
static long counter, owner;

__attribute__((noinline)) static long operation(long i)
{
    long h = (i * 2654435761L) ^ (i >> 3);
    table[i & 255] += h;
    if ((i & 3) == 0)
        h += __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
    if ((i & 15) == 0)
        __sync_bool_compare_and_swap(&owner, i - 16, i);
    return h;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int run_workload(void)
{
    struct snc_vg_region region;
    long sum = 0;
    double start = now();

    snc_vg_region_begin(0);
    for (long i = 0; i < ITERATIONS; i++)
        sum += operation(i);
    snc_vg_region_end(&region);
    printf("seconds %.6f\nrmw %llu\nchecksum %ld\n", now() - start,
           (unsigned long long)region.rmw, sum);
    return 0;
}

/* Runs argv (with VALGRIND_LIB=lib when lib is not NULL) and returns the
** "seconds" it prints, or -1 on failure. */
static double timed_run(char *const argv[], const char *lib)
{
    int out[2];
    pid_t pid;
    char buf[512] = "";
    size_t used = 0;
    ssize_t got;
    int status;
    const char *seconds;

    if (pipe(out) != 0)
        return -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        close(out[0]);
        close(out[1]);
        if (lib != NULL)
            setenv("VALGRIND_LIB", lib, 1);
        execv(argv[0], argv);
        _exit(127);
    }
    close(out[1]);
    while (used < sizeof buf - 1 && (got = read(out[0], buf + used, sizeof buf - 1 - used)) > 0)
        used += (size_t)got;
    close(out[0]);
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    seconds = strstr(buf, "seconds ");
    return seconds != NULL ? atof(seconds + 8) : -1;
}

static double best(double a, double b) { return a < 0 ? b : b < 0 ? a : a < b ? a : b; }

static int compare(char *self, char *valgrind, char *lib)
{
    char *native_argv[] = {self, NULL};
    char *none_argv[] = {valgrind, "-q", "--tool=none", self, NULL};
    char *snc_argv[] = {valgrind, "-q", "--tool=snc", self, NULL};
    double native = -1, none = -1, snc = -1;

    for (int round = 0; round < ROUNDS; round++) {
        native = best(native, timed_run(native_argv, NULL));
        none = best(none, timed_run(none_argv, NULL));
        snc = best(snc, timed_run(snc_argv, lib));
    }
    if (native < 0 || none < 0 || snc < 0) {
        fprintf(stderr, "bench_vg_overhead: a run failed (native %g, none %g, snc %g)\n",
                native, none, snc);
        return 1;
    }
    printf("%d calls, best of %d: native %.3f s, --tool=none %.3f s, --tool=snc %.3f s\n",
           ITERATIONS, ROUNDS, native, none, snc);
    printf("snc / none = %.2fx (target <= 1.5x); snc / native = %.1fx\n", snc / none,
           snc / native);
    return 0;
}

int main(int argc, char **argv)
{
    static char self[PATH_MAX];

    if (argc == 4 && strcmp(argv[1], "--compare") == 0)
        return realpath("/proc/self/exe", self) != NULL ? compare(self, argv[2], argv[3]) : 1;
    if (argc == 1)
        return run_workload();
    fprintf(stderr, "usage: %s [--compare VALGRIND VALGRIND_LIB]\n", argv[0]);
    return 2;
}
