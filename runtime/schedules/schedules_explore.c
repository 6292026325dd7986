/* schedules_explore.c: in the state process, every schedule of every pair of instances.
 *
 * The state is built (setup and the state's instance sequence) in this process; each
 * schedule runs in a child forked from it, so every run starts from an exact copy. The
 * pairs of instances (f, g) are taken in order: f's op declared no later than g's, and g
 * not before f for an op with itself (the explorer starts either thread first anyway).
 * Pairs of ops that share a contract (single producer, ...) are skipped: the API itself
 * excludes running them concurrently; so are pairs of instances one of which fails alone
 * from the state (a precondition it violates, preconditions.c).
 *
 * Up to `jobs` children run at once (at most two per CPU the process may use; each slot's
 * children on a CPU of their own). One pair alone cannot keep them busy: its explorer
 * waits for a whole level before it hands out the next (that keeps its order independent
 * of which child finishes first), and most pairs have few schedules. So up to `jobs` pairs
 * are explored at once: the oldest pair that can run a schedule gets a free slot, the
 * others fill what it leaves. A pair goes through its explorer's schedules, then runs the
 * smallest schedule of each distinct outcome once more (determinism; not when it is a
 * level-0 schedule, one op after the other, whose repeat the executor made), then writes its
 * records as one block (schedules_pair.c); blocks go to the runner in the pairs' order, so
 * what is stored does not depend on timing. Wall time is shared out equally among the
 * pairs active at each moment, so the pairs' seconds add up to the state's. A pair stops after level 0 when its calls are
 * independent, and with --first-failure at its first failing outcome; pairs of that pair
 * of ops after it are then not explored (with --first-failure, one pair of each pair of
 * ops runs at a time, in order). */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "schedules_internal.h"

#define LEVEL0_TRACE_CAPACITY 4096   /* level 0, and the re-runs of non-linearizable outcomes */

struct flight {
	struct pair_explore *pair;
	uint32_t ticket;
	int slot;
	struct snc_schedule schedule;
	int rerun;                 /* determinism re-run: the outcome it re-runs; else -1 */
	bool traced;
};

struct block {
	struct record *recs;
	int n;
	bool ready;
};

struct driver {
	const struct explore_job *job;
	struct flight *flights;
	struct sp_child *kids;            /* the flights' children, index for index */
	int nflights, jobs;
	int cpu[CPU_SETSIZE], ncpus;      /* slot k's children run on cpu[k % ncpus] */
	struct sched_slot *slots;         /* shared, jobs of them */
	struct snc_trace_entry *traces;   /* shared, LEVEL0_TRACE_CAPACITY per slot */
	bool *busy;
	struct pair_explore **active;     /* oldest first */
	int nactive;
	int (*todo)[2];                   /* the pairs of instances, in order */
	int ntodo, next_todo;
	struct block *blocks;             /* by pair, until their turn to go out */
	int next_block;
	uint8_t *op_failed;               /* --first-failure, in this state */
	uint8_t *solo_done;
	double clock;                     /* when the wall time was last shared out */
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The wall time since the last call goes to the active pairs, in equal shares: summed over
 * the pairs it is the state's exploration time. */
static void share_time(struct driver *d)
{
	double t = now();
	for (int i = 0; i < d->nactive; i++)
		d->active[i]->seconds += (t - d->clock) / d->nactive;
	d->clock = t;
}

static void send(const struct explore_job *job, const struct record *r)
{
	const char *p = (const char *)r;
	size_t left = sizeof *r;
	while (left > 0) {
		ssize_t n = write(job->out_fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			_exit(3);   /* the runner is gone */
		p += n;
		left -= (size_t)n;
	}
}

static void flush_blocks(struct driver *d)
{
	for (; d->next_block < d->ntodo && d->blocks[d->next_block].ready; d->next_block++) {
		struct block *b = &d->blocks[d->next_block];
		for (int i = 0; i < b->n; i++)
			send(d->job, &b->recs[i]);
		free(b->recs);
	}
}

static bool op_pair_failed(const struct driver *d, int F, int G)
{
	int k = F * d->job->m->nops + G;
	return d->job->opt->first_failure && (d->job->pair_failed[k] || d->op_failed[k]);
}

/* Starts the next pairs, while there is room. */
static void activate(struct driver *d)
{
	const struct harness_model *m = d->job->m;
	while (d->nactive < d->jobs && d->next_todo < d->ntodo) {
		int seq = d->next_todo, f = d->todo[seq][0], g = d->todo[seq][1];
		int F = m->inst[f].op, G = m->inst[g].op;
		if (op_pair_failed(d, F, G)) {
			d->blocks[seq].ready = true;   /* not explored: no records */
			d->next_todo++;
			continue;
		}
		for (int i = 0; d->job->opt->first_failure && i < d->nactive; i++)
			if (d->active[i]->F == F && d->active[i]->G == G)
				return;   /* one pair of these ops at a time */
		struct pair_explore *pe = pair_new(d->job, f, g, d->solo_done);
		pe->seq = seq;
		d->active[d->nactive++] = pe;
		d->next_todo++;
	}
	flush_blocks(d);
}

/* Level 0 is in (the explorer waited for it): stop when the calls are independent, or,
 * with --first-failure, when an outcome already fails, once a whole level has run (the
 * explorer waits for it, and none of its children is in flight): stopping as soon as one
 * failing child was reaped would make the schedules counted depend on which children
 * finished first. */
static bool must_stop(struct driver *d, struct pair_explore *pe)
{
	if (pe->schedules < 2)
		return false;
	if (pe->independent)
		return true;
	if (d->job->opt->first_failure && pe->level_out && pe->inflight == 0 &&
	    (pair_judge(pe) || op_pair_failed(d, pe->F, pe->G))) {
		pe->stopped = true;
		return true;
	}
	return false;
}

/* Moves the pair on as far as it goes without a child; true once it is done. */
static bool settle(struct driver *d, struct pair_explore *pe)
{
	if (pe->phase == PAIR_EXPLORING && pe->inflight == 0 &&
	    (pe->explorer_done || must_stop(d, pe)))
		pe->phase = PAIR_RERUNNING;
	if (pe->phase == PAIR_RERUNNING && pe->inflight == 0 && pe->next_rerun == pe->nouts)
		pe->phase = PAIR_DONE;
	return pe->phase == PAIR_DONE;
}

static void finish(struct driver *d, int i)
{
	share_time(d);
	struct pair_explore *pe = d->active[i];
	struct block *b = &d->blocks[pe->seq];
	b->n = pair_finish(pe, &b->recs);
	b->ready = true;
	if (pe->failed && d->job->opt->first_failure)
		d->op_failed[pe->F * d->job->m->nops + pe->G] = 1;
	pair_free(pe);
	memmove(&d->active[i], &d->active[i + 1], (size_t)(d->nactive - i - 1) * sizeof *d->active);
	d->nactive--;
	flush_blocks(d);
}

static int spawn(struct driver *d, struct pair_explore *pe, const struct snc_schedule *s,
		 uint32_t ticket, int rerun, bool traced)
{
	int k = 0;
	while (d->busy[k])
		k++;
	struct snc_trace_entry *trace = traced ? d->traces + (size_t)k * LEVEL0_TRACE_CAPACITY : NULL;
	pid_t pid = sched_child_spawn(&pe->call, s, d->ncpus ? d->cpu[k % d->ncpus] : -1,
				      &d->slots[k], trace, traced ? LEVEL0_TRACE_CAPACITY : 0,
				      &d->kids[d->nflights]);
	if (pid < 0)
		return -1;
	d->busy[k] = true;
	pe->inflight++;
	d->flights[d->nflights++] = (struct flight){ pe, ticket, k, *s, rerun, traced };
	return 0;
}

/* Starts the pair's next child if it has one; true when something changed. */
static bool step(struct driver *d, struct pair_explore *pe)
{
	if (pe->phase == PAIR_EXPLORING) {
		if (pe->explorer_done || must_stop(d, pe))
			return false;
		struct snc_schedule s;
		uint32_t ticket;
		enum snc_explore_step next = snc_explorer_next(pe->ex, &s, &ticket);
		if (next == SNC_EXPLORE_DONE)
			pe->explorer_done = true;
		pe->level_out = next != SNC_EXPLORE_SCHEDULE;
		if (next != SNC_EXPLORE_SCHEDULE)
			return next == SNC_EXPLORE_DONE;
		if (spawn(d, pe, &s, ticket, -1, pe->handed_out++ == 0) != 0) {
			snc_explorer_feedback(pe->ex, ticket, NULL);   /* cannot fork: say so */
			pe->lost = true;
		}
		return true;
	}
	int skipped = pe->next_rerun;
	while (pe->phase == PAIR_RERUNNING && pe->next_rerun < pe->nouts) {
		int i = pe->next_rerun++;
		if (pe->outs[i].schedule.nswitches == 0)
			continue;   /* a sequential order: the executor's repeats checked it */
		if (spawn(d, pe, &pe->outs[i].schedule, 0, i, !pair_outcome_linearizable(pe, i)) != 0)
			pair_note_rerun(pe, i, NULL, NULL, 0);
		return true;
	}
	return pe->next_rerun != skipped;
}

/* Waits for one child and gives what it did to its pair. */
static void reap_one(struct driver *d)
{
	struct sp_end end;
	int i = sp_wait(d->kids, d->nflights, &end);
	if (i < 0)
		_exit(3);
	(*d->job->heartbeat)++;
	struct flight fli = d->flights[i];
	d->nflights--;
	d->flights[i] = d->flights[d->nflights];
	d->kids[i] = d->kids[d->nflights];
	const struct sched_slot *slot = &d->slots[fli.slot];
	struct conc_outcome o;
	conc_outcome_read(slot, &end, &o);
	d->busy[fli.slot] = false;
	fli.pair->inflight--;
	if (fli.rerun >= 0) {
		pair_note_rerun(fli.pair, fli.rerun, &o,
				fli.traced ? d->traces + (size_t)fli.slot * LEVEL0_TRACE_CAPACITY : NULL,
				fli.traced ? slot->res.trace_len : 0);
		return;
	}
	snc_explorer_feedback(fli.pair->ex, fli.ticket, &slot->res);
	pair_note_run(fli.pair, &fli.schedule, &slot->res, &o,
		      fli.traced ? d->traces + (size_t)fli.slot * LEVEL0_TRACE_CAPACITY : NULL);
}

/* Does f or g fail alone from this state (a precondition the state violates, not a
 * concurrency question: preconditions.c)? Such pairs are not explored. */
static bool precondition_fails(const struct driver *d, int f, int g)
{
	const struct state_outcome *so = d->job->so;
	bool observable = d->job->opt->blocking_observable;
	return precondition_violated(&so->solo[f].first, observable) ||
	       precondition_violated(&so->solo[g].first, observable);
}

/* The pairs of instances to explore, in order (not those whose precondition fails). */
static void plan(struct driver *d)
{
	const struct harness_model *m = d->job->m;
	d->todo = calloc((size_t)m->ninst * (size_t)m->ninst, sizeof *d->todo);
	if (!d->todo)
		_exit(3);
	for (int F = 0; F < m->nops; F++)
		for (int G = F; G < m->nops; G++) {
			enum snc_contract cf = m->def->ops[F].contract, cg = m->def->ops[G].contract;
			if (cf != SNC_ANY_THREAD && cf == cg)
				continue;   /* the API never runs these two concurrently */
			if (d->job->pair_wanted && !d->job->pair_wanted[F * m->nops + G])
				continue;   /* the proof pass explores only its pairs */
			for (int f = 0; f < m->ninst; f++)
				for (int g = F == G ? f : 0; m->inst[f].op == F && g < m->ninst; g++)
					if (m->inst[g].op == G && !precondition_fails(d, f, g)) {
						d->todo[d->ntodo][0] = f;
						d->todo[d->ntodo++][1] = g;
					}
		}
}

static void setup_driver(struct driver *d)
{
	cpu_set_t allowed;
	d->jobs = d->job->opt->jobs;
	if (sched_getaffinity(0, sizeof allowed, &allowed) == 0)
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &allowed))
				d->cpu[d->ncpus++] = c;
	if (d->ncpus > 0 && d->jobs > 2 * d->ncpus)
		d->jobs = 2 * d->ncpus;
	int nops = d->job->m->nops;
	size_t slots_size = (size_t)d->jobs * sizeof *d->slots;
	d->slots = mmap(NULL, slots_size + (size_t)d->jobs * LEVEL0_TRACE_CAPACITY * sizeof *d->traces,
			PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	d->traces = (struct snc_trace_entry *)((char *)d->slots + slots_size);
	d->flights = calloc((size_t)d->jobs, sizeof *d->flights);
	d->kids = calloc((size_t)d->jobs, sizeof *d->kids);
	d->busy = calloc((size_t)d->jobs, sizeof *d->busy);
	d->active = calloc((size_t)d->jobs, sizeof *d->active);
	d->op_failed = calloc((size_t)(nops * nops), 1);
	d->solo_done = calloc((size_t)d->job->m->ninst, 1);
	plan(d);
	d->blocks = calloc((size_t)d->ntodo + 1, sizeof *d->blocks);
	if (d->slots == MAP_FAILED || !d->flights || !d->kids || !d->busy || !d->active || !d->op_failed ||
	    !d->solo_done || !d->blocks)
		_exit(3);
}

void explore_state_pairs(const struct explore_job *job)
{
	struct driver d = { .job = job };
	setup_driver(&d);
	d.clock = now();
	for (;;) {
		share_time(&d);
		activate(&d);
		bool moved = false;
		for (int i = 0; i < d.nactive;) {
			if (settle(&d, d.active[i])) {
				finish(&d, i);
				moved = true;
			} else {
				i++;
			}
		}
		if (d.nactive == 0 && d.next_todo == d.ntodo)
			break;
		for (int i = 0; d.nflights < d.jobs && i < d.nactive && !moved; i++)
			moved = step(&d, d.active[i]);
		if (!moved) {
			if (d.nflights == 0)
				_exit(3);   /* nothing runs and nothing can: cannot happen */
			reap_one(&d);
		}
	}
	flush_blocks(&d);
}
