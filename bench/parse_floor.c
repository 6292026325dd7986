/* parse_floor.c: the floor scan_bench measures `snc scan` against, as a program of its own.
 *
 * A user who only wanted the parse would run a program that starts, loads libclang and
 * parses each unit. This is that program, doing what snc scan does to get its parse and
 * nothing else: it opens libclang with dlopen (the same file and flags as the analyzer,
 * analyzer/clang_load.c), reads the compile_commands.json with the analyzer's reader, and
 * parses every unit with the arguments and options of analyzer/parse.c (-w,
 * -working-directory, KeepGoing, IgnoreNonErrorsFromIncludedFiles), then disposes of it.
 * No walk, no inclusions, no diagnostics, no database. scan_bench runs it as a child and
 * takes its CPU time (user + system) as the baseline, so that both sides pay the process
 * start and the loading of libclang and LLVM.
 *
 * usage: parse_floor COMPILE_COMMANDS.json   (exit 0, or 2 if libclang or the file fails) */
#include <clang-c/Index.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include "snc_analyzer.h"

struct clang_calls {
	CXIndex (*createIndex)(int, int);
	enum CXErrorCode (*parseTranslationUnit2)(CXIndex, const char *, const char *const *, int,
						  struct CXUnsavedFile *, unsigned, unsigned,
						  CXTranslationUnit *);
	void (*disposeTranslationUnit)(CXTranslationUnit);
	void (*disposeIndex)(CXIndex);
};

static int load(struct clang_calls *c)
{
	void *lib = dlopen(SNC_BENCH_LIBCLANG_PATH, RTLD_LAZY | RTLD_LOCAL);
	if (!lib) {
		fprintf(stderr, "parse_floor: %s\n", dlerror());
		return -1;
	}
	*(void **)&c->createIndex = dlsym(lib, "clang_createIndex");
	*(void **)&c->parseTranslationUnit2 = dlsym(lib, "clang_parseTranslationUnit2");
	*(void **)&c->disposeTranslationUnit = dlsym(lib, "clang_disposeTranslationUnit");
	*(void **)&c->disposeIndex = dlsym(lib, "clang_disposeIndex");
	if (!c->createIndex || !c->parseTranslationUnit2 || !c->disposeTranslationUnit ||
	    !c->disposeIndex) {
		fprintf(stderr, "parse_floor: libclang lacks a function it needs\n");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: parse_floor COMPILE_COMMANDS.json\n");
		return 2;
	}
	struct sa_units units = { 0 };
	char err[512];
	struct clang_calls clang;
	if (sa_units_from_compdb(argv[1], &units, err, sizeof err) != 0) {
		fprintf(stderr, "parse_floor: %s\n", err);
		return 2;
	}
	if (load(&clang) != 0)
		return 2;
	CXIndex idx = clang.createIndex(0, 0);
	int failed = 0;
	for (int i = 0; i < units.count; i++) {
		const struct sa_unit *u = &units.units[i];
		const char **args = calloc((size_t)u->nargs + 3, sizeof *args);
		if (!args)
			return 2;
		for (int k = 0; k < u->nargs; k++)
			args[k] = u->args[k];
		args[u->nargs] = "-w";
		args[u->nargs + 1] = "-working-directory";
		args[u->nargs + 2] = u->directory;
		CXTranslationUnit tu = NULL;
		unsigned options = CXTranslationUnit_KeepGoing |
				   CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
		if (clang.parseTranslationUnit2(idx, u->file, args, u->nargs + 3, NULL, 0, options,
						&tu) == CXError_Success && tu)
			clang.disposeTranslationUnit(tu);
		else
			failed++;
		free(args);
	}
	clang.disposeIndex(idx);
	sa_units_free(&units);
	if (failed)
		fprintf(stderr, "parse_floor: libclang could not parse %d units\n", failed);
	return failed ? 2 : 0;
}
