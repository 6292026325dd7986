/* schedules_replay.c: `HARNESS-PROGRAM --db DB --replay ID`, one stored schedule again.
 *
 * The row says which state (its label: the instance calls that build it), which two calls
 * and which schedule. The program rebuilds that state in a forked state process, exactly
 * as the exploration did, and runs the schedule in a child forked from it, with a trace in
 * shared memory; the state process then prints the trace as two columns (thread, access,
 * variable or address, value, source line; libc and runtime frames are never in it), the
 * outcome, and compares it with the stored outcome text byte for byte. Exit status: 0 when
 * the outcome was reproduced, 1 when it was not, 2 when the schedule cannot be replayed by
 * this program (another harness, unknown calls, no such id). Both processes are forked and
 * watched as the exploration's are (state_process.h), with the same limits and deadlines. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "schedules.h"
#include "schedules_internal.h"
#include "snc_db.h"

#define REPLAY_TRACE_CAPACITY (1u << 16)
#define BUILD_TIMEOUT_FACTOR 10   /* as schedules.c: the same backstop as the exploration */

struct stored {
	int64_t id;
	char *harness, *state, *f_call, *g_call, *schedule, *outcome, *f_then_g, *g_then_f;
	int linearizable, deterministic;
};

static int copy_row(const struct snc_db_schedule *s, void *ctx)
{
	struct stored *st = ctx;
	st->id = s->id;
	st->harness = strdup(s->harness);
	st->state = strdup(s->state);
	st->f_call = strdup(s->f_call);
	st->g_call = strdup(s->g_call);
	st->schedule = strdup(s->schedule);
	st->outcome = strdup(s->outcome);
	st->f_then_g = strdup(s->f_then_g);
	st->g_then_f = strdup(s->g_then_f);
	st->linearizable = s->linearizable;
	st->deterministic = s->deterministic;
	return 0;
}

static void stored_free(struct stored *st)
{
	char *strings[] = { st->harness, st->state, st->f_call, st->g_call, st->schedule,
			    st->outcome, st->f_then_g, st->g_then_f };
	for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
		free(strings[i]);
}

static int find_instance(const struct harness_model *m, const char *call, size_t len)
{
	for (int i = 0; i < m->ninst; i++)
		if (strlen(m->inst[i].call) == len && strncmp(m->inst[i].call, call, len) == 0)
			return i;
	return -1;
}

/* "fresh" or "add(1); remove(0)" back into instances; returns the length, or -1. */
static int parse_state(const struct harness_model *m, const char *label, int *seq, int max)
{
	if (strcmp(label, "fresh") == 0)
		return 0;
	int len = 0;
	for (const char *p = label;; len++) {
		const char *end = strstr(p, "; ");
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (len == max || (seq[len] = find_instance(m, p, n)) < 0)
			return -1;
		if (!end)
			return len + 1;
		p = end + 2;
	}
}

static void describe_schedule(const struct snc_schedule *s, FILE *out)
{
	fprintf(out, "thread %d starts", s->first_thread);
	for (int i = 0; i < s->nswitches; i++)
		fprintf(out, "%s after %u %spoint%s", i ? ", then" : "; preempted", s->budget[i],
			i ? "more " : "", s->budget[i] == 1 ? "" : "s");
	fprintf(out, "; then both run to completion\n");
}

struct replay {
	const struct harness_model *m;
	const struct stored *st;
	struct sched_call call;
	struct snc_schedule schedule;
	int seq[8], len;
	uint32_t build_ms;
	struct sp_limits limits;
	struct sched_slot *slot;   /* shared, followed by the trace */
	struct snc_trace_entry *trace;
};

/* In the state process: run the schedule once with a trace, print, compare. */
static _Noreturn void replay_state_process(const struct replay *r)
{
	const struct harness_model *m = r->m;
	state_build(m, r->seq, r->len);
	struct sp_child child;
	pid_t pid = sched_child_spawn(&r->call, &r->schedule, -1, r->slot, r->trace,
				      REPLAY_TRACE_CAPACITY, &child);
	struct sp_end end;
	if (pid < 0 || sp_wait(&child, 1, &end) < 0)
		_exit(2);
	struct conc_outcome o;
	conc_outcome_read(r->slot, &end, &o);
	char text[1024];
	conc_outcome_text(m, r->call.f, r->call.g, &o, text, sizeof text);
	const struct snc_sched_result *res = &r->slot->res;
	uint32_t n = res->trace_len < REPLAY_TRACE_CAPACITY ? res->trace_len : REPLAY_TRACE_CAPACITY;
	snc_trace_print(stdout, r->trace, n);
	if (res->trace_dropped)
		printf("        (%u more entries not recorded)\n", res->trace_dropped);
	bool same = strcmp(text, r->st->outcome) == 0;
	printf("\noutcome:      %s\n", text);
	if (!same)
		printf("stored:       %s\n", r->st->outcome);
	printf("sequentially: %s  (thread 0's call first)\n"
	       "              %s  (thread 1's call first)\n", r->st->f_then_g, r->st->g_then_f);
	printf("as stored:    %s, %s\n",
	       r->st->linearizable ? "linearizable" : "NOT linearizable (no sequential order gives it)",
	       r->st->deterministic ? "deterministic" : "NOT deterministic (a re-run differed)");
	printf("%s\n", same ? "outcome reproduced (byte for byte as stored)"
			    : "outcome NOT reproduced: it differs from the stored one");
	fflush(stdout);
	_exit(same ? 0 : 1);
}

static int replay_run(struct replay *r)
{
	size_t size = sizeof *r->slot + REPLAY_TRACE_CAPACITY * sizeof *r->trace;
	void *shared = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		return fprintf(stderr, "error: out of memory for the trace\n"), 2;
	r->slot = shared;
	r->trace = (struct snc_trace_entry *)(r->slot + 1);
	struct sp_options o = {
		.limits = &r->limits, .forks_children = true, .deadline_ms = (int)(r->build_ms + r->call.backstop_ms) + 1000,
	};
	struct sp_child child;
	pid_t pid = sp_fork(&child, &o);
	if (pid == 0)
		replay_state_process(r);
	struct sp_end end = { .how = SP_KILLED };
	int waited = pid > 0 ? sp_wait(&child, 1, &end) : -1;
	munmap(shared, size);
	if (waited == SP_INTERRUPTED)
		return 128 + sp_interrupted();
	if (end.how == SP_EXITED && end.code <= 1)
		return end.code;
	fprintf(stderr, "error: the state of schedule %lld could not be built again\n",
		(long long)r->st->id);
	return 2;
}

static int replay_stored(const struct snc_harness *def, const struct runtime_options *opt,
			 const struct stored *st)
{
	char err[256];
	struct harness_model m;
	if (strcmp(def->name, st->harness) != 0) {
		fprintf(stderr, "error: schedule %lld belongs to harness '%s', not to '%s'\n",
			(long long)st->id, st->harness, def->name);
		return 2;
	}
	if (harness_model_build(def, &m, err, sizeof err) != 0) {
		fprintf(stderr, "error: %s\n", err);
		return 2;
	}
	int timeout_ms = runtime_timeout_ms(opt, def);
	struct replay r = {
		.m = &m, .st = st,
		.call = { &m, find_instance(&m, st->f_call, strlen(st->f_call)),
			  find_instance(&m, st->g_call, strlen(st->g_call)),
			  (uint32_t)timeout_ms * 2 * BUILD_TIMEOUT_FACTOR, &r.limits },
	};
	runtime_limits(opt, &r.limits);
	r.len = parse_state(&m, st->state, r.seq, 8);
	r.build_ms = (uint32_t)timeout_ms * BUILD_TIMEOUT_FACTOR * (uint32_t)(r.len + 1);
	int rc = 2;
	if (r.call.f < 0 || r.call.g < 0 || r.len < 0)
		fprintf(stderr, "error: schedule %lld's calls (%s, %s from %s) are not what harness "
			"'%s' declares now\n", (long long)st->id, st->f_call, st->g_call, st->state,
			def->name);
	else if (snc_schedule_parse(st->schedule, &r.schedule) != 0)
		fprintf(stderr, "error: schedule %lld is malformed: '%s'\n", (long long)st->id,
			st->schedule);
	else {
		printf("schedule %lld of harness %s, from state %s\n", (long long)st->id, def->name,
		       st->state);
		printf("  thread 0: %s\n  thread 1: %s\n  schedule %s: ", st->f_call, st->g_call,
		       st->schedule);
		describe_schedule(&r.schedule, stdout);
		printf("\n");
		rc = replay_run(&r);
	}
	harness_model_free(&m);
	return rc;
}

int schedules_replay(const struct snc_harness *def, const struct runtime_options *opt,
		     struct snc_db *db)
{
	struct stored st = { 0 };
	int found = snc_db_schedule_get(db, opt->replay_id, copy_row, &st);
	if (found != 0)
		fprintf(stderr, "error: %s\n", found < 0 ? snc_db_errmsg(db) : "no such schedule");
	int rc = found == 0 ? replay_stored(def, opt, &st) : 2;
	stored_free(&st);
	return rc;
}
