/* macros.c: the macros of a header, and which of them are another name for a function.
 *
 * Much of the API users call in Concurrency Kit and liburcu is macros: an object-like
 * macro that renames a function (`#define rcu_read_lock urcu_memb_read_lock`), a
 * function-like macro that calls one with its arguments (`#define cds_wfs_push(s, n)
 * _cds_wfs_push(s, n)`), or one that expands to an expression or a statement of its own
 * (`#define rcu_dereference(p) ...`). The scan of functions never sees them: a macro is
 * gone once the preprocessor ran. So the header is parsed again here with libclang's
 * detailed preprocessing record (CXTranslationUnit_DetailedPreprocessingRecord), function
 * bodies skipped, and every macro definition with a file is read back from its tokens: its
 * parameters, its expansion, and what the expansion is:
 *
 *   SA_MACRO_ALIAS       the expansion is one identifier (object-like: a rename);
 *   SA_MACRO_CALL        the expansion is IDENT(ARGS), possibly inside parentheses: a call
 *                        of one function (or macro) with its arguments mapped;
 *   SA_MACRO_EXPRESSION  anything else (function-like macros only are kept; object-like
 *                        constants are not API).
 *
 * Whether the identifier names a function is for the caller to decide (it knows the
 * API); chains (a macro that renames a macro) are resolved there too. */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

struct macro_ctx {
	CXTranslationUnit tu;
	struct sa_macros *out;
	int cap;
};

/* The tokens' spellings joined by single spaces, from..to (exclusive). */
static char *join(CXTranslationUnit tu, const CXToken *t, unsigned from, unsigned to)
{
	size_t len = 1;
	char **parts = sa_alloc((to > from ? to - from : 1) * sizeof *parts);
	for (unsigned i = from; i < to; i++) {
		parts[i - from] = sa_cx(clang_getTokenSpelling(tu, t[i]));
		len += strlen(parts[i - from]) + 1;
	}
	char *s = sa_alloc(len), *p = s;
	for (unsigned i = from; i < to; i++) {
		size_t n = strlen(parts[i - from]);
		if (p != s)
			*p++ = ' ';
		memcpy(p, parts[i - from], n);
		p += n;
		free(parts[i - from]);
	}
	*p = '\0';
	free(parts);
	return s;
}

static bool is_punct(CXTranslationUnit tu, CXToken t, const char *s)
{
	if (clang_getTokenKind(t) != CXToken_Punctuation)
		return false;
	char *sp = sa_cx(clang_getTokenSpelling(tu, t));
	bool same = strcmp(sp, s) == 0;
	free(sp);
	return same;
}

/* The index of the parenthesis that closes the one at open, or -1. */
static int closing(CXTranslationUnit tu, const CXToken *t, unsigned open, unsigned n)
{
	int depth = 0;
	for (unsigned i = open; i < n; i++) {
		if (is_punct(tu, t[i], "("))
			depth++;
		else if (is_punct(tu, t[i], ")") && --depth == 0)
			return (int)i;
	}
	return -1;
}

/* Classifies the body t[from..to): a single identifier, IDENT(ARGS), or else. */
static void classify(CXTranslationUnit tu, const CXToken *t, unsigned from, unsigned to,
		     struct sa_macro *m)
{
	m->kind = SA_MACRO_EXPRESSION;
	while (to - from >= 2 && is_punct(tu, t[from], "(") && closing(tu, t, from, to) == (int)to - 1) {
		from++;   /* ( body ) */
		to--;
	}
	if (from >= to || clang_getTokenKind(t[from]) != CXToken_Identifier)
		return;
	if (to - from == 1) {
		m->kind = SA_MACRO_ALIAS;
		m->target = sa_cx(clang_getTokenSpelling(tu, t[from]));
		return;
	}
	if (is_punct(tu, t[from + 1], "(") && closing(tu, t, from + 1, to) == (int)to - 1) {
		m->kind = SA_MACRO_CALL;
		m->target = sa_cx(clang_getTokenSpelling(tu, t[from]));
		m->args = join(tu, t, from + 2, to - 1);
	}
}

static void add_macro(struct macro_ctx *c, CXCursor cursor)
{
	CXSourceLocation loc = clang_getCursorLocation(cursor);
	CXFile file;
	unsigned line;
	clang_getSpellingLocation(loc, &file, &line, NULL, NULL);
	if (!file)
		return;   /* a builtin or a command-line macro */
	CXToken *t = NULL;
	unsigned n = 0;
	clang_tokenize(c->tu, clang_getCursorExtent(cursor), &t, &n);
	if (n == 0)
		return;
	bool function_like = clang_Cursor_isMacroFunctionLike(cursor);
	unsigned body = 1;
	struct sa_macro m = { 0 };
	m.function_like = function_like;
	if (function_like) {
		int close = closing(c->tu, t, 1, n);
		if (close < 0) {
			clang_disposeTokens(c->tu, t, n);
			return;
		}
		m.params = join(c->tu, t, 2, (unsigned)close);
		body = (unsigned)close + 1;
	}
	if (body < n)
		classify(c->tu, t, body, n, &m);
	else
		m.kind = SA_MACRO_EXPRESSION;   /* empty: expands to nothing */
	if (!function_like && m.kind != SA_MACRO_ALIAS) {
		free(m.params);
		free(m.target);
		free(m.args);
		clang_disposeTokens(c->tu, t, n);
		return;
	}
	m.name = sa_cx(clang_getTokenSpelling(c->tu, t[0]));
	m.body = body < n ? join(c->tu, t, body, n) : sa_strdup("");
	clang_disposeTokens(c->tu, t, n);
	char *name = sa_cx(clang_getFileName(file));
	m.file = name[0] ? sa_realpath(name) : NULL;
	free(name);
	m.line = (int)line;
	if (c->out->count == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		c->out->macros = realloc(c->out->macros, (size_t)c->cap * sizeof *c->out->macros);
		if (!c->out->macros)
			abort();
	}
	c->out->macros[c->out->count++] = m;
}

static enum CXChildVisitResult visit(CXCursor cursor, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(cursor) == CXCursor_MacroDefinition)
		add_macro(data, cursor);
	return CXChildVisit_Continue;
}

int sa_macros_read(const struct sa_unit *u, struct sa_macros *out)
{
	memset(out, 0, sizeof *out);
	sa_clang_load();
	int nargv;
	const char **argv = sa_clang_argv(u, &nargv);
	CXIndex idx = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	unsigned options = CXTranslationUnit_KeepGoing | CXTranslationUnit_SkipFunctionBodies |
			   CXTranslationUnit_DetailedPreprocessingRecord;
	enum CXErrorCode rc = clang_parseTranslationUnit2(idx, u->file, argv, nargv, NULL, 0,
							  options, &tu);
	free(argv);
	if (rc != CXError_Success || !tu) {
		clang_disposeIndex(idx);
		return -1;
	}
	struct macro_ctx c = { tu, out, 0 };
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &c);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	return 0;
}

void sa_macros_free(struct sa_macros *m)
{
	for (int i = 0; i < m->count; i++) {
		free(m->macros[i].name);
		free(m->macros[i].file);
		free(m->macros[i].params);
		free(m->macros[i].body);
		free(m->macros[i].target);
		free(m->macros[i].args);
	}
	free(m->macros);
	memset(m, 0, sizeof *m);
}

const char *sa_macro_kind_name(enum sa_macro_kind k)
{
	switch (k) {
	case SA_MACRO_ALIAS: return "alias";
	case SA_MACRO_CALL: return "call";
	default: return "expression";
	}
}
