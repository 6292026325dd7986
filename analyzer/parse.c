/* parse.c: one translation unit through libclang, from flags to facts.
 *
 * The unit is parsed with the flags it is built with (resolved against its directory with
 * -working-directory, since libclang has no other way to set one per parse) and with
 * KeepGoing, so an unknown gcc-only flag or a syntax error still leaves the AST clang
 * recovered: its facts are kept and the unit is marked as having errors. Error and fatal
 * diagnostics are kept with the unit (warnings are the build's business, not ours); a
 * unit libclang returns no AST for at all is "failed" and carries one diagnostic saying
 * so. The files the unit read (clang_getInclusions) are hashed for the next, incremental
 * scan. Builtin headers (stddef.h, stdatomic.h) come from libclang's own resource folder,
 * which Debian's libclang finds without a -resource-dir.
 *
 * GCC takes its __atomic and __sync builtins on _Atomic objects (`_Atomic int n;
 * __atomic_fetch_add(&n, 1, ...)`); clang refuses every such call ("address argument to
 * atomic operation must be a pointer to integer or pointer ('_Atomic(int) *' invalid)"),
 * so a library that gcc builds lost its atomics and its functions' shared state to errors.
 * A unit clang refuses for that is parsed again with a prelude (a file only libclang sees)
 * that casts each builtin's first argument to a pointer to the plain type, which is what
 * gcc does; the second parse is kept when it has fewer errors. */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

struct files_ctx {
	struct sa_unit *u;
	int cap;
};

static void add_file(struct files_ctx *ctx, const char *path, char *includer)
{
	struct sa_unit *u = ctx->u;
	for (int i = 0; i < u->nfiles; i++)
		if (strcmp(u->files[i].path, path) == 0) {
			free(includer);
			return;
		}
	struct sa_file *f = SA_PUSH(u->files, u->nfiles, ctx->cap);
	f->path = sa_strdup(path);
	f->includer = includer;
	if (sa_hash_file(path, f->hash) != 0)
		memcpy(f->hash, "unreadable", sizeof "unreadable");
}

/* The file holding the #include that read a file: the top of its inclusion stack. */
static char *includer_of(const char *directory, CXSourceLocation *stack, unsigned depth)
{
	if (depth == 0)
		return NULL;
	CXFile file;
	clang_getExpansionLocation(stack[0], &file, NULL, NULL, NULL);
	if (!file)
		return NULL;
	char *name = sa_cx(clang_getFileName(file));
	char *path = name[0] ? sa_realpath_in(directory, name) : NULL;
	free(name);
	return path;
}

/* The prelude's name: a path no file has, which libclang reads from memory. */
#define GCC_ATOMICS_PRELUDE "/.snc-gcc-atomics.h"

static void inclusion(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	char *name = sa_cx(clang_getFileName(included));
	if (name[0] && strcmp(name, GCC_ATOMICS_PRELUDE) != 0) {
		struct files_ctx *ctx = data;
		char *path = sa_realpath_in(ctx->u->directory, name);
		add_file(ctx, path, includer_of(ctx->u->directory, stack, depth));
		free(path);
	}
	free(name);
}

static void add_diagnostic(struct sa_unit *u, int *cap, const char *file, int line, int column,
			   const char *severity, char *message)
{
	struct sa_diagnostic *d = SA_PUSH(u->diagnostics, u->ndiagnostics, *cap);
	d->file = sa_strdup(file);
	d->line = line;
	d->column = column;
	d->severity = sa_strdup(severity);
	d->message = message;
}

static int diagnostics(CXTranslationUnit tu, struct sa_unit *u, int *cap)
{
	int errors = 0;
	unsigned n = clang_getNumDiagnostics(tu);
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		if (sev >= CXDiagnostic_Error) {
			CXFile file;
			unsigned line = 0, column = 0;
			clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, &line, &column, NULL);
			char *path = NULL;
			if (file) {
				char *name = sa_cx(clang_getFileName(file));
				path = sa_realpath_in(u->directory, name);
				free(name);
			}
			add_diagnostic(u, cap, path, (int)line, (int)column,
				       sev == CXDiagnostic_Fatal ? "fatal" : "error",
				       sa_cx(clang_getDiagnosticSpelling(d)));
			free(path);
			errors++;
		}
		clang_disposeDiagnostic(d);
	}
	return errors;
}

const char **sa_clang_argv(const struct sa_unit *u, int *nargv)
{
	/* -w after the unit's flags: warnings are not kept, and a gcc build's -Werror must not
	 * turn clang-only warnings (or gcc-only warning options) into errors */
	*nargv = u->nargs + 3;
	const char **argv = sa_alloc((size_t)*nargv * sizeof *argv);
	for (int i = 0; i < u->nargs; i++)
		argv[i] = u->args[i];
	argv[u->nargs] = "-w";
	argv[u->nargs + 1] = "-working-directory";
	argv[u->nargs + 2] = u->directory;
	return argv;
}

/* The builtins whose first argument is the atomic object's address: each becomes a macro
 * of the same name (not expanded again inside itself) casting that address to a pointer to
 * the object's type without _Atomic (a comma expression's type is its operand's, converted
 * as a value: qualifiers and _Atomic dropped). */
static char *prelude_line(char *text, const char *name)
{
	char *line = sa_printf("%s#define %s(p, ...) %s((__typeof__((void)0, *(p)) *)(p), "
			       "##__VA_ARGS__)\n", text, name, name);
	free(text);
	return line;
}

static char *gcc_atomics_prelude(void)
{
	static const char *const plain[] = {
		"__atomic_load_n", "__atomic_load", "__atomic_store_n", "__atomic_store",
		"__atomic_exchange_n", "__atomic_exchange", "__atomic_compare_exchange_n",
		"__atomic_compare_exchange", "__sync_bool_compare_and_swap",
		"__sync_val_compare_and_swap", "__sync_lock_test_and_set", "__sync_lock_release",
	};
	static const char *const arithmetic[] = { "add", "sub", "and", "or", "xor", "nand" };
	static const char *const forms[] = { "__atomic_fetch_%s", "__atomic_%s_fetch",
					     "__sync_fetch_and_%s", "__sync_%s_and_fetch" };
	char *text = sa_strdup("");
	for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
		text = prelude_line(text, plain[i]);
	for (size_t f = 0; f < sizeof forms / sizeof *forms; f++)
		for (size_t i = 0; i < sizeof arithmetic / sizeof *arithmetic; i++) {
			char *name = sa_printf(forms[f], arithmetic[i]);
			text = prelude_line(text, name);
			free(name);
		}
	return text;
}

/* Did clang refuse a GCC atomic builtin on an _Atomic object? */
static bool refused_gcc_atomics(const struct sa_unit *u)
{
	static const char refusal[] = "address argument to atomic ";
	for (int i = 0; i < u->ndiagnostics; i++)
		if (strncmp(u->diagnostics[i].message, refusal, sizeof refusal - 1) == 0 &&
		    strstr(u->diagnostics[i].message, "'_Atomic("))
			return true;
	return false;
}

/* Parses u, with the GCC atomics prelude when with_prelude; NULL when libclang gives no
 * AST, and *rc says why. */
static CXTranslationUnit parse(CXIndex idx, const struct sa_unit *u, bool with_prelude,
			       enum CXErrorCode *rc)
{
	int nargv;
	const char **argv = sa_clang_argv(u, &nargv);
	char *prelude = with_prelude ? gcc_atomics_prelude() : NULL;
	struct CXUnsavedFile file = { GCC_ATOMICS_PRELUDE, prelude, prelude ? strlen(prelude) : 0 };
	if (with_prelude) {
		argv = realloc(argv, (size_t)(nargv + 2) * sizeof *argv);
		if (!argv)
			abort();
		argv[nargv++] = "-include";
		argv[nargv++] = GCC_ATOMICS_PRELUDE;
	}
	CXTranslationUnit tu = NULL;
	unsigned options = CXTranslationUnit_KeepGoing | CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
	*rc = clang_parseTranslationUnit2(idx, u->file, argv, nargv, with_prelude ? &file : NULL,
					  with_prelude ? 1 : 0, options, &tu);
	free(argv);
	free(prelude);
	return *rc == CXError_Success ? tu : NULL;
}

void sa_parse_unit(CXIndex idx, struct sa_unit *u, struct sa_seen *seen, int index)
{
	enum CXErrorCode rc;
	CXTranslationUnit tu = parse(idx, u, false, &rc);
	struct files_ctx files = { u, 0 };
	add_file(&files, u->file, NULL);
	int cap = 0;
	if (!tu) {
		u->status = SA_UNIT_FAILED;
		add_diagnostic(u, &cap, u->file, 0, 0, "fatal",
			       sa_printf("libclang could not parse the file (%s)",
					 rc == CXError_Crashed ? "it crashed" :
					 rc == CXError_InvalidArguments ? "invalid arguments" :
					 rc == CXError_ASTReadError ? "AST read error" : "failure"));
		return;
	}
	int errors = diagnostics(tu, u, &cap);
	if (errors > 0 && refused_gcc_atomics(u)) {
		CXTranslationUnit again = parse(idx, u, true, &rc);
		struct sa_unit retry = { .directory = u->directory };
		int retry_cap = 0;
		if (again && diagnostics(again, &retry, &retry_cap) < errors) {
			sa_unit_drop_diagnostics(u);
			u->diagnostics = retry.diagnostics;
			u->ndiagnostics = retry.ndiagnostics;
			errors = retry.ndiagnostics;
			clang_disposeTranslationUnit(tu);
			tu = again;
		} else {
			sa_unit_drop_diagnostics(&retry);
			if (again)
				clang_disposeTranslationUnit(again);
		}
	}
	clang_getInclusions(tu, inclusion, &files);
	u->status = errors > 0 ? SA_UNIT_ERRORS : SA_UNIT_PARSED;
	/* A unit with errors walked what clang recovered: a header parsed alone that uses a
	 * type its includers declare first (mimalloc-internal.h's mi_heap_t) has its
	 * functions typed wrongly there, so it neither offers them to later units nor takes
	 * theirs (seen.c). A header refusing to be included alone is not its code at all. */
	if (!sa_unit_refuses_alone(u))
		sa_walk_unit(tu, u, u->status == SA_UNIT_ERRORS ? NULL : seen, index);
	clang_disposeTranslationUnit(tu);
}
