/* elf_symbols.h: the data symbols (global and static variables) of one ELF file. */
#ifndef SNC_SCHED_ELF_SYMBOLS_H
#define SNC_SCHED_ELF_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

struct elf_symbols;

/* Reads .symtab (or .dynsym when stripped); NULL when the file cannot be read. */
struct elf_symbols *elf_symbols_load(const char *path);
void elf_symbols_free(struct elf_symbols *syms);
/* The variable containing file address `addr`: its name and the offset into it. */
const char *elf_symbols_find(const struct elf_symbols *syms, uint64_t addr, uint64_t *offset);

#endif
