/* audit_wrappers.c: function-like macros audited through generated wrappers.
 *
 * A macro that expands to an expression of its own (`#define rcu_dereference(p) ...`) is
 * no function the generator can take the address of or type. When the config file gives
 * its prototype (`macro void *rcu_dereference(void **p)`), the audit writes a header of
 * wrappers, one static inline function per such macro, named snc_macro_NAME, calling the
 * macro with the parameters in order, after including every named header:
 *
 *     static inline void *snc_macro_rcu_dereference(void **p) { return rcu_dereference(p); }
 *
 * That header is then scanned and audited like the others: the wrapper is typed by clang,
 * joins the family of its first parameter, and its operation is named after the macro
 * (audit_public_name). The header lives with the generated harnesses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

#define WRAPPER_PREFIX "snc_macro_"

void audit_param_names(const char *params, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	if (strcmp(params, "void") == 0 || !*params)
		return;
	int n = 0;
	for (const char *p = params; *p && used < len;) {
		const char *comma = strchr(p, ',');
		const char *end = comma ? comma : p + strlen(p);
		const char *stop = end;
		while (stop > p && !(stop[-1] == '_' || (stop[-1] >= 'a' && stop[-1] <= 'z') ||
				     (stop[-1] >= 'A' && stop[-1] <= 'Z') || (stop[-1] >= '0' && stop[-1] <= '9')))
			stop--;
		const char *start = stop;
		while (start > p && (start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') ||
				     (start[-1] >= 'A' && start[-1] <= 'Z') || (start[-1] >= '0' && start[-1] <= '9')))
			start--;
		used += (size_t)snprintf(buf + used, len - used, "%s%.*s", n++ ? ", " : "",
					 (int)(stop - start), start);
		p = comma ? comma + 1 : end;
	}
}

int audit_write_macro_wrappers(const struct audit_config *cfg, char *const *headers, int nheaders,
			       const char *dir, char *path, size_t len)
{
	int nmacros = 0;
	for (int i = 0; cfg && i < cfg->nrules; i++)
		nmacros += strcmp(cfg->rules[i].verb, "macro") == 0;
	if (nmacros == 0)
		return 0;
	snprintf(path, len, "%s/snc_macros.h", dir);
	FILE *out = fopen(path, "w");
	if (!out)
		return -1;
	fprintf(out, "/* snc_macros.h: wrappers `snc audit` generated for the function-like macros "
		     "its config\n * file types (`macro RESULT NAME(PARAMS)`), so that they are audited "
		     "as functions. */\n#ifndef SNC_MACROS_H\n#define SNC_MACROS_H\n\n");
	for (int i = 0; i < nheaders; i++) {
		char *include = audit_include_of(headers[i]);
		fprintf(out, "#include %s\n", include);
		free(include);
	}
	fputc('\n', out);
	for (int i = 0; i < cfg->nrules; i++) {
		const struct audit_rule *r = &cfg->rules[i];
		if (strcmp(r->verb, "macro") != 0)
			continue;
		const char *name = strstr(r->value, r->function);
		const char *open = strchr(name, '(');
		const char *close = strrchr(r->value, ')');
		char params[1024];
		snprintf(params, sizeof params, "%.*s", (int)(close - open - 1), open + 1);
		char result[256];
		snprintf(result, sizeof result, "%.*s", (int)(name - r->value), r->value);
		while (strlen(result) && result[strlen(result) - 1] == ' ')
			result[strlen(result) - 1] = '\0';
		bool returns = strcmp(result, "void") != 0;
		fprintf(out, "/* %s:%d */\nstatic inline %s %s%s(%s)\n{\n\t%s%s(", cfg->path, r->line,
			result, WRAPPER_PREFIX, r->function, params[0] ? params : "void",
			returns ? "return " : "", r->function);
		char args[1024];
		audit_param_names(params, args, sizeof args);
		fprintf(out, "%s);\n}\n\n", args);
	}
	fprintf(out, "#endif\n");
	return fclose(out) == 0 ? 1 : -1;
}

const char *audit_wrapped_macro(const char *function)
{
	size_t n = strlen(WRAPPER_PREFIX);
	return strncmp(function, WRAPPER_PREFIX, n) == 0 ? function + n : NULL;
}
