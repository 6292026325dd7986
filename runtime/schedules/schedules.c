/* schedules.c: the runner's side of the schedules pass (design in schedules.h).
 *
 * For a state short enough, a *state process* is forked: it builds the state (setup and
 * the state's instance sequence, as the executor's state process does) and explores every
 * pair of instances from it (schedules_explore.c), forking one child per schedule. What it
 * finds comes back as fixed-size records through a pipe, read here until the state process
 * closes it, and is stored once the runner has stored the state itself: one exploration
 * row per pair of instances, one row per distinct outcome, the hook counts of every
 * instance run alone, the trace of each non-linearizable outcome's re-run (in words,
 * symbolized here: the state process is a fork of this one), and, once per harness, which program this is (for `snc replay`).
 * The state process is watched as the executor's is (state_process.h): it must build the
 * state within the confirmed limit, then keep finishing runs (a heartbeat in shared memory);
 * its records are read as they come, while it is watched. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "schedules.h"
#include "schedules_internal.h"
#include "snc_db.h"

/* Building a state gets the executor's confirmed limit per op (executor.c). */
#define BUILD_TIMEOUT_FACTOR 10

struct schedules {
	const struct harness_model *m;
	const struct runtime_options *opt;
	int timeout_ms;
	struct sp_limits limits;
	volatile uint32_t *heartbeat;      /* shared with the state process */
	uint8_t *pair_failed;      /* per op pair F * nops + G, for --first-failure */
	const uint8_t *pair_wanted;   /* per op pair: explore only these (NULL: all) */
	struct record *recs;
	size_t nrecs, cap;
	struct record partial;     /* a record read in part */
	size_t have;
	int pairs_done;            /* of the state being explored, for the progress line */
	const struct state_outcome *so;
	bool explored, program_stored;
	int64_t states, schedules, solo_runs, solo_points, failed_outcomes;
};

struct schedules *schedules_new(const struct harness_model *m, const struct runtime_options *opt,
				int timeout_ms)
{
	struct schedules *sx = calloc(1, sizeof *sx);
	if (!sx)
		return NULL;
	sx->m = m;
	sx->opt = opt;
	sx->timeout_ms = timeout_ms;
	runtime_limits(opt, &sx->limits);
	sx->pair_failed = calloc((size_t)(m->nops * m->nops), 1);
	void *shared = mmap(NULL, sizeof *sx->heartbeat, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (!sx->pair_failed || shared == MAP_FAILED) {
		if (shared != MAP_FAILED)
			munmap(shared, sizeof *sx->heartbeat);
		free(sx->pair_failed);
		free(sx);
		return NULL;
	}
	sx->heartbeat = shared;
	return sx;
}

void schedules_free(struct schedules *sx)
{
	if (!sx)
		return;
	if (sx->solo_runs > 0 && sx->solo_points == 0)
		fprintf(stderr, "warning: %s: no operation reached a scheduling point, so every "
			"schedule ran them one after the other: their accesses are inline assembly, "
			"or code not compiled with -fsanitize=thread (snc run and snc audit compile "
			"the library sources and a header-only library's code with it; "
			"snc_add_harness does)\n", sx->m->def->name);
	if (sx->states > 0 && !sx->opt->quiet)
		fprintf(stderr, "%s: %lld schedules from %lld states, %lld failing outcomes\n",
			sx->m->def->name, (long long)sx->schedules, (long long)sx->states,
			(long long)sx->failed_outcomes);
	free(sx->recs);
	free(sx->pair_failed);
	munmap((void *)sx->heartbeat, sizeof *sx->heartbeat);
	free(sx);
}

/* How long one run may take: both ops' limits, confirmed as the executor confirms a block. */
static uint32_t backstop_ms(const struct schedules *sx)
{
	return (uint32_t)sx->timeout_ms * 2 * BUILD_TIMEOUT_FACTOR;
}

static _Noreturn void state_process(struct schedules *sx, const int *seq, int len,
				    const struct state_outcome *so, int out_fd)
{
	const struct harness_model *m = sx->m;
	state_build(m, seq, len);
	(*sx->heartbeat)++;
	struct explore_job job = {
		.m = m, .opt = sx->opt, .so = so, .pair_failed = sx->pair_failed,
		.backstop_ms = backstop_ms(sx), .limits = &sx->limits, .heartbeat = sx->heartbeat,
		.pair_wanted = sx->pair_wanted,
		.out_fd = out_fd,
	};
	explore_state_pairs(&job);
	_exit(0);
}

void schedules_only_pairs(struct schedules *sx, const uint8_t *wanted)
{
	sx->pair_wanted = wanted;
}

static void keep(struct schedules *sx, const struct record *r)
{
	if (sx->nrecs == sx->cap) {
		size_t cap = sx->cap ? sx->cap * 2 : 256;
		struct record *grown = realloc(sx->recs, cap * sizeof *grown);
		if (!grown)
			return;   /* out of memory: the record is lost, the run goes on */
		sx->recs = grown;
		sx->cap = cap;
	}
	sx->recs[sx->nrecs++] = *r;
	if (sx->opt->first_failure && r->kind == REC_OUTCOME &&
	    (!r->u.outcome.linearizable || !r->u.outcome.deterministic))
		sx->pair_failed[sx->m->inst[r->f].op * sx->m->nops + sx->m->inst[r->g].op] = 1;
}

/* Reads the records that are there (fd is non-blocking); false at the end of them. */
static bool read_records(void *ctx, int fd)
{
	struct schedules *sx = ctx;
	for (;;) {
		ssize_t n = read(fd, (char *)&sx->partial + sx->have, sizeof sx->partial - sx->have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return true;
		if (n <= 0)
			return false;
		sx->have += (size_t)n;
		if (sx->have == sizeof sx->partial) {
			keep(sx, &sx->partial);
			sx->pairs_done += sx->partial.kind == REC_PAIR;
			sx->have = 0;
		}
	}
}

/* While the state process explores: how far it got, on the progress line. */
static void show_progress(void *ctx)
{
	const struct schedules *sx = ctx;
	progress_detail("schedules: %u runs, pairs done: %d", (unsigned)*sx->heartbeat,
			sx->pairs_done);
}

void schedules_explore_state(struct schedules *sx, const int *seq, int len,
			     const struct state_outcome *so)
{
	sx->nrecs = 0;
	sx->explored = false;
	if (len > sx->opt->schedule_depth || so->status != STATE_OK)
		return;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) != 0)
		return;
	*sx->heartbeat = 0;
	sx->have = 0;
	sx->pairs_done = 0;
	struct sp_options o = {
		.silence = !sx->opt->verbose, .limits = &sx->limits, .forks_children = true,
		.deadline_ms = sx->timeout_ms * BUILD_TIMEOUT_FACTOR * (len + 1),
		.heartbeat = sx->heartbeat, .grace_ms = (int)backstop_ms(sx) + 1000,
		.capture_fd = fds[0], .on_output = read_records, .ctx = sx,
		.on_tick = show_progress,
	};
	struct sp_child child;
	pid_t pid = sp_fork(&child, &o);
	if (pid == 0) {
		close(fds[0]);
		state_process(sx, seq, len, so, fds[1]);
	}
	close(fds[1]);
	struct sp_end end;
	if (pid > 0)
		sp_wait(&child, 1, &end);
	close(fds[0]);
	sx->so = so;
	sx->explored = pid > 0;
	sx->states += sx->explored;
}

static void counts_of(const struct snc_sched_thread_stats *t, struct snc_db_hook_counts *c)
{
	*c = (struct snc_db_hook_counts){
		.points = t->points, .rmw = t->rmw, .seq_cst_fences = t->seq_cst_fences,
		.seq_cst_stores = t->seq_cst_stores, .lock_acquisitions = t->lock_acquisitions,
	};
}

/* The trace of outcome_id, in words: the records [from, to) of REC_STEP. */
static int store_steps(struct schedules *sx, struct snc_db *db, int64_t outcome_id, size_t from,
		       size_t to)
{
	size_t n = to - from;
	struct snc_trace_entry *trace = malloc(n * sizeof *trace);
	struct snc_trace_words *words = malloc(n * sizeof *words);
	int rc = trace && words ? 0 : -1;
	for (size_t i = 0; rc == 0 && i < n; i++)
		trace[i] = sx->recs[from + i].u.step;
	if (rc == 0)
		rc = snc_trace_words(trace, n, words);
	for (size_t i = 0; rc == 0 && i < n; i++) {
		const struct snc_trace_entry *e = &trace[i];
		struct snc_db_schedule_step row = {
			.outcome_id = outcome_id, .ordinal = (int)i, .thread = e->thread,
			.step = e->kind == SNC_TRACE_FUNC_ENTRY || e->kind == SNC_TRACE_FENCE ||
				e->kind == SNC_TRACE_SWITCH ? 0 : e->step,
			.kind = words[i].kind, .access = words[i].access, .place = words[i].place,
			.variable = words[i].variable, .address = (int64_t)e->addr, .size = e->size,
			.writes = words[i].writes,
		};
		rc = snc_db_schedule_step_add(db, &row);
	}
	free(trace);
	free(words);
	return rc;
}

static int store_outcome(struct schedules *sx, struct snc_db *db, int64_t exploration_id,
			 const struct record *r, size_t steps_from, size_t steps_to)
{
	const struct outcome_record *o = &r->u.outcome;
	char schedule[SNC_SCHEDULE_STRING_MAX], text[1024];
	snc_schedule_format(&o->schedule, schedule, sizeof schedule);
	conc_outcome_text(sx->m, r->f, r->g, &o->outcome, text, sizeof text);
	struct snc_db_schedule_outcome row = {
		.exploration_id = exploration_id, .schedule = schedule,
		.status = conc_status_name(o->outcome.status), .outcome = text,
		.linearizable = o->linearizable, .deterministic = o->deterministic,
		.preemptions = o->preemptions, .steps = o->steps, .schedules = o->schedules,
	};
	counts_of(&o->thread[0], &row.f);
	counts_of(&o->thread[1], &row.g);
	sx->failed_outcomes += !o->linearizable || !o->deterministic;
	int64_t id = snc_db_schedule_outcome_add(db, &row);
	if (id < 0)
		return -1;
	return steps_to > steps_from ? store_steps(sx, db, id, steps_from, steps_to) : 0;
}

/* The pair's exploration row, then the outcomes that came before it, from `from` on. */
static int store_pair(struct schedules *sx, struct snc_db *db, int64_t state_id,
		      const int64_t *op_ids, const struct record *p, size_t from, size_t to)
{
	const struct harness_model *m = sx->m;
	int n = m->ninst, f = p->f, g = p->g;
	char fg[1024], gf[1024];
	sequential_text(m, f, g, &sx->so->pair[f * n + g], fg, sizeof fg);
	sequential_text(m, g, f, &sx->so->pair[g * n + f], gf, sizeof gf);
	struct snc_db_schedule_exploration e = {
		.state_id = state_id, .f_op = op_ids[m->inst[f].op], .g_op = op_ids[m->inst[g].op],
		.f_call = m->inst[f].call, .g_call = m->inst[g].call, .f_then_g = fg, .g_then_f = gf,
		.schedules = p->u.pair.schedules,
		.blocking_schedules = p->u.pair.blocking_schedules, .max_preemptions = sx->opt->preemptions,
		.pct_samples = sx->opt->pct_samples, .exhaustive = p->u.pair.exhaustive,
		.independent = p->u.pair.independent, .stopped_early = p->u.pair.stopped_early,
		.seconds = p->u.pair.seconds,
	};
	sx->schedules += p->u.pair.schedules;
	int64_t id = snc_db_schedule_exploration_add(db, &e);
	if (id < 0)
		return -1;
	for (size_t i = from; i < to; i++) {
		if (sx->recs[i].kind != REC_OUTCOME)
			continue;
		size_t steps_to = i + 1;
		while (steps_to < to && sx->recs[steps_to].kind == REC_STEP)
			steps_to++;
		if (store_outcome(sx, db, id, &sx->recs[i], i + 1, steps_to) != 0)
			return -1;
	}
	return 0;
}

static int store_program(struct schedules *sx, struct snc_db *db, int64_t harness_id)
{
	char exe[PATH_MAX];
	if (sx->program_stored || !realpath("/proc/self/exe", exe))
		return 0;
	sx->program_stored = true;
	return snc_db_harness_program_set(db, harness_id, exe);
}

int schedules_store_state(struct schedules *sx, struct snc_db *db, int64_t harness_id,
			  const int64_t *op_ids, int state_ordinal)
{
	if (!sx->explored)
		return 0;
	int64_t state_id = snc_db_state_id(db, harness_id, state_ordinal);
	if (state_id < 0 || store_program(sx, db, harness_id) != 0)
		return -1;
	size_t pair_start = 0;
	for (size_t i = 0; i < sx->nrecs; i++) {
		const struct record *r = &sx->recs[i];
		if (r->kind == REC_SOLO) {
			struct snc_db_hook_counts c;
			counts_of(&r->u.solo.stats, &c);
			sx->solo_runs++;
			sx->solo_points += c.points;
			const struct instance *in = &sx->m->inst[r->f];
			if (snc_db_hook_counts_add(db, state_id, op_ids[in->op], in->call, &c) != 0)
				return -1;
		} else if (r->kind == REC_PAIR) {
			if (store_pair(sx, db, state_id, op_ids, r, pair_start, i) != 0)
				return -1;
			pair_start = i + 1;
		}
	}
	return 0;
}
