/* observe.c: state-only without a digest, by observation.
 *
 * Two pairs of calls f;g and g;f that return what they return alone may still leave
 * different states (a set's void add and remove of one key): `state-only`. A harness digest
 * shows that; without one, the state is observed through the family's own *read-like*
 * operations: after f;g and after g;f the executor runs each of them (on a new thread, in
 * declaration order) and hashes what they return into the pair's digest, which the
 * classifier compares as it compares digests.
 *
 * Read-like ops are found by running them, not by their names (a name only orders them,
 * named_as_change): an op is read-like while,
 * in every state run so far, each of its instances returned a value alone (no crash, no
 * block, not void), repeated it, and changed what no instance run right after it returns
 * (r then x gives x what x alone gives). Running them one after the other after a pair is
 * then the same as running each alone. The runner runs the fresh state once to find them
 * before the states it stores, then refines the set after every state: an op that turns
 * out to change something (remove(1) from a set that holds 1) stops observing. Any
 * deterministic sequence of calls is a sound observation (results that differ after f;g
 * and g;f prove the states differ); read-like ones only keep each observation from
 * masking the next. So after the read-like ops come the *draining* ones, each instance
 * once: ops that change the state but, in every state run so far, returned a value alone
 * and repeated it (a queue's try_pop, a remove that says whether it found the key). Two
 * pushes of different items in either order leave queues that only a pop tells apart.
 * A draining op's result must not depend on where the heap put things (a constructor's
 * new object, another allocation: f;g and g;f can leave the allocator differently), so an
 * op that returned a pointer outside the harness program's own static memory (its pools
 * and tokens) does not drain, and neither does one after which another op that returned
 * a value alone crashed, blocked or exited (a destroy, an unref to zero, a lock): every
 * observation after it would fail. */
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "runtime.h"

struct observer {
	const struct harness_model *m;
	bool seen;                 /* at least one state folded in */
	bool *excluded;            /* per op: not read-like */
	bool *unfit;               /* per op: cannot observe at all (void, a result that was
				      not a value, not repeated, or a heap pointer) */
	int *list;                 /* the observing instances, m->ninst at most */
	bool *candidate;           /* per instance: its op is not excluded (yet) */
};

/* The harness program's writable static memory (its .data and .bss: pools, tokens), the
 * first object dl_iterate_phdr reports. */
struct static_range {
	uintptr_t lo, hi;
};

static int main_program_data(struct dl_phdr_info *info, size_t size, void *arg)
{
	(void)size;
	struct static_range *r = arg;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W))
			continue;
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
		if (r->hi == 0 || lo < r->lo)
			r->lo = lo;
		if (hi > r->hi)
			r->hi = hi;
	}
	return 1;   /* the main program only */
}

static bool in_static_memory(uint64_t p)
{
	static struct static_range r;
	if (r.hi == 0)
		dl_iterate_phdr(main_program_data, &r);
	return p >= r.lo && p < r.hi;
}

struct observer *observer_new(const struct harness_model *m)
{
	struct observer *o = calloc(1, sizeof *o);
	if (!o || !(o->excluded = calloc((size_t)m->nops, sizeof *o->excluded)) ||
	    !(o->unfit = calloc((size_t)m->nops, sizeof *o->unfit)) ||
	    !(o->list = calloc((size_t)m->ninst, sizeof *o->list)) ||
	    !(o->candidate = calloc((size_t)m->ninst, sizeof *o->candidate))) {
		if (o) {
			free(o->excluded);
			free(o->unfit);
			free(o->list);
		}
		free(o);
		return NULL;
	}
	o->m = m;
	for (int op = 0; op < m->nops; op++)
		o->excluded[op] = o->unfit[op] = strcmp(op_returns(m->def->ops[op].kind), "void") == 0;
	return o;
}

void observer_free(struct observer *o)
{
	if (o) {
		free(o->excluded);
		free(o->unfit);
		free(o->list);
		free(o->candidate);
		free(o);
	}
}

/* An op run after another ended without a result: that other leaves a state the
 * observing ops may not be able to run in. */
static bool breaks(enum result_kind after)
{
	return after != R_VALUE && after != R_NOT_RUN;
}

void observer_add_state(struct observer *o, const struct state_outcome *so)
{
	if (so->status != STATE_OK)
		return;
	const struct harness_model *m = o->m;
	int n = m->ninst;
	o->seen = true;
	for (int r = 0; r < n; r++) {
		int op = m->inst[r].op;
		const struct result *alone = &so->solo[r].first;
		if (!o->unfit[op])
			o->unfit[op] = alone->kind != R_VALUE || !so->solo_det[r] ||
				       (strcmp(op_returns(m->def->ops[op].kind), "pointer") == 0 &&
					alone->value != 0 && !in_static_memory(alone->value));
		for (int x = 0; x < n && !o->unfit[op]; x++)   /* a destroy, an unref to zero */
			o->unfit[op] = breaks(so->pair[r * n + x].second.kind) &&
				       so->solo[x].first.kind == R_VALUE;
		bool *out = &o->excluded[op];
		if (*out)
			continue;
		if (o->unfit[op]) {
			*out = true;
			continue;
		}
		for (int x = 0; x < n && !*out; x++) {
			const struct result *after = &so->pair[r * n + x].second;
			const struct result *alone = &so->solo[x].first;
			*out = after->kind == R_VALUE && alone->kind == R_VALUE &&
			       !results_equal(after, alone);
		}
	}
}

const bool *observer_candidates(struct observer *o)
{
	for (int i = 0; i < o->m->ninst; i++)
		o->candidate[i] = !o->excluded[o->m->inst[i].op];
	return o->candidate;
}

/* Is the op named as one that changes things (hpool_close, kv_put, q_push)? Only the order
 * of the read-like ops depends on it: one that looked read-like in the states run so far
 * (close of a handle nobody opened) may change the state it observes now (it closes the
 * handle the state opened) and so hide what the ops after it would see; those named as
 * reads (get, size, has) run first. */
static bool named_as_change(const char *name)
{
	static const char *const verbs[] = {
		"close", "open", "put", "set", "add", "insert", "push", "pop", "remove", "del",
		"free", "clear", "reset", "inc", "dec", "write", "enqueue", "dequeue", "take",
		"acquire", "release", "lock", "create", "destroy", "init", "alloc", "swap",
		"exchange", "store", "update", "append", "drain", "flush", NULL,
	};
	char lower[128];
	size_t n = 0;
	for (; name[n] && n < sizeof lower - 1; n++)
		lower[n] = (char)(name[n] >= 'A' && name[n] <= 'Z' ? name[n] - 'A' + 'a' : name[n]);
	lower[n] = '\0';
	for (int i = 0; verbs[i]; i++)
		if (strstr(lower, verbs[i]))
			return true;
	return false;
}

int observer_instances(struct observer *o, const int **inst)
{
	int k = 0;
	for (int pass = 0; pass < 2; pass++)   /* the read-like ones, named as reads first */
		for (int i = 0; o->seen && i < o->m->ninst; i++)
			if (!o->excluded[o->m->inst[i].op] &&
			    named_as_change(o->m->def->ops[o->m->inst[i].op].name) == (pass == 1))
				o->list[k++] = i;
	for (int i = 0; o->seen && i < o->m->ninst; i++)   /* then those that drain */
		if (o->excluded[o->m->inst[i].op] && !o->unfit[o->m->inst[i].op])
			o->list[k++] = i;
	*inst = o->list;
	return k;
}

void observed_text(const struct harness_model *m, const int *inst, int n,
		   const struct execution *e, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && i < e->nobserved && i < OBSERVE_SHOWN && used < len; i++) {
		const struct instance *in = &m->inst[inst[i]];
		struct result r = { .kind = R_VALUE, .value = e->observed[i] };
		char res[64];
		format_result(m, in->op, &r, res, sizeof res);
		used += (size_t)snprintf(buf + used, len - used, "%s%s = %s", i ? "; " : "", in->call,
					 res);
	}
	if (n > e->nobserved && used < len)
		snprintf(buf + used, len - used, "; ... (%d observations)", n);
}
