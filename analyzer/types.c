/* types.c: the C type of a parameter or a result, described for a harness generator.
 *
 * `snc audit` writes C code that calls a library's functions, so it needs more than the
 * spelled signature: whether a parameter is an integer (and how wide), a bool, an enum, a
 * pointer and to what, through how many levels, whether the pointee is const, complete,
 * or a struct ending in a flexible array member, and, for a GNU transparent union (urcu's
 * cds_wfs_stack_ptr_t), which pointer types it accepts. Everything is read from libclang's
 * canonical types, so typedefs (ck_stack_t) resolve to what they name (struct ck_stack).
 *
 * A type is named for C code by its canonical spelling without qualifiers, except an
 * anonymous record, whose canonical spelling ("struct (unnamed at x.h:3:9)") is not C:
 * it is named by the typedef the declaration used. Array parameters (`int c[4]`, which C
 * passes as a pointer) are SA_TYPE_OTHER: a generator cannot know how many elements the
 * function reads. */
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

static bool anonymous(const char *spelling)
{
	return strstr(spelling, "(unnamed") || strstr(spelling, "(anonymous");
}

/* How C code names t (canonical unless anonymous, then as spelled), without qualifiers. */
static char *c_name(CXType t)
{
	CXType canon = clang_getCanonicalType(t);
	CXType plain = clang_getUnqualifiedType(canon);
	char *name = sa_cx(clang_getTypeSpelling(plain));
	if (!anonymous(name))
		return name;
	free(name);
	name = sa_cx(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
	return name;
}

static enum sa_type_class class_of(CXType canon)
{
	switch (canon.kind) {
	case CXType_Void: return SA_TYPE_VOID;
	case CXType_Bool: return SA_TYPE_BOOL;
	case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt:
	case CXType_ULong: case CXType_ULongLong: case CXType_UInt128:
	case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong: case CXType_Int128: case CXType_WChar:
	case CXType_Char16: case CXType_Char32:
		return SA_TYPE_INTEGER;
	case CXType_Enum: return SA_TYPE_ENUM;
	case CXType_Float: case CXType_Double: case CXType_LongDouble: return SA_TYPE_FLOAT;
	case CXType_Pointer: return SA_TYPE_POINTER;
	case CXType_Record: return SA_TYPE_RECORD;
	case CXType_FunctionProto: case CXType_FunctionNoProto: return SA_TYPE_FUNCTION;
	default: return SA_TYPE_OTHER;
	}
}

static bool is_signed(CXType canon)
{
	switch (canon.kind) {
	case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong: case CXType_Int128: case CXType_WChar:
		return true;
	case CXType_Enum:
		return is_signed(clang_getCanonicalType(clang_getEnumDeclIntegerType(
			clang_getTypeDeclaration(canon))));
	default:
		return false;
	}
}

static int size_of(CXType t)
{
	long long n = clang_Type_getSizeOf(t);
	return n < 0 || n > (1LL << 30) ? -1 : (int)n;
}

struct field_scan {
	bool last_is_flexible;
	CXType *types;       /* for transparent unions: every member's type */
	int n, cap;
};

static enum CXVisitorResult field(CXCursor c, CXClientData data)
{
	struct field_scan *fs = data;
	CXType t = clang_getCursorType(c);
	fs->last_is_flexible = clang_getCanonicalType(t).kind == CXType_IncompleteArray;
	CXType *slot = SA_PUSH(fs->types, fs->n, fs->cap);
	*slot = t;
	return CXVisit_Continue;
}

/* The fields of a struct that are writable function pointers. */
struct callback_scan {
	CXTranslationUnit tu;
	struct sa_type *out;
	int cap;
};

static enum CXVisitorResult callback_field(CXCursor c, CXClientData data)
{
	struct callback_scan *cs = data;
	CXType t = clang_getCursorType(c);
	CXType canon = clang_getCanonicalType(t);
	if (canon.kind != CXType_Pointer || clang_isConstQualifiedType(canon) ||
	    clang_getCanonicalType(clang_getPointeeType(canon)).kind != CXType_FunctionProto)
		return CXVisit_Continue;
	struct sa_param *f = SA_PUSH(cs->out->pointee_callbacks, cs->out->npointee_callbacks, cs->cap);
	f->name = sa_cx(clang_getCursorSpelling(c));
	sa_type_of(cs->tu, t, &f->type);
	return CXVisit_Continue;
}

/* The fields of a struct returned by value, when each is an integer, an enum or a bool
 * and there are at most SA_RECORD_FIELDS; otherwise none are kept. */
struct record_scan {
	CXTranslationUnit tu;
	struct sa_type *out;
	int cap;
	bool unfit;
};

static enum CXVisitorResult record_field(CXCursor c, CXClientData data)
{
	struct record_scan *rs = data;
	CXType t = clang_getCursorType(c);
	enum sa_type_class cls = class_of(clang_getCanonicalType(t));
	if ((cls != SA_TYPE_INTEGER && cls != SA_TYPE_ENUM && cls != SA_TYPE_BOOL) ||
	    clang_Cursor_isBitField(c) || rs->out->nrecord_fields == SA_RECORD_FIELDS) {
		rs->unfit = true;
		return CXVisit_Break;
	}
	struct sa_param *f = SA_PUSH(rs->out->record_fields, rs->out->nrecord_fields, rs->cap);
	f->name = sa_cx(clang_getCursorSpelling(c));
	sa_type_of(rs->tu, t, &f->type);
	return CXVisit_Continue;
}

static void clear_fields(struct sa_param *fields, int n)
{
	for (int i = 0; i < n; i++) {
		free(fields[i].name);
		sa_type_clear(&fields[i].type);
	}
	free(fields);
}

/* What the bytes of a canonical type hold, through its fields and array elements: only
 * scalars (no pointer), and whether some bytes are no value's (padding, and a bit-field's
 * unused bits: the fields' sizes then add up to more than the struct's; a long double's). */
struct layout {
	bool scalars, padded;
};

static void layout_of(CXType t, int depth, struct layout *l);

struct layout_scan {
	int depth;
	struct layout *l;
	long long sum;     /* of the fields' sizes */
};

static enum CXVisitorResult layout_field(CXCursor c, CXClientData data)
{
	struct layout_scan *scan = data;
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	layout_of(t, scan->depth + 1, scan->l);
	scan->sum += clang_Type_getSizeOf(t);
	return scan->l->scalars ? CXVisit_Continue : CXVisit_Break;
}

static void layout_of(CXType t, int depth, struct layout *l)
{
	if (depth > 8) {
		l->scalars = false;
		return;
	}
	switch (t.kind) {
	case CXType_Record: {
		struct layout_scan scan = { depth, l, 0 };
		clang_Type_visitFields(t, layout_field, &scan);
		l->padded |= scan.sum == 0 || scan.sum != clang_Type_getSizeOf(t);
		return;
	}
	case CXType_ConstantArray:
		layout_of(clang_getCanonicalType(clang_getElementType(t)), depth + 1, l);
		return;
	case CXType_LongDouble:
		l->padded = true;
		return;
	default:
		l->scalars &= class_of(t) != SA_TYPE_POINTER && class_of(t) != SA_TYPE_OTHER &&
			      class_of(t) != SA_TYPE_FUNCTION;
	}
}

static struct layout layout(CXType canon)
{
	struct layout l = { true, false };
	layout_of(canon, 0, &l);
	return l;
}

/* Does the declaration of a union carry __attribute__((transparent_union))? libclang
 * shows the attribute as an unexposed attribute child: its tokens say which. */
struct attr_ctx {
	CXTranslationUnit tu;
	bool found;
};

static enum CXChildVisitResult attribute(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct attr_ctx *a = data;
	if (!clang_isAttribute(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	CXToken *tokens = NULL;
	unsigned n = 0;
	clang_tokenize(a->tu, clang_getCursorExtent(c), &tokens, &n);
	for (unsigned i = 0; i < n && !a->found; i++) {
		char *s = sa_cx(clang_getTokenSpelling(a->tu, tokens[i]));
		a->found = strstr(s, "transparent_union") != NULL;
		free(s);
	}
	if (tokens)
		clang_disposeTokens(a->tu, tokens, n);
	return a->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool transparent(CXTranslationUnit tu, CXCursor decl)
{
	if (clang_getCursorKind(decl) != CXCursor_UnionDecl)
		return false;
	struct attr_ctx a = { tu, false };
	clang_visitChildren(decl, attribute, &a);
	return a.found;
}

static enum CXChildVisitResult enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	struct sa_type *out = data;
	if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
		return CXChildVisit_Continue;
	long long v = clang_getEnumConstantDeclValue(c);
	for (int i = 0; i < out->nenum_values; i++)
		if (out->enum_values[i] == v)
			return CXChildVisit_Continue;
	CXString name = clang_getCursorSpelling(c);
	const char *text = clang_getCString(name);
	if (text && strlen(text) < sizeof out->enum_names[0])
		strcpy(out->enum_names[out->nenum_values], text);
	clang_disposeString(name);
	out->enum_values[out->nenum_values++] = v;
	return out->nenum_values == SA_ENUM_VALUES ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The result and parameters of the function type fn that out points to. A parameter
 * that is itself a function pointer is described the same way: C types are finite. */
static _Thread_local int describing;   /* functions being described (a callback field's
					  parameter may point back to its struct) */

static void describe_function(CXTranslationUnit tu, CXType fn, struct sa_type *out)
{
	describing++;
	out->fn_result = sa_alloc(sizeof *out->fn_result);
	sa_type_of(tu, clang_getResultType(fn), out->fn_result);
	out->fn_variadic = fn.kind != CXType_FunctionProto || clang_isFunctionTypeVariadic(fn);
	int n = fn.kind == CXType_FunctionProto ? clang_getNumArgTypes(fn) : 0;
	if (n > 0)
		out->fn_params = sa_alloc((size_t)n * sizeof *out->fn_params);
	for (int i = 0; i < n; i++)
		sa_type_of(tu, clang_getArgType(fn, (unsigned)i), &out->fn_params[out->fn_nparams++]);
	describing--;
}

/* A parameter declared as a function (liburcu's cds_lfq_init_rcu(q, void
 * queue_call_rcu(struct rcu_head *, void (*)(struct rcu_head *)))) is a pointer to one, as
 * C adjusts it; libclang gives the declared function type (no value can have it: a field
 * or a result cannot), so out describes the pointer, spelled "R (*)(PARAMS)", or
 * "NAME *" for a typedef of a function type (libzmq's zmq_timers_add(timers, interval,
 * zmq_timer_fn handler, arg): skipped before, "a type the generator cannot make values of"). */
static void decayed_function(CXTranslationUnit tu, CXType fn, struct sa_type *out)
{
	char *result = sa_cx(clang_getTypeSpelling(clang_getResultType(clang_getCanonicalType(fn))));
	size_t n = strlen(result);
	if (strncmp(out->spelling, result, n) == 0 && strncmp(out->spelling + n, " (", 2) == 0) {
		char *pointer = sa_printf("%s (*)%s", result, out->spelling + n + 1);
		free(out->spelling);
		out->spelling = pointer;
	} else if (!strchr(out->spelling, '(')) {
		char *pointer = sa_printf("%s *", out->spelling);
		free(out->spelling);
		out->spelling = pointer;
	} else {
		out->cls = SA_TYPE_OTHER;   /* a result spelled around its name: not rebuilt */
		free(result);
		return;
	}
	free(result);
	out->cls = SA_TYPE_POINTER;
	out->size = (int)sizeof(void (*)(void));
	out->pointee = c_name(fn);
	out->pointee_size = -1;
	out->levels = 1;
	out->target_cls = SA_TYPE_FUNCTION;
	out->target = c_name(fn);
	describe_function(tu, clang_getCanonicalType(fn), out);
}

static void describe_pointee(CXTranslationUnit tu, CXType pointee, CXType declared_pointee,
			     struct sa_type *out);

void sa_type_of(CXTranslationUnit tu, CXType t, struct sa_type *out)
{
	memset(out, 0, sizeof *out);
	out->spelling = sa_cx(clang_getTypeSpelling(t));
	CXType canon = clang_getCanonicalType(t);
	out->cls = class_of(canon);
	if (out->cls == SA_TYPE_FUNCTION) {
		decayed_function(tu, t, out);
		return;
	}
	out->size = size_of(canon);
	out->is_signed = is_signed(canon);
	out->pointee_size = -1;
	if (strchr(out->spelling, '[')) {
		out->cls = SA_TYPE_OTHER;      /* an array parameter: its length is unknown */
		return;
	}
	if (out->cls == SA_TYPE_ENUM) {
		clang_visitChildren(clang_getTypeDeclaration(canon), enumerator, out);
		return;
	}
	if (out->cls == SA_TYPE_RECORD) {
		CXCursor decl = clang_getTypeDeclaration(canon);
		if (!transparent(tu, decl)) {
			struct layout l = layout(canon);
			out->plain_record = out->size > 0 && l.scalars && !l.padded;
			if (out->plain_record) {
				struct record_scan rs = { tu, out, 0, false };
				clang_Type_visitFields(canon, record_field, &rs);
				if (rs.unfit) {
					clear_fields(out->record_fields, out->nrecord_fields);
					out->record_fields = NULL;
					out->nrecord_fields = 0;
				}
			}
			return;
		}
		struct field_scan fs = { 0 };
		clang_Type_visitFields(canon, field, &fs);
		out->cls = SA_TYPE_TRANSPARENT_UNION;
		out->members = sa_alloc((size_t)(fs.n + 1) * sizeof *out->members);
		for (int i = 0; i < fs.n; i++)
			sa_type_of(tu, fs.types[i], &out->members[out->nmembers++]);
		free(fs.types);
		return;
	}
	if (out->cls != SA_TYPE_POINTER)
		return;
	CXType pointee = clang_getPointeeType(canon);
	CXType declared_pointee = clang_getPointeeType(t);
	if (declared_pointee.kind == CXType_Invalid)
		declared_pointee = pointee;
	describe_pointee(tu, pointee, declared_pointee, out);
}

/* A parameter declared as an array of one element (GMP's gmp_randstate_t and mpz_t, a
 * one-element array of their struct: the idiom for an object passed by reference) is a
 * pointer to that element, as C adjusts it, and the element is the whole object. A longer
 * array (uuid_t, 16 bytes) stays an array: a pointer to its first element would make a
 * one-element object of it. So does va_list, an array of __va_list_tag on x86-64, of which
 * no value can be made. */
void sa_param_type_of(CXTranslationUnit tu, CXType t, struct sa_type *out)
{
	CXType canon = clang_getCanonicalType(t);
	CXType element = canon.kind == CXType_ConstantArray && clang_getArraySize(canon) == 1 ?
			 clang_getElementType(canon) : (CXType){ .kind = CXType_Invalid };
	char *name = element.kind == CXType_Invalid ? NULL : c_name(element);
	if (!name || strstr(name, "__va_list_tag")) {
		free(name);
		sa_type_of(tu, t, out);
		return;
	}
	free(name);
	memset(out, 0, sizeof *out);
	char *spelled = sa_cx(clang_getTypeSpelling(element));
	out->spelling = sa_printf("%s *", spelled);
	free(spelled);
	out->cls = SA_TYPE_POINTER;
	out->size = (int)sizeof(void *);
	describe_pointee(tu, element, element, out);
}

/* The pointer type out describes points to pointee (canonical), declared as
 * declared_pointee: its name, size, constness, what a record holds, and how many levels
 * of pointers lead to what. */
static void describe_pointee(CXTranslationUnit tu, CXType pointee, CXType declared_pointee,
			     struct sa_type *out)
{
	out->pointee = c_name(declared_pointee);
	out->pointee_const = clang_isConstQualifiedType(pointee) != 0;
	out->pointee_size = size_of(pointee);
	if (out->pointee_size >= 0 && clang_getCanonicalType(pointee).kind == CXType_Record) {
		struct field_scan fs = { 0 };
		clang_Type_visitFields(clang_getCanonicalType(pointee), field, &fs);
		out->pointee_flexible = fs.last_is_flexible;
		struct layout l = layout(clang_getCanonicalType(pointee));
		out->pointee_scalars = !fs.last_is_flexible && l.scalars;
		free(fs.types);
		if (out->pointee_scalars && !l.padded) {   /* a snapshot it fills: its fields */
			struct record_scan rs = { tu, out, 0, false };
			clang_Type_visitFields(clang_getCanonicalType(pointee), record_field, &rs);
			if (rs.unfit) {
				clear_fields(out->record_fields, out->nrecord_fields);
				out->record_fields = NULL;
				out->nrecord_fields = 0;
			}
		}
		if (describing == 0) {
			struct callback_scan cs = { tu, out, 0 };
			clang_Type_visitFields(clang_getCanonicalType(pointee), callback_field, &cs);
		}
	}
	CXType last = declared_pointee;
	out->levels = 1;
	while (clang_getCanonicalType(last).kind == CXType_Pointer && out->levels < 8) {
		CXType next = clang_getPointeeType(last);
		if (next.kind == CXType_Invalid)
			next = clang_getPointeeType(clang_getCanonicalType(last));
		last = next;
		out->levels++;
	}
	out->target_cls = class_of(clang_getCanonicalType(last));
	out->target = c_name(last);
	if (out->levels == 1 && out->target_cls == SA_TYPE_FUNCTION)
		describe_function(tu, clang_getCanonicalType(last), out);
}

void sa_type_clear(struct sa_type *t)
{
	free(t->spelling);
	free(t->pointee);
	free(t->target);
	for (int i = 0; i < t->nmembers; i++)
		sa_type_clear(&t->members[i]);
	free(t->members);
	if (t->fn_result) {
		sa_type_clear(t->fn_result);
		free(t->fn_result);
	}
	for (int i = 0; i < t->fn_nparams; i++)
		sa_type_clear(&t->fn_params[i]);
	free(t->fn_params);
	clear_fields(t->pointee_callbacks, t->npointee_callbacks);
	clear_fields(t->record_fields, t->nrecord_fields);
	memset(t, 0, sizeof *t);
}
