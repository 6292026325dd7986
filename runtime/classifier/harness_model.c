/* harness_model.c: checking a harness definition and expanding its operations into
 * instances (each op with every combination of argument values from its domains), each
 * with the call it reads as (add(1), or with .describe_arg kv_put("0", 1)).
 *
 * Everything a user can get wrong in SNC_HARNESS is caught here, before anything runs,
 * with a message that names the op: no ops, duplicate names, an unsupported signature,
 * a missing or extra SNC_RANGE, an empty or oversized domain, argument texts that are
 * too long, hold a ';' or read the same for two values. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "runtime.h"

#define MAX_DOMAIN 64
#define MAX_INSTANCES 400
#define ARG_TEXT_MAX 40       /* a described argument's text, at most (snc.h) */

int op_arity(enum snc_op_kind kind)
{
	return (kind - 1) % 3;
}

const char *op_returns(enum snc_op_kind kind)
{
	static const char *const by_group[] = {
		"value", "unsigned", "value", "unsigned", "bool", "pointer", "void",
	};
	return by_group[(kind - 1) / 3];
}

const char *contract_name(enum snc_contract c)
{
	switch (c) {
	case SNC_SINGLE_PRODUCER: return "single-producer";
	case SNC_SINGLE_CONSUMER: return "single-consumer";
	case SNC_OWNER_ONLY: return "owner-only";
	default: return NULL;
	}
}

void op_domains_text(const struct snc_op *op, int arity, char *buf, size_t len)
{
	buf[0] = '\0';
	size_t used = 0;
	for (int a = 0; a < arity && used < len; a++)
		used += (size_t)snprintf(buf + used, len - used, "%s%ld..%ld", a ? ", " : "",
					 op->domains[a].lo, op->domains[a].hi);
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static int check_op(const struct snc_op *op, char *err, size_t errlen)
{
	if (op->kind <= SNC_KIND_INVALID || op->kind > SNC_KIND_VOID2 || !op->fn)
		return fail(err, errlen, "op '%s' has an unsupported signature: arguments must be "
			    "long (0, 1 or 2 of them) and the return type long, unsigned long, "
			    "int, unsigned, bool, a pointer or void", op->name);
	int arity = op_arity(op->kind);
	if (op->ndomains != arity)
		return fail(err, errlen, "op '%s' takes %ld argument(s) but declares a different "
			    "number of SNC_RANGE domains", op->name, (long)arity);
	for (int a = 0; a < arity; a++) {
		const struct snc_domain *d = &op->domains[a];
		if (d->hi < d->lo)
			return fail(err, errlen, "op '%s': domain of argument %ld is empty (hi < lo)",
				    op->name, (long)a + 1);
		if (d->hi - d->lo >= MAX_DOMAIN)
			return fail(err, errlen, "op '%s': domain of argument %ld has more than 64 "
				    "values; keep domains small", op->name, (long)a + 1);
	}
	return 0;
}

/* How argument arg of op reads when it is passed value: the harness's .describe_arg text
 * (checked by check_arg_texts), else the number. */
static void arg_text(const struct snc_harness *def, int op, int arg, long value, char *buf,
		     size_t len)
{
	buf[0] = '\0';
	if (!def->describe_arg || !def->describe_arg(op, arg, value, buf, len) || !buf[0])
		snprintf(buf, len, "%ld", value);
}

/* Are the texts .describe_arg gives op's arguments short, printable, without ';' (which
 * separates the calls of a state's label), and different for different values? */
static int check_arg_texts(const struct snc_harness *def, int op, int arity, char *err,
			   size_t errlen)
{
	const struct snc_op *o = &def->ops[op];
	for (int a = 0; a < arity; a++)
		for (long v = o->domains[a].lo; v <= o->domains[a].hi; v++) {
			char text[ARG_TEXT_MAX + 2], other[sizeof text];
			arg_text(def, op, a, v, text, sizeof text);
			bool plain = strlen(text) <= ARG_TEXT_MAX;
			for (const char *c = text; *c && plain; c++)
				plain = *c != ';' && (unsigned char)*c >= 0x20 && *c != 0x7f;
			if (!plain)
				return fail(err, errlen, "harness '%s': .describe_arg gives argument %d "
					    "of op '%s' the text '%.*s' for %ld: at most %d printable "
					    "characters without ';'", def->name, a + 1, o->name,
					    ARG_TEXT_MAX, text, v, ARG_TEXT_MAX);
			for (long w = o->domains[a].lo; w < v; w++) {
				arg_text(def, op, a, w, other, sizeof other);
				if (strcmp(text, other) == 0)
					return fail(err, errlen, "harness '%s': .describe_arg gives "
						    "argument %d of op '%s' the same text '%s' for %ld "
						    "and %ld", def->name, a + 1, o->name, text, w, v);
			}
		}
	return 0;
}

static void add_instance(struct harness_model *m, int op, const long *args, int arity)
{
	struct instance *in = &m->inst[m->ninst++];
	in->op = op;
	memcpy(in->args, args, sizeof in->args);
	char a[ARG_TEXT_MAX + 2], b[sizeof a];
	const char *name = m->def->ops[op].name;
	if (arity > 0)
		arg_text(m->def, op, 0, args[0], a, sizeof a);
	if (arity > 1)
		arg_text(m->def, op, 1, args[1], b, sizeof b);
	if (arity == 0)
		snprintf(in->call, sizeof in->call, "%s()", name);
	else if (arity == 1)
		snprintf(in->call, sizeof in->call, "%s(%s)", name, a);
	else
		snprintf(in->call, sizeof in->call, "%s(%s, %s)", name, a, b);
}

int harness_model_build(const struct snc_harness *def, struct harness_model *m, char *err,
			size_t errlen)
{
	memset(m, 0, sizeof *m);
	m->def = def;
	if (!def->name || !def->name[0])
		return fail(err, errlen, "the harness has no .name");
	if (!def->ops || !def->ops[0].name)
		return fail(err, errlen, "harness '%s' declares no operations (.ops = SNC_OPS(...))",
			    def->name);
	long total = 0;
	for (int i = 0; def->ops[i].name; i++) {
		if (i >= (int)(sizeof m->arity / sizeof m->arity[0]))
			return fail(err, errlen, "harness '%s' declares more than %ld operations",
				    def->name, (long)(sizeof m->arity / sizeof m->arity[0]));
		for (int j = 0; j < i; j++)
			if (strcmp(def->ops[i].name, def->ops[j].name) == 0)
				return fail(err, errlen, "operation name '%s' is declared twice",
					    def->ops[i].name);
		if (check_op(&def->ops[i], err, errlen) != 0)
			return -1;
		m->arity[i] = op_arity(def->ops[i].kind);
		if (def->describe_arg && check_arg_texts(def, i, m->arity[i], err, errlen) != 0)
			return -1;
		/* name(ARG, ARG) with its two longest arguments (20 digits, or a described
		 * argument's text) must fit a call label, uncut: two calls that read the same
		 * would make two witnesses read the same. */
		size_t arg_max = def->describe_arg ? ARG_TEXT_MAX + 2 : 22;
		size_t longest = strlen(def->ops[i].name) + 2 + (size_t)m->arity[i] * arg_max;
		if (longest >= sizeof m->inst[0].call)
			return fail(err, errlen, "operation name '%.40s...' is %zu characters long; at "
				    "most %zu are supported", def->ops[i].name, strlen(def->ops[i].name),
				    sizeof m->inst[0].call - 1 - 2 - 2 * arg_max);
		long n = 1;
		for (int a = 0; a < m->arity[i]; a++)
			n *= def->ops[i].domains[a].hi - def->ops[i].domains[a].lo + 1;
		total += n;
		m->nops = i + 1;
	}
	for (int list = 0; list < 2; list++) {
		const char *const *names = list == 0 ? def->stateless_ops : def->local_ops;
		for (int k = 0; names && names[k]; k++) {
			int op = 0;
			while (op < m->nops && strcmp(def->ops[op].name, names[k]) != 0)
				op++;
			if (op == m->nops)
				return fail(err, errlen, "harness '%s': .%s names '%s', which is not one "
					    "of its operations", def->name,
					    list == 0 ? "stateless_ops" : "local_ops", names[k]);
			if (list == 0)
				m->keeps_no_state[op] = true;
			m->keeps_no_own_state[op] = true;
		}
	}
	if (total > MAX_INSTANCES)
		return fail(err, errlen, "harness '%s' has %ld operation instances (ops times argument "
			    "values); at most 400 are supported: shrink the domains", def->name, total);
	m->inst = calloc((size_t)total, sizeof *m->inst);
	if (!m->inst)
		return fail(err, errlen, "out of memory");
	for (int i = 0; i < m->nops; i++) {
		const struct snc_op *op = &def->ops[i];
		long args[SNC_MAX_ARGS] = { 0 };
		if (m->arity[i] == 0) {
			add_instance(m, i, args, 0);
			continue;
		}
		for (args[0] = op->domains[0].lo; args[0] <= op->domains[0].hi; args[0]++) {
			if (m->arity[i] == 1) {
				add_instance(m, i, args, 1);
				continue;
			}
			for (args[1] = op->domains[1].lo; args[1] <= op->domains[1].hi; args[1]++)
				add_instance(m, i, args, 2);
		}
	}
	return 0;
}

void harness_model_free(struct harness_model *m)
{
	free(m->inst);
	m->inst = NULL;
}
