/* explorer.c: which schedules to run, from the feedback of the runs so far.
 *
 * Exhaustive phase (CHESS-like iterative preemption bounding): level k holds the schedules
 * with exactly k preemptions. Level 0 is "thread 0 first" and "thread 1 first". A run of a
 * schedule reports tail_points M, the preemptible points passed after its last preemption;
 * its children are the same schedule with one more budget b = 1 .. M-1 (b = 0 would hand
 * the baton straight back; b >= M is never reached, the branch is cut there). Every
 * schedule with at most P preemptions is produced exactly once, level by level, so the
 * fewest preemptions come first. A level starts only once all runs of the previous one are
 * fed back, which keeps the order independent of how runs in flight finish. Levels below P
 * are stored (parent, budget, tail: 12 bytes a schedule); the last level is streamed.
 *
 * PCT phase: pct_samples schedules, each with a random first thread (the random priorities
 * of two threads) and d-1 distinct random change points among the preemptible points 2..K,
 * K the largest number of preemptible points any run reported. With two threads a change
 * point is exactly a preemption, so a sample is a schedule whose budgets are the gaps
 * between sorted change points. A sample may repeat a schedule already run.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "snc_sched.h"

/* A ticket is the index of a stored schedule, or one of these. */
enum { TICKET_LEAF = 0xfffffffeu, TICKET_PCT = 0xffffffffu };

struct node {
	uint32_t parent;          /* UINT32_MAX for level 0 */
	uint32_t budget;          /* level 0: the first thread */
	uint32_t tail;            /* tail_points fed back */
};

enum phase { PHASE_STORED_LEVEL, PHASE_LAST_LEVEL, PHASE_PCT, PHASE_DONE };

struct snc_explorer {
	struct snc_explore_options opt;
	enum phase phase;
	struct node *nodes;
	uint32_t nnodes, capacity;
	uint32_t level;           /* preemptions of the schedules being handed out */
	uint32_t level_begin, level_end, cursor;   /* stored level: node range, next node */
	uint32_t parent, next_budget;              /* last level: next child to hand out */
	uint32_t in_flight;       /* handed out, not fed back */
	uint32_t exhaustive_handed_out;
	bool capped;
	uint32_t horizon;         /* K: most preemptible points seen */
	uint32_t pct_handed_out;
	uint64_t rng;
};

struct snc_explorer *snc_explorer_new(const struct snc_explore_options *opt)
{
	struct snc_explorer *ex;

	if (opt->max_preemptions > SNC_SCHED_MAX_SWITCHES ||
	    (opt->pct_samples && (opt->pct_depth < 1 || opt->pct_depth > SNC_SCHED_MAX_SWITCHES + 1))) {
		errno = EINVAL;
		return NULL;
	}
	ex = calloc(1, sizeof *ex);
	if (!ex)
		return NULL;
	ex->opt = *opt;
	ex->rng = opt->seed;
	ex->capacity = 64;
	ex->nodes = malloc(ex->capacity * sizeof *ex->nodes);
	if (!ex->nodes) {
		free(ex);
		return NULL;
	}
	for (uint32_t t = 0; t < 2; t++)
		ex->nodes[t] = (struct node){ .parent = UINT32_MAX, .budget = t };
	ex->nnodes = 2;
	ex->level_end = 2;
	ex->phase = PHASE_STORED_LEVEL;
	return ex;
}

void snc_explorer_free(struct snc_explorer *ex)
{
	if (!ex)
		return;
	free(ex->nodes);
	free(ex);
}

bool snc_explorer_exhaustive(const struct snc_explorer *ex)
{
	return (ex->phase == PHASE_PCT || ex->phase == PHASE_DONE) && !ex->capped;
}

static void node_schedule(const struct snc_explorer *ex, uint32_t idx, struct snc_schedule *s)
{
	uint32_t chain[SNC_SCHED_MAX_SWITCHES + 1], n = 0;

	for (; idx != UINT32_MAX; idx = ex->nodes[idx].parent)
		chain[n++] = idx;
	s->first_thread = (uint8_t)ex->nodes[chain[n - 1]].budget;
	s->nswitches = (uint16_t)(n - 1);
	for (uint32_t i = 0; i + 1 < n; i++)
		s->budget[i] = ex->nodes[chain[n - 2 - i]].budget;
}

static int append_node(struct snc_explorer *ex, uint32_t parent, uint32_t budget)
{
	if (ex->nnodes == ex->capacity) {
		struct node *grown;
		if (ex->capacity > UINT32_MAX / 2 / sizeof *grown)
			return -1;
		grown = realloc(ex->nodes, 2 * ex->capacity * sizeof *grown);
		if (!grown)
			return -1;
		ex->nodes = grown;
		ex->capacity *= 2;
	}
	ex->nodes[ex->nnodes++] = (struct node){ .parent = parent, .budget = budget };
	return 0;
}

/* All runs of the stored level are fed back: build the next level. */
static void next_level(struct snc_explorer *ex)
{
	uint32_t begin = ex->level_begin, end = ex->level_end;

	ex->level++;
	if (ex->level == ex->opt.max_preemptions) {
		ex->phase = PHASE_LAST_LEVEL;
		ex->parent = begin;
		ex->next_budget = 1;
		return;
	}
	for (uint32_t p = begin; p < end; p++)
		for (uint32_t b = 1; b < ex->nodes[p].tail; b++)
			if (append_node(ex, p, b) != 0) {
				ex->capped = true;   /* out of memory: stop exploring, say so */
				ex->phase = PHASE_PCT;
				return;
			}
	ex->level_begin = end;
	ex->level_end = ex->nnodes;
	ex->cursor = end;
}

static bool cap_reached(struct snc_explorer *ex)
{
	if (ex->opt.max_schedules && ex->exhaustive_handed_out >= ex->opt.max_schedules) {
		ex->capped = true;
		ex->phase = PHASE_PCT;
		return true;
	}
	return false;
}

static uint64_t next_random(struct snc_explorer *ex)
{
	/* splitmix64: small, seedable, good enough to place change points */
	uint64_t z = (ex->rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void pct_sample(struct snc_explorer *ex, struct snc_schedule *s)
{
	uint32_t points[SNC_SCHED_MAX_SWITCHES], n = 0;
	uint32_t wanted = ex->opt.pct_depth - 1;
	uint32_t choices = ex->horizon >= 2 ? ex->horizon - 1 : 0;   /* points 2..K */

	if (wanted > choices)
		wanted = choices;
	s->first_thread = (uint8_t)(next_random(ex) & 1);
	while (n < wanted) {
		uint32_t c = 2 + (uint32_t)(next_random(ex) % choices), i = n;
		bool seen = false;
		for (uint32_t j = 0; j < n; j++)
			seen |= points[j] == c;
		if (seen)
			continue;
		while (i > 0 && points[i - 1] > c) {   /* insertion keeps them sorted */
			points[i] = points[i - 1];
			i--;
		}
		points[i] = c;
		n++;
	}
	s->nswitches = (uint16_t)n;
	for (uint32_t i = 0; i < n; i++)
		s->budget[i] = points[i] - (i == 0 ? 1 : points[i - 1]);
}

static enum snc_explore_step hand_out(struct snc_explorer *ex, uint32_t ticket_value,
				      uint32_t *ticket)
{
	*ticket = ticket_value;
	ex->in_flight++;
	ex->exhaustive_handed_out++;
	return SNC_EXPLORE_SCHEDULE;
}

/* Advances to the next child of the last stored level that a run can reach. */
static bool next_leaf(struct snc_explorer *ex)
{
	while (ex->parent < ex->level_end && ex->next_budget >= ex->nodes[ex->parent].tail) {
		ex->parent++;
		ex->next_budget = 1;
	}
	return ex->parent < ex->level_end;
}

enum snc_explore_step snc_explorer_next(struct snc_explorer *ex, struct snc_schedule *out,
					uint32_t *ticket)
{
	for (;;) {
		switch (ex->phase) {
		case PHASE_STORED_LEVEL:
			if (cap_reached(ex))
				continue;
			if (ex->cursor < ex->level_end) {
				node_schedule(ex, ex->cursor, out);
				return hand_out(ex, ex->cursor++, ticket);
			}
			if (ex->in_flight)
				return SNC_EXPLORE_WAIT;
			if (ex->level == ex->opt.max_preemptions)
				ex->phase = PHASE_PCT;
			else
				next_level(ex);
			continue;
		case PHASE_LAST_LEVEL:
			if (cap_reached(ex))
				continue;
			if (!next_leaf(ex)) {
				ex->phase = PHASE_PCT;
				continue;
			}
			node_schedule(ex, ex->parent, out);
			out->budget[out->nswitches++] = ex->next_budget++;
			return hand_out(ex, TICKET_LEAF, ticket);
		case PHASE_PCT:
			if (ex->pct_handed_out >= ex->opt.pct_samples) {
				ex->phase = PHASE_DONE;
				continue;
			}
			if (ex->in_flight)    /* K must not depend on which runs finished first */
				return SNC_EXPLORE_WAIT;
			pct_sample(ex, out);
			ex->pct_handed_out++;
			*ticket = TICKET_PCT;
			return SNC_EXPLORE_SCHEDULE;
		case PHASE_DONE:
			return SNC_EXPLORE_DONE;
		}
	}
}

void snc_explorer_feedback(struct snc_explorer *ex, uint32_t ticket,
			   const struct snc_sched_result *res)
{
	if (ticket == TICKET_PCT)
		return;               /* K stays what the exhaustive phase saw */
	ex->in_flight--;
	if (!res)
		return;
	if (res->preemptible_points > ex->horizon)
		ex->horizon = res->preemptible_points;
	if (ticket != TICKET_LEAF)
		ex->nodes[ticket].tail = res->tail_points;
}
