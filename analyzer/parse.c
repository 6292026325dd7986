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
 * which Debian's libclang finds without a -resource-dir. */
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

static void inclusion(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	char *name = sa_cx(clang_getFileName(included));
	if (name[0]) {
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

void sa_parse_unit(CXIndex idx, struct sa_unit *u, struct sa_seen *seen, int index)
{
	int nargv;
	const char **argv = sa_clang_argv(u, &nargv);

	CXTranslationUnit tu = NULL;
	unsigned options = CXTranslationUnit_KeepGoing | CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
	enum CXErrorCode rc = clang_parseTranslationUnit2(idx, u->file, argv, nargv, NULL, 0,
							  options, &tu);
	free(argv);
	struct files_ctx files = { u, 0 };
	add_file(&files, u->file, NULL);
	int cap = 0;
	if (rc != CXError_Success || !tu) {
		u->status = SA_UNIT_FAILED;
		add_diagnostic(u, &cap, u->file, 0, 0, "fatal",
			       sa_printf("libclang could not parse the file (%s)",
					 rc == CXError_Crashed ? "it crashed" :
					 rc == CXError_InvalidArguments ? "invalid arguments" :
					 rc == CXError_ASTReadError ? "AST read error" : "failure"));
		return;
	}
	clang_getInclusions(tu, inclusion, &files);
	u->status = diagnostics(tu, u, &cap) > 0 ? SA_UNIT_ERRORS : SA_UNIT_PARSED;
	sa_walk_unit(tu, u, seen, index);
	clang_disposeTranslationUnit(tu);
}
