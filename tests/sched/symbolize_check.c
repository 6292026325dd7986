/* symbolize_check.c: the trace symbolizer (libdw, in process) names the source line of a
 * plain call and of a call inside an inlined function, with no program run for it.
 * Prints one line per site, "FILE-ADDRESS<TAB>function file:line", for symbolize.sh to
 * compare with addr2line when it is installed; exits 1 when a site's name is not the
 * function and line this file says it is. Compile with -g (-O2 inlines `inlined_site`). */
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "symbolize.h"

struct site {
	const char *function;
	int line;
	uintptr_t pc;
};

static __attribute__((noinline)) uintptr_t caller_address(void)
{
	uintptr_t pc = (uintptr_t)__builtin_return_address(0);
	__asm__ volatile("" ::: "memory");   /* not a tail call: the return address stays ours */
	return pc;
}

static __attribute__((noinline)) void plain_site(struct site *s)
{
	s->line = __LINE__ + 1;
	s->pc = caller_address();
	s->function = __func__;
}

static inline __attribute__((always_inline)) void inlined_site(struct site *s)
{
	s->line = __LINE__ + 1;
	s->pc = caller_address();
	s->function = __func__;
}

static __attribute__((noinline)) void calls_inlined_site(struct site *s)
{
	inlined_site(s);
	__asm__ volatile("" ::: "memory");
}

static int main_program_bias(struct dl_phdr_info *info, size_t size, void *bias)
{
	(void)size;
	*(uintptr_t *)bias = info->dlpi_addr;
	return 1;                          /* the first object is the program */
}

int main(void)
{
	struct site sites[2];
	uintptr_t bias = 0;
	int failures = 0;

	plain_site(&sites[0]);
	calls_inlined_site(&sites[1]);
	dl_iterate_phdr(main_program_bias, &bias);
	struct symbolizer *sym = symbolizer_new();
	for (int i = 0; i < 2; i++)
		symbolizer_add_code(sym, sites[i].pc);
	symbolizer_resolve_code(sym);
	for (int i = 0; i < 2; i++) {
		char want[128];
		const char *got = symbolizer_code(sym, sites[i].pc);
		snprintf(want, sizeof want, "%s symbolize_check.c:%d", sites[i].function, sites[i].line);
		printf("%#lx\t%s\n", (unsigned long)(sites[i].pc - 1 - bias), got);
		if (strcmp(got, want) != 0) {
			fprintf(stderr, "FAIL: '%s', expected '%s'\n", got, want);
			failures++;
		}
	}
	symbolizer_free(sym);
	return failures ? 1 : 0;
}
