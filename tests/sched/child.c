/* child.c: fork per schedule, results through shared memory (see child.h).
 *
 * The parent never runs the fixtures, so every child starts from their initial state; the
 * ops write their return values straight into the shared area.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "child.h"

struct call {
	int (*fn)(void);
	int *ret;
};

static void call_op(void *arg)
{
	struct call *c = arg;
	*c->ret = c->fn();
}

struct outcome *shared_outcome(void)
{
	static struct outcome *area;

	if (!area) {
		area = mmap(NULL, sizeof *area, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (area == MAP_FAILED) {
			perror("mmap");
			exit(2);
		}
	}
	return area;
}

bool run_schedule(const struct pair *p, const struct snc_schedule *s,
		  const struct snc_sched_options *opt, struct outcome *out)
{
	struct snc_sched_options o = opt ? *opt : (struct snc_sched_options){ 0 };
	pid_t pid;

	memset(&out->result, 0, sizeof out->result);
	out->ret[0] = out->ret[1] = -1;
	if (o.trace) {
		o.trace = out->trace;
		o.trace_capacity = CHILD_TRACE_CAPACITY;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		struct call c0 = { p->op[0], &out->ret[0] }, c1 = { p->op[1], &out->ret[1] };
		int rc = snc_sched_run(s, call_op, &c0, call_op, &c1, &o, &out->result);
		_exit(rc < 0 ? 3 : 0);
	}
	if (waitpid(pid, &out->wait_status, 0) != pid) {
		perror("waitpid");
		exit(2);
	}
	return WIFEXITED(out->wait_status) && WEXITSTATUS(out->wait_status) == 0;
}

/* Threads of this process, from /proc/self/task. */
static int thread_count(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

bool run_solo(int (*op)(void), const struct snc_sched_options *opt, struct outcome *out)
{
	pid_t pid;

	memset(&out->result, 0, sizeof out->result);
	out->ret[0] = out->ret[1] = -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		struct call c = { op, &out->ret[0] };
		int rc = snc_sched_solo(call_op, &c, opt, &out->result);
		out->ret[1] = thread_count();
		_exit(rc < 0 ? 3 : 0);
	}
	if (waitpid(pid, &out->wait_status, 0) != pid) {
		perror("waitpid");
		exit(2);
	}
	return WIFEXITED(out->wait_status) && WEXITSTATUS(out->wait_status) == 0;
}

unsigned explore(const struct pair *p, const struct snc_explore_options *eo,
		 const struct snc_sched_options *opt, visit_fn visit, void *ctx)
{
	struct snc_explorer *ex = snc_explorer_new(eo);
	struct outcome *out = shared_outcome();
	struct snc_schedule s;
	uint32_t ticket;
	unsigned n = 0;

	if (!ex) {
		perror("snc_explorer_new");
		exit(2);
	}
	while (snc_explorer_next(ex, &s, &ticket) == SNC_EXPLORE_SCHEDULE) {
		bool exited = run_schedule(p, &s, opt, out);
		snc_explorer_feedback(ex, ticket, exited ? &out->result : NULL);
		n++;
		if (!visit(&s, out, ctx))
			break;
	}
	snc_explorer_free(ex);
	return n;
}
