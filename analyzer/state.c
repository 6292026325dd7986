/* state.c: naming shared state, the objects two calls of an API can both touch.
 *
 * Shared state is what outlives a call and is visible to other threads: variables with
 * static storage (globals, file-scope statics, function-local statics) and struct fields
 * reached through a pointer. Locals, parameters and _Thread_local variables are not. A
 * variable is identified by its USR (two file-scope statics with one name in two files are
 * two states) and shown by its name; a function-local static shows as `function::name`.
 * A field is `record.field`, keyed by that text (a type is one state whatever object it
 * lives in: the scanner cannot tell objects apart). A field of an anonymous struct or
 * union is named after the enclosing named record, or after the typedef that names an
 * anonymous struct (clang spells such a struct by its typedef). */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

bool sa_state_of_var(CXCursor decl, char **key, char **name)
{
	if (clang_getCursorKind(decl) != CXCursor_VarDecl)
		return false;
	if (clang_getCursorTLSKind(decl) != CXTLS_None)
		return false;
	CXCursor parent = clang_getCursorSemanticParent(decl);
	enum CXCursorKind pk = clang_getCursorKind(parent);
	bool file_scope = pk == CXCursor_TranslationUnit || clang_Cursor_isNull(parent);
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(decl);
	if (!file_scope && sc != CX_SC_Static && sc != CX_SC_Extern)
		return false;
	char *usr = sa_cx(clang_getCursorUSR(decl));
	char *spelling = sa_cx(clang_getCursorSpelling(decl));
	if (!usr[0] || !spelling[0]) {
		free(usr);
		free(spelling);
		return false;
	}
	if (!file_scope && pk == CXCursor_FunctionDecl && sc == CX_SC_Static) {
		char *fn = sa_cx(clang_getCursorSpelling(parent));
		*name = sa_printf("%s::%s", fn, spelling);
		free(fn);
		free(spelling);
	} else {
		*name = spelling;
	}
	*key = usr;
	return true;
}

static bool is_record(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	return k == CXCursor_StructDecl || k == CXCursor_UnionDecl;
}

/* clang spells an unnamed record "struct (unnamed at file:line:col)" or similar. */
static bool unnamed(const char *spelling)
{
	return !spelling[0] || strchr(spelling, '(') || strchr(spelling, ' ');
}

bool sa_state_of_field(CXCursor field, char **key, char **name)
{
	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return false;
	CXCursor rec = clang_getCursorSemanticParent(field);
	char *rname = NULL;
	for (int depth = 0; depth < 64 && is_record(rec); depth++) {
		char *s = sa_cx(clang_getCursorSpelling(rec));
		if (!unnamed(s)) {
			rname = s;
			break;
		}
		free(s);
		s = sa_cx(clang_getTypeSpelling(clang_getCursorType(rec)));
		if (!unnamed(s)) {
			rname = s;
			break;
		}
		free(s);
		CXCursor up = clang_getCursorSemanticParent(rec);
		if (!is_record(up))
			break;
		rec = up;
	}
	char *fname = sa_cx(clang_getCursorSpelling(field));
	*name = sa_printf("%s.%s", rname ? rname : "(anonymous)", fname[0] ? fname : "(unnamed)");
	*key = sa_strdup(*name);
	free(rname);
	free(fname);
	return true;
}
