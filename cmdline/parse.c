/* parse.c: reading a command line against option tables (snc_cmdline.h): long and short
 * options, values checked as they are read, operands kept in order, `--` and what follows
 * kept apart, --help and --version answered here. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "snc_cmdline.h"

void snc_cmdline_error(const char *prog, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "%s: %serror%s: ", prog, snc_color_start(stderr, "error"),
		snc_color_end(stderr, "error"));
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

int snc_cmdline_init(struct snc_cmdline *cl, const struct snc_command_doc *doc, int argc,
		     char **argv)
{
	*cl = (struct snc_cmdline){ .doc = doc, .argc = argc, .argv = argv, .next = 1 };
	cl->end = argc;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			cl->end = i;
			break;
		}
	cl->rest = cl->end < argc ? cl->end + 1 : argc;
	cl->operands = calloc((size_t)argc + 1, sizeof *cl->operands);
	if (!cl->operands) {
		snc_cmdline_error(doc->prog, "out of memory");
		return -1;
	}
	return 0;
}

void snc_cmdline_free(struct snc_cmdline *cl)
{
	free(cl->operands);
	cl->operands = NULL;
}

const struct snc_opt *snc_opt_find(const struct snc_opt *const *tables, const char *name)
{
	for (int t = 0; tables[t]; t++)
		for (const struct snc_opt *o = tables[t]; o->name; o++)
			if (strcmp(o->name, name) == 0)
				return o;
	return NULL;
}

static const struct snc_opt *find_short(const struct snc_opt *const *tables, char c)
{
	for (int t = 0; tables[t]; t++)
		for (const struct snc_opt *o = tables[t]; o->name; o++)
			if (o->short_name == c)
				return o;
	return NULL;
}

static int check_integer(const struct snc_opt *o, const char *text, long long *number,
			 char *err, size_t errlen)
{
	char *end;
	errno = 0;
	long long v = strtoll(text, &end, 10);
	if (errno || end == text || *end || v < o->min || v > o->max) {
		snprintf(err, errlen, "--%s needs a whole number from %lld to %lld, not '%s'",
			 o->name, o->min, o->max, text);
		return -1;
	}
	*number = v;
	return 0;
}

static int check_seconds(const struct snc_opt *o, const char *text, long long *number,
			 char *err, size_t errlen)
{
	char *end;
	errno = 0;
	double s = strtod(text, &end);
	double ms = s * 1000.0;
	/* Written so that NaN and infinities fail too. */
	if (errno || end == text || *end ||
	    !(ms >= (double)o->min - 0.5 && ms <= (double)o->max + 0.5)) {
		snprintf(err, errlen, "--%s needs seconds from %g to %g, not '%s'", o->name,
			 (double)o->min / 1000.0, (double)o->max / 1000.0, text);
		return -1;
	}
	*number = (long long)(ms + 0.5);
	return 0;
}

static int check_choice(const struct snc_opt *o, const char *text, long long *number,
			char *err, size_t errlen)
{
	size_t n = strlen(text);
	int index = 0;
	for (const char *c = o->choices; *c; index++) {
		size_t len = strcspn(c, "|");
		if (len == n && n > 0 && strncmp(c, text, n) == 0) {
			*number = index;
			return 0;
		}
		c += len + (c[len] == '|');
	}
	/* "a|b|c" reads "a, b or c". */
	char words[256];
	size_t w = 0;
	int count = index;
	index = 0;
	for (const char *c = o->choices; *c && w + 8 < sizeof words; c++) {
		if (*c != '|') {
			words[w++] = *c;
			continue;
		}
		const char *sep = ++index == count - 1 ? " or " : ", ";
		size_t len = strlen(sep);
		memcpy(words + w, sep, len);
		w += len;
	}
	words[w] = '\0';
	snprintf(err, errlen, "--%s takes %s, not '%s'", o->name, words, text);
	return -1;
}

int snc_opt_check(const struct snc_opt *o, const char *text, long long *number, char *err,
		  size_t errlen)
{
	*number = 0;
	switch (o->kind) {
	case SNC_OPT_INT: return check_integer(o, text, number, err, errlen);
	case SNC_OPT_SECONDS: return check_seconds(o, text, number, err, errlen);
	case SNC_OPT_CHOICE: return check_choice(o, text, number, err, errlen);
	case SNC_OPT_TEXT:
		if (!*text) {
			snprintf(err, errlen, "--%s needs a value, not an empty string", o->name);
			return -1;
		}
		return 0;
	case SNC_OPT_FLAG: return 0;
	}
	return 0;
}

/* Every long name of the tables, for suggestions. */
static int long_names(const struct snc_opt *const *tables, const char **names, int cap)
{
	int n = 0;
	for (int t = 0; tables[t]; t++)
		for (const struct snc_opt *o = tables[t]; o->name && n < cap; o++)
			names[n++] = o->name;
	return n;
}

static int unknown_long(struct snc_cmdline *cl, const char *arg)
{
	char name[128];
	size_t len = strcspn(arg + 2, "=");
	snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1),
		 arg + 2);
	const char *names[256];
	int n = long_names(cl->doc->tables, names, 254);
	names[n++] = "help";
	names[n++] = "version";
	const char *close = snc_closest(name, names, n);
	if (close)
		snc_cmdline_error(cl->doc->prog, "unknown option '--%s'; did you mean '--%s'?", name,
				  close);
	else
		snc_cmdline_error(cl->doc->prog, "unknown option '--%s' (see '%s --help')", name,
				  cl->doc->prog);
	return SNC_CMDLINE_ERROR;
}

static int take_value(struct snc_cmdline *cl, const struct snc_opt *o, const char *inline_value,
		      struct snc_opt_value *v)
{
	v->opt = o;
	v->text = NULL;
	v->number = 0;
	if (o->kind == SNC_OPT_FLAG) {
		if (inline_value) {
			snc_cmdline_error(cl->doc->prog, "--%s takes no value", o->name);
			return SNC_CMDLINE_ERROR;
		}
		return o->id;
	}
	if (inline_value) {
		v->text = inline_value;
	} else if (cl->next < cl->end) {
		v->text = cl->argv[cl->next++];
	} else {
		snc_cmdline_error(cl->doc->prog, "--%s needs a value (%s)", o->name,
				  o->metavar ? o->metavar : "see --help");
		return SNC_CMDLINE_ERROR;
	}
	char err[512];
	if (snc_opt_check(o, v->text, &v->number, err, sizeof err) != 0) {
		snc_cmdline_error(cl->doc->prog, "%s", err);
		return SNC_CMDLINE_ERROR;
	}
	return o->id;
}

static int answer(struct snc_cmdline *cl, bool version)
{
	if (version)
		printf("%s %s\n", cl->doc->prog, cl->doc->version ? cl->doc->version : "");
	else
		snc_cmdline_help(stdout, cl->doc);
	return SNC_CMDLINE_ANSWERED;
}

static int next_short(struct snc_cmdline *cl, struct snc_opt_value *v)
{
	const char *arg = cl->argv[cl->next];
	char c = arg[cl->short_pos];
	const struct snc_opt *o = find_short(cl->doc->tables, c);
	cl->short_pos++;
	bool last = arg[cl->short_pos] == '\0';
	if (!o) {
		cl->next++;
		cl->short_pos = 0;
		if (c == 'h')
			return answer(cl, false);
		snc_cmdline_error(cl->doc->prog, "unknown option '-%c' (see '%s --help')", c,
				  cl->doc->prog);
		return SNC_CMDLINE_ERROR;
	}
	if (o->kind == SNC_OPT_FLAG) {
		if (last) {
			cl->next++;
			cl->short_pos = 0;
		}
		return take_value(cl, o, NULL, v);
	}
	const char *attached = last ? NULL : arg + cl->short_pos;
	cl->next++;
	cl->short_pos = 0;
	return take_value(cl, o, attached, v);
}

int snc_cmdline_next(struct snc_cmdline *cl, struct snc_opt_value *v)
{
	if (cl->short_pos)
		return next_short(cl, v);
	while (cl->next < cl->end) {
		char *arg = cl->argv[cl->next];
		if (arg[0] != '-' || arg[1] == '\0') {   /* an operand ("-" is one: stdin/stdout) */
			cl->operands[cl->noperands++] = arg;
			cl->next++;
			continue;
		}
		if (arg[1] != '-') {
			cl->short_pos = 1;
			return next_short(cl, v);
		}
		cl->next++;
		const char *eq = strchr(arg + 2, '=');
		char name[128];
		size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
		if (len >= sizeof name)
			return unknown_long(cl, arg);
		memcpy(name, arg + 2, len);
		name[len] = '\0';
		const struct snc_opt *o = snc_opt_find(cl->doc->tables, name);
		if (!o && (strcmp(name, "help") == 0 || strcmp(name, "version") == 0))
			return answer(cl, name[0] == 'v');
		if (!o)
			return unknown_long(cl, arg);
		return take_value(cl, o, eq ? eq + 1 : NULL, v);
	}
	return SNC_CMDLINE_DONE;
}
