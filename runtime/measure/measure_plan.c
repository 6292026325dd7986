/* measure_plan.c: what the measure worker is asked to run, written from what the
 * classifier stored (so it measures exactly what was classified).
 *
 * Cost jobs: every state the classifier explored, with every instance whose solo
 * execution from that state returned (one that crashed or blocked would only cost the time
 * limit again), each marked with what the classifier saw the same call do when made again
 * right after it: return (`+`) or block (`!`, lock;lock: the worker measures the first call
 * only). The measure build has no scheduling points, so the worker could tell a block
 * there only by a wall-clock limit; the classifier decided it from behaviour. An instance
 * whose repeat was not run has no mark and the worker probes it. Beyond --measure-states states, an evenly spaced subset in enumeration
 * order is kept, always starting with the fresh state: shortest states come first, so it
 * is still spread over every depth. Kept states with equal digests (a harness whose digest
 * is complete: the classifier ran them once) are measured once, the line saying how many
 * kept states it stands for: the worker writes its records that many times, so the sums
 * are those of measuring each (ck_pr.h's int family keeps 0, 1, 0 and 0: two states to
 * measure, not four). Evidence jobs: each snc verdict's mutual witness, as
 * its state and its two calls. States and calls are stored as text (labels like
 * "add(1); remove(0)"), and are turned back into instance indices here. */
#include <stdlib.h>
#include <string.h>
#include "measure.h"
#include "snc_db.h"

int measure_instance_of(const struct harness_model *m, const char *call)
{
	for (int i = 0; i < m->ninst; i++)
		if (strcmp(m->inst[i].call, call) == 0)
			return i;
	return -1;
}

int measure_parse_state(const struct harness_model *m, const char *label, int *seq, int max)
{
	if (strcmp(label, "fresh") == 0)
		return 0;
	int n = 0;
	for (const char *p = label;; n++) {
		const char *end = strstr(p, "; ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char call[sizeof m->inst[0].call];
		if (n == max || len >= sizeof call)
			return -1;
		memcpy(call, p, len);
		call[len] = '\0';
		if ((seq[n] = measure_instance_of(m, call)) < 0)
			return -1;
		if (!end)
			return n + 1;
		p = end + 2;
	}
}

/* "-" or "3,5": the text a plan line carries for a sequence. */
static void seq_text(const int *seq, int len, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	if (len == 0)
		snprintf(buf, size, "-");
	for (int i = 0; i < len && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%d", i ? "," : "", seq[i]);
}

struct plan_state {
	int ordinal;
	int seq[MEASURE_MAX_SEQ];
	int len;                   /* -1: the label did not parse */
	int *insts;
	signed char *repeat_blocks;   /* per instance of insts: 1, 0, or -1 (not known) */
	int ninsts;
	char *digest;                 /* the state's digest, or NULL */
	int copies;                   /* kept states it stands for (write_plan_states) */
};

struct collect {
	const struct harness_model *m;
	struct plan_state *states;
	int nstates, cap;
};

static int collect_solo(const struct snc_db_solo_return *row, void *vctx)
{
	struct collect *c = vctx;
	struct plan_state *s = c->nstates ? &c->states[c->nstates - 1] : NULL;
	if (!s || s->ordinal != row->state_ordinal) {
		if (c->nstates == c->cap) {
			int cap = c->cap ? c->cap * 2 : 64;
			struct plan_state *more = realloc(c->states, (size_t)cap * sizeof *more);
			if (!more)
				return 1;
			c->states = more;
			c->cap = cap;
		}
		s = &c->states[c->nstates++];
		*s = (struct plan_state){ .ordinal = row->state_ordinal };
		s->insts = malloc((size_t)c->m->ninst * sizeof *s->insts);
		s->repeat_blocks = malloc((size_t)c->m->ninst);
		if (!s->insts || !s->repeat_blocks)
			return 1;
		s->len = measure_parse_state(c->m, row->state, s->seq, MEASURE_MAX_SEQ);
		if (row->digest && !(s->digest = strdup(row->digest)))
			return 1;
	}
	char call[256];
	snprintf(call, sizeof call, "%s(%s)", row->op, row->args ? row->args : "");
	int inst = measure_instance_of(c->m, call);
	if (inst >= 0 && s->ninsts < c->m->ninst) {
		s->repeat_blocks[s->ninsts] = (signed char)row->repeat_blocks;
		s->insts[s->ninsts++] = inst;
	}
	return 0;
}

/* "state 3,5 0+,2!,4": instances marked with what their repeat does; then, when it stands
 * for more than one kept state, how many. */
static void write_state(const struct plan_state *s, FILE *out)
{
	static const char *const mark[] = { "", "+", "!" };   /* by repeat_blocks + 1 */
	char seq[128];
	seq_text(s->seq, s->len, seq, sizeof seq);
	fprintf(out, "state %s ", seq);
	for (int i = 0; i < s->ninsts; i++)
		fprintf(out, "%s%d%s", i ? "," : "", s->insts[i], mark[s->repeat_blocks[i] + 1]);
	if (s->copies > 1)
		fprintf(out, " %d", s->copies);
	fputc('\n', out);
}

/* Can b be measured as a copy of a: equal digests of a harness whose digest is complete
 * (the classifier runs such states once and copies the outcome: measuring b would repeat
 * a's measurement exactly), and the same instances with the same marks? */
static bool same_measure(const struct harness_model *m, const struct plan_state *a,
			 const struct plan_state *b)
{
	return m->def->digest_complete && a->digest && b->digest &&
	       strcmp(a->digest, b->digest) == 0 && a->ninsts == b->ninsts &&
	       memcmp(a->insts, b->insts, (size_t)a->ninsts * sizeof *a->insts) == 0 &&
	       memcmp(a->repeat_blocks, b->repeat_blocks, (size_t)a->ninsts) == 0;
}

/* The kept states (indices into c->states), each written once with the number of kept
 * states it stands for. */
static void write_plan_states(const struct harness_model *m, struct collect *c,
			      const int *kept, int nkept, FILE *out)
{
	for (int k = 0; k < nkept; k++) {
		struct plan_state *s = &c->states[kept[k]];
		s->copies = 1;
		for (int i = 0; i < k && s->copies; i++) {
			struct plan_state *first = &c->states[kept[i]];
			if (first->copies > 0 && same_measure(m, first, s)) {
				first->copies++;
				s->copies = 0;
			}
		}
	}
	for (int k = 0; k < nkept; k++)
		if (c->states[kept[k]].copies > 0)
			write_state(&c->states[kept[k]], out);
}

struct witnesses {
	const struct harness_model *m;
	struct measure_plan *plan;
	FILE *out;
};

static int collect_witness(const struct snc_db_snc_witness *row, void *vctx)
{
	struct witnesses *w = vctx;
	int seq[MEASURE_MAX_SEQ];
	int len = measure_parse_state(w->m, row->state, seq, MEASURE_MAX_SEQ);
	int f = measure_instance_of(w->m, row->f_call), g = measure_instance_of(w->m, row->g_call);
	if (len < 0 || f < 0 || g < 0)
		return 0;
	struct measure_plan *p = w->plan;
	struct measure_witness *more = realloc(p->witnesses,
					       (size_t)(p->nwitnesses + 1) * sizeof *more);
	if (!more)
		return 1;
	p->witnesses = more;
	struct measure_witness *x = &p->witnesses[p->nwitnesses++];
	*x = (struct measure_witness){
		.verdict_id = row->verdict_id, .f_op = row->f_op, .g_op = row->g_op,
		.state = strdup(row->state), .f_call = strdup(row->f_call),
		.g_call = strdup(row->g_call),
	};
	char text[128];
	seq_text(seq, len, text, sizeof text);
	fprintf(w->out, "evidence %lld %s %d %d\n", (long long)row->verdict_id, text, f, g);
	return x->state && x->f_call && x->g_call ? 0 : 1;
}

int measure_plan_write(struct snc_db *db, const struct harness_model *m, int64_t harness_id,
		       int max_states, FILE *out, struct measure_plan *plan)
{
	memset(plan, 0, sizeof *plan);
	struct collect c = { .m = m };
	int rc = snc_db_each_solo_return(db, harness_id, collect_solo, &c);
	int *usable = malloc((size_t)(c.nstates ? c.nstates : 1) * sizeof *usable), nusable = 0;
	for (int i = 0; usable && i < c.nstates; i++)
		if (c.states[i].len >= 0 && c.states[i].ninsts > 0)
			usable[nusable++] = i;
	int keep = nusable < max_states ? nusable : max_states;
	int *kept = malloc((size_t)(keep ? keep : 1) * sizeof *kept);
	for (int k = 0; usable && kept && k < keep; k++)
		kept[k] = usable[(int64_t)k * nusable / keep];
	if (usable && kept && rc == 0)
		write_plan_states(m, &c, kept, keep, out);
	plan->states = keep;
	if (!kept)
		rc = -1;
	free(kept);
	if (!usable)
		rc = -1;
	free(usable);
	for (int i = 0; i < c.nstates; i++) {
		free(c.states[i].insts);
		free(c.states[i].repeat_blocks);
		free(c.states[i].digest);
	}
	free(c.states);
	struct witnesses w = { .m = m, .plan = plan, .out = out };
	if (rc == 0)
		rc = snc_db_each_snc_witness(db, harness_id, collect_witness, &w);
	return rc == 0 && fflush(out) == 0 ? 0 : -1;
}

void measure_plan_free(struct measure_plan *plan)
{
	for (int i = 0; i < plan->nwitnesses; i++) {
		free(plan->witnesses[i].state);
		free(plan->witnesses[i].f_call);
		free(plan->witnesses[i].g_call);
	}
	free(plan->witnesses);
	memset(plan, 0, sizeof *plan);
}
