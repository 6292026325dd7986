/* schedules_pair.c: what the schedules of one pair of instances (f on thread 0, g on thread
 * 1) from one state showed, as their runs come back (schedules_explore.c runs them).
 *
 * Outcomes are grouped: one entry per distinct outcome, with the schedule that reached it
 * with the fewest preemptions, then the fewest steps, then the explorer's order (so the
 * entry does not depend on which child finished first), and how many schedules reached
 * it. Each distinct outcome is judged:
 *   linearizable   it equals a sequential order of the two calls from this state: f;g or
 *                  g;f as the executor ran them (one thread), or as the level-0 schedules
 *                  "0" and "1" ran them when no switch happened before the first op ended
 *                  (two threads: thread-local state, per-thread allocator caches and the
 *                  scheduler's own helper thread then count as they do concurrently);
 *   deterministic  its schedule, run once more, gave the same outcome (outcomes that a
 *                  level-0 schedule reached, one op after the other, are as deterministic
 *                  as the executor's repeats of the sequential executions found them).
 *
 * Independent calls. The level-0 schedule "0" runs with a trace. When it ran f then g
 * without any switch and no access of one thread conflicts with an access of the other
 * (same memory, at least one of them writing; lock operations write their lock), every
 * schedule is equivalent to it: by induction over any interleaving, each thread reads only
 * what it would read alone, so it makes the same accesses, none conflicting, and swapping
 * adjacent independent accesses changes nothing. The pair is then done after level 0
 * (disjoint or read-only calls: byte-set members of different keys, two reads). Accesses
 * in uninstrumented code (libc's memcpy) are not seen, as they are not scheduling points
 * either.
 *
 * Pictures. The re-run of a non-linearizable outcome's schedule (the determinism check) is
 * traced; when it gives the same outcome, its trace (up to OUTCOME_TRACE_MAX entries) goes
 * out with the outcome, for the report to draw the two threads' accesses.
 *
 * When the pair is done, its records (the hook counts of f alone from the state, from a
 * clean "0"; its outcomes, smallest first; its summary) are written out as one block. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "schedules_internal.h"

struct pair_explore *pair_new(const struct explore_job *job, int f, int g, uint8_t *solo_done)
{
	const struct runtime_options *opt = job->opt;
	struct snc_explore_options eo = {
		.max_preemptions = (uint32_t)opt->preemptions,
		.max_schedules = (uint32_t)opt->max_schedules,
		.pct_samples = (uint32_t)opt->pct_samples,
		.pct_depth = (uint32_t)opt->pct_depth,
		.seed = opt->seed * 0x100000001b3ULL + (uint64_t)f * 4099 + (uint64_t)g,
	};
	struct pair_explore *pe = calloc(1, sizeof *pe);
	if (!pe || !(pe->ex = snc_explorer_new(&eo)))
		_exit(3);
	pe->job = job;
	pe->call = (struct sched_call){ job->m, f, g, job->backstop_ms, job->limits };
	pe->F = job->m->inst[f].op;
	pe->G = job->m->inst[g].op;
	pe->solo_done = solo_done;
	return pe;
}

/* Level 0 without any switch before the first op ended: a sequential order on two threads. */
static bool clean_level0(const struct snc_schedule *s, const struct snc_sched_result *r,
			 const struct conc_outcome *o)
{
	return s->nswitches == 0 && o->status == CONC_COMPLETED && r->preemptions == 0 &&
	       r->blocking_switches == 0 && r->spin_switches == 0 && r->fairness_switches == 0;
}

static bool writes(const struct snc_trace_entry *e)
{
	return e->kind != SNC_TRACE_READ && e->kind != SNC_TRACE_ATOMIC_LOAD;
}

/* Does any access of thread 0 touch memory that one of thread 1 touches, one writing? */
static bool conflicting(const struct snc_trace_entry *t, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		const struct snc_trace_entry *a = &t[i];
		if (a->thread != 0 || !a->addr || a->kind == SNC_TRACE_FUNC_ENTRY)
			continue;
		for (uint32_t j = 0; j < n; j++) {
			const struct snc_trace_entry *b = &t[j];
			if (b->thread != 1 || !b->addr || b->kind == SNC_TRACE_FUNC_ENTRY ||
			    (!writes(a) && !writes(b)))
				continue;
			uintptr_t a_end = a->addr + (a->size ? a->size : 1);
			uintptr_t b_end = b->addr + (b->size ? b->size : 1);
			if (a->addr < b_end && b->addr < a_end)
				return true;
		}
	}
	return false;
}

static bool linearizable(const struct pair_explore *pe, const struct conc_outcome *o)
{
	const struct state_outcome *so = pe->job->so;
	int n = pe->job->m->ninst, f = pe->call.f, g = pe->call.g;
	if (conc_outcome_matches(o, &so->pair[f * n + g], true) ||
	    conc_outcome_matches(o, &so->pair[g * n + f], false))
		return true;
	for (int k = 0; k < 2; k++)
		if (pe->have_ref[k] && conc_outcome_equal(o, &pe->ref[k]))
			return true;
	return false;
}

/* Fewer preemptions, then fewer steps, then the explorer's order (first thread, budgets). */
static bool before(uint32_t preemptions, uint32_t steps, const struct snc_schedule *s,
		   const struct outcome_record *d)
{
	if (preemptions != d->preemptions)
		return preemptions < d->preemptions;
	if (steps != d->steps)
		return steps < d->steps;
	if (s->first_thread != d->schedule.first_thread)
		return s->first_thread < d->schedule.first_thread;
	for (int i = 0; i < s->nswitches && i < d->schedule.nswitches; i++)
		if (s->budget[i] != d->schedule.budget[i])
			return s->budget[i] < d->schedule.budget[i];
	return s->nswitches < d->schedule.nswitches;
}

void pair_note_run(struct pair_explore *pe, const struct snc_schedule *s,
		   const struct snc_sched_result *r, const struct conc_outcome *o,
		   const struct snc_trace_entry *trace)
{
	pe->schedules++;
	pe->blocking_schedules += r->blocking_switches + r->spin_switches > 0;
	if (clean_level0(s, r, o)) {
		pe->ref[s->first_thread] = *o;
		pe->have_ref[s->first_thread] = true;
		/* f alone from the state, on the thread that built it (as the executor and
		 * the Valgrind measurement run it: a registered thread slot counts alike) */
		if (s->first_thread == 0 && !pe->solo_done[pe->call.f]) {
			pe->solo_done[pe->call.f] = 1;
			pe->solo = r->thread[0];
			pe->have_solo = true;
		}
		if (trace && r->trace_dropped == 0)
			pe->independent = !conflicting(trace, r->trace_len);
	}
	for (int i = 0; i < pe->nouts; i++) {
		struct outcome_record *d = &pe->outs[i];
		if (!conc_outcome_equal(&d->outcome, o))
			continue;
		d->schedules++;
		if (before(r->preemptions, r->steps, s, d)) {
			d->schedule = *s;
			d->preemptions = r->preemptions;
			d->steps = r->steps;
			memcpy(d->thread, r->thread, sizeof d->thread);
		}
		return;
	}
	if (pe->nouts == pe->cap) {
		pe->cap = pe->cap ? pe->cap * 2 : 8;
		pe->outs = realloc(pe->outs, (size_t)pe->cap * sizeof *pe->outs);
		pe->rerun_differs = realloc(pe->rerun_differs, (size_t)pe->cap);
		pe->traces = realloc(pe->traces, (size_t)pe->cap * sizeof *pe->traces);
		if (!pe->outs || !pe->rerun_differs || !pe->traces)
			_exit(3);
	}
	struct outcome_record *d = &pe->outs[pe->nouts];
	pe->traces[pe->nouts] = (struct outcome_trace){ NULL, 0 };
	pe->rerun_differs[pe->nouts++] = false;
	*d = (struct outcome_record){
		.schedule = *s, .outcome = *o, .preemptions = r->preemptions, .steps = r->steps,
		.schedules = 1, .deterministic = 1,
	};
	memcpy(d->thread, r->thread, sizeof d->thread);
}

void pair_note_rerun(struct pair_explore *pe, int outcome, const struct conc_outcome *o,
		     const struct snc_trace_entry *trace, uint32_t n)
{
	if (!o || !conc_outcome_equal(o, &pe->outs[outcome].outcome)) {
		pe->rerun_differs[outcome] = true;   /* one that could not run fails too */
		return;
	}
	if (!trace || n == 0)
		return;
	n = n < OUTCOME_TRACE_MAX ? n : OUTCOME_TRACE_MAX;
	struct outcome_trace *t = &pe->traces[outcome];
	t->e = malloc(n * sizeof *t->e);
	if (!t->e)
		_exit(3);
	memcpy(t->e, trace, n * sizeof *t->e);
	t->n = n;
}

bool pair_outcome_linearizable(const struct pair_explore *pe, int i)
{
	return linearizable(pe, &pe->outs[i].outcome);
}

bool pair_judge(struct pair_explore *pe)
{
	for (int i = 0; i < pe->nouts; i++) {
		struct outcome_record *d = &pe->outs[i];
		d->linearizable = linearizable(pe, &d->outcome);
		d->deterministic = !pe->rerun_differs[i];
		if (!d->linearizable || !d->deterministic)
			pe->failed = true;
	}
	return pe->failed;
}

int pair_finish(struct pair_explore *pe, struct record **block)
{
	pair_judge(pe);
	size_t steps = 0;
	for (int i = 0; i < pe->nouts; i++)
		steps += pe->traces[i].n;
	for (int i = 1; i < pe->nouts; i++) {   /* smallest first: stable ids */
		struct outcome_record d = pe->outs[i];
		struct outcome_trace t = pe->traces[i];
		int j = i;
		for (; j > 0 && before(d.preemptions, d.steps, &d.schedule, &pe->outs[j - 1]); j--) {
			pe->outs[j] = pe->outs[j - 1];
			pe->traces[j] = pe->traces[j - 1];
		}
		pe->outs[j] = d;
		pe->traces[j] = t;
	}
	struct record *b = calloc((size_t)pe->nouts + 2 + steps, sizeof *b);
	if (!b)
		_exit(3);
	int n = 0;
	if (pe->have_solo)
		b[n++] = (struct record){ .kind = REC_SOLO, .f = pe->call.f, .g = -1,
					  .u.solo.stats = pe->solo };
	for (int i = 0; i < pe->nouts; i++) {
		b[n++] = (struct record){ .kind = REC_OUTCOME, .f = pe->call.f, .g = pe->call.g,
					  .u.outcome = pe->outs[i] };
		for (uint32_t k = 0; k < pe->traces[i].n; k++)
			b[n++] = (struct record){ .kind = REC_STEP, .f = pe->call.f, .g = pe->call.g,
						  .u.step = pe->traces[i].e[k] };
	}
	b[n++] = (struct record){
		.kind = REC_PAIR, .f = pe->call.f, .g = pe->call.g,
		.u.pair = {
			.schedules = pe->schedules, .blocking_schedules = pe->blocking_schedules,
			.exhaustive = pe->independent ||
				      (snc_explorer_exhaustive(pe->ex) && !pe->stopped && !pe->lost),
			.stopped_early = pe->stopped, .independent = pe->independent,
			.seconds = pe->seconds,
		},
	};
	*block = b;
	return n;
}

void pair_free(struct pair_explore *pe)
{
	snc_explorer_free(pe->ex);
	for (int i = 0; i < pe->nouts; i++)
		free(pe->traces[i].e);
	free(pe->traces);
	free(pe->outs);
	free(pe->rerun_differs);
	free(pe);
}
