/* audit_emit.c: a family's harness as C text, written against the public <snc.h> so that a
 * user can keep it (--emit-harness) and start from it.
 *
 * Layout of a generated harness, top to bottom: a comment that says where it comes from,
 * how its initial state is built and what each kind of argument is given; the object
 * (`obj` points to it); the pools of fresh and shared objects and the token cells; the
 * helpers that name those objects in results (only when some result is a pointer or
 * packs out-parameters); setup() and digest(); one small wrapper per operation, each under
 * the declaration of the function it calls; describe(); SNC_HARNESS.
 *
 * The digest hashes every byte the harness owns (the object, the pools and how many of
 * each pool were handed out, the tokens); memory a constructor allocates is hashed only
 * as far as the object's own bytes. Results that observe out-parameters are packed into
 * one number of four 16-bit fields (small values; pointers as the named object they point
 * to) so that snc compares them as one result, and describe() prints them back
 * ("true, *r = entry#2"). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "snc_audit.h"

#define POOL 64            /* objects per pool: a state, two calls, or the measurement's
				      first and 16 loop calls of one instance, per thread */
#define ROOM 256           /* bytes after a flexible array member */

static const char *const words_taken[] = {
	"obj", "object", "storage", "token", "unwritten", "named", "result", "digest", "setup",
	"describe", "h", NULL,
};

/* Is the object what a constructor returns (obj = x_new(...))? */
static bool makes_object(const struct audit_family *fam)
{
	return fam->start == START_CONSTRUCTOR && fam->starter_out < 0 && !fam->globals;
}

/* A parameter's name as a local variable of the wrapper: its own, unless unnamed or taken. */
static void local_name(const struct audit_family *fam, const struct audit_arg *a, int index,
		       char *buf, size_t len)
{
	const char *n = a->param->name;
	if (!n[0]) {
		snprintf(buf, len, "arg%d", index + 1);
		return;
	}
	bool taken = false;
	for (int i = 0; words_taken[i] && !taken; i++)
		taken = strcmp(words_taken[i], n) == 0;
	for (int i = 0; i < fam->npools && !taken; i++)
		taken = strcmp(fam->pools[i].name, n) == 0;
	snprintf(buf, len, "%s%s", n, taken ? "_" : "");
}

bool audit_include_spellable(const char *header)
{
	for (const unsigned char *p = (const unsigned char *)header; *p; p++)
		if (*p == '"' || *p == '\\' || *p == '>' || *p < ' ' || *p == 0x7f)
			return false;
	return true;
}

/* The include folders of the audit's flags, in their order (audit_include_folders). */
static char **include_dirs;
static int ninclude_dirs;

void audit_include_folders(char *const *cflags, int ncflags)
{
	for (int i = 0; i < ncflags; i++) {
		const char *dir = audit_include_folder(cflags, ncflags, i);
		char real[PATH_MAX], **grown;
		if (!dir || !realpath(dir, real) ||
		    !(grown = realloc(include_dirs, (size_t)(ninclude_dirs + 1) * sizeof *grown)))
			continue;
		include_dirs = grown;
		if ((include_dirs[ninclude_dirs] = strdup(real)))
			ninclude_dirs++;
	}
}

/* Does the header include the next header of its name (#include_next: libbsd's overlay
 * <stdlib.h>, found before the system's)? */
static bool includes_next(const char *header)
{
	FILE *f = fopen(header, "r");
	char line[1024];
	bool next = false;
	while (f && !next && fgets(line, sizeof line, f)) {
		const char *p = line + strspn(line, " \t");
		next = *p == '#' && strncmp(p + 1 + strspn(p + 1, " \t"), "include_next", 12) == 0;
	}
	if (f)
		fclose(f);
	return next;
}

/* The header's name under the first include folder that holds it, or NULL. */
static const char *under_include_folder(const char *header)
{
	for (int i = 0; i < ninclude_dirs; i++) {
		size_t n = strlen(include_dirs[i]);
		if (strncmp(header, include_dirs[i], n) == 0 && header[n] == '/')
			return header + n + 1;
	}
	return NULL;
}

char *audit_include_of(const char *given)
{
	char real[PATH_MAX];   /* the generated files live elsewhere: "./include/hq.h" is not there */
	const char *header = given[0] != '/' && realpath(given, real) ? real : given;
	char *out = malloc(strlen(header) + 4);
	/* an overlay is included as its include folder names it: its #include_next then finds
	 * the header it stands before (by its path, or under /usr/include, there was none) */
	const char *system = under_include_folder(header);
	if (system && !includes_next(header))   /* read only a header such a folder holds */
		system = NULL;
	if (!system)
		system = audit_in_compiler_folder(header);
	if (system)
		sprintf(out, "<%s>", system);
	else
		sprintf(out, "\"%s\"", header);
	return out;
}

/* ---- what the harness needs ------------------------------------------------------------ */

static bool needs_naming(const struct audit_family *fam)
{
	for (int i = 0; i < fam->nops; i++)
		if (fam->ops[i].packed || fam->ops[i].fn->result.cls == SA_TYPE_POINTER ||
		    fam->ops[i].fn->result.cls == SA_TYPE_RECORD)   /* bytes_code, describe */
			return true;
	return false;
}

static bool owns_object(const struct audit_family *fam)
{
	return !fam->globals && fam->start != START_CONSTRUCTOR;
}

/* The C type of an out-parameter's slot. */
static const char *slot_type(const struct sa_type *t)
{
	return t->target_cls == SA_TYPE_VOID && t->levels == 1 ? "void *" : t->pointee;
}

static enum audit_field field_of_type(const struct sa_type *t)
{
	if (t->cls == SA_TYPE_POINTER)
		return FIELD_POINTER;
	if (t->cls == SA_TYPE_BOOL)
		return FIELD_BOOL;
	return t->is_signed ? FIELD_INT : FIELD_UINT;
}

/* The field kind of an observed argument: what its slot holds. */
static enum audit_field field_of_arg(const struct audit_arg *a)
{
	const struct sa_type *t = &a->param->type;
	if (a->role == ROLE_TOKEN)
		return FIELD_TOKEN;
	if (t->levels >= 2 || t->target_cls == SA_TYPE_VOID)
		return FIELD_POINTER;
	if (t->target_cls == SA_TYPE_BOOL)
		return FIELD_BOOL;
	if (a->string || a->record)
		return FIELD_UINT;
	return t->is_signed || t->target_cls == SA_TYPE_ENUM ? FIELD_INT : FIELD_UINT;
}

/* ---- sections -------------------------------------------------------------------------- */

/* Text inside the generated file's comment: a path or a config line holding a comment's
 * end or a newline must not end the comment early. */
static void comment_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (s[0] == '*' && s[1] == '/')
			fputs("*\\/", out);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', out);
		else
			fputc(*s, out);
		s += s[0] == '*' && s[1] == '/';
	}
}

/* Does an argument of the family's starter or operations satisfy is? */
static bool any_arg(const struct audit_family *fam, bool (*is)(const struct audit_arg *))
{
	for (int i = 0; i < fam->nstart_args; i++)
		if (is(&fam->start_args[i]))
			return true;
	for (int k = 0; k < fam->nops; k++)
		for (int i = 0; i < fam->ops[k].nargs; i++)
			if (is(&fam->ops[k].args[i]))
				return true;
	return false;
}

static bool is_stream(const struct audit_arg *a)
{
	return a->stream;
}

static bool is_another(const struct audit_arg *a)
{
	return a->role == ROLE_ANOTHER;
}

static void emit_header(FILE *out, const struct audit_family *fam, char *const *includes,
			int nincludes, const char *command)
{
	fprintf(out, "/* %s.c: a harness `snc audit` generated for the family `", fam->name);
	comment_text(out, fam->key);
	fputs("` of\n * ", out);
	comment_text(out, fam->header);
	fputs(".\n * It is ordinary C against <snc.h>: edit it and run it again with\n *\n *     ", out);
	comment_text(out, command);
	fputs("\n *\n * Initial state: ", out);
	comment_text(out, fam->initial);
	fputs(".\n", out);
	for (int i = 0; i < fam->npools; i++)
		if (fam->pools[i].init)
			fprintf(out, " * %s *: one object every call shares, %s() in setup().\n",
				fam->pools[i].type, fam->pools[i].init->name);
		else
			fprintf(out, " * %s *: %s.\n", fam->pools[i].type, fam->pools[i].shared ?
				"one zeroed array every call shares" :
				"a zeroed object from a pool, never one handed out before");
	if (fam->tokens)
		fprintf(out, " * void *: token#0..token#%d, the addresses of cells a function may also "
			"write\n * through (what it writes is part of its result).\n", fam->tokens - 1);
	fprintf(out, " * Integers take 0..N-1 (--domain), bool both values. docs/audit.md explains "
		     "every choice. */\n");
	fprintf(out, "#include <snc.h>\n#include <stdint.h>\n#include <stdio.h>\n#include <stdlib.h>\n");
	if (fam->nderived)
		fprintf(out, "#include <setjmp.h>\n#include <signal.h>\n");
	for (int i = 0; i < nincludes; i++)
		fprintf(out, "#include %s\n", includes[i]);
	fputc('\n', out);
	if (any_arg(fam, is_stream))
		fprintf(out, "/* FILE *: a stream on /dev/null (what is written goes nowhere, a read "
			     "finds the end). */\nstatic FILE *snc_stream(void)\n{\n\tstatic FILE *stream;\n"
			     "\tif (!stream)\n\t\tstream = fopen(\"/dev/null\", \"r+\");\n\treturn stream;\n}\n\n");
	for (int i = 0; i < fam->npools; i++)
		if (!fam->pools[i].shared) {   /* fresh_X(): which thread asks */
			fprintf(out, "#include <sys/syscall.h>\n#include <unistd.h>\n\n");
			break;
		}
}

static void emit_storage(FILE *out, const struct audit_family *fam)
{
	for (int i = 0; i < fam->ncontexts; i++)
		fprintf(out, "static %s%s%s;   /* made by %s() in setup(), passed to every call */\n\n",
			fam->contexts[i]->type,
			fam->contexts[i]->type[strlen(fam->contexts[i]->type) - 1] == '*' ? "" : " ",
			fam->contexts[i]->var, fam->contexts[i]->maker->name);
	if (fam->npools || fam->tokens)
		fprintf(out, "#define POOL %d\n", POOL);
	bool room = fam->flexible;
	for (int i = 0; i < fam->npools; i++)
		room |= fam->pools[i].flexible;
	if (room)
		fprintf(out, "#define ROOM %d          /* bytes for a flexible array member */\n", ROOM);
	if (fam->npools || fam->tokens || room)
		fputc('\n', out);
	if (fam->globals)
		;
	else if (fam->start == START_CONSTRUCTOR)
		fprintf(out, "static %s *obj;                  /* what %s %s */\n\n"
			     "/* When the library frees the object (its last reference put), it is kept:\n"
			     " * a call after that is refused (a precondition: the object must be alive)\n"
			     " * instead of reading freed memory. Weak: a library that defines free()\n"
			     " * itself (an allocator overriding malloc, mimalloc) keeps its own, and\n"
			     " * then no free is seen. */\n"
			     "#include <dlfcn.h>\n#ifndef RTLD_NEXT\n"
			     "#define RTLD_NEXT ((void *)-1l)   /* glibc's, without _GNU_SOURCE */\n#endif\n\n"
			     "static int obj_freed;\nstatic void (*next_free)(void *);   /* the C library's, or "
			     "a sanitizer's */\n\n"
			     "__attribute__((constructor)) static void find_next_free(void)\n{\n"
			     "\tnext_free = (void (*)(void *))dlsym(RTLD_NEXT, \"free\");\n}\n\n"
			     "__attribute__((weak)) void free(void *p)\n{\n\tif (p && p == (void *)obj) {\n\t\tobj_freed = 1;\n"
			     "\t\treturn;\n\t}\n\tif (next_free)   /* else freed before it was found: kept */\n"
			     "\t\tnext_free(p);\n}\n\n"
			     "static void refuse_if_freed(void)\n{\n\tif (obj_freed) {\n"
			     "\t\tfputs(\"called on an object the library freed\\n\", stderr);\n"
			     "\t\tabort();\n\t}\n}\n", fam->key,
			fam->starter->name, fam->starter_out < 0 ? "returned" : "wrote");
	else if (fam->flexible)
		fprintf(out, "static struct {\n\t%s object;\n\tunsigned char room[ROOM];\n} storage;\n"
			     "static %s *const obj = &storage.object;\n", fam->key, fam->key);
	else if (strcmp(fam->key, "void") == 0)
		fprintf(out, "static uint64_t object;         /* an opaque target: a 64-bit cell */\n"
			     "static uint64_t *const obj = &object;\n");
	else
		fprintf(out, "static %s object;\nstatic %s *const obj = &object;\n", fam->key, fam->key);
	for (int i = 0; i < fam->npools; i++) {
		const struct audit_pool *p = &fam->pools[i];
		if (p->flexible)
			fprintf(out, "static struct {\n\t%s object;\n\tunsigned char room[ROOM];\n} %s[POOL];",
				p->type, p->name);
		else if (strcmp(p->type, "void") == 0)   /* memory given back (pool_free) */
			fprintf(out, "static struct {\n\t_Alignas(16) unsigned char bytes[%d];\n} %s[POOL];",
				AUDIT_BLOCK_BYTES, p->name);
		else
			fprintf(out, "static %s %s[POOL];", p->type, p->name);
		if (p->shared)
			fprintf(out, "        /* shared: every call gets %s */\n", p->name);
		else
			fprintf(out, "        /* handed out once each by fresh_%s() */\n"
				     "static int %s_used[2];           /* by the forking thread, by others */\n",
				p->name, p->name);
	}
	if (fam->tokens)
		fprintf(out, "static void *token[%d];            /* token#k: opaque payloads */\n"
			     "static char unwritten;             /* marks a token cell nobody wrote */\n",
			fam->tokens);
	for (int i = 0; i < fam->npools; i++) {
		const struct audit_pool *p = &fam->pools[i];
		if (p->shared)
			continue;
		/* Not instrumented, so no schedule preempts it between the read and the write
		 * of the count: two calls running at once (--schedules) never get one object.
		 * The thread that forked the execution (the state's prefix and f run on it)
		 * takes the even objects, g's thread the odd ones: g's object is the same
		 * whichever call asks first, so a schedule where g's call linearizes first ends
		 * in the state of "g then f" (with one count, f's and g's objects swapped). */
		fprintf(out, "\n/* Not instrumented: no schedule splits the count's read and write. The thread\n"
			     " * that forked the execution takes the even objects and any other thread the\n"
			     " * odd ones, so each call's object does not depend on which asks first. */\n"
			     "__attribute__((no_sanitize(\"thread\"), noinline))\n"
			     "static %s *fresh_%s(void)\n{\n"
			     "\tint other = syscall(SYS_gettid) != getpid();\n"
			     "\tint k = 2 * %s_used[other]++ + other;\n"
			     "\treturn k < POOL ? &%s[k]%s : NULL;\n}\n", p->type, p->name, p->name, p->name,
			p->flexible ? ".object" : "");
	}
	audit_emit_callbacks(out, fam);
	if (fam->tokens)
		fprintf(out, "\n/* The address of token[k], marked unwritten: a function that writes "
			     "through it is seen. */\nstatic void *token_arg(long k)\n{\n"
			     "\ttoken[k] = &unwritten;\n\treturn &token[k];\n}\n");
	fputc('\n', out);
}

static void emit_code_address(FILE *out)
{
	fprintf(out, "/* The address a pointer code stands for. */\n"
		     "static uintptr_t code_address(unsigned code)\n{\n\tunsigned first = 1;\n"
		     "\tfor (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {\n"
		     "\t\tif (code < first + named[i].count)\n"
		     "\t\t\treturn (uintptr_t)named[i].base + (code - first) * named[i].size;\n"
		     "\t\tfirst += (unsigned)named[i].count;\n\t}\n\treturn 0;\n}\n\n");
}

static void emit_naming(FILE *out, const struct audit_family *fam)
{
	fprintf(out, "/* ---- naming objects in results ----------------------------------------- */\n\n"
		     "/* Every object an operation gets or returns, so that results read entry#2, not "
		     "an\n * address. */\nstatic const struct named {\n\tconst char *name;\n"
		     "\tconst void *base;\n\tsize_t size, count;\n} named[] = {\n");
	if (owns_object(fam))
		fprintf(out, "\t{ \"obj\", %s, sizeof %s, 1 },\n", fam->flexible ? "&storage" : "&object",
			fam->flexible ? "storage" : "object");
	for (int i = 0; i < fam->npools; i++)
		fprintf(out, "\t{ \"%s\", %s, sizeof %s[0], POOL },\n", fam->pools[i].name,
			fam->pools[i].name, fam->pools[i].name);
	if (fam->tokens)
		fprintf(out, "\t{ \"token\", token, sizeof token[0], %d },\n", fam->tokens);
	fprintf(out, "\t{ \"(none)\", NULL, 1, 0 },\n};\n\n");
	fprintf(out,
		"/* Codes of pointers that are not to a named object: OTHER_FIRST + a hash of the\n"
		" * address (the library's own memory: two of its items differ, as two addresses\n"
		" * do). */\n"
		"enum { CODE_NULL = 0, CODE_OTHER_FIRST = 0xc000, CODE_OTHER_SPAN = 0x3ff0,\n"
		"       CODE_UNWRITTEN = 0xfffe };\n\n"
		"/* The result of a function that hands back the object it was given as argument k "
		"(no\n * address is that low). */\n#define GIVEN(k) ((uintptr_t)1 + (k))\n\n"
		"/* Writes how a pointer reads: NULL, obj+8, entry#2 (entry#2+8), or its address. */\n"
		"static void name_pointer(uintptr_t p, char *buf, size_t len)\n{\n"
		"\tif (!p) {\n\t\tsnprintf(buf, len, \"NULL\");\n\t\treturn;\n\t}\n"
		"\tfor (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {\n"
		"\t\tuintptr_t base = (uintptr_t)named[i].base;\n"
		"\t\tif (p < base || p >= base + named[i].size * named[i].count)\n\t\t\tcontinue;\n"
		"\t\tsize_t k = (p - base) / named[i].size, off = (p - base) %% named[i].size;\n"
		"\t\tif (named[i].count == 1)\n"
		"\t\t\tsnprintf(buf, len, off ? \"%%s+%%zu\" : \"%%s\", named[i].name, off);\n"
		"\t\telse\n"
		"\t\t\tsnprintf(buf, len, off ? \"%%s#%%zu+%%zu\" : \"%%s#%%zu\", named[i].name, k, off);\n"
		"\t\treturn;\n\t}\n\tsnprintf(buf, len, \"%%#lx\", (unsigned long)p);\n}\n\n"
		"/* A pointer as a 16-bit field of a packed result: 1 + its place among the named "
		"objects. */\nstatic unsigned pointer_code(const void *p)\n{\n"
		"\tunsigned code = 1;\n\tif (!p)\n\t\treturn CODE_NULL;\n"
		"\tfor (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {\n"
		"\t\tuintptr_t base = (uintptr_t)named[i].base, q = (uintptr_t)p;\n"
		"\t\tif (q >= base && q < base + named[i].size * named[i].count &&\n"
		"\t\t    (q - base) %% named[i].size == 0)\n"
		"\t\t\treturn code + (unsigned)((q - base) / named[i].size);\n"
		"\t\tcode += (unsigned)named[i].count;\n\t}\n"
		"\tuint64_t h = ((uint64_t)(uintptr_t)p >> 3) * 0x9e3779b97f4a7c15ULL;\n"
		"\treturn CODE_OTHER_FIRST + (unsigned)((h >> 40) %% CODE_OTHER_SPAN);\n}\n\n");
	emit_code_address(out);
	if (fam->tokens)
		fprintf(out, "/* What a function wrote into token[k], or CODE_UNWRITTEN. */\n"
			     "static unsigned token_written(long k)\n{\n"
			     "\treturn token[k] == &unwritten ? CODE_UNWRITTEN : pointer_code(token[k]);\n}\n\n");
	fprintf(out,
		"/* A string result: 0 for NULL, else a hash of its content (up to 4096 bytes). */\n"
		"static inline unsigned long string_code(const char *s)\n{\n"
		"\tsize_t n = 0;\n\tif (!s)\n\t\treturn 0;\n\twhile (n < 4096 && s[n])\n\t\tn++;\n"
		"\treturn 1 + (snc_hash(0, s, n) >> 1);\n}\n\n"
		"/* A struct an operation filled: a hash of its bytes. */\n"
		"static inline unsigned long bytes_code(const void *p, size_t n)\n{\n"
		"\treturn 1 + (snc_hash(0, p, n) >> 1);\n}\n\n"
		"/* Results that observe out-parameters: 16-bit fields packed into one number. */\n"
		"#define FIELD(i, v) ((unsigned long)(uint16_t)(v) << (16 * (i)))\n\n"
		"/* A field of a struct an operation filled: its value + 16384 when it fits 15 bits,\n"
		" * else 0x8000 and 15 bits of the hash of the whole struct (whole). */\n"
		"static inline unsigned record_field(long long v, unsigned long whole)\n{\n"
		"\treturn v >= -16384 && v < 16384 ? (unsigned)(v + 16384) : 0x8000u | (unsigned)(whole & 0x7fff);\n}\n\n"
		"enum field_kind { F_INT, F_UINT, F_BOOL, F_POINTER, F_RECORD, F_RECORD_BOOL };\n"
		"struct field {\n\tconst char *name;\n\tenum field_kind kind;\n};\n\n"
		"static int describe_fields(uint64_t v, const struct field *f, int n, char *buf, size_t len)\n"
		"{\n\tsize_t used = 0;\n\tbuf[0] = '\\0';\n"
		"\tfor (int i = 0; i < n && used < len; i++) {\n"
		"\t\tunsigned code = (unsigned)(v >> (16 * i)) & 0xffff;\n\t\tchar one[64];\n"
		"\t\tif (f[i].kind == F_POINTER && code == CODE_UNWRITTEN)\n\t\t\tcontinue;\n"
		"\t\tif (f[i].kind == F_INT)\n\t\t\tsnprintf(one, sizeof one, \"%%d\", (int16_t)code);\n"
		"\t\telse if (f[i].kind == F_UINT)\n\t\t\tsnprintf(one, sizeof one, \"%%u\", code);\n"
		"\t\telse if (f[i].kind == F_BOOL)\n"
		"\t\t\tsnprintf(one, sizeof one, \"%%s\", code ? \"true\" : \"false\");\n"
		"\t\telse if ((f[i].kind == F_RECORD || f[i].kind == F_RECORD_BOOL) && code >= 0x8000)\n"
		"\t\t\tsnprintf(one, sizeof one, \"~%%04x\", code & 0x7fff);\n"
		"\t\telse if (f[i].kind == F_RECORD_BOOL)\n"
		"\t\t\tsnprintf(one, sizeof one, \"%%s\", code != 16384 ? \"true\" : \"false\");\n"
		"\t\telse if (f[i].kind == F_RECORD)\n"
		"\t\t\tsnprintf(one, sizeof one, \"%%d\", (int)code - 16384);\n"
		"\t\telse if (code >= CODE_OTHER_FIRST && code < CODE_OTHER_FIRST + CODE_OTHER_SPAN)\n"
		"\t\t\tsnprintf(one, sizeof one, \"another pointer ~%%04x\", code - CODE_OTHER_FIRST);\n"
		"\t\telse\n\t\t\tname_pointer(code == CODE_NULL ? 0 : code_address(code), one, sizeof one);\n"
		"\t\tused += (size_t)snprintf(buf + used, len - used, \"%%s%%s%%s%%s\", used ? \", \" : \"\",\n"
		"\t\t\t\t\t  f[i].name, f[i].name[0] ? \" = \" : \"\", one);\n\t}\n"
		"\tif (used == 0)\n\t\tsnprintf(buf, len, \"void\");\n\treturn 1;\n}\n\n");
}

/* The expression an argument is passed as. */
static void arg_expr(const struct audit_family *fam, const struct audit_arg *a, const char *local,
		     char *buf, size_t len)
{
	switch (a->role) {
	case ROLE_OBJECT:
		snprintf(buf, len, a->by_pointer ? "&obj" : a->root_value ? "*obj" : "obj");
		return;
	case ROLE_VALUE:
		audit_value_expr(a, local, buf, len);
		return;
	case ROLE_FIXED:
		snprintf(buf, len, "%s", a->fixed);
		return;
	case ROLE_FRESH:
		snprintf(buf, len, "fresh_%s()", fam->pools[a->pool].name);
		return;
	case ROLE_SHARED:
		snprintf(buf, len, "%s%s", fam->pools[a->pool].flexible ? "&" : "",
			 fam->pools[a->pool].name);
		if (fam->pools[a->pool].flexible)
			strncat(buf, "[0].object", len - strlen(buf) - 1);
		return;
	case ROLE_TOKEN:
		snprintf(buf, len, "token_arg(%s)", local);
		return;
	case ROLE_OUT:
		snprintf(buf, len, "%s%s", a->string ? "" : "&", local);
		return;
	case ROLE_NULL:
		snprintf(buf, len, "NULL");
		return;
	case ROLE_CALLBACK:
		audit_callback_expr(fam, a, buf, len);
		return;
	case ROLE_ANOTHER:
		snprintf(buf, len, "another()");
		return;
	}
}

/* The declaration of an out-parameter's cell, named local. An integer cell right after a
 * character buffer is the buffer's size, in and out (uv_os_homedir(char *buffer, size_t
 * *size)): it starts as the size. */
static void emit_slot(FILE *out, const struct audit_arg *args, int i, const char *local)
{
	const struct audit_arg *a = &args[i];
	bool buffer_size = i > 0 && args[i - 1].role == ROLE_OUT && args[i - 1].string && !a->string &&
			   !a->record && a->param->type.target_cls == SA_TYPE_INTEGER;
	if (a->string)
		fprintf(out, "\tchar %s[%d] = { 0 };\n", local, AUDIT_STRING_BUFFER);
	else if (buffer_size)
		fprintf(out, "\t%s %s = %d;\n", slot_type(&a->param->type), local, AUDIT_STRING_BUFFER);
	else
		fprintf(out, "\t%s %s = { 0 };\n", slot_type(&a->param->type), local);
}

/* Does the call end with an empty va_list (audit_roles.c's empty_va_list)? */
static bool ends_with_va_args(const struct audit_arg *args, int nargs)
{
	return nargs > 0 && args[nargs - 1].va_args;
}

/* The call of fn with its arguments; with `given`, a fresh object is the local givenN that
 * the wrapper took from its pool before the call (emit_given). A call that ends with an
 * empty va_list calls fn's trampoline (emit_va_trampoline) without it. */
static void emit_call(FILE *out, const struct audit_family *fam, const struct sa_function *fn,
		      const struct audit_arg *args, int nargs, bool given)
{
	bool trampoline = ends_with_va_args(args, nargs);
	fprintf(out, "%s%s(", trampoline ? "va_" : "", fn->name);
	for (int i = 0; i < nargs - trampoline; i++) {
		char local[128], expr[8192];
		local_name(fam, &args[i], i, local, sizeof local);
		if (given && args[i].role == ROLE_FRESH)
			snprintf(expr, sizeof expr, "given%d", i);
		else
			arg_expr(fam, &args[i], local, expr, sizeof expr);
		fprintf(out, "%s%s", i ? ", " : "", expr);
	}
	fputc(')', out);
}

/* A shared struct's initializer, on the one object every call gets; its other parameters
 * get nothing (0, NULL). */
static void emit_pool_init(FILE *out, const struct audit_pool *p)
{
	fprintf(out, "\t%s(&%s[0]%s", p->init->name, p->name, p->flexible ? ".object" : "");
	for (int i = 1; i < p->init->nparams; i++)
		fprintf(out, ", %s", p->init->param_types[i].type.cls == SA_TYPE_POINTER ? "NULL" : "0");
	fprintf(out, ");\n");
}

static bool inits_pools(const struct audit_family *fam)
{
	for (int i = 0; i < fam->npools; i++)
		if (fam->pools[i].init)
			return true;
	return false;
}

/* One call that may make the object, into `made` when it is still NULL. */
static void emit_attempt(FILE *out, const struct audit_family *fam, const struct sa_function *fn,
			 const struct audit_arg *args, int nargs, bool first)
{
	const char *indent = first ? "\t" : "\t\t";
	if (!first)
		fprintf(out, "\tif (!made) {\n");
	for (int i = 0; i < nargs; i++)
		if (args[i].role == ROLE_OUT) {
			char local[128];
			local_name(fam, &args[i], i, local, sizeof local);
			fputs(first ? "" : "\t", out);
			emit_slot(out, args, i, local);
		}
	fprintf(out, "%s%smade = ", indent, first ? "__typeof__(obj) " : "");
	emit_call(out, fam, fn, args, nargs, false);
	fprintf(out, ";\n%s", first ? "" : "\t}\n");
}

/* make_object() of an object made from another family's (audit_derive.c): the producer's
 * result from a new source, after a call that fills it or as it is; else a zeroed object,
 * when its type is complete. An attempt that crashes (liburing's io_uring_get_sqe on a ring
 * no io_uring_queue_init set up) is abandoned for the next: the signal's handler jumps back
 * to it, and the zeroed object remains, as the family started before there were attempts. */
static void emit_derived(FILE *out, const struct audit_family *fam)
{
	static const char *const faults[] = { "SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGABRT" };
	size_t nfaults = sizeof faults / sizeof faults[0];
	fprintf(out, "static sigjmp_buf derive_escape;\n\n"
		     "static void derive_fault(int sig)\n{\n\t(void)sig;\n"
		     "\tsiglongjmp(derive_escape, 1);\n}\n\n");
	fprintf(out, "/* The object: what %s returns from a new source, after one call that fills\n"
		     " * it or as it is, the first that is not NULL and does not crash%s. */\n"
		     "static __typeof__(obj) make_object(void)\n{\n"
		     "\tstatic long derived_token;   /* what a fill's void * gets */\n"
		     "\t__typeof__(obj) volatile made = NULL;\n"
		     "\tstruct sigaction escape = { .sa_handler = derive_fault, .sa_flags = SA_NODEFER }, "
		     "kept[%zu];\n\tstatic const int faults[] = { ",
		fam->starter->name, fam->object_size >= 0 ? "; else a zeroed one" : "", nfaults);
	for (size_t i = 0; i < nfaults; i++)
		fprintf(out, "%s%s", i ? ", " : "", faults[i]);
	fprintf(out, " };\n\n\t(void)derived_token;\n\tsigemptyset(&escape.sa_mask);\n"
		     "\tfor (int i = 0; i < %zu; i++)\n\t\tsigaction(faults[i], &escape, &kept[i]);\n",
		nfaults);
	for (int i = 0; i < fam->nderived; i++)
		fprintf(out, "\tif (!made && sigsetjmp(derive_escape, 1) == 0) {\n%s\t}\n",
			fam->derived[i]);
	fprintf(out, "\tfor (int i = 0; i < %zu; i++)\n\t\tsigaction(faults[i], &kept[i], NULL);\n",
		nfaults);
	if (fam->object_size >= 0)
		fprintf(out, "\tif (!made)\n\t\tmade = calloc(1, sizeof *made);\n");
	fprintf(out, "\treturn made;\n}\n\n");
}

/* make_object(): the object, from the constructor's call or, while it is NULL, from the
 * calls tried after it (fam->fallbacks). */
static void emit_make_object(FILE *out, const struct audit_family *fam)
{
	if (!makes_object(fam))
		return;
	if (fam->nderived) {
		emit_derived(out, fam);
		return;
	}
	fprintf(out, "/* The object: what the first of these calls returns that is not NULL. */\n"
		     "static __typeof__(obj) make_object(void)\n{\n");
	emit_attempt(out, fam, fam->starter, fam->start_args, fam->nstart_args, true);
	for (int i = 0; i < fam->nfallbacks; i++)
		emit_attempt(out, fam, fam->fallbacks[i].fn, fam->fallbacks[i].args,
			     fam->fallbacks[i].nargs, false);
	fprintf(out, "\treturn made;\n}\n\n");
}

static void emit_setup(FILE *out, const struct audit_family *fam)
{
	if (!fam->starter && fam->nsetup == 0 && fam->ncontexts == 0 && !audit_fills_callbacks(fam) &&
	    !inits_pools(fam))
		return;
	fprintf(out, "static void setup(void)\n{\n");
	if (fam->library_init)
		fprintf(out, "\t%s();\n", fam->library_init->name);
	for (int i = 0; i < fam->ncontexts; i++) {   /* the library's initializers, once each */
		const struct sa_function *init = fam->contexts[i]->init;
		bool called = !init || init == fam->library_init;
		for (int k = 0; k < i && !called; k++)
			called = fam->contexts[k]->init == init;
		if (!called)
			fprintf(out, "\t%s();\n", init->name);
	}
	for (int i = 0; i < fam->ncontexts; i++)
		fprintf(out, "\t%s\n", fam->contexts[i]->make);
	if (audit_fills_callbacks(fam))
		fprintf(out, "\tfill_callbacks();\n");
	for (int i = 0; i < fam->npools; i++)   /* after the callbacks: what it sets stays */
		if (fam->pools[i].init)
			emit_pool_init(out, &fam->pools[i]);
	if (fam->starter) {
		for (int i = 0; !makes_object(fam) && i < fam->nstart_args; i++)
			if (fam->start_args[i].role == ROLE_OUT) {
				char local[128];
				local_name(fam, &fam->start_args[i], i, local, sizeof local);
				emit_slot(out, fam->start_args, i, local);
			}
		if (makes_object(fam)) {
			fprintf(out, "\tobj = make_object();\n\tif (!obj) {   /* no state to start "
				     "from: not one to call the operations on */\n"
				     "\t\tfputs(\"%s: every constructor call returned NULL\\n\", stderr);\n"
				     "\t\tabort();\n\t}\n", fam->name);
		} else {
			fputc('\t', out);
			emit_call(out, fam, fam->starter, fam->start_args, fam->nstart_args, false);
			fprintf(out, ";\n");
		}
	}
	for (int i = 0; i < fam->nsetup; i++)
		fprintf(out, "\t%s%s\n", fam->setup[i],
			fam->setup[i][strlen(fam->setup[i]) - 1] == ';' ? "" : ";");
	fprintf(out, "}\n\n");
}

static void emit_digest(FILE *out, const struct audit_family *fam)
{
	if (fam->stateless)
		fprintf(out, "/* No operation keeps state (the scan finds none): every state is the "
			     "fresh one. */\nstatic uint64_t digest(void)\n{\n\treturn 0;\n}\n\n");
	if (fam->globals)
		return;
	fprintf(out, "/* Every byte the harness owns: equal digests, equal states. */\n"
		     "static uint64_t digest(void)\n{\n\tuint64_t h = 0;\n");
	if (fam->start == START_CONSTRUCTOR)
		fprintf(out, "\th = snc_hash_u64(h, (uint64_t)obj_freed);\n");
	if (fam->start == START_CONSTRUCTOR && fam->object_size >= 0)
		fprintf(out, "\tif (obj)\n\t\th = snc_hash(h, obj, sizeof *obj);\n");
	else if (fam->start != START_CONSTRUCTOR)
		fprintf(out, "\th = snc_hash(h, &%s, sizeof %s);\n", fam->flexible ? "storage" : "object",
			fam->flexible ? "storage" : "object");
	for (int i = 0; i < fam->npools; i++) {
		fprintf(out, "\th = snc_hash(h, %s, sizeof %s);\n", fam->pools[i].name, fam->pools[i].name);
		if (!fam->pools[i].shared)
			fprintf(out, "\th = snc_hash(h, %s_used, sizeof %s_used);\n", fam->pools[i].name,
				fam->pools[i].name);
	}
	if (fam->tokens)
		fprintf(out, "\th = snc_hash(h, token, sizeof token);\n");
	fprintf(out, "\treturn h;\n}\n\n");
}

/* Does op return a string (char *)? Its content is what it returns, not its address: a
 * buffer the library keeps at one address reads differently after an append. */
static bool returns_string(const struct audit_op *op)
{
	const struct sa_type *r = &op->fn->result;
	return !op->packed && r->cls == SA_TYPE_POINTER && r->levels == 1 && r->pointee &&
	       strcmp(r->pointee, "char") == 0;
}

/* A struct result's small fields are packed 15 bits each, biased to be non-negative. */
#define RECORD_FIELD_BIAS 16384

/* Does op return a struct by value (of plain bytes)? It is compared by its small fields, or
 * by a hash of its bytes. */
static bool returns_record(const struct audit_op *op)
{
	return op->fn->result.cls == SA_TYPE_RECORD;
}

static const char *wrapper_return(const struct audit_op *op)
{
	const struct sa_type *r = &op->fn->result;
	if (op->packed || returns_string(op) || returns_record(op))
		return "unsigned long";
	switch (r->cls) {
	case SA_TYPE_VOID: return "void";
	case SA_TYPE_BOOL: return "bool";
	case SA_TYPE_POINTER: return "void *";
	case SA_TYPE_FLOAT: return "unsigned long";   /* its bits */
	default: return r->is_signed || r->cls == SA_TYPE_ENUM ? "long" : "unsigned long";
	}
}

static bool takes_fresh(const struct audit_op *op)
{
	for (int i = 0; i < op->nargs; i++)
		if (op->args[i].role == ROLE_FRESH)
			return true;
	return false;
}

/* The body of a wrapper whose function returns a pointer and is given fresh objects: a
 * function that hands back the object it was given (buf_take(s, dst, n) returns dst, as
 * memcpy does) returns GIVEN(k), "its argument k", not the pool's next cell: which cell
 * the pool hands out next depends on the calls before, so that cell would make every
 * pair look as if each call changed the other's result. */
static void emit_given(FILE *out, const struct audit_family *fam, const struct audit_op *op)
{
	for (int i = 0; i < op->nargs; i++)
		if (op->args[i].role == ROLE_FRESH)
			fprintf(out, "\t__typeof__(fresh_%s()) given%d = fresh_%s();\n",
				fam->pools[op->args[i].pool].name, i, fam->pools[op->args[i].pool].name);
	fprintf(out, "\tvoid *result = (void *)");
	emit_call(out, fam, op->fn, op->args, op->nargs, true);
	fprintf(out, ";\n");
	for (int i = 0; i < op->nargs; i++)
		if (op->args[i].role == ROLE_FRESH)
			fprintf(out, "\tif (result && result == (void *)given%d)\n\t\treturn (void *)GIVEN(%d);\n",
				i, i);
	fprintf(out, "\treturn result;\n}\n\n");
}

/* another(): what a second pointer to the object's type gets, a new object made as the
 * initial one was. */
static void emit_another(FILE *out, const struct audit_family *fam)
{
	fprintf(out, "/* Another object, made as the initial one was: what a second parameter of "
		     "the object's type\n * gets (never the object itself). */\n"
		     "static __typeof__(obj) another(void)\n{\n\treturn ");
	if (makes_object(fam))
		fprintf(out, "make_object()");
	else
		emit_call(out, fam, fam->starter, fam->start_args, fam->nstart_args, false);
	fprintf(out, ";\n}\n\n");
}

static bool takes_object(const struct audit_op *op)
{
	for (int i = 0; i < op->nargs; i++)
		if (op->args[i].role == ROLE_OBJECT)
			return true;
	return false;
}

static void emit_op(FILE *out, const struct audit_family *fam, const struct audit_op *op)
{
	const struct sa_function *fn = op->fn;
	const char *ret = wrapper_return(op);
	if (strcmp(op->name, fn->name) != 0)
		fprintf(out, "/* %s, which users call as the macro %s */\n", fn->name, op->name);
	fprintf(out, "/* %s */\nstatic %s%sop_%s(", fn->signature, ret,
		ret[strlen(ret) - 1] == '*' ? "" : " ", fn->name);
	int nvalues = 0;
	for (int i = 0; i < op->nargs; i++)
		if (op->args[i].role == ROLE_VALUE || op->args[i].role == ROLE_TOKEN) {
			char local[128];
			local_name(fam, &op->args[i], i, local, sizeof local);
			fprintf(out, "%slong %s", nvalues++ ? ", " : "", local);
		}
	fprintf(out, "%s)\n{\n", nvalues ? "" : "void");
	if (fam->start == START_CONSTRUCTOR && takes_object(op))
		fprintf(out, "\trefuse_if_freed();\n");
	for (int i = 0; i < op->nargs; i++)
		if (op->args[i].role == ROLE_OUT) {
			char local[128];
			local_name(fam, &op->args[i], i, local, sizeof local);
			emit_slot(out, op->args, i, local);
		}
	bool has_result = fn->result.cls != SA_TYPE_VOID;
	if (!op->packed && fn->result.cls == SA_TYPE_FLOAT) {   /* compared by its bits */
		fprintf(out, "\t%s result = ", fn->result.spelling);
		emit_call(out, fam, fn, op->args, op->nargs, false);
		fprintf(out, ";\n\tunsigned long bits = 0;\n\t__builtin_memcpy(&bits, &result, "
			     "sizeof result < sizeof bits ? sizeof result : sizeof bits);\n"
			     "\treturn bits;\n}\n\n");
		return;
	}
	if (returns_string(op)) {
		fprintf(out, "\treturn string_code(");
		emit_call(out, fam, fn, op->args, op->nargs, false);
		fprintf(out, ");\n}\n\n");
		return;
	}
	if (!op->packed && returns_record(op) && fn->result.nrecord_fields > 0) {
		/* small fields, exactly (bit 63 set), so describe() can show them; else a hash */
		fprintf(out, "\t%s result = ", fn->result.spelling);
		emit_call(out, fam, fn, op->args, op->nargs, false);
		fprintf(out, ";\n\tunsigned long packed = 1ul << 63;\n\tint fits = 1;\n");
		for (int k = 0; k < fn->result.nrecord_fields; k++)
			fprintf(out, "\t{\n\t\tlong long v = (long long)result.%s;\n"
				     "\t\tfits &= v >= -%d && v < %d;\n"
				     "\t\tpacked |= (unsigned long)((v + %d) & 0x7fff) << %d;\n\t}\n",
				fn->result.record_fields[k].name, RECORD_FIELD_BIAS, RECORD_FIELD_BIAS,
				RECORD_FIELD_BIAS, 15 * k);
		fprintf(out, "\treturn fits ? packed : bytes_code(&result, sizeof result) & ~(1ul << 63);\n}\n\n");
		return;
	}
	if (!op->packed && returns_record(op)) {
		fprintf(out, "\t%s result = ", fn->result.spelling);
		emit_call(out, fam, fn, op->args, op->nargs, false);
		fprintf(out, ";\n\treturn bytes_code(&result, sizeof result);\n}\n\n");
		return;
	}
	if (!op->packed && fn->result.cls == SA_TYPE_POINTER && takes_fresh(op)) {
		emit_given(out, fam, op);
		return;
	}
	if (!op->packed) {
		fprintf(out, "\t%s", has_result ? "return " : "");
		if (fn->result.cls == SA_TYPE_POINTER)
			fprintf(out, "(void *)");
		emit_call(out, fam, fn, op->args, op->nargs, false);
		fprintf(out, ";\n}\n\n");
		return;
	}
	for (int i = 0; i < op->nargs; i++)
		if (op->args[i].role == ROLE_CALLBACK && op->args[i].observed) {
			fprintf(out, "\tsnc_visits = 0;\n");
			break;
		}
	fprintf(out, "\t");
	if (has_result)
		fprintf(out, "%s%sresult = ", fn->result.spelling,
			fn->result.spelling[strlen(fn->result.spelling) - 1] == '*' ? "" : " ");
	emit_call(out, fam, fn, op->args, op->nargs, false);
	fprintf(out, ";\n\treturn ");
	int field = 0;
	if (has_result)
		fprintf(out, fn->result.cls == SA_TYPE_POINTER ? "FIELD(%d, pointer_code(result))" :
			returns_record(op) ? "FIELD(%d, bytes_code(&result, sizeof result))" :
			"FIELD(%d, result)", field++);
	for (int i = 0; i < op->nargs; i++) {
		const struct audit_arg *a = &op->args[i];
		if (!a->observed)
			continue;
		char local[128];
		local_name(fam, a, i, local, sizeof local);
		const char *sep = field ? " |\n\t       " : "";
		enum audit_field k = a->role == ROLE_CALLBACK ? FIELD_UINT : field_of_arg(a);
		if (a->role == ROLE_CALLBACK)   /* a visitor: how many it visited */
			fprintf(out, "%sFIELD(%d, snc_visits)", sep, field);
		else if (k == FIELD_TOKEN)
			fprintf(out, "%sFIELD(%d, token_written(%s))", sep, field, local);
		else if (k == FIELD_POINTER)
			fprintf(out, "%sFIELD(%d, pointer_code(%s))", sep, field, local);
		else if (a->string)   /* what was written, hashed as a string result is */
			fprintf(out, "%sFIELD(%d, string_code(%s))", sep, field, local);
		else if (a->by_fields)   /* the struct it filled, field by field */
			for (int k = 0; k < a->param->type.nrecord_fields; k++)
				fprintf(out, "%sFIELD(%d, record_field(%s.%s, bytes_code(&%s, sizeof %s)))",
					k ? " |\n\t       " : sep, field++, local,
					a->param->type.record_fields[k].name, local, local);
		else if (a->record)   /* the struct it filled, by its bytes */
			fprintf(out, "%sFIELD(%d, bytes_code(&%s, sizeof %s))", sep, field, local, local);
		else
			fprintf(out, "%sFIELD(%d, %s)", sep, field, local);
		field += !a->by_fields;
	}
	fprintf(out, ";\n}\n\n");
}

static const char *kind_name(enum audit_field k)
{
	switch (k) {
	case FIELD_INT: return "F_INT";
	case FIELD_UINT: return "F_UINT";
	case FIELD_BOOL: return "F_BOOL";
	default: return "F_POINTER";
	}
}

/* A struct result with small fields reads field by field ({pushed = 1, popped = 0});
 * with a field too large to pack, by a hash of its bytes. */
static void emit_describe_fields(FILE *out, int op, const struct sa_function *fn)
{
	const struct sa_type *r = &fn->result;
	fprintf(out, "\tcase %d: /* %s: a struct, field by field */\n\t\tif (v >> 63) {\n"
		     "\t\t\tsnprintf(buf, len, \"{", op, fn->name);
	for (int k = 0; k < r->nrecord_fields; k++)
		fprintf(out, "%s%s = %s", k ? ", " : "", r->record_fields[k].name,
			r->record_fields[k].type.cls == SA_TYPE_BOOL ? "%s" : "%lld");
	fprintf(out, "}\"");
	for (int k = 0; k < r->nrecord_fields; k++) {
		if (r->record_fields[k].type.cls == SA_TYPE_BOOL)
			fprintf(out, ",\n\t\t\t\t ((v >> %d) & 0x7fff) != %d ? \"true\" : \"false\"", 15 * k,
				RECORD_FIELD_BIAS);
		else
			fprintf(out, ",\n\t\t\t\t (long long)((v >> %d) & 0x7fff) - %d", 15 * k,
				RECORD_FIELD_BIAS);
	}
	fprintf(out, ");\n\t\t\treturn 1;\n\t\t}\n\t\tsnprintf(buf, len, \"%s ~%%04lx\", "
		     "(unsigned long)(v & 0xffff));\n\t\treturn 1;\n", r->spelling);
}

static void emit_describe(FILE *out, const struct audit_family *fam)
{
	fprintf(out, "/* How results read: pointers as the objects they are, packed results field "
		     "by field. */\nstatic int describe(int op, uint64_t v, char *buf, size_t len)\n"
		     "{\n\tswitch (op) {\n");
	for (int i = 0; i < fam->nops; i++) {
		const struct audit_op *op = &fam->ops[i];
		const struct sa_function *fn = op->fn;
		if (!op->packed && returns_record(op) && fn->result.nrecord_fields > 0) {
			emit_describe_fields(out, i, fn);
			continue;
		}
		if (!op->packed && returns_record(op)) {
			fprintf(out, "\tcase %d: /* %s: a struct, by a hash of its bytes */\n"
				     "\t\tsnprintf(buf, len, \"%s ~%%04lx\", (unsigned long)(v & 0xffff));"
				     "\n\t\treturn 1;\n", i, fn->name, fn->result.spelling);
			continue;
		}
		if (!op->packed && fn->result.cls != SA_TYPE_POINTER)
			continue;
		if (returns_string(op)) {
			fprintf(out, "\tcase %d: /* %s: a string, by a hash of its content */\n"
				     "\t\tsnprintf(buf, len, v ? \"string ~%%04lx\" : \"NULL\", "
				     "(unsigned long)(v & 0xffff));\n\t\treturn 1;\n", i, fn->name);
			continue;
		}
		if (!op->packed) {
			fprintf(out, "\tcase %d: /* %s */\n", i, fn->name);
			for (int a = 0; a < op->nargs; a++)
				if (op->args[a].role == ROLE_FRESH)
					fprintf(out, "\t\tif (v == GIVEN(%d)) {\n\t\t\tsnprintf(buf, len, "
						     "\"its %s\");\n\t\t\treturn 1;\n\t\t}\n", a,
						op->args[a].param->name[0] ? op->args[a].param->name : "argument");
			fprintf(out, "\t\tname_pointer((uintptr_t)v, buf, len);\n\t\treturn 1;\n");
			continue;
		}
		fprintf(out, "\tcase %d: { /* %s */\n\t\tstatic const struct field f[] = { ", i, fn->name);
		int n = 0;
		if (fn->result.cls != SA_TYPE_VOID)
			fprintf(out, "{ \"\", %s }", kind_name(field_of_type(&fn->result))), n++;
		for (int a = 0; a < op->nargs; a++) {
			const struct audit_arg *arg = &op->args[a];
			const char *name = arg->param->name[0] ? arg->param->name : "out";
			const struct sa_type *t = &arg->param->type;
			for (int k = 0; arg->by_fields && k < t->nrecord_fields; k++, n++)
				fprintf(out, "%s{ \"%s->%s\", %s }", n ? ", " : "", name,
					t->record_fields[k].name,
					t->record_fields[k].type.cls == SA_TYPE_BOOL ? "F_RECORD_BOOL" : "F_RECORD");
			if (arg->observed && arg->role == ROLE_CALLBACK)
				fprintf(out, "%s{ \"%s calls\", F_UINT }", n++ ? ", " : "", name);
			else if (arg->observed && !arg->by_fields)
				fprintf(out, "%s{ \"*%s\", %s }", n++ ? ", " : "", name,
					kind_name(field_of_arg(arg)));
		}
		fprintf(out, " };\n\t\treturn describe_fields(v, f, %d, buf, len);\n\t}\n", n);
	}
	fprintf(out, "\tdefault:\n\t\treturn 0;\n\t}\n}\n\n");
}

static const char *contract_macro(const char *contract)
{
	if (!contract)
		return NULL;
	if (strcmp(contract, "single-producer") == 0)
		return "SNC_SINGLE_PRODUCER";
	if (strcmp(contract, "single-consumer") == 0)
		return "SNC_SINGLE_CONSUMER";
	return "SNC_OWNER_ONLY";
}

/* The ops of one kind: .stateless_ops (local false) or .local_ops. */
static void emit_op_names(FILE *out, const struct audit_family *fam, bool local)
{
	int n = 0;
	for (int i = 0; i < fam->nops; i++) {
		if (!(local ? fam->ops[i].local : fam->ops[i].keeps_no_state))
			continue;
		fprintf(out, "%s\"%s\"", n++ ? ", " : local ? "\n\t    .local_ops = SNC_NAMES("
							   : "\n\t    .stateless_ops = SNC_NAMES(",
			fam->ops[i].name);
	}
	if (n)
		fprintf(out, "),");
}

static void emit_harness(FILE *out, const struct audit_family *fam, bool naming,
			 bool describes_args)
{
	fprintf(out, "SNC_HARNESS(.name = \"%s\",", fam->name);
	if (fam->starter || fam->nsetup || fam->ncontexts || audit_fills_callbacks(fam) ||
	    inits_pools(fam))
		fprintf(out, " .setup = setup,");
	if (!fam->globals || fam->stateless)
		fprintf(out, " .digest = digest,");
	if (naming)
		fprintf(out, " .describe = describe,");
	if (describes_args)
		fprintf(out, " .describe_arg = describe_arg,");
	if (!fam->digest_complete && (!fam->globals || fam->stateless))   /* heap nodes, globals */
		fprintf(out, "\n\t    .observe_ops = true,");
	if (fam->digest_complete)
		fprintf(out, "\n\t    .digest_complete = true,");
	else if (fam->stateless)   /* the ops the scan shows keep no state (the others' pairs run) */
		emit_op_names(out, fam, false);
	else   /* the ops that change only what the digest sees (a member keeps its own state) */
		emit_op_names(out, fam, true);
	fprintf(out, "\n\t    .timeout_ms = 20,\n\t    .ops = SNC_OPS(");
	for (int i = 0; i < fam->nops; i++) {
		const struct audit_op *op = &fam->ops[i];
		const char *contract = contract_macro(op->contract);
		if (contract)
			fprintf(out, "%sSNC_OP_CONTRACT_AS(\"%s\", op_%s, %s", i ? ",\n\t\t\t   " : "",
				op->name, op->fn->name, contract);
		else
			fprintf(out, "%sSNC_OP_AS(\"%s\", op_%s", i ? ",\n\t\t\t   " : "", op->name,
				op->fn->name);
		for (int a = 0; a < op->nargs; a++) {
			const struct audit_arg *arg = &op->args[a];
			if (arg->role == ROLE_VALUE)
				fprintf(out, ", SNC_RANGE(%ld, %ld)", arg->lo, arg->hi);
			else if (arg->role == ROLE_TOKEN)
				fprintf(out, ", SNC_RANGE(0, %d)", fam->tokens - 1);
		}
		fputc(')', out);
	}
	fprintf(out, "));\n");
}

/* fn called with an empty va_list: a variadic function of fn's other parameters that makes
 * one with va_start and passes it on (nothing is read from it: the format before it holds
 * no conversion). */
static void emit_va_trampoline(FILE *out, const struct sa_function *fn)
{
	int last = fn->nparams - 2;   /* the format, the last named parameter */
	fprintf(out, "/* %s with an empty va_list: its format has no conversion */\n", fn->name);
	fprintf(out, "static %s va_%s(", fn->return_type, fn->name);
	for (int p = 0; p <= last; p++)
		fprintf(out, "%s a%d, ", fn->param_types[p].type.spelling, p);
	fprintf(out, "...)\n{\n\tva_list ap;\n\tva_start(ap, a%d);\n\t", last);
	if (fn->returns_value)
		fprintf(out, "%s result = ", fn->return_type);
	fprintf(out, "%s(", fn->name);
	for (int p = 0; p <= last; p++)
		fprintf(out, "a%d, ", p);
	fprintf(out, "ap);\n\tva_end(ap);\n%s}\n\n", fn->returns_value ? "\treturn result;\n" : "");
}

static void emit_va_trampolines(FILE *out, const struct audit_family *fam)
{
	bool included = false;
	for (int i = 0; i < fam->nops; i++) {
		const struct audit_op *op = &fam->ops[i];
		bool before = false;
		for (int j = 0; j < i; j++)
			before |= fam->ops[j].fn == op->fn;
		if (before || !ends_with_va_args(op->args, op->nargs))
			continue;
		if (!included)
			fprintf(out, "#include <stdarg.h>\n\n");
		included = true;
		emit_va_trampoline(out, op->fn);
	}
}

void audit_emit(FILE *out, const struct audit_family *fam, char *const *includes, int nincludes,
		const char *command)
{
	bool naming = needs_naming(fam);
	emit_header(out, fam, includes, nincludes, command);
	emit_storage(out, fam);
	if (naming)
		emit_naming(out, fam);
	emit_make_object(out, fam);
	emit_setup(out, fam);
	emit_digest(out, fam);
	if (any_arg(fam, is_another))
		emit_another(out, fam);
	emit_va_trampolines(out, fam);
	for (int i = 0; i < fam->nops; i++)
		emit_op(out, fam, &fam->ops[i]);
	if (naming)
		emit_describe(out, fam);
	bool describes_args = audit_emit_describe_arg(out, fam);
	emit_harness(out, fam, naming, describes_args);
}
