/* elf_symbols.c: find which variable an address belongs to, from an ELF file's symbols.
 *
 * dladdr only sees exported symbols (and needs -rdynamic for an executable), while a trace
 * is mostly about static variables of the library under test, so the symbol table is read
 * from the file itself: mapped read-only, object symbols with a size collected and sorted.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "elf_symbols.h"

struct variable {
	uint64_t start, size;
	const char *name;         /* points into the mapped file */
};

struct elf_symbols {
	void *map;
	size_t map_size;
	struct variable *vars;
	size_t nvars;
};

static int by_start(const void *a, const void *b)
{
	const struct variable *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

static const Elf64_Shdr *find_table(const Elf64_Ehdr *eh, const Elf64_Shdr *sh, uint32_t type)
{
	for (unsigned i = 0; i < eh->e_shnum; i++)
		if (sh[i].sh_type == type)
			return &sh[i];
	return NULL;
}

static bool fits(size_t map_size, uint64_t off, uint64_t len)
{
	return off <= map_size && len <= map_size - off;
}

static int collect(struct elf_symbols *syms)
{
	const char *base = syms->map;
	const Elf64_Ehdr *eh = syms->map;
	const Elf64_Shdr *sh, *table, *strtab;
	const Elf64_Sym *sym;
	size_t count;

	if (syms->map_size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    !fits(syms->map_size, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof *sh))
		return -1;
	sh = (const Elf64_Shdr *)(base + eh->e_shoff);
	table = find_table(eh, sh, SHT_SYMTAB);
	if (!table)
		table = find_table(eh, sh, SHT_DYNSYM);
	if (!table || table->sh_link >= eh->e_shnum ||
	    !fits(syms->map_size, table->sh_offset, table->sh_size))
		return -1;
	strtab = &sh[table->sh_link];
	if (!fits(syms->map_size, strtab->sh_offset, strtab->sh_size))
		return -1;
	sym = (const Elf64_Sym *)(base + table->sh_offset);
	count = table->sh_size / sizeof *sym;
	syms->vars = calloc(count ? count : 1, sizeof *syms->vars);
	if (!syms->vars)
		return -1;
	for (size_t i = 0; i < count; i++) {
		if (ELF64_ST_TYPE(sym[i].st_info) != STT_OBJECT || sym[i].st_size == 0 ||
		    sym[i].st_name >= strtab->sh_size)
			continue;
		syms->vars[syms->nvars++] = (struct variable){ .start = sym[i].st_value,
			.size = sym[i].st_size, .name = base + strtab->sh_offset + sym[i].st_name };
	}
	qsort(syms->vars, syms->nvars, sizeof *syms->vars, by_start);
	return 0;
}

struct elf_symbols *elf_symbols_load(const char *path)
{
	struct elf_symbols *syms;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	syms = calloc(1, sizeof *syms);
	if (!syms || fstat(fd, &st) != 0 || st.st_size <= 0) {
		close(fd);
		free(syms);
		return NULL;
	}
	syms->map_size = (size_t)st.st_size;
	syms->map = mmap(NULL, syms->map_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (syms->map == MAP_FAILED) {
		free(syms);
		return NULL;
	}
	if (collect(syms) != 0) {
		elf_symbols_free(syms);
		return NULL;
	}
	return syms;
}

void elf_symbols_free(struct elf_symbols *syms)
{
	if (!syms)
		return;
	munmap(syms->map, syms->map_size);
	free(syms->vars);
	free(syms);
}

const char *elf_symbols_find(const struct elf_symbols *syms, uint64_t addr, uint64_t *offset)
{
	size_t lo = 0, hi = syms->nvars;

	while (lo < hi) {             /* the last variable starting at or before addr */
		size_t mid = lo + (hi - lo) / 2;
		if (syms->vars[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct variable *v = &syms->vars[lo - 1];
	if (addr - v->start >= v->size)
		return NULL;
	*offset = addr - v->start;
	return v->name;
}
