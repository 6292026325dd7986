/* trace_print.c: a trace as two readable columns, thread 0 left and thread 1 right.
 *
 *   step  thread 0                                   | thread 1
 *      1  read counter = 0    racy_inc fixtures.c:9  |
 *         ---- thread 0 preempted ----
 *      2                                             | read counter = 0  racy_inc ...
 *
 * One line per entry: what happened (with values and variable names), then where
 * (function file:line); the step column numbers scheduling points. Values print as signed
 * decimals of the access size, or in hex when large. A block of up to four entries repeated
 * at least three times in a row (the same accesses at the same places: a spin-wait) is
 * printed once with a repeat count, and once more for its last round when the values
 * changed, so a long trace stays readable.
 */
#include <stdio.h>
#include <string.h>
#include "snc_sched.h"
#include "symbolize.h"

enum { COLUMN = 58, MAX_PERIOD = 4, MIN_REPEATS = 3 };

static const char *order_name(unsigned order)
{
	static const char *const names[] = { "rlx", "consume", "acq", "rel", "acq_rel", "sc" };
	return order < 6 ? names[order] : "?";
}

static const char *sync_name(unsigned op)
{
	switch (op) {
	case SNC_SYNC_MUTEX: return "mutex";
	case SNC_SYNC_SPIN: return "spinlock";
	case SNC_SYNC_RWLOCK_READ: return "rwlock(read)";
	case SNC_SYNC_RWLOCK_WRITE: return "rwlock(write)";
	case SNC_SYNC_RWLOCK: return "rwlock";
	case SNC_SYNC_SEM: return "semaphore";
	case SNC_SYNC_ONCE: return "once";
	default: return "object";
	}
}

static const char *rmw_name(unsigned op)
{
	static const char *const names[] = { "?", "exchange", "fetch_add", "fetch_sub",
		"fetch_and", "fetch_or", "fetch_xor", "fetch_nand" };
	return op < 8 ? names[op] : "?";
}

static uint64_t truncate_to(uint64_t v, uint32_t size)
{
	return size >= 8 ? v : v & ((UINT64_C(1) << (8 * size)) - 1);
}

/* Small values as signed decimals of the access size, large ones (addresses, masks) in hex. */
static void format_value(uint64_t v, uint32_t size, char *buf, size_t n)
{
	int64_t s = (int64_t)v;

	if (size > 0 && size < 8 && (v >> (8 * size - 1)) & 1)
		s = (int64_t)(v | ~((UINT64_C(1) << (8 * size)) - 1));   /* sign-extend */
	if (s > -(1 << 20) && s < (1 << 20))
		snprintf(buf, n, "%lld", (long long)s);
	else
		snprintf(buf, n, "%#llx", (unsigned long long)v);
}

static uint64_t rmw_result(const struct snc_trace_entry *e)
{
	uint64_t old = e->value, v = e->value2, r;

	switch (e->op) {
	case SNC_RMW_ADD: r = old + v; break;
	case SNC_RMW_SUB: r = old - v; break;
	case SNC_RMW_AND: r = old & v; break;
	case SNC_RMW_OR: r = old | v; break;
	case SNC_RMW_XOR: r = old ^ v; break;
	case SNC_RMW_NAND: r = ~(old & v); break;
	default: r = v; break;
	}
	return truncate_to(r, e->size);
}

/* What the entry did, e.g. "write counter 0 -> 1". */
static void describe(struct symbolizer *sym, const struct snc_trace_entry *e, char *buf,
		     size_t size)
{
	char var[96], v[24], v2[24], result[24];

	symbolizer_data(sym, e->addr, var, sizeof var);
	format_value(e->value, e->size, v, sizeof v);
	format_value(e->value2, e->size, v2, sizeof v2);
	switch (e->kind) {
	case SNC_TRACE_READ:
		if (e->flags & SNC_TRACE_VALUE)
			snprintf(buf, size, "read %s = %s", var, v);
		else
			snprintf(buf, size, "read %s (%u bytes)", var, e->size);
		break;
	case SNC_TRACE_WRITE:
		if (e->flags & SNC_TRACE_VALUE2)
			snprintf(buf, size, "write %s %s -> %s", var, v, v2);
		else if (e->flags & SNC_TRACE_VALUE)
			snprintf(buf, size, "write %s (was %s)", var, v);
		else
			snprintf(buf, size, "write %s (%u bytes)", var, e->size);
		break;
	case SNC_TRACE_ATOMIC_LOAD:
		snprintf(buf, size, "load.%s %s = %s", order_name(e->order), var, v);
		break;
	case SNC_TRACE_ATOMIC_STORE:
		snprintf(buf, size, "store.%s %s %s -> %s", order_name(e->order), var, v, v2);
		break;
	case SNC_TRACE_ATOMIC_RMW:
		format_value(rmw_result(e), e->size, result, sizeof result);
		snprintf(buf, size, "%s.%s %s %s -> %s", rmw_name(e->op), order_name(e->order),
			 var, v, result);
		break;
	case SNC_TRACE_ATOMIC_CAS:
		if (e->flags & SNC_TRACE_CAS_OK)
			snprintf(buf, size, "cas.%s %s %s -> %s", order_name(e->order), var, v, v2);
		else
			snprintf(buf, size, "cas.%s %s = %s, fails", order_name(e->order), var, v);
		break;
	case SNC_TRACE_FENCE:
		snprintf(buf, size, "fence.%s", order_name(e->order));
		break;
	case SNC_TRACE_LOCK:
		snprintf(buf, size, "acquire %s %s", sync_name(e->op), var);
		break;
	case SNC_TRACE_LOCK_BUSY:
		snprintf(buf, size, "acquire %s %s: busy", sync_name(e->op), var);
		break;
	case SNC_TRACE_UNLOCK:
		snprintf(buf, size, "release %s %s", sync_name(e->op), var);
		break;
	case SNC_TRACE_COND_WAIT:
		snprintf(buf, size, "cond_wait %s", var);
		break;
	case SNC_TRACE_COND_SIGNAL:
		snprintf(buf, size, "%s %s", e->op == SNC_SYNC_BROADCAST ? "cond_broadcast" :
			 "cond_signal", var);
		break;
	case SNC_TRACE_YIELD:
		snprintf(buf, size, "yield");
		break;
	case SNC_TRACE_FUNC_ENTRY: {
		const char *f = symbolizer_function(sym, e->pc);
		snprintf(buf, size, "%*scall %s", 2 * (e->depth < 8 ? e->depth : 8), "",
			 f ? f : symbolizer_code(sym, e->pc));
		break;
	}
	default:
		snprintf(buf, size, "?");
		break;
	}
}

/* Same access at the same place: values may differ (a spin that counts its rounds). */
static bool same_shape(const struct snc_trace_entry *a, const struct snc_trace_entry *b)
{
	return a->pc == b->pc && a->addr == b->addr && a->size == b->size &&
	       a->thread == b->thread && a->kind == b->kind && a->op == b->op &&
	       a->order == b->order;
}

static bool same_values(const struct snc_trace_entry *a, const struct snc_trace_entry *b)
{
	return a->value == b->value && a->value2 == b->value2 && a->flags == b->flags;
}

/* How often the `period` entries at `i` repeat back to back (1 = no repetition). */
static size_t repeats(const struct snc_trace_entry *t, size_t n, size_t i, size_t period)
{
	size_t k = 1;

	while (i + (k + 1) * period <= n) {
		bool same = true;
		for (size_t j = 0; j < period && same; j++)
			same = same_shape(&t[i + j], &t[i + k * period + j]);
		if (!same)
			break;
		k++;
	}
	return k;
}

static bool block_values_equal(const struct snc_trace_entry *a, const struct snc_trace_entry *b,
			       size_t period)
{
	for (size_t j = 0; j < period; j++)
		if (!same_values(&a[j], &b[j]))
			return false;
	return true;
}

static const char *kind_name(const struct snc_trace_entry *e)
{
	static const char *const names[] = { "?", "read", "write", "load", "store", "rmw", "cas",
		"fence", "lock", "lock-busy", "unlock", "cond-wait", "cond-signal", "yield", "call",
		"switch" };
	return e->kind < sizeof names / sizeof names[0] ? names[e->kind] : "?";
}

static const char *switch_words(const struct snc_trace_entry *e)
{
	return e->op == SNC_SWITCH_FAIRNESS ? "switched out (fairness rule)" :
	       e->op == SNC_SWITCH_SPIN ? "spin-waits, switched out" : "preempted";
}

static int print_entry(FILE *out, struct symbolizer *sym, const struct snc_trace_entry *e)
{
	char what[160], cell[320];

	char step[16] = "";

	if (e->kind == SNC_TRACE_SWITCH)
		return fprintf(out, "        ---- thread %u %s ----\n", e->thread, switch_words(e));
	describe(sym, e, what, sizeof what);
	if (e->kind == SNC_TRACE_FUNC_ENTRY)
		snprintf(cell, sizeof cell, "%s", what);
	else
		snprintf(cell, sizeof cell, "%s  %s", what, symbolizer_code(sym, e->pc));
	if (e->kind != SNC_TRACE_FUNC_ENTRY && e->kind != SNC_TRACE_FENCE)
		snprintf(step, sizeof step, "%u", e->step);   /* those two are not points */
	if (e->thread == 0)
		return fprintf(out, "%6s  %-*s |\n", step, COLUMN, cell);
	return fprintf(out, "%6s  %-*s | %s\n", step, COLUMN, "", cell);
}

static int print_block(FILE *out, struct symbolizer *sym, const struct snc_trace_entry *e,
		       size_t count)
{
	for (size_t j = 0; j < count; j++)
		if (print_entry(out, sym, &e[j]) < 0)
			return -1;
	return 0;
}

int snc_trace_words(const struct snc_trace_entry *trace, size_t n, struct snc_trace_words *words)
{
	struct symbolizer *sym = symbolizer_new();
	if (!sym)
		return -1;
	for (size_t i = 0; i < n; i++)
		symbolizer_add_code(sym, trace[i].pc);
	symbolizer_resolve_code(sym);
	for (size_t i = 0; i < n; i++) {
		const struct snc_trace_entry *e = &trace[i];
		struct snc_trace_words *w = &words[i];
		*w = (struct snc_trace_words){ .kind = kind_name(e) };
		if (e->kind == SNC_TRACE_SWITCH) {
			snprintf(w->access, sizeof w->access, "thread %u %s", e->thread, switch_words(e));
			continue;
		}
		describe(sym, e, w->access, sizeof w->access);
		if (e->kind != SNC_TRACE_FUNC_ENTRY)
			snprintf(w->place, sizeof w->place, "%s", symbolizer_code(sym, e->pc));
		if (e->addr && e->kind != SNC_TRACE_FUNC_ENTRY)
			symbolizer_data(sym, e->addr, w->variable, sizeof w->variable);
		w->writes = e->addr && e->kind != SNC_TRACE_FUNC_ENTRY && e->kind != SNC_TRACE_READ &&
			    e->kind != SNC_TRACE_ATOMIC_LOAD;
	}
	symbolizer_free(sym);
	return 0;
}

int snc_trace_print(FILE *out, const struct snc_trace_entry *trace, size_t n)
{
	struct symbolizer *sym = symbolizer_new();
	int rc = 0;

	if (!sym)
		return -1;
	for (size_t i = 0; i < n; i++)
		symbolizer_add_code(sym, trace[i].pc);
	symbolizer_resolve_code(sym);
	if (fprintf(out, "  step  %-*s | %s\n", COLUMN, "thread 0", "thread 1") < 0)
		rc = -1;
	for (size_t i = 0; i < n && rc == 0;) {
		size_t period = 1, k = 1;
		for (size_t p = 1; p <= MAX_PERIOD; p++) {
			size_t r = repeats(trace, n, i, p);
			if (r >= MIN_REPEATS) {
				period = p;
				k = r;
				break;
			}
		}
		rc = print_block(out, sym, &trace[i], period);
		if (rc == 0 && k > 1) {
			const struct snc_trace_entry *last = &trace[i + (k - 1) * period];
			bool changing = !block_values_equal(&trace[i], last, period);
			/* A counting spin shows its first and last rounds around the fold. */
			if (fprintf(out, "        ... the %zu line%s above repeated %zu more times%s\n",
				    period, period > 1 ? "s" : "", k - 1 - changing,
				    changing ? ", values changing; the last time:" : "") < 0)
				rc = -1;
			else if (changing)
				rc = print_block(out, sym, last, period);
		}
		i += period * k;
	}
	symbolizer_free(sym);
	return rc;
}
