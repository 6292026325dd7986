/* executor.c: running executions in forked children, so that nothing an operation does
 * can end or corrupt the run.
 *
 * For each state the runner forks a *state process* that calls setup() and applies the
 * state's instance sequence (its "prefix"). The state process then forks one child per
 * execution: every instance alone, and every ordered pair "i then j". Each child starts
 * from an exact copy of the prepared state (so pointers are comparable between siblings),
 * writes its results into a slot of memory shared with the runner as it goes, and exits.
 * Children are forked, watched and reaped by the state-process module (state_process.h).
 * A child killed by a signal crashed in whatever op its slot says was running (SIGALRM
 * included: an op may raise it); one the parent killed at its deadline (--timeout per op)
 * *blocks*; one that stopped itself, hit a resource limit, or called exit() is recorded as
 * such. Most blocks are decided sooner, from the op's behaviour under the scheduler
 * (blocking.c): the child then records `blocks` itself and exits, and nothing needs
 * confirming. The runner watches the state process the same way: it must finish building
 * the state within the confirmed limit, and then keep finishing executions (a heartbeat in
 * shared memory); the state's status is ok only when it ran to its end.
 * Every execution that is evidence (a solo execution; a pair showing an influence, a crash
 * or a state-only difference: is_evidence) runs --repeat times; repeats that disagree
 * mark it non-deterministic. A pair that agrees with what commuting predicts runs once.
 * A timeout is a wall-clock limit, and a loaded machine (or a sanitizer build) can make a
 * slow op look blocked: every execution (and every repeat) that the timer says blocks is run
 * once more with CONFIRM_FACTOR times the limit, and only then recorded as `blocks`. Repeats of an
 * execution that blocked are skipped: they would only cost the timeout again. Building a
 * state's prefix gets the confirmed limit from the start. The solo executions run (and are
 * confirmed) before the pairs: a pair whose first op blocks alone is not run at all
 * (inherit_blocked_firsts). Nor is one whose first op crashes (or exits) where it would run:
 * an op that crashed alone is probed on the state's thread, as the first op of its pairs runs,
 * once per repeat; when every probe crashed alike, each pair "i then j" is that crash, with
 * j never run, whatever j is (inherit_crashed_firsts: no digest needed, the pair ends before
 * j). A global-state family's ops that need a registration crash this way in most states.
 *
 * Up to --jobs children are in flight at once: executions are independent, and while some
 * sleep until their timer fires the others keep both cores busy.
 *
 * A harness whose digest is complete (.digest_complete: it hashes everything an operation
 * can observe) lets equal states be run once: the state process checks its digest against
 * those of the states already run (its copy of the runner's memory holds them) and, when
 * one matches, exits without running anything; the runner then hands out the outcome it
 * kept for that digest. Operations are deterministic from equal memory, so the copy is
 * what running them again would give (and their repeats were checked the first time).
 *
 * The same holds within a state: with a complete digest, a pair "i then j" is decided by
 * the result of i and by the state i leaves, since j then runs on a new thread from that
 * state. So before the pairs, a *probe* runs each instance i once on the state's thread
 * and reports its result and the digest of the state it left (probe_firsts). When that is
 * the state itself (a read, a failed compare-and-swap, a pop on an empty stack), every
 * pair "i then j" is i's result followed by "j alone", which has run: it is copied from
 * it, not run; likewise when i leaves a state run before (one of the seen states, whose
 * solo executions are kept). When i leaves the state an earlier instance i' leaves too,
 * the pairs "i then j" are copied from "i' then j" once those ran. Copies are not run again as repeats:
 * their determinism is the source's and the probe's (which repeats with the others).
 *
 * Ops that keep no state (.stateless_ops: they read and write no memory but their own
 * stack) need no digest to show that they leave the state as it was: with a digest that is
 * not complete, they are probed the same way (their result on the state's thread) and the
 * pairs they begin are copied from the solo executions; so are those of an op that keeps
 * no state of its own (.local_ops: what it changes is what the digest hashes) whose probe
 * left the digest as it was (a load, a failed compare-and-swap, beside a library function
 * whose globals make the digest incomplete). Such pairs are copied when the solo executions
 * repeated alike (their repeats then run first: what a cycle counter returns moves between
 * runs, and a pair that ran would see it move); and a state whose sequence holds an op that
 * keeps no state at all is the state of the sequence without it, whose outcome is kept
 * when it runs (kept_equivalent). The other ops' pairs run, except those whose first op
 * crashes alone (inherit_crashed_firsts). Only with a digest: a pair's copy carries the second op's digest,
 * which is the pair's, where an observation (below) would have to run again.
 *
 * A harness without a digest has its pairs' states observed instead: after the second op,
 * the observing ops the runner found (observe.c) run on a new thread and their results,
 * hashed, are the pair's digest. A harness whose digest is not complete can ask for the
 * same (.observe_ops): after every execution, solo ones included, the observation is
 * hashed into the digest.
 *
 * The outcomes kept for seen and kept states live in mappings of their own (the
 * *archive*, in chunks of ARCHIVE_CHUNK or more), marked MADV_DONTFORK except for the
 * fork of a state process: it reads them to plan its copies, but the executions it forks
 * never do (nor the runner's other children), and a fork copies the page tables of all the
 * memory it inherits. With 80 instances each kept state is 6480 executions (half a
 * megabyte); after a hundred states every execution's fork copied 50 MB of page tables,
 * which made fork, not the operations, the cost of a wide family. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "runtime.h"
#include "state_process.h"

enum { STAGE_FIRST = 1, STAGE_SECOND, STAGE_DIGEST, STAGE_DONE };

/* A probe's instance leaves the state as it was (its pairs copy the solo executions). */
#define SAME_STATE (-1)
/* No copy: the probe did not return with a digest, or this instance is the first to reach
 * its state (its pairs run). */
#define NO_SOURCE (-2)
/* SEEN_SOURCE - k: it leaves the state of seen[k], a state already run (its solo
 * executions are the pairs' second ops). */
#define SEEN_SOURCE (-3)

/* copy_of of a pair that is its first op's probe (inherit_crashed_firsts). */
#define COPY_OF_PROBE UINT32_MAX

#define CONFIRM_FACTOR 10
#define STATE_FLOOR_MS 2000   /* the least time a state process gets to build its state */

/* Which executions a pass over a state's slots runs. */
enum pass { PASS_FIRST, PASS_CONFIRM_BLOCKED, PASS_REPEAT, PASS_LATE };

/* What becomes of a pair in the state process (executor.inherited). */
enum pair_fate {
	PAIR_RUNS,          /* run in the pairs' pass */
	PAIR_NOT_RUN,       /* its first op blocked alone, or copied: never run */
	PAIR_WAITS_SOURCE,  /* to be copied from the pair it shares a state with, once run */
	PAIR_RUNS_LATE,     /* that pair could not serve: run after the others */
};

#define LIBRARY_THREADS_MAX 65536   /* more than a process runs (threads-max) */

/* Written by the state process, read by the runner. */
struct prefix_report {
	volatile uint8_t done;
	volatile uint8_t finished;         /* the state process ran to its end */
	volatile uint8_t blocked;          /* an op of the state's sequence blocks (blocking.c) */
	volatile uint32_t heartbeat;       /* executions finished so far */
	int32_t library_threads;           /* threads of the library's own in the state (settle.c) */
	uint8_t settle_gave_up;            /* one of them never went to sleep (settle.c) */
	uint8_t has_digest;
	uint8_t seen;                      /* the digest is one of a state already run */
	uint64_t digest;
};

/* The outcome of a state already run, by digest (complete digests only). */
struct seen_state {
	uint64_t digest;
	struct execution *solo;            /* nexec of them, and their determinism */
	uint8_t *solo_det;
};

#define SEEN_MAX_BYTES (256u << 20)     /* beyond this, equal states are run again */
#define ARCHIVE_CHUNK (16u << 20)
#define ARCHIVE_CHUNKS_MAX 64

/* A mapping of the archive, filled from its start. */
struct archive_chunk {
	char *base;
	size_t size, used;
};

/* The outcome of a state whose sequence holds no op that keeps no state, by sequence (the
 * states that hold such ops are copied from it: kept_equivalent). */
struct kept_state {
	int *seq, len;
	uint8_t has_digest;
	uint64_t digest;
	struct execution *solo;            /* nexec of them, and their determinism */
	uint8_t *solo_det;
};

struct executor {
	const struct harness_model *m;
	const struct runtime_options *opt;
	int timeout_ms;
	struct sp_limits limits;
	int n, nexec, repeats;
	struct execution *slots;           /* shared: nexec * repeats, repeat-major */
	struct execution *probes;          /* shared: n * repeats, one per instance (probe_firsts) */
	uint32_t *copy_of;                 /* shared: 1 + the execution a slot was copied from,
					      0 when it ran, COPY_OF_PROBE from its first op's
					      probe (inherit_crashed_firsts) */
	bool probing;                      /* complete digest: pairs are copied where they can be */
	bool stateless_probing;            /* a digest, not complete, and ops that keep no state
					      (of their own: .local_ops): only their pairs are
					      copied, from the solo ones */
	bool keeps_stateless;              /* ... and some op keeps none at all: states whose
					      sequence holds one are kept_equivalent */
	struct prefix_report *prefix;      /* shared */
	size_t shared_size;
	struct state_outcome out;
	int64_t executions;
	int library_threads;               /* the most a state process saw (settle.c) */
	struct seen_state *seen;
	int nseen, cap_seen;
	size_t seen_bytes;                 /* seen and kept states together */
	struct archive_chunk archive[ARCHIVE_CHUNKS_MAX];   /* their outcomes */
	int narchive;
	struct kept_state *kept;
	int nkept, cap_kept;
	uint8_t *inherited;                /* state process: each pair's enum pair_fate, NULL
					      before the pairs */
	int *observe, nobserve;            /* instances observing an execution's state
					      (observe.c) */
	/* set by run_pass before each fork, read by the execution child: how long its
	 * observation may take, and whether running out of it is final (a confirmation)
	 * or asks for one (observe_execution) */
	int observe_limit_ms;
	bool observe_final;
	const bool *discovering;           /* per instance: the pairs it begins run (the
					      observer's discovery run), NULL: all of them */
};

static const struct seen_state *seen_lookup(const struct executor *ex, uint64_t digest)
{
	for (int i = 0; i < ex->nseen; i++)
		if (ex->seen[i].digest == digest)
			return &ex->seen[i];
	return NULL;
}

/* Makes room for one more item in items, holding n of *cap: the array, possibly moved, or
 * NULL when out of memory (items is then unchanged). */
static void *room_for_one(void *items, int n, int *cap, size_t size)
{
	if (n < *cap)
		return items;
	int grown_cap = *cap ? 2 * *cap : 16;
	void *grown = realloc(items, (size_t)grown_cap * size);
	if (grown)
		*cap = grown_cap;
	return grown;
}

/* Room for the n bytes of one state's outcomes in the archive, aligned for executions, in
 * the last chunk or a new one; NULL when no mapping can be made. */
static void *archive_take(struct executor *ex, size_t n)
{
	struct archive_chunk *c = ex->narchive ? &ex->archive[ex->narchive - 1] : NULL;
	if (!c || c->used + n > c->size) {
		if (ex->narchive == ARCHIVE_CHUNKS_MAX)
			return NULL;
		size_t size = n > ARCHIVE_CHUNK ? n : ARCHIVE_CHUNK;
		char *base = sp_alloc_unshared(size);   /* no child's until a state process's */
		if (!base)
			return NULL;
		c = &ex->archive[ex->narchive++];
		*c = (struct archive_chunk){ .base = base, .size = size };
	}
	void *at = c->base + c->used;
	c->used = (c->used + n + 15) & ~(size_t)15;
	if (c->used > c->size)
		c->used = c->size;
	return at;
}

/* Whether the next fork copies the archive: only the state process's does (it plans its
 * copies from it); its executions, and whatever else the runner forks (schedules, the
 * measure pass), get none of it (sp_alloc_unshared made each chunk so). */
static void archive_inherited(const struct executor *ex, bool inherited)
{
	for (int i = 0; i < ex->narchive; i++)
		madvise(ex->archive[i].base, ex->archive[i].size,
			inherited ? MADV_DOFORK : MADV_DONTFORK);
}

/* A copy of the solo outcomes just computed and their determinism, in the archive; false
 * when no room can be made (nothing is kept then). */
static bool copy_solo(struct executor *ex, struct execution **solo, uint8_t **solo_det)
{
	size_t bytes = (size_t)ex->nexec * (sizeof **solo + 1);
	char *room = archive_take(ex, bytes);
	if (!room)
		return false;
	*solo = (struct execution *)room;
	*solo_det = (uint8_t *)(room + (size_t)ex->nexec * sizeof **solo);
	memcpy(*solo, ex->out.solo, (size_t)ex->nexec * sizeof **solo);
	memcpy(*solo_det, ex->out.solo_det, (size_t)ex->nexec);
	return true;
}

/* Keeps the outcome just computed for its digest (best effort: out of memory only means
 * that an equal state is run again). */
static void seen_keep(struct executor *ex)
{
	size_t bytes = (size_t)ex->nexec * (sizeof(struct execution) + 1);
	if (ex->seen_bytes + bytes > SEEN_MAX_BYTES || seen_lookup(ex, ex->out.digest))
		return;
	struct seen_state *seen = room_for_one(ex->seen, ex->nseen, &ex->cap_seen, sizeof *seen);
	if (!seen)
		return;
	ex->seen = seen;
	struct seen_state *s = &ex->seen[ex->nseen];
	if (!copy_solo(ex, &s->solo, &s->solo_det))
		return;
	s->digest = ex->out.digest;
	ex->nseen++;
	ex->seen_bytes += bytes;
}

static bool keeps_no_state(const struct executor *ex, int instance)
{
	return ex->m->keeps_no_state[ex->m->inst[instance].op];
}

/* The state seq builds, when it is that of a kept state: seq holds ops that keep no state,
 * the same sequence without them ran and was kept, and each of them returned a value alone
 * there, every time (it reads nothing, so it does so in every state: building seq cannot
 * have ended otherwise). NULL when the state must run. */
static const struct kept_state *kept_equivalent(const struct executor *ex, const int *seq,
						int len)
{
	int reduced[len > 0 ? len : 1], n = 0;
	for (int i = 0; i < len; i++)
		if (!keeps_no_state(ex, seq[i]))
			reduced[n++] = seq[i];
	for (int k = 0; n < len && k < ex->nkept; k++) {
		const struct kept_state *s = &ex->kept[k];
		if (s->len != n || (n > 0 && memcmp(s->seq, reduced, (size_t)n * sizeof *reduced) != 0))
			continue;
		for (int i = 0; i < len; i++)
			if (keeps_no_state(ex, seq[i]) &&
			    (s->solo[seq[i]].first.kind != R_VALUE || !s->solo_det[seq[i]]))
				return NULL;
		return s;
	}
	return NULL;
}

/* Keeps the outcome just computed for a sequence of ops that all keep state (best effort,
 * as seen_keep). */
static void kept_keep(struct executor *ex, const int *seq, int len)
{
	size_t bytes = (size_t)ex->nexec * (sizeof(struct execution) + 1) + (size_t)len * sizeof *seq;
	for (int i = 0; i < len; i++)
		if (keeps_no_state(ex, seq[i]))
			return;
	if (ex->seen_bytes + bytes > SEEN_MAX_BYTES)
		return;
	struct kept_state *kept = room_for_one(ex->kept, ex->nkept, &ex->cap_kept, sizeof *kept);
	if (!kept)
		return;
	ex->kept = kept;
	struct kept_state *s = &ex->kept[ex->nkept];
	s->seq = malloc(len > 0 ? (size_t)len * sizeof *seq : 1);
	if (!s->seq || !copy_solo(ex, &s->solo, &s->solo_det)) {
		free(s->seq);
		return;
	}
	if (len > 0)
		memcpy(s->seq, seq, (size_t)len * sizeof *seq);
	s->len = len;
	s->has_digest = ex->out.has_digest;
	s->digest = ex->out.digest;
	ex->nkept++;
	ex->seen_bytes += bytes;
}

struct executor *executor_new(const struct harness_model *m, const struct runtime_options *opt,
			      int timeout_ms)
{
	struct executor *ex = calloc(1, sizeof *ex);
	if (!ex)
		return NULL;
	ex->m = m;
	ex->opt = opt;
	ex->timeout_ms = timeout_ms;
	blocking_set_limit(timeout_ms * CONFIRM_FACTOR);   /* what the timer would decide */
	runtime_limits(opt, &ex->limits);
	ex->n = m->ninst;
	ex->nexec = m->ninst + m->ninst * m->ninst;
	ex->repeats = opt->repeats;
	ex->probing = m->def->digest && m->def->digest_complete;
	for (int op = 0; op < m->nops && !ex->probing && m->def->digest; op++) {
		ex->stateless_probing |= m->keeps_no_own_state[op];
		ex->keeps_stateless |= m->keeps_no_state[op];
	}
	ex->shared_size = sizeof(struct prefix_report) +
			  (size_t)(ex->nexec + ex->n) * (size_t)ex->repeats * sizeof(struct execution) +
			  (size_t)ex->nexec * sizeof(uint32_t);
	void *shared = mmap(NULL, ex->shared_size, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ex->out.solo = calloc((size_t)ex->nexec, sizeof(struct execution));
	ex->out.solo_det = calloc((size_t)ex->nexec, 1);
	if (shared == MAP_FAILED || !ex->out.solo || !ex->out.solo_det) {
		if (shared != MAP_FAILED)
			munmap(shared, ex->shared_size);
		free(ex->out.solo);
		free(ex->out.solo_det);
		free(ex);
		return NULL;
	}
	ex->prefix = shared;
	ex->slots = (struct execution *)(ex->prefix + 1);
	ex->probes = ex->slots + (size_t)ex->nexec * (size_t)ex->repeats;
	ex->copy_of = (uint32_t *)(ex->probes + (size_t)ex->n * (size_t)ex->repeats);
	ex->out.pair = ex->out.solo + ex->n;
	ex->out.pair_det = ex->out.solo_det + ex->n;
	return ex;
}

void executor_free(struct executor *ex)
{
	if (!ex)
		return;
	munmap(ex->prefix, ex->shared_size);
	for (int i = 0; i < ex->narchive; i++)
		sp_free_unshared(ex->archive[i].base, ex->archive[i].size);
	free(ex->seen);
	for (int i = 0; i < ex->nkept; i++)
		free(ex->kept[i].seq);
	free(ex->kept);
	free(ex->observe);
	free(ex->out.solo);
	free(ex->out.solo_det);
	free(ex);
}

int64_t executor_executions(const struct executor *ex)
{
	return ex->executions;
}

int executor_library_threads(const struct executor *ex)
{
	return ex->library_threads;
}

void executor_observe(struct executor *ex, const int *inst, int n)
{
	if (!ex->observe && !(ex->observe = malloc((size_t)ex->n * sizeof *ex->observe)))
		n = 0;   /* out of memory: no observation, as without read-like ops */
	if (n > 0)
		memcpy(ex->observe, inst, (size_t)n * sizeof *inst);
	ex->nobserve = n;
}

static int first_of(const struct executor *ex, int e);

void executor_discover(struct executor *ex, const bool *firsts)
{
	ex->discovering = firsts;
}

/* In the discovery run: the pairs the observer does not read (their first op may not be
 * read-like, or did not return a value alone) are not run, nor repeated. */
static void skip_undiscovered_pairs(struct executor *ex)
{
	for (int e = ex->n; ex->discovering && ex->inherited && e < ex->nexec; e++)
		if (!ex->discovering[first_of(ex, e)] || ex->slots[first_of(ex, e)].first.kind != R_VALUE)
			ex->inherited[e] = PAIR_NOT_RUN;
}

/* The time an observation may take, in op time limits, however many ops observe: each is
 * a quick read or pop, and one that sleeps (what the blocking rule cannot see) must not
 * lengthen much the deadline of every execution, which a timer-decided block of the
 * pair's own ops waits for, confirmed at CONFIRM_FACTOR times (run_pass). */
#define OBSERVE_CALLS 2

struct observation {
	const struct executor *ex;
	uint64_t digest;           /* in: the harness's digest (or 0); out: with what was seen */
	uint64_t observed[OBSERVE_SHOWN];
	int nobserved;
	bool blocked;              /* an observing op blocked: no observation */
};

/* On a thread of its own after an execution: the observing ops, their results hashed
 * (into the harness's digest, when it has one). Each runs under the blocking rule: one
 * that waits for what the pair left held (a lock taken by the first op) ends the
 * observation at once, where the timer would have taken the execution for a block. */
static void observe_state(void *arg)
{
	struct observation *o = arg;
	const struct harness_model *m = o->ex->m;
	uint64_t h = o->digest;
	for (int i = 0; i < o->ex->nobserve; i++) {
		struct result r;
		if (!call_or_block(m, &m->inst[o->ex->observe[i]], &r)) {
			o->blocked = true;
			return;
		}
		if (i < OBSERVE_SHOWN)
			o->observed[o->nobserved++] = r.value;
		h = snc_hash_u64(h, r.value);
	}
	o->digest = h;
}

/* The observation of the state an execution left, hashed into its digest; none when an
 * observing op blocks, or when the observation does not end within its own time
 * (observe_limit_ms: an op that sleeps in a loop the blocking rule cannot see, liburcu's
 * dequeue waiting with poll for a next pointer an append never set). The execution then
 * ends at once: the first time still in the observation, so that it is run again with
 * CONFIRM_FACTOR times that time (a loaded machine can keep a quick observation waiting),
 * and when confirmed with no digest, never as a block of its ops. */
static void observe_execution(const struct executor *ex, struct execution *slot)
{
	struct observation o = { .ex = ex, .digest = slot->has_digest ? slot->digest : 0 };
	if (!run_on_own_thread_within(observe_state, &o, ex->observe_limit_ms)) {
		slot->has_digest = 0;
		if (ex->observe_final)
			slot->stage = STAGE_DONE;
		_exit(0);
	}
	slot->has_digest = !o.blocked;
	if (o.blocked)
		return;
	slot->digest = o.digest;
	slot->nobserved = o.nobserved;
	memcpy(slot->observed, o.observed, sizeof o.observed);
}

static bool same_execution(const struct execution *a, const struct execution *b);

static int first_of(const struct executor *ex, int e)
{
	return e < ex->n ? e : (e - ex->n) / ex->n;
}

static int second_of(const struct executor *ex, int e)
{
	return e < ex->n ? -1 : (e - ex->n) % ex->n;
}

/* Whether execution e observes the state it leaves: every pair without a digest; with
 * .observe_ops (a digest that is not complete) every execution. */
static bool observes(const struct executor *ex, int e)
{
	return ex->nobserve > 0 && (second_of(ex, e) >= 0 || ex->m->def->digest);
}

/* The op running blocks, as its behaviour showed (blocking.c): nothing more runs. */
static _Noreturn void observed_block(struct execution *slot)
{
	slot->block_observed = 1;
	slot->stage = STAGE_DONE;
	_exit(0);
}

/* Runs in the execution child: slot index e is "instance e alone" or "i then j". */
static _Noreturn void run_execution(struct executor *ex, int e, struct execution *slot)
{
	const struct harness_model *m = ex->m;
	int second = second_of(ex, e);
	memset(slot, 0, sizeof *slot);
	/* The theorem's two processes (op_thread.c): an op alone, and the second op of a pair,
	 * on a new thread; the first op of a pair on the thread that built the state. Each
	 * under the blocking rule (blocking.c). */
	slot->stage = STAGE_FIRST;
	if (second < 0) {
		if (!call_or_block_on_own_thread(m, &m->inst[first_of(ex, e)], &slot->first))
			observed_block(slot);
	} else {
		if (!call_or_block(m, &m->inst[first_of(ex, e)], &slot->first))
			observed_block(slot);
		sp_leave_if_copy();   /* an op that forked returns twice: only this child goes on */
		settle_library_threads();   /* threads the op started (a pool's) finish first */
		slot->stage = STAGE_SECOND;
		if (!call_or_block_on_own_thread(m, &m->inst[second], &slot->second))
			observed_block(slot);
	}
	slot->stage = STAGE_DIGEST;
	settle_library_threads();
	if (m->def->digest) {
		slot->digest = m->def->digest();
		slot->has_digest = 1;
	}
	/* Without a digest a pair's state is observed; with one that is not complete
	 * (.observe_ops) every execution's is, so a pair copied from a solo execution
	 * (probe_firsts) carries the same kind of digest as the pairs that ran. */
	if (observes(ex, e))
		observe_execution(ex, slot);
	slot->settle_gave_up = settle_gave_up();
	slot->stage = STAGE_DONE;
	if (m->def->teardown)
		m->def->teardown();
	_exit(0);
}

/* Runs in a probe child: instance i on the state's thread, as the first op of a pair, then
 * the digest of the state it left. */
static _Noreturn void run_probe(struct executor *ex, int i, struct execution *slot)
{
	const struct harness_model *m = ex->m;
	memset(slot, 0, sizeof *slot);
	slot->stage = STAGE_FIRST;
	if (!call_or_block(m, &m->inst[i], &slot->first))
		observed_block(slot);
	sp_leave_if_copy();
	slot->stage = STAGE_DIGEST;
	settle_library_threads();   /* the state it left is the one its pairs' second ops see */
	if (m->def->digest) {   /* crash probes run without one (inherit_crashed_firsts) */
		slot->digest = m->def->digest();
		slot->has_digest = 1;
	}
	slot->settle_gave_up = settle_gave_up();
	slot->stage = STAGE_DONE;
	if (m->def->teardown)
		m->def->teardown();
	_exit(0);
}

/* The child is gone: charge an abnormal end to the op its slot says was running. A child
 * that never got to its first op (a loaded machine can keep a new process waiting past a
 * short deadline) is charged to that op: a time-out is then confirmed like any other. */
static void finish_slot(struct execution *slot, const struct sp_end *end)
{
	if (slot->stage == STAGE_DONE)
		return;
	if (slot->stage == 0 || slot->stage == STAGE_FIRST)
		result_from_end(end, &slot->first);
	else if (slot->stage == STAGE_SECOND)
		result_from_end(end, &slot->second);
	else
		slot->has_digest = 0;  /* the digest itself failed: no digest to compare */
}

/* In the state process: the executions in flight, and the slot of each. */
struct inflight {
	struct sp_child *kids;
	struct execution **slots;
	int n;
};

static void reap_one(struct executor *ex, struct inflight *fl)
{
	struct sp_end end;
	int k = sp_wait(fl->kids, fl->n, &end);
	if (k < 0)
		_exit(3);
	finish_slot(fl->slots[k], &end);
	if (fl->slots[k]->settle_gave_up)
		settle_give_up();   /* the executions forked after it do not wait */
	fl->n--;
	fl->kids[k] = fl->kids[fl->n];
	fl->slots[k] = fl->slots[fl->n];
	ex->prefix->heartbeat++;
}

/* Did it block, or end while its digest (or observation) ran: killed by the timer there on
 * a loaded machine, it would otherwise differ from its repeats without a digest. */
static bool blocked(const struct execution *e)
{
	return e->first.kind == R_BLOCK || e->second.kind == R_BLOCK || e->stage == STAGE_DIGEST;
}

/* Only a block the timer decided can be a slow op on a loaded machine. */
static bool needs_confirmation(const struct execution *e)
{
	return blocked(e) && !e->block_observed;
}

/* Whether execution e runs in this pass, as far as its pair's fate goes. */
static bool runs_in(const struct executor *ex, enum pass pass, int e)
{
	int fate = ex->inherited ? ex->inherited[e] : PAIR_RUNS;
	if (pass == PASS_FIRST)
		return fate == PAIR_RUNS;
	if (pass == PASS_LATE)
		return fate == PAIR_RUNS_LATE;
	return fate != PAIR_NOT_RUN;
}

/* A confirmation (and a probe, which runs at the confirmed limit) is the executor's answer
 * to a loaded machine: an op that timed out in its first run gets CONFIRM_FACTOR times
 * its limit. On a machine so loaded that even that leaves it less than three quarters of
 * its limit in CPU time (per op called), it gets more (state_process.h, starved_cpu_ms): an op is not
 * called blocked for time it was not given. First runs are cut at the limit, as their
 * timeouts are confirmed anyway: extended, every op that spins would burn its limit in
 * CPU time while the other executions in flight share the cores. */
static int starved_cpu_ms(const struct executor *ex)
{
	return ex->timeout_ms * 3 / 4 > 0 ? ex->timeout_ms * 3 / 4 : 1;
}

/* Whether execution e's first run is evidence a repeat must confirm: a solo execution
 * (every pair's baseline), or a pair "i then j" in which i's result is not i's alone, j's
 * is not j's alone, or the state it left is not the one "j then i" left (an influence, a
 * crash, a state-only difference: what a verdict stands on). A pair that agrees with
 * what commuting predicts is not repeated: a repeat could only mark a commutative pair
 * non-deterministic, never change a verdict. */
static bool is_evidence(const struct executor *ex, int e)
{
	if (e < ex->n)
		return true;
	int i = first_of(ex, e), j = second_of(ex, e);
	const struct execution *run = &ex->slots[e], *mirror = &ex->slots[ex->n + j * ex->n + i];
	if (run->stage != STAGE_DONE || mirror->stage != STAGE_DONE)
		return true;
	if (!results_equal(&run->first, &ex->slots[i].first) ||
	    !results_equal(&run->second, &ex->slots[j].first))
		return true;
	return run->has_digest != mirror->has_digest ||
	       (run->has_digest && run->digest != mirror->digest);
}

/* In the state process: fork the executions of one pass, at most --jobs at a time. The
 * first run of execution e is slots[e]; repeat r is slots[r * nexec + e]. */
static void run_pass(struct executor *ex, enum pass pass, int repeat, int from, int to, int jobs)
{
	struct sp_child kids[jobs];
	struct execution *slots[jobs];
	struct inflight fl = { kids, slots, 0 };
	int timeout = ex->timeout_ms * (pass == PASS_CONFIRM_BLOCKED ? CONFIRM_FACTOR : 1);
	for (int e = from; e < to; e++) {
		struct execution *slot = &ex->slots[(size_t)repeat * ex->nexec + e];
		if ((pass == PASS_CONFIRM_BLOCKED && !needs_confirmation(slot)) ||
		    (pass == PASS_REPEAT && (blocked(&ex->slots[e]) || !is_evidence(ex, e))) ||
		    !runs_in(ex, pass, e))
			continue;
		if (fl.n == jobs)
			reap_one(ex, &fl);
		int calls = second_of(ex, e) < 0 ? 1 : 2;
		/* the observation ends itself within OBSERVE_CALLS limits, CONFIRM_FACTOR times
		 * that when it is what is being confirmed (not when a block of the ops is); the
		 * deadline leaves it as much again */
		bool observation_confirmed = pass == PASS_CONFIRM_BLOCKED && slot->stage == STAGE_DIGEST;
		ex->observe_limit_ms = OBSERVE_CALLS * ex->timeout_ms *
				       (observation_confirmed ? CONFIRM_FACTOR : 1);
		ex->observe_final = pass == PASS_CONFIRM_BLOCKED;
		int observing_ms = observes(ex, e) ? 2 * ex->observe_limit_ms : 0;
		struct sp_options o = {
			.limits = &ex->limits,
			.deadline_ms = timeout * calls + observing_ms,
			.starved_cpu_ms = pass == PASS_CONFIRM_BLOCKED ? starved_cpu_ms(ex) * calls : 0,
		};
		pid_t pid = sp_fork(&kids[fl.n], &o);
		if (pid == 0)
			run_execution(ex, e, slot);
		if (pid < 0) {
			slot->first.kind = R_CRASH;   /* cannot fork: recorded, never silent */
			slot->first.code = 0;
			continue;
		}
		slots[fl.n++] = slot;
	}
	while (fl.n > 0)
		reap_one(ex, &fl);
}

/* In the state process, between the solo executions and the pairs: a pair whose first op
 * blocked alone from this state (confirmed) would block the same way, the same op from the
 * same memory, so it is not run; its slot says the first op blocked and the second never
 * ran. Spinning locks make this the bulk of a lock's executions (lock, then anything, from
 * a held lock). */
static void inherit_blocked_firsts(struct executor *ex)
{
	ex->inherited = calloc((size_t)ex->nexec, 1);
	for (int e = ex->n; ex->inherited && e < ex->nexec; e++) {
		const struct execution *alone = &ex->slots[(e - ex->n) / ex->n];
		if (alone->first.kind != R_BLOCK)
			continue;
		struct execution *slot = &ex->slots[e];
		memset(slot, 0, sizeof *slot);
		slot->first = alone->first;
		slot->stage = STAGE_FIRST;
		ex->inherited[e] = 1;
	}
}

/* A probe that returned and left a state with a digest: its pairs may be copied. */
static bool probe_usable(const struct execution *p)
{
	return p->stage == STAGE_DONE && p->first.kind == R_VALUE && p->has_digest;
}

/* Forks the probe of instance i into slot, once fewer than jobs are in flight, at the
 * confirmed limit: its op returned alone, and a probe cut short by a loaded machine would
 * only make its pairs run. When it cannot fork there is no probe, and its pairs run. */
static void start_probe(struct executor *ex, struct inflight *fl, int jobs, int i,
			struct execution *slot)
{
	if (fl->n == jobs)
		reap_one(ex, fl);
	struct sp_options o = { .limits = &ex->limits,
				.deadline_ms = CONFIRM_FACTOR * ex->timeout_ms,
				.starved_cpu_ms = starved_cpu_ms(ex) };
	pid_t pid = sp_fork(&fl->kids[fl->n], &o);
	if (pid == 0)
		run_probe(ex, i, slot);
	if (pid > 0)
		fl->slots[fl->n++] = slot;
}

/* An op that crashed or exited alone: its pairs may end the same way before their second op. */
static bool ended_alone(const struct result *r)
{
	return r->kind == R_CRASH || r->kind == R_EXIT;
}

/* In the state process, after the solo executions: a probe of every instance whose pairs
 * may be copied (not those that blocked alone: their pairs are not run anyway; without a
 * complete digest, only the ops that keep no state). In repeat
 * r > 0 only the probes that served, so that their determinism is checked as the pairs'
 * would have been. */
static void probe_firsts(struct executor *ex, int repeat, int jobs)
{
	struct sp_child kids[jobs];
	struct execution *slots[jobs];
	struct inflight fl = { kids, slots, 0 };
	for (int i = 0; i < ex->n; i++) {
		struct execution *slot = &ex->probes[(size_t)repeat * ex->n + i];
		if (ex->slots[i].first.kind == R_BLOCK || (repeat > 0 && !probe_usable(&ex->probes[i])) ||
		    (!ex->probing && (!ex->m->keeps_no_own_state[ex->m->inst[i].op] ||
				      ended_alone(&ex->slots[i].first))))
			continue;
		start_probe(ex, &fl, jobs, i, slot);
	}
	while (fl.n > 0)
		reap_one(ex, &fl);
}

/* In the state process, after the solo executions, without digest probes: every instance that
 * crashed (or exited) alone is probed on the state's thread, where the first op of its pairs
 * runs, once per repeat (a repeat only after a first probe that ended so too). When every
 * probe of i ended alike, the pairs "i then j" still to run are that probe: the first op's
 * end, the second never run. */
static void inherit_crashed_firsts(struct executor *ex, int jobs)
{
	struct sp_child kids[jobs];
	struct execution *slots[jobs];
	struct inflight fl = { kids, slots, 0 };
	for (int r = 0; r < ex->repeats && ex->inherited; r++) {
		for (int i = 0; i < ex->n; i++) {
			if (!ended_alone(&ex->slots[i].first) ||
			    (r > 0 && !ended_alone(&ex->probes[i].first)) ||
			    (ex->discovering && !ex->discovering[i]))
				continue;
			start_probe(ex, &fl, jobs, i, &ex->probes[(size_t)r * ex->n + i]);
		}
		while (fl.n > 0)
			reap_one(ex, &fl);
	}
	for (int i = 0; i < ex->n && ex->inherited; i++) {
		const struct execution *p = &ex->probes[i];
		bool alike = ended_alone(&p->first);
		for (int r = 1; r < ex->repeats && alike; r++)
			alike = same_execution(p, &ex->probes[(size_t)r * ex->n + i]);
		for (int j = 0; j < ex->n && alike; j++) {
			int e = ex->n + i * ex->n + j;
			if (ex->inherited[e] != PAIR_RUNS)
				continue;
			ex->slots[e] = *p;
			ex->copy_of[e] = COPY_OF_PROBE;
			ex->inherited[e] = PAIR_NOT_RUN;
		}
	}
}

/* Pair e, copied from execution src (a solo execution of its second op, from this state
 * or, past nexec, from a seen state; or a pair with the same second op whose first op left
 * the same state): the probe gives its first op. */
static void copy_pair(struct executor *ex, int e, int src)
{
	const struct execution *from;
	if (src >= ex->nexec)
		from = &ex->seen[(src - ex->nexec) / ex->n].solo[(src - ex->nexec) % ex->n];
	else
		from = &ex->slots[src];
	struct execution *to = &ex->slots[e];
	*to = *from;
	if (src < ex->n || src >= ex->nexec) {
		to->second = from->first;
		to->stage = from->stage == STAGE_FIRST ? STAGE_SECOND : from->stage;
	}
	to->first = ex->probes[first_of(ex, e)].first;
	ex->copy_of[e] = (uint32_t)src + 1;
	ex->inherited[e] = PAIR_NOT_RUN;
}

/* Without a complete digest the solo executions repeat before the pairs: did j's give the
 * same outcome every time? A pair "i then j" is copied from j alone only when it did: what
 * j returns may depend on something no state holds (a cycle counter), which a pair that
 * runs later would see move. */
static bool solo_deterministic(const struct executor *ex, int j)
{
	for (int r = 1; r < ex->repeats; r++) {
		const struct execution *again = &ex->slots[(size_t)r * ex->nexec + j];
		if (again->stage != 0 && !same_execution(&ex->slots[j], again))
			return false;
	}
	return true;
}

/* In the state process, after the probes: the pairs of an instance that left the state as
 * it was (its digest says so, or it keeps no state) are copied from the solo executions now; those of an instance that left the same
 * state as an earlier one wait for that one's pairs. */
static void plan_copies(struct executor *ex, int *source)
{
	for (int i = 0; i < ex->n; i++) {
		const struct execution *p = &ex->probes[i];
		source[i] = NO_SOURCE;
		if (!probe_usable(p))
			continue;
		if (!ex->probing) {   /* an op that keeps no state, which it left as it was, or
					 one whose changes the digest sees, which says it did */
			if (ex->m->keeps_no_state[ex->m->inst[i].op] || p->digest == ex->prefix->digest)
				source[i] = SAME_STATE;
			continue;
		}
		if (p->digest == ex->prefix->digest) {
			source[i] = SAME_STATE;
			continue;
		}
		const struct seen_state *seen = seen_lookup(ex, p->digest);
		if (seen) {
			source[i] = SEEN_SOURCE - (int)(seen - ex->seen);
			continue;
		}
		for (int k = 0; k < i && source[i] == NO_SOURCE; k++)
			if (probe_usable(&ex->probes[k]) && ex->probes[k].digest == p->digest &&
			    source[k] == NO_SOURCE)
				source[i] = k;
	}
	for (int i = 0; i < ex->n; i++) {
		for (int j = 0; j < ex->n; j++) {
			int e = ex->n + i * ex->n + j;
			if (ex->inherited[e] != PAIR_RUNS)
				continue;
			if (source[i] == SAME_STATE && ex->slots[j].stage != 0 &&
			    (ex->probing || solo_deterministic(ex, j)))
				copy_pair(ex, e, j);
			else if (source[i] <= SEEN_SOURCE &&
				 ex->seen[SEEN_SOURCE - source[i]].solo[j].stage != 0)
				copy_pair(ex, e, ex->nexec + (SEEN_SOURCE - source[i]) * ex->n + j);
			else if (source[i] >= 0)
				ex->inherited[e] = PAIR_WAITS_SOURCE;
		}
	}
}

/* After the pairs ran: the waiting ones are copied from their source when its first op
 * returned as the probe's did, else they run late. */
static void finish_copies(struct executor *ex, const int *source)
{
	for (int e = ex->n; e < ex->nexec; e++) {
		if (ex->inherited[e] != PAIR_WAITS_SOURCE)
			continue;
		int k = source[first_of(ex, e)], src = ex->n + k * ex->n + second_of(ex, e);
		const struct execution *from = &ex->slots[src];
		if (ex->inherited[src] == PAIR_RUNS && from->stage >= STAGE_SECOND &&
		    results_equal(&from->first, &ex->probes[k].first))
			copy_pair(ex, e, src);
		else
			ex->inherited[e] = PAIR_RUNS_LATE;
	}
}

/* An execution's copy names no execution there is: the pages the state process and its
 * children share with the runner were written over by an operation (a library's wild
 * write; tests/fixtures/scribble_harness.c). Its outcome is not trusted (counted as not
 * deterministic), and the runner says so once. */
static void copied_from_nowhere(const struct executor *ex, const int *seq, int len)
{
	static bool said;
	if (said)
		return;
	said = true;
	char label[256];
	state_label(ex->m, seq, len, label, sizeof label);
	fprintf(stderr, "warning: %s: from the state `%s`, an operation wrote over the pages "
		"where the executions report to the runner: the outcomes they hold are counted as "
		"non-deterministic\n", ex->m->def->name, label);
}

/* After a state ran, the count of the library's threads its process reported, unless no
 * process runs that many (its report was written over, as above): then none. */
static int reported_library_threads(const struct executor *ex)
{
	int32_t n = ex->prefix->library_threads;
	return n >= 0 && n <= LIBRARY_THREADS_MAX ? n : 0;
}

/* After a state ran: the most threads of the library's own a state held (stored with the
 * harness), and whether waiting for them was given up (passed on to the next state
 * processes); once per harness, a warning that no forked execution has them (settle.c). */
static void note_library_threads(struct executor *ex)
{
	static bool warned;
	int threads = reported_library_threads(ex);
	if (threads > ex->library_threads)
		ex->library_threads = threads;
	if (ex->prefix->settle_gave_up)
		settle_give_up();   /* the next state processes are forked from here */
	if (warned || threads <= 0)
		return;
	warned = true;
	fprintf(stderr, "warning: %s: the library runs %d thread%s of its own once the state is "
		"built (started by setup() or a call): every execution is forked from that state "
		"and a fork copies only the calling thread, so work handed to %s during an "
		"execution is never done; pairs whose results depend on it are classified as if "
		"%s never ran%s\n", ex->m->def->name, threads, threads == 1 ? "" : "s",
		threads == 1 ? "it" : "them", threads == 1 ? "it" : "they",
		ex->prefix->settle_gave_up ? "; and one of them never went to sleep within half a "
		"second, so no later state or execution waited for them (verdicts whose repeats "
		"disagree say nondet)" : "");
}

static _Noreturn void state_process(struct executor *ex, const int *seq, int len)
{
	const struct harness_model *m = ex->m;
	archive_inherited(ex, false);
	int library_threads = 0;
	bool built = state_build_or_block(m, seq, len, &library_threads);
	ex->prefix->library_threads = library_threads;
	ex->prefix->settle_gave_up = settle_gave_up();
	if (!built) {   /* a prefix op blocks, as its behaviour showed */
		ex->prefix->blocked = 1;
		_exit(0);
	}
	if (m->def->digest) {
		uint64_t digest = m->def->digest();
		sp_leave_if_copy();
		ex->prefix->digest = digest;
		ex->prefix->has_digest = 1;
	}
	if (m->def->digest_complete && ex->prefix->has_digest &&
	    seen_lookup(ex, ex->prefix->digest)) {
		ex->prefix->seen = 1;
		ex->prefix->done = 1;
		ex->prefix->finished = 1;
		_exit(0);
	}
	ex->prefix->done = 1;
	ex->prefix->heartbeat++;
	int jobs = ex->opt->jobs;
	run_pass(ex, PASS_FIRST, 0, 0, ex->n, jobs);
	run_pass(ex, PASS_CONFIRM_BLOCKED, 0, 0, ex->n, jobs);
	/* ops that keep no state: the solo executions' repeats first (solo_deterministic) */
	int repeated = ex->stateless_probing ? ex->n : 0;
	for (int r = 1; r < ex->repeats && repeated; r++) {
		run_pass(ex, PASS_REPEAT, r, 0, ex->n, jobs);
		run_pass(ex, PASS_CONFIRM_BLOCKED, r, 0, ex->n, jobs);
	}
	inherit_blocked_firsts(ex);
	int *source = (ex->probing || ex->stateless_probing) && ex->inherited &&
				      ex->prefix->has_digest ?
			      malloc((size_t)ex->n * sizeof *source) : NULL;
	if (source) {
		if (!ex->probing)   /* the others' pairs run: those that crash alone, as below */
			inherit_crashed_firsts(ex, jobs);
		probe_firsts(ex, 0, jobs);
		plan_copies(ex, source);
	} else {
		inherit_crashed_firsts(ex, jobs);
	}
	skip_undiscovered_pairs(ex);
	run_pass(ex, PASS_FIRST, 0, ex->n, ex->nexec, jobs);
	run_pass(ex, PASS_CONFIRM_BLOCKED, 0, ex->n, ex->nexec, jobs);
	if (source) {
		finish_copies(ex, source);
		run_pass(ex, PASS_LATE, 0, ex->n, ex->nexec, jobs);
		run_pass(ex, PASS_CONFIRM_BLOCKED, 0, ex->n, ex->nexec, jobs);
	}
	int repeats_to = ex->discovering ? ex->n : ex->nexec;   /* discovery: the solo ones */
	for (int r = 1; r < ex->repeats; r++) {
		if (source)
			probe_firsts(ex, r, jobs);
		run_pass(ex, PASS_REPEAT, r, repeated, repeats_to, jobs);
		run_pass(ex, PASS_CONFIRM_BLOCKED, r, repeated, repeats_to, jobs);
	}
	ex->prefix->settle_gave_up = settle_gave_up();
	ex->prefix->finished = 1;
	_exit(0);
}

static bool same_execution(const struct execution *a, const struct execution *b)
{
	return results_equal(&a->first, &b->first) && results_equal(&a->second, &b->second) &&
	       a->has_digest == b->has_digest && (!a->has_digest || a->digest == b->digest);
}

/* The probes run for a state count as executions. */
static void count_probes(struct executor *ex)
{
	for (size_t p = 0; p < (size_t)ex->n * (size_t)ex->repeats; p++)
		ex->executions += ex->probes[p].stage != 0;
}

static bool probe_deterministic(const struct executor *ex, int i)
{
	for (int r = 1; r < ex->repeats; r++) {
		const struct execution *again = &ex->probes[(size_t)r * ex->n + i];
		if (again->stage != 0 && !same_execution(&ex->probes[i], again))
			return false;
	}
	return true;
}

/* While the state process runs: its executions so far, on the progress line. */
static void show_progress(void *ctx)
{
	const struct executor *ex = ctx;
	progress_detail("this state: %u executions", (unsigned)ex->prefix->heartbeat);
}

const struct state_outcome *executor_run_state(struct executor *ex, const int *seq, int len)
{
	memset(ex->prefix, 0, ex->shared_size);
	struct state_outcome *out = &ex->out;
	const struct kept_state *equal = ex->keeps_stateless ? kept_equivalent(ex, seq, len) : NULL;
	if (equal) {
		out->status = STATE_OK;
		out->observe = ex->observe;
		out->nobserve = ex->nobserve;
		out->has_digest = equal->has_digest;
		out->digest = equal->digest;
		memcpy(out->solo, equal->solo, (size_t)ex->nexec * sizeof *out->solo);
		memcpy(out->solo_det, equal->solo_det, (size_t)ex->nexec);
		return out;
	}
	struct sp_options o = {
		.silence = !ex->opt->verbose, .limits = &ex->limits, .forks_children = true,
		/* at least STATE_FLOOR_MS: on a loaded machine a fork and a set-up that take
		 * microseconds can wait longer than 10 x 20 ms for a core */
		.deadline_ms = ex->timeout_ms * CONFIRM_FACTOR * (len + 1) > STATE_FLOOR_MS ?
				       ex->timeout_ms * CONFIRM_FACTOR * (len + 1) : STATE_FLOOR_MS,
		/* it waits for its executions: while one of them is runnable (waiting for a
		 * core), its own limit is not running out */
		.starved_cpu_ms = STATE_FLOOR_MS,
		/* then no execution may take longer than a confirmed pair, its observation
		 * included (run_pass's deadline): a pair whose observing ops block waits that
		 * long before it is reaped, and the state must not be killed meanwhile */
		.heartbeat = &ex->prefix->heartbeat,
		.grace_ms = ex->timeout_ms * CONFIRM_FACTOR * (2 + 2 * OBSERVE_CALLS) + 1000,
		.on_tick = show_progress, .ctx = ex,
	};
	struct sp_child child;
	archive_inherited(ex, true);
	pid_t pid = sp_fork(&child, &o);
	if (pid == 0)
		state_process(ex, seq, len);
	archive_inherited(ex, false);
	struct sp_end end = { .how = SP_KILLED };
	if (pid > 0 && sp_wait(&child, 1, &end) == SP_INTERRUPTED)
		end = (struct sp_end){ .how = SP_KILLED, .code = sp_interrupted() };
	if (!ex->prefix->finished) {   /* cannot fork (code 0), or it did not run to its end */
		static const uint8_t status_of[] = {
			[R_CRASH] = STATE_CRASH, [R_EXIT] = STATE_EXIT, [R_BLOCK] = STATE_BLOCK,
			[R_LIMIT] = STATE_LIMIT,
		};
		struct result r;
		result_from_end(&end, &r);
		if (ex->prefix->blocked)
			r = (struct result){ .kind = R_BLOCK, .code = SIGALRM };
		out->status = status_of[r.kind];
		out->code = r.code;
		return out;
	}
	note_library_threads(ex);
	out->status = STATE_OK;
	out->observe = ex->observe;
	out->nobserve = ex->nobserve;
	out->has_digest = ex->prefix->has_digest;
	out->digest = ex->prefix->digest;
	const struct seen_state *same = ex->prefix->seen ? seen_lookup(ex, out->digest) : NULL;
	if (same) {
		memcpy(out->solo, same->solo, (size_t)ex->nexec * sizeof *out->solo);
		memcpy(out->solo_det, same->solo_det, (size_t)ex->nexec);
		return out;
	}
	count_probes(ex);
	uint32_t sources = (uint32_t)(ex->nexec + ex->nseen * ex->n);
	for (int e = 0; e < ex->nexec; e++) {
		const struct execution *first = &ex->slots[e];
		out->solo[e] = *first;
		if (ex->copy_of[e] == COPY_OF_PROBE) {   /* its probes ended alike */
			out->solo_det[e] = probe_deterministic(ex, first_of(ex, e));
			continue;
		}
		if (ex->copy_of[e] > sources) {   /* written over: see copied_from_nowhere */
			copied_from_nowhere(ex, seq, len);
			out->solo_det[e] = 0;
			continue;
		}
		if (ex->copy_of[e]) {   /* a copy: as deterministic as its source and its probe */
			int src = (int)ex->copy_of[e] - 1;
			bool det = src < ex->nexec ? out->solo_det[src] :
				   ex->seen[(src - ex->nexec) / ex->n].solo_det[(src - ex->nexec) % ex->n];
			out->solo_det[e] = det && probe_deterministic(ex, first_of(ex, e));
			continue;
		}
		out->solo_det[e] = 1;
		ex->executions++;
		for (int r = 1; r < ex->repeats; r++) {
			const struct execution *again = &ex->slots[(size_t)r * ex->nexec + e];
			if (again->stage == 0)
				continue;   /* skipped: the first run blocked */
			ex->executions++;
			if (!same_execution(first, again))
				out->solo_det[e] = 0;
		}
	}
	if (ex->m->def->digest_complete && out->has_digest)
		seen_keep(ex);
	if (ex->keeps_stateless)
		kept_keep(ex, seq, len);
	return out;
}
