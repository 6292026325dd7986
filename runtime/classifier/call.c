/* call.c: calling an operation through the type its kind names, and reading its result.
 *
 * Results are compared raw (a 64-bit value per op) and printed by the harness's
 * .describe hook when it has one (pool objects as entry#2), else according to the op's
 * declared return type: numbers, true/false, pointers as hex (the harness program runs
 * with address-space randomization off, so the same pointer prints the same way in every
 * run), and outcomes that are not returns: a crash with its signal, an op that stopped
 * itself (`stopped: SIGSTOP`), an exit, `blocks` (did not return within the time limit), or
 * a resource limit hit (`out of memory limit`, `cpu limit`, `file size limit`). */
#include <signal.h>
#include <string.h>
#include "runtime.h"
#include "state_process.h"

uint64_t call_instance(const struct harness_model *m, const struct instance *in)
{
	const struct snc_op *op = &m->def->ops[in->op];
	long a = in->args[0], b = in->args[1];
	switch (op->kind) {
#define CALLS(ret, suffix, conv)                                                           \
	case SNC_KIND_##suffix##0: return conv(((ret (*)(void))op->fn)());                 \
	case SNC_KIND_##suffix##1: return conv(((ret (*)(long))op->fn)(a));                \
	case SNC_KIND_##suffix##2: return conv(((ret (*)(long, long))op->fn)(a, b));
#define AS_U64(x) ((uint64_t)(x))
#define PTR_U64(x) ((uint64_t)(uintptr_t)(x))
	CALLS(long, LONG, AS_U64)
	CALLS(unsigned long, ULONG, AS_U64)
	CALLS(int, INT, AS_U64)
	CALLS(unsigned, UINT, AS_U64)
	CALLS(bool, BOOL, AS_U64)
	CALLS(void *, PTR, PTR_U64)
#undef CALLS
#undef AS_U64
#undef PTR_U64
	case SNC_KIND_VOID0: ((void (*)(void))op->fn)(); return 0;
	case SNC_KIND_VOID1: ((void (*)(long))op->fn)(a); return 0;
	case SNC_KIND_VOID2: ((void (*)(long, long))op->fn)(a, b); return 0;
	default: return 0;
	}
}

static bool stop_signal(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

void result_from_end(const struct sp_end *end, struct result *r)
{
	static const uint8_t kind_of[] = {
		[SP_EXITED] = R_EXIT, [SP_KILLED] = R_CRASH, [SP_TIMED_OUT] = R_BLOCK,
		[SP_STOPPED] = R_CRASH, [SP_OVER_LIMIT] = R_LIMIT,
	};
	r->kind = kind_of[end->how];
	r->code = end->how == SP_TIMED_OUT ? SIGALRM : end->code;   /* as schedules' blocks */
}

void format_result(const struct harness_model *m, int op, const struct result *r, char *buf,
		   size_t len)
{
	switch (r->kind) {
	case R_NOT_RUN:
		snprintf(buf, len, "not run");
		return;
	case R_CRASH: {
		const char *abbrev = sigabbrev_np(r->code);
		snprintf(buf, len, "%s: SIG%s", stop_signal(r->code) ? "stopped" : "crash",
			 abbrev ? abbrev : "?");
		return;
	}
	case R_EXIT:
		snprintf(buf, len, "exit %d", r->code);
		return;
	case R_BLOCK:
		snprintf(buf, len, "blocks");
		return;
	case R_LIMIT:
		snprintf(buf, len, "%s", sp_limit_name(r->code));
		return;
	default:
		break;
	}
	if (m->def->describe && m->def->describe(op, r->value, buf, len))
		return;
	const char *returns = op_returns(m->def->ops[op].kind);
	enum snc_op_kind kind = m->def->ops[op].kind;
	if (strcmp(returns, "void") == 0)
		snprintf(buf, len, "void");
	else if (strcmp(returns, "bool") == 0)
		snprintf(buf, len, "%s", r->value ? "true" : "false");
	else if (strcmp(returns, "pointer") == 0)
		snprintf(buf, len, r->value ? "0x%llx" : "NULL", (unsigned long long)r->value);
	else if (strcmp(returns, "unsigned") == 0)
		snprintf(buf, len, "%llu", (unsigned long long)r->value);
	else if (kind >= SNC_KIND_INT0 && kind <= SNC_KIND_INT2)
		snprintf(buf, len, "%d", (int)r->value);
	else
		snprintf(buf, len, "%lld", (long long)r->value);
}

bool results_equal(const struct result *a, const struct result *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == R_VALUE)
		return a->value == b->value;
	return a->code == b->code;
}
