/* audit_arg_text.c: how the arguments of a generated harness read in calls.
 *
 * An operation's arguments are numbers from small domains; what the wrapper passes for
 * them is not always the number. The harness's .describe_arg (snc.h) names what is passed,
 * so witnesses and state labels read as calls of the library: a string is the literal
 * (kv_put("0", 1)), a void * payload its token (push(token#1)), a bool true or false, an
 * enum its enumerator (set_mode(MODE_FAST)). Plain integers stay numbers. */
#include <stdio.h>
#include <string.h>
#include "snc_audit.h"

/* The enumerator passed for value v of a's domain, or NULL (an enum without names, or a
 * value out of its list). */
static const char *enumerator(const struct audit_arg *a, long v)
{
	const struct sa_type *t = &a->param->type;
	if (t->cls != SA_TYPE_ENUM || a->by_pointer)
		return NULL;
	long long value = audit_passed_value(a, v);
	for (int i = 0; i < t->nenum_values; i++)
		if (t->enum_values[i] == value)
			return t->enum_names[i][0] ? t->enum_names[i] : NULL;
	return NULL;
}

static bool is_bool(const struct audit_arg *a)
{
	const struct sa_type *t = &a->param->type;
	return a->by_pointer ? t->target_cls == SA_TYPE_BOOL : t->cls == SA_TYPE_BOOL;
}

/* Does the argument read as something else than its number? */
static bool described(const struct audit_arg *a)
{
	if (a->role == ROLE_TOKEN)
		return true;
	if (a->role != ROLE_VALUE || a->bytes)
		return false;
	return a->string || is_bool(a) || enumerator(a, a->lo);
}

/* One case of describe_arg: the op's value argument k (a), for every value of its domain. */
static void emit_case(FILE *out, const struct audit_family *fam, int op, int k,
		      const struct audit_arg *a)
{
	fprintf(out, "\tcase %d: /* %s, argument %d (%s) */\n", 2 * op + k, fam->ops[op].name, k + 1,
		a->param->name && a->param->name[0] ? a->param->name : "unnamed");
	if (a->role == ROLE_TOKEN)
		fprintf(out, "\t\treturn snprintf(buf, len, \"token#%%ld\", value), 1;\n");
	else if (a->string)   /* what audit_value_expr passes: the value's digits */
		fprintf(out, "\t\treturn snprintf(buf, len, \"\\\"%%ld\\\"\", value), 1;\n");
	else if (is_bool(a))
		fprintf(out, "\t\treturn snprintf(buf, len, \"%%s\", value ? \"true\" : \"false\"), 1;\n");
	else {
		fprintf(out, "\t\tswitch (value) {\n");
		for (long v = a->lo; v <= a->hi; v++) {
			const char *name = enumerator(a, v);
			if (name)
				fprintf(out, "\t\tcase %ld: return snprintf(buf, len, \"%s\"), 1;\n", v, name);
		}
		fprintf(out, "\t\tdefault: return 0;\n\t\t}\n");
	}
}

bool audit_emit_describe_arg(FILE *out, const struct audit_family *fam)
{
	bool any = false;
	for (int i = 0; i < fam->nops; i++)
		for (int a = 0; a < fam->ops[i].nargs; a++)
			any |= described(&fam->ops[i].args[a]);
	if (!any)
		return false;
	fprintf(out, "/* How arguments read in calls: a string as the literal passed, a payload as "
		     "its token,\n * a bool or an enum by name. */\n"
		     "static int describe_arg(int op, int arg, long value, char *buf, size_t len)\n{\n"
		     "\tswitch (op * 2 + arg) {\n");
	for (int i = 0; i < fam->nops; i++)
		for (int a = 0, k = 0; a < fam->ops[i].nargs; a++) {
			const struct audit_arg *arg = &fam->ops[i].args[a];
			if (arg->role != ROLE_VALUE && arg->role != ROLE_TOKEN)
				continue;
			if (described(arg))
				emit_case(out, fam, i, k, arg);
			k++;
		}
	fprintf(out, "\tdefault:\n\t\treturn 0;\n\t}\n}\n\n");
	return true;
}
