/* symbolize.h: names for the addresses in a trace, for the running executable.
 *
 * Code addresses become "function file:line" in this process through libdw (elfutils), the
 * innermost inlined function and its source line where code was inlined; global variables become "name+offset" from the object's
 * ELF symbol table (static variables included, no -rdynamic needed, but the object needs
 * its .symtab: do not strip it). Addresses in libc, the dynamic loader and the sanitizer
 * runtimes are only named by their object.
 */
#ifndef SNC_SCHED_SYMBOLIZE_H
#define SNC_SCHED_SYMBOLIZE_H

#include <stddef.h>
#include <stdint.h>

struct symbolizer;

struct symbolizer *symbolizer_new(void);
void symbolizer_free(struct symbolizer *sym);
/* Collects code addresses (return addresses: the call is just before them). */
void symbolizer_add_code(struct symbolizer *sym, uintptr_t pc);
/* Resolves every collected code address at once. */
void symbolizer_resolve_code(struct symbolizer *sym);
/* "racy_inc fixtures.c:12", "libc.so.6", or the hex address. */
const char *symbolizer_code(struct symbolizer *sym, uintptr_t pc);
/* The bare function name, or NULL. */
const char *symbolizer_function(struct symbolizer *sym, uintptr_t pc);
/* "counter", "bits+3", or the hex address. */
void symbolizer_data(struct symbolizer *sym, uintptr_t addr, char *buf, size_t size);

#endif
