/* states.c: which initial states to explore.
 *
 * A state is named by the instance sequence that builds it from a fresh setup: "fresh",
 * "add(1)", "add(1); remove(0)". Every sequence up to the depth is tried, shortest first
 * and in declaration order, so the first witness found is the simplest one. When there
 * are more sequences than --max-states, the fresh state is always kept and the rest are a
 * uniform sample (Floyd's algorithm over the sequence index space, driven by --seed), then
 * put back in enumeration order: the same seed always tries the same states. Under a
 * budget of executions (--max-executions) that the states could exceed, the states after
 * the fresh one are shuffled by the seed, so the budget ends on a sample of them. A state is
 * built in a state process by state_build, for classification, schedules, replay and
 * measurement alike. */
#include <stdlib.h>
#include <string.h>
#include "runtime.h"
#include "state_process.h"

/* splitmix64: small, good enough for sampling, and the same on every machine. */
static uint64_t next_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int64_t level_size(int ninst, int len)
{
	int64_t n = 1;
	for (int i = 0; i < len; i++) {
		if (n > INT64_MAX / (ninst ? ninst : 1))
			return INT64_MAX;
		n *= ninst;
	}
	return n;
}

/* Writes sequence number `index` of the whole enumeration (levels in order). */
static void sequence_at(int64_t index, int ninst, int depth, int *seq, int *len)
{
	int l = 0;
	for (;; l++) {
		int64_t size = level_size(ninst, l);
		if (index < size || l == depth)
			break;
		index -= size;
	}
	*len = l;
	for (int i = l - 1; i >= 0; i--) {
		seq[i] = (int)(index % ninst);
		index /= ninst;
	}
	for (int i = l; i < depth; i++)
		seq[i] = -1;
}

/* A set of sampled indices: open addressing over a power-of-two table. */
struct index_set {
	int64_t *slot;
	size_t mask;
};

static bool index_set_add(struct index_set *set, int64_t v)
{
	size_t i = (size_t)(v * 0x9e3779b97f4a7c15ULL) & set->mask;
	while (set->slot[i] != -1) {
		if (set->slot[i] == v)
			return false;
		i = (i + 1) & set->mask;
	}
	set->slot[i] = v;
	return true;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

int state_space_build(struct state_space *sp, int ninst, int depth, int max_states,
		      uint64_t seed)
{
	memset(sp, 0, sizeof *sp);
	sp->depth = depth;
	sp->width = depth ? depth : 1;
	sp->ninst = ninst;
	int64_t total = 0;
	for (int l = 0; l <= depth; l++) {
		int64_t s = level_size(ninst, l);
		total = (s == INT64_MAX || total > INT64_MAX - s) ? INT64_MAX : total + s;
	}
	sp->total = total;
	sp->count = total < max_states ? total : max_states;
	int64_t *indices = malloc((size_t)sp->count * sizeof *indices);
	sp->seq = malloc((size_t)sp->count * (size_t)(depth ? depth : 1) * sizeof *sp->seq);
	sp->len = malloc((size_t)sp->count * sizeof *sp->len);
	if (!indices || !sp->seq || !sp->len) {
		free(indices);
		state_space_free(sp);
		return -1;
	}
	if (sp->count == total) {
		for (int64_t i = 0; i < total; i++)
			indices[i] = i;
	} else {
		/* Floyd: for j in [N-k, N), pick t in [0, j]; take t unless taken, else j. Index 0
		 * (the fresh state) is always in, so sample k-1 among [1, total). */
		size_t cap = 1;
		while (cap < (size_t)sp->count * 2)
			cap <<= 1;
		struct index_set set = { malloc(cap * sizeof(int64_t)), cap - 1 };
		if (!set.slot) {
			free(indices);
			state_space_free(sp);
			return -1;
		}
		memset(set.slot, -1, cap * sizeof(int64_t));
		uint64_t rng = seed;
		int64_t k = sp->count - 1, n = total - 1, got = 0;
		indices[got++] = 0;
		for (int64_t j = n - k; j < n; j++) {
			int64_t t = (int64_t)(next_random(&rng) % (uint64_t)(j + 1));
			int64_t pick = index_set_add(&set, t + 1) ? t + 1 : j + 1;
			if (pick == j + 1)
				index_set_add(&set, j + 1);
			indices[got++] = pick;
		}
		free(set.slot);
		qsort(indices, (size_t)sp->count, sizeof *indices, cmp_i64);
	}
	for (int64_t i = 0; i < sp->count; i++)
		sequence_at(indices[i], ninst, depth, sp->seq + i * (depth ? depth : 1), &sp->len[i]);
	free(indices);
	return 0;
}

void state_space_shuffle(struct state_space *sp, uint64_t seed)
{
	int *row = malloc((size_t)sp->width * sizeof *row);
	uint64_t rng = seed ^ 0x5eedULL;
	for (int64_t i = sp->count - 1; row && i > 1; i--) {   /* Fisher-Yates over [1, count) */
		int64_t j = 1 + (int64_t)(next_random(&rng) % (uint64_t)i);
		int *a = sp->seq + i * sp->width, *b = sp->seq + j * sp->width;
		memcpy(row, a, (size_t)sp->width * sizeof *row);
		memcpy(a, b, (size_t)sp->width * sizeof *row);
		memcpy(b, row, (size_t)sp->width * sizeof *row);
		int len = sp->len[i];
		sp->len[i] = sp->len[j];
		sp->len[j] = len;
	}
	free(row);
}

void state_space_free(struct state_space *sp)
{
	free(sp->seq);
	free(sp->len);
	sp->seq = NULL;
	sp->len = NULL;
}

void state_label(const struct harness_model *m, const int *seq, int len, char *buf,
		 size_t len_buf)
{
	if (len == 0) {
		snprintf(buf, len_buf, "fresh");
		return;
	}
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < len && used < len_buf; i++)
		used += (size_t)snprintf(buf + used, len_buf - used, "%s%s", i ? "; " : "",
					 m->inst[seq[i]].call);
}

bool state_build_or_block(const struct harness_model *m, const int *seq, int len,
			  int *library_threads)
{
	if (m->def->setup)
		m->def->setup();
	sp_leave_if_copy();
	*library_threads = settle_library_threads();
	for (int i = 0; i < len; i++) {
		struct result r;
		if (!call_or_block(m, &m->inst[seq[i]], &r))
			return false;
		sp_leave_if_copy();
		int threads = settle_library_threads();
		if (threads > *library_threads)
			*library_threads = threads;
	}
	return true;
}

void state_build(const struct harness_model *m, const int *seq, int len)
{
	if (m->def->setup)
		m->def->setup();
	sp_leave_if_copy();
	settle_library_threads();
	for (int i = 0; i < len; i++) {
		call_instance(m, &m->inst[seq[i]]);
		sp_leave_if_copy();
		settle_library_threads();
	}
}
