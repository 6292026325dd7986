/* fold.c: a small constant folder over libclang's AST, for memory orders and branch
 * conditions that C computes rather than spells.
 *
 * A library with an order enum of its own maps it to C11 through a helper
 * (`to_c11(mo)`, a switch returning __ATOMIC_*), picks a fence by comparing the order
 * (`if (mo == MO_SEQ_CST) fence()`), and selects the instruction for an operand's size
 * with `switch (sizeof(*p))`. clang_Cursor_Evaluate folds none of these through a call or
 * a parameter, so this file does: integer and character literals, enum constants,
 * sizeof/alignof and const variables (through clang), casts and parentheses, unary,
 * binary, logical and conditional operators, parameters bound to constants (a callee
 * walked at a call site with constant arguments), and calls of functions whose body is in
 * the unit, executed over return, if, switch (with fall-through and break) and blocks.
 * Anything else (locals, loops, memory) is "not constant". When a value is not constant
 * because it reads an unbound parameter of the function being walked, the folder says
 * which one: the site's weight then "depends on argument N". Calls nest at most
 * FOLD_DEPTH deep, so recursion in the folded code cannot run away. */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

#define FOLD_DEPTH 8

struct folder {
	const struct sa_env *env;
	CXCursor fn;           /* whose unbound parameters are reported */
	int param;             /* the first such parameter met, or -1 */
	int depth;
};

static bool fold(struct folder *f, CXCursor c, long long *v);

/* All the children of a cursor (statements of a block). */
struct sa_cursors {
	CXCursor *v;
	int n, cap;
};

static enum CXChildVisitResult add_child(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct sa_cursors *k = data;
	*(CXCursor *)SA_PUSH(k->v, k->n, k->cap) = c;
	return CXChildVisit_Continue;
}

static void sa_children(CXCursor c, struct sa_cursors *k)
{
	memset(k, 0, sizeof *k);
	clang_visitChildren(c, add_child, k);
}

static void sa_cursors_free(struct sa_cursors *k)
{
	free(k->v);
}

/* The first four children of a cursor, and how many there are. */
struct few {
	CXCursor v[4];
	int n;
};

static enum CXChildVisitResult take(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct few *k = data;
	if (k->n < 4)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

static int children(CXCursor c, struct few *k)
{
	k->n = 0;
	clang_visitChildren(c, take, k);
	return k->n;
}

static bool evaluate(CXCursor c, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	if (!r)
		return false;
	bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
	if (ok)
		*v = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return ok;
}

static int param_index(CXCursor fn, CXCursor decl)
{
	if (clang_Cursor_isNull(fn))
		return -1;
	int n = clang_Cursor_getNumArguments(fn);
	for (int i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, (unsigned)i), decl))
			return i;
	return -1;
}

static bool decl_ref(struct folder *f, CXCursor c, long long *v)
{
	CXCursor d = clang_getCursorReferenced(c);
	switch (clang_getCursorKind(d)) {
	case CXCursor_EnumConstantDecl:
		*v = clang_getEnumConstantDeclValue(d);
		return true;
	case CXCursor_ParmDecl:
		for (int i = 0; f->env && i < f->env->n; i++)
			if (clang_equalCursors(f->env->b[i].param, d)) {
				*v = f->env->b[i].value;
				return true;
			}
		if (f->param < 0 && f->depth == 0)
			f->param = param_index(f->fn, d);
		return false;
	case CXCursor_VarDecl:
		return clang_isConstQualifiedType(clang_getCursorType(d)) && evaluate(c, v);
	default:
		return false;
	}
}

static bool unary(struct folder *f, CXCursor c, long long *v)
{
	struct few k;
	if (children(c, &k) != 1 || !fold(f, k.v[0], v))
		return false;
	switch (clang_getCursorUnaryOperatorKind(c)) {
	case CXUnaryOperator_Plus: return true;
	case CXUnaryOperator_Minus: *v = -*v; return true;
	case CXUnaryOperator_Not: *v = ~*v; return true;
	case CXUnaryOperator_LNot: *v = !*v; return true;
	default: return false;
	}
}

static bool binary(struct folder *f, CXCursor c, long long *v)
{
	struct few k;
	if (children(c, &k) != 2)
		return false;
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	long long a, b;
	if (!fold(f, k.v[0], &a))
		return false;
	if (op == CXBinaryOperator_LAnd && !a) {
		*v = 0;
		return true;
	}
	if (op == CXBinaryOperator_LOr && a) {
		*v = 1;
		return true;
	}
	if (!fold(f, k.v[1], &b))
		return false;
	switch (op) {
	case CXBinaryOperator_Mul: *v = a * b; return true;
	case CXBinaryOperator_Div: if (!b) return false; *v = a / b; return true;
	case CXBinaryOperator_Rem: if (!b) return false; *v = a % b; return true;
	case CXBinaryOperator_Add: *v = a + b; return true;
	case CXBinaryOperator_Sub: *v = a - b; return true;
	case CXBinaryOperator_Shl: if (b < 0 || b > 62) return false; *v = a << b; return true;
	case CXBinaryOperator_Shr: if (b < 0 || b > 62) return false; *v = a >> b; return true;
	case CXBinaryOperator_LT: *v = a < b; return true;
	case CXBinaryOperator_GT: *v = a > b; return true;
	case CXBinaryOperator_LE: *v = a <= b; return true;
	case CXBinaryOperator_GE: *v = a >= b; return true;
	case CXBinaryOperator_EQ: *v = a == b; return true;
	case CXBinaryOperator_NE: *v = a != b; return true;
	case CXBinaryOperator_And: *v = a & b; return true;
	case CXBinaryOperator_Xor: *v = a ^ b; return true;
	case CXBinaryOperator_Or: *v = a | b; return true;
	case CXBinaryOperator_LAnd: *v = b != 0; return true;
	case CXBinaryOperator_LOr: *v = b != 0; return true;
	case CXBinaryOperator_Comma: *v = b; return true;
	default: return false;
	}
}

/* ---- executing a callee's body --------------------------------------------------------- */

enum flow { FLOW_NEXT, FLOW_RETURN, FLOW_BREAK, FLOW_UNKNOWN };

static enum flow exec(struct folder *f, CXCursor s, long long *ret);

/* Does a case label (or a chain of them, `case 1: case 2:`) match value? Returns the
 * statement under the labels in *body. */
static bool case_matches(struct folder *f, CXCursor c, long long value, CXCursor *body, bool *known)
{
	bool hit = false;
	for (int i = 0; i < 16 && clang_getCursorKind(c) == CXCursor_CaseStmt; i++) {
		struct few k;
		int n = children(c, &k);
		long long label;
		if (n < 2 || n > 3) {
			*known = false;
			break;
		}
		if (!fold(f, k.v[0], &label))
			*known = false;
		else if (label == value)
			hit = true;
		c = k.v[n - 1];
	}
	*body = c;
	return hit;
}

static enum flow exec_switch(struct folder *f, CXCursor s, long long *ret)
{
	struct few k;
	long long value;
	if (children(s, &k) != 2 || !fold(f, k.v[0], &value) ||
	    clang_getCursorKind(k.v[1]) != CXCursor_CompoundStmt)
		return FLOW_UNKNOWN;
	struct sa_cursors body;
	sa_children(k.v[1], &body);
	enum flow result = FLOW_NEXT;
	int start = -1, fallback = -1;
	bool known = true;
	for (int i = 0; i < body.n && start < 0; i++) {
		CXCursor under;
		enum CXCursorKind kind = clang_getCursorKind(body.v[i]);
		if (kind == CXCursor_CaseStmt && case_matches(f, body.v[i], value, &under, &known))
			start = i;
		else if (kind == CXCursor_DefaultStmt)
			fallback = i;
	}
	if (!known && start < 0)
		result = FLOW_UNKNOWN;   /* a label that does not fold might have matched */
	if (start < 0)
		start = fallback;
	for (int i = start; result == FLOW_NEXT && i >= 0 && i < body.n; i++) {
		CXCursor stmt = body.v[i];
		if (clang_getCursorKind(stmt) == CXCursor_CaseStmt)
			case_matches(f, stmt, value, &stmt, &known);
		else if (clang_getCursorKind(stmt) == CXCursor_DefaultStmt) {
			struct few d;
			if (children(stmt, &d) != 1)
				result = FLOW_UNKNOWN;
			stmt = d.v[0];
		}
		if (result != FLOW_NEXT)
			break;
		enum flow r = exec(f, stmt, ret);
		if (r == FLOW_BREAK)
			break;
		result = r;
	}
	sa_cursors_free(&body);
	return result;
}

static enum flow exec(struct folder *f, CXCursor s, long long *ret)
{
	switch (clang_getCursorKind(s)) {
	case CXCursor_CompoundStmt: {
		struct sa_cursors k;
		sa_children(s, &k);
		enum flow r = FLOW_NEXT;
		for (int i = 0; i < k.n && r == FLOW_NEXT; i++)
			r = exec(f, k.v[i], ret);
		sa_cursors_free(&k);
		return r;
	}
	case CXCursor_ReturnStmt: {
		struct few k;
		return children(s, &k) == 1 && fold(f, k.v[0], ret) ? FLOW_RETURN : FLOW_UNKNOWN;
	}
	case CXCursor_IfStmt: {
		struct few k;
		long long cond;
		int n = children(s, &k);
		if (n < 2 || n > 3 || !fold(f, k.v[0], &cond))
			return FLOW_UNKNOWN;
		if (cond)
			return exec(f, k.v[1], ret);
		return n == 3 ? exec(f, k.v[2], ret) : FLOW_NEXT;
	}
	case CXCursor_SwitchStmt:
		return exec_switch(f, s, ret);
	case CXCursor_BreakStmt:
		return FLOW_BREAK;
	case CXCursor_NullStmt:
		return FLOW_NEXT;
	default:
		return FLOW_UNKNOWN;
	}
}

static bool call(struct folder *f, CXCursor c, long long *v)
{
	if (f->depth >= FOLD_DEPTH)
		return false;
	CXCursor callee = clang_getCursorReferenced(c);
	CXCursor def = clang_Cursor_isNull(callee) ? callee : clang_getCursorDefinition(callee);
	if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl)
		return false;
	int nargs = clang_Cursor_getNumArguments(c);
	if (nargs < 0 || nargs > 16 || nargs != clang_Cursor_getNumArguments(def))
		return false;
	struct sa_binding b[16];
	int nb = 0;
	for (int i = 0; i < nargs; i++) {
		long long a;
		if (fold(f, clang_Cursor_getArgument(c, (unsigned)i), &a))
			b[nb++] = (struct sa_binding){ clang_Cursor_getArgument(def, (unsigned)i), a };
	}
	struct sa_env env = { b, nb };
	struct folder inner = { &env, def, -1, f->depth + 1 };
	struct sa_cursors k;
	sa_children(def, &k);
	bool ok = false;
	for (int i = 0; i < k.n; i++)
		if (clang_getCursorKind(k.v[i]) == CXCursor_CompoundStmt)
			ok = exec(&inner, k.v[i], v) == FLOW_RETURN;
	sa_cursors_free(&k);
	return ok;
}

static bool fold(struct folder *f, CXCursor c, long long *v)
{
	switch (clang_getCursorKind(c)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_UnaryExpr:          /* sizeof, alignof */
		return evaluate(c, v);
	case CXCursor_DeclRefExpr:
		return decl_ref(f, c, v);
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:      /* implicit casts (one child; more is an AtomicExpr) */
	case CXCursor_CStyleCastExpr: {   /* the operand is the last child, after a type */
		struct few k;
		int n = children(c, &k);
		if (n < 1 || n > 2 || (n == 2 && clang_getCursorKind(c) != CXCursor_CStyleCastExpr))
			return false;
		if (!fold(f, k.v[n - 1], v))
			return false;
		if (clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Bool)
			*v = *v != 0;
		return true;
	}
	case CXCursor_UnaryOperator:
		return unary(f, c, v);
	case CXCursor_BinaryOperator:
		return binary(f, c, v);
	case CXCursor_ConditionalOperator: {
		struct few k;
		long long cond;
		if (children(c, &k) != 3 || !fold(f, k.v[0], &cond))
			return false;
		return fold(f, k.v[cond ? 1 : 2], v);
	}
	case CXCursor_CallExpr:
		return call(f, c, v);
	default:
		return false;
	}
}

bool sa_fold(CXCursor expr, const struct sa_env *env, CXCursor fn, long long *value, int *param)
{
	struct folder f = { env, fn, -1, 0 };
	bool ok = !clang_Cursor_isNull(expr) && fold(&f, expr, value);
	if (param)
		*param = ok ? -1 : f.param;
	return ok;
}
