/* schedules_outcome.c: one concurrent run of two instances, and what it produced.
 *
 * A run is a child forked from the prepared state. It runs f on its calling thread and g
 * on the scheduler's helper thread under one schedule (snc_sched_run), writing both returns
 * and, when both completed, the digest into a slot of shared memory as it goes. The parent
 * reads the slot and the child's wait status into an *outcome*: how the run ended, what
 * each op returned (or that it blocks, crashed, or was abandoned mid-way), and the digest.
 * Exploring and replaying spawn children the same way, with the same options, so that a
 * replay repeats the run exactly. The scheduler keeps a run's two threads on the CPU its
 * child started on; a child forked from the explorer starts on the explorer's CPU, so
 * children in flight together are first moved to CPUs of their own (their slot's), or
 * they would all queue on one CPU while the others idle.
 *
 * An outcome is linearizable when it equals a sequential execution of the two calls from
 * the same state: f then g, or g then f (returns equal, digests equal where both exist). A
 * blocked op is an outcome like any other: `lock(); lock()` deadlocking with one of them
 * blocked is what the sequential order gives too. */
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "schedules_internal.h"

enum { STAGE_RUN = 1, STAGE_DIGEST, STAGE_DONE };

struct op_call {
	const struct harness_model *m;
	int inst;
	struct result *r;
};

static void run_op(void *arg)
{
	struct op_call *c = arg;
	uint64_t value = call_instance(c->m, &c->m->inst[c->inst]);
	sp_leave_if_copy();   /* an op that forked: only the run's own process writes its slot */
	c->r->value = value;
	c->r->kind = R_VALUE;
}

pid_t sched_child_spawn(const struct sched_call *call, const struct snc_schedule *s, int cpu,
			struct sched_slot *slot, struct snc_trace_entry *trace, uint32_t capacity,
			struct sp_child *child)
{
	memset(slot, 0, sizeof *slot);
	struct sp_options so = { .limits = call->limits, .deadline_ms = (int)call->backstop_ms };
	pid_t pid = sp_fork(child, &so);
	if (pid != 0)
		return pid;
	if (cpu >= 0) {
		cpu_set_t one;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		sched_setaffinity(0, sizeof one, &one);
	}
	slot->stage = STAGE_RUN;
	struct op_call a = { call->m, call->f, &slot->f }, b = { call->m, call->g, &slot->g };
	struct snc_sched_options o = {
		/* the parent's deadline comes first: a SIGALRM is then the op's own */
		.timeout_ms = call->backstop_ms * 2, .catch_crashes = true,
		.trace = trace, .trace_capacity = capacity,
	};
	int rc = snc_sched_run(s, run_op, &a, run_op, &b, &o, &slot->res);
	if (rc == SNC_SCHED_COMPLETED && call->m->def->digest) {
		slot->stage = STAGE_DIGEST;
		slot->digest = call->m->def->digest();
		slot->has_digest = 1;
	}
	slot->stage = STAGE_DONE;
	_exit(0);
}

/* Every op that did not return gets `kind` (blocks, exit, crash, abandoned). */
static void unfinished_are(struct conc_outcome *o, uint8_t kind, int32_t code)
{
	struct result *r[2] = { &o->f, &o->g };
	for (int t = 0; t < 2; t++)
		if (r[t]->kind == R_NOT_RUN) {
			r[t]->kind = kind;
			r[t]->code = code;
		}
}

void conc_outcome_read(const struct sched_slot *slot, const struct sp_end *end,
		       struct conc_outcome *o)
{
	memset(o, 0, sizeof *o);
	o->f = slot->f;
	o->g = slot->g;
	if (end->how == SP_EXITED && end->code == 0 && slot->stage == STAGE_DONE) {
		o->status = (uint8_t)slot->res.status;
		switch (slot->res.status) {
		case SNC_SCHED_COMPLETED:
			o->has_digest = slot->has_digest;
			o->digest = slot->digest;
			break;
		case SNC_SCHED_DEADLOCK:
		case SNC_SCHED_LIVELOCK:
			unfinished_are(o, R_BLOCK, SIGALRM);
			break;
		case SNC_SCHED_CRASHED: {
			struct result *r = slot->res.crash_thread == 0 ? &o->f : &o->g;
			r->kind = R_CRASH;
			r->code = slot->res.crash_signal;
			break;   /* the other one, if unfinished, was abandoned: R_NOT_RUN */
		}
		default:     /* the run could not start */
			o->status = CONC_KILLED;
		}
		return;
	}
	if (slot->stage == STAGE_DIGEST) {   /* the digest itself failed: nothing to compare */
		o->status = CONC_COMPLETED;
		return;
	}
	struct result r;
	result_from_end(end, &r);
	o->status = end->how == SP_EXITED ? CONC_EXITED : end->how == SP_TIMED_OUT ? CONC_TIMEOUT
										    : CONC_KILLED;
	unfinished_are(o, r.kind, r.code);
}

bool conc_outcome_equal(const struct conc_outcome *a, const struct conc_outcome *b)
{
	return a->status == b->status && results_equal(&a->f, &b->f) &&
	       results_equal(&a->g, &b->g) && a->has_digest == b->has_digest &&
	       (!a->has_digest || a->digest == b->digest);
}

/* A call the sequential order never ran (the one before it never returned) matches a
 * concurrent call that never returned either: a pending call need never take effect. */
static bool same_result(const struct result *conc, const struct result *seq)
{
	return results_equal(conc, seq) || (seq->kind == R_NOT_RUN && conc->kind == R_BLOCK);
}

bool conc_outcome_matches(const struct conc_outcome *o, const struct execution *seq, bool f_first)
{
	const struct result *f = f_first ? &seq->first : &seq->second;
	const struct result *g = f_first ? &seq->second : &seq->first;
	return same_result(&o->f, f) && same_result(&o->g, g) &&
	       (!o->has_digest || !seq->has_digest || o->digest == seq->digest);
}

const char *conc_status_name(enum conc_status s)
{
	switch (s) {
	case CONC_TIMEOUT: return "timeout";
	case CONC_EXITED: return "exited";
	case CONC_KILLED: return "killed";
	default: return snc_sched_status_name((enum snc_sched_status)s);
	}
}

/* In a concurrent run an op that never returned was abandoned when the run ended. */
static void call_result(const struct harness_model *m, int inst, const struct result *r,
			bool concurrent, char *buf, size_t len)
{
	char res[64];
	if (r->kind == R_NOT_RUN && concurrent)
		snprintf(res, sizeof res, "abandoned");
	else
		format_result(m, m->inst[inst].op, r, res, sizeof res);
	snprintf(buf, len, "%s = %s", m->inst[inst].call, res);
}

static void outcome_text(const struct harness_model *m, int a, const struct result *ra, int b,
			 const struct result *rb, bool has_digest, uint64_t digest, bool concurrent,
			 const char *status, char *buf, size_t len)
{
	char ta[sizeof m->inst[0].call + 72], tb[sizeof ta], dg[40] = "", st[32] = "";
	call_result(m, a, ra, concurrent, ta, sizeof ta);
	call_result(m, b, rb, concurrent, tb, sizeof tb);
	if (has_digest)
		snprintf(dg, sizeof dg, "; digest 0x%016llx", (unsigned long long)digest);
	if (status)
		snprintf(st, sizeof st, "; %s", status);
	snprintf(buf, len, "%s; %s%s%s", ta, tb, dg, st);
}

void conc_outcome_text(const struct harness_model *m, int f, int g, const struct conc_outcome *o,
		       char *buf, size_t len)
{
	outcome_text(m, f, &o->f, g, &o->g, o->has_digest, o->digest, true,
		     o->status == CONC_COMPLETED ? NULL : conc_status_name(o->status), buf, len);
}

void sequential_text(const struct harness_model *m, int first, int second,
		     const struct execution *e, char *buf, size_t len)
{
	outcome_text(m, first, &e->first, second, &e->second, e->has_digest, e->digest, false,
		     NULL, buf, len);
}
