/* symbolize.c: map trace addresses to objects, source lines and variable names.
 *
 * The loaded objects come from dl_iterate_phdr; an address belongs to the object whose
 * PT_LOAD segment contains it, and its file address is the address minus the object's load
 * bias (0 for a non-PIE executable). Code addresses are resolved in this process with
 * elfutils' libdw: the objects holding them are reported to one Dwfl session at their load
 * addresses; a return address points after the call, so address-1 is looked up: its line
 * comes from the line table (the innermost source location, inside an inlined function),
 * its function from the innermost DWARF scope (the inlined function itself), else from
 * the ELF symbol table; file names are printed without their folders. System objects
 * (libc, the loader, sanitizer runtimes) are named, not resolved: their frames are not
 * what a reader of a trace is after.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE       /* dl_iterate_phdr, asprintf */
#endif
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <dwarf.h>
#include <link.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elf_symbols.h"
#include "symbolize.h"

struct object {
	char *path;               /* the file, resolved for the executable */
	const char *label;        /* basename, for system objects */
	uintptr_t bias;
	uintptr_t lo, hi;         /* span of its PT_LOAD segments */
	bool system;
	bool symbols_tried;
	struct elf_symbols *symbols;
};

struct code {
	uintptr_t pc;
	char *function;           /* NULL until resolved */
	char *where;              /* "function file:line" */
};

struct symbolizer {
	struct object *objects;
	size_t nobjects;
	struct code *codes;
	size_t ncodes, code_capacity;
	char hex[32];
};

static bool is_system_object(const char *path)
{
	static const char *const names[] = { "/libc.so", "/ld-linux", "/libasan.so",
		"/libubsan.so", "/liblsan.so", "/libm.so", "/libgcc_s.so", "linux-vdso" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strstr(path, names[i]))
			return true;
	return false;
}

static int add_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct symbolizer *sym = data;
	struct object *grown, *o;
	bool main_program = info->dlpi_name == NULL || info->dlpi_name[0] == '\0';

	(void)size;
	grown = realloc(sym->objects, (sym->nobjects + 1) * sizeof *grown);
	if (!grown)
		return 1;
	sym->objects = grown;
	o = &sym->objects[sym->nobjects];
	memset(o, 0, sizeof *o);
	o->bias = info->dlpi_addr;
	o->lo = UINTPTR_MAX;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		if (info->dlpi_addr + ph->p_vaddr < o->lo)
			o->lo = info->dlpi_addr + ph->p_vaddr;
		if (info->dlpi_addr + ph->p_vaddr + ph->p_memsz > o->hi)
			o->hi = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
	}
	/* the real file: the name the traces print and libdw opens */
	o->path = main_program ? realpath("/proc/self/exe", NULL) : strdup(info->dlpi_name);
	if (!o->path)
		return 1;
	o->label = strrchr(o->path, '/') ? strrchr(o->path, '/') + 1 : o->path;
	o->system = !main_program && is_system_object(o->path);
	sym->nobjects++;
	return 0;
}

struct symbolizer *symbolizer_new(void)
{
	struct symbolizer *sym = calloc(1, sizeof *sym);
	if (sym)
		dl_iterate_phdr(add_object, sym);
	return sym;
}

void symbolizer_free(struct symbolizer *sym)
{
	if (!sym)
		return;
	for (size_t i = 0; i < sym->nobjects; i++) {
		free(sym->objects[i].path);
		elf_symbols_free(sym->objects[i].symbols);
	}
	for (size_t i = 0; i < sym->ncodes; i++) {
		free(sym->codes[i].function);
		free(sym->codes[i].where);
	}
	free(sym->objects);
	free(sym->codes);
	free(sym);
}

static struct object *object_of(struct symbolizer *sym, uintptr_t addr)
{
	for (size_t i = 0; i < sym->nobjects; i++)
		if (addr >= sym->objects[i].lo && addr < sym->objects[i].hi)
			return &sym->objects[i];
	return NULL;
}

static struct code *find_code(struct symbolizer *sym, uintptr_t pc)
{
	for (size_t i = 0; i < sym->ncodes; i++)
		if (sym->codes[i].pc == pc)
			return &sym->codes[i];
	return NULL;
}

void symbolizer_add_code(struct symbolizer *sym, uintptr_t pc)
{
	if (pc == 0 || find_code(sym, pc))
		return;
	if (sym->ncodes == sym->code_capacity) {
		size_t cap = sym->code_capacity ? 2 * sym->code_capacity : 32;
		struct code *grown = realloc(sym->codes, cap * sizeof *grown);
		if (!grown)
			return;
		sym->codes = grown;
		sym->code_capacity = cap;
	}
	sym->codes[sym->ncodes++] = (struct code){ .pc = pc };
}

/* The innermost function holding `addr` (file address `addr - bias` in `cu`): an inlined
 * function's own name rather than its caller's, from the DWARF scopes; NULL when the CU
 * has none (the caller then falls back to the ELF symbol). */
static const char *innermost_function(Dwarf_Die *cu, Dwarf_Addr addr)
{
	Dwarf_Die *scopes = NULL;
	const char *name = NULL;
	int n = dwarf_getscopes(cu, addr, &scopes);
	for (int i = 0; i < n && !name; i++) {
		int tag = dwarf_tag(&scopes[i]);
		if (tag == DW_TAG_inlined_subroutine || tag == DW_TAG_subprogram)
			name = dwarf_diename(&scopes[i]);   /* follows abstract_origin */
	}
	free(scopes);
	return name;
}

/* The compile unit whose code ranges hold `addr` (a file address), in cu_mem. Every unit
 * is asked (dwarf_haspc reads DW_AT_low_pc/high_pc/ranges): libdwfl's own lookup trusts
 * .debug_aranges, which clang does not emit, and then credits a clang unit's code to the
 * gcc unit before it. */
static Dwarf_Die *unit_holding(Dwarf *dwarf, Dwarf_Addr addr, Dwarf_Die *cu_mem)
{
	Dwarf_Off offset = 0, next;
	size_t header_size;
	while (dwarf_nextcu(dwarf, offset, &next, &header_size, NULL, NULL, NULL) == 0) {
		if (dwarf_offdie(dwarf, offset + header_size, cu_mem) && dwarf_haspc(cu_mem, addr) == 1)
			return cu_mem;
		offset = next;
	}
	return NULL;
}

/* "function basename:line" for one return address (the call is at pc - 1). */
static void resolve_one(Dwfl *dwfl, struct code *c)
{
	Dwarf_Addr addr = c->pc - 1, bias = 0;
	Dwfl_Module *m = dwfl_addrmodule(dwfl, addr);
	if (!m)
		return;
	const char *function = NULL, *file = NULL;
	int line = 0;
	Dwarf_Die cu_mem, *cu = NULL;
	Dwarf *dwarf = dwfl_module_getdwarf(m, &bias);
	if (dwarf)
		cu = unit_holding(dwarf, addr - bias, &cu_mem);
	if (cu) {
		function = innermost_function(cu, addr - bias);
		Dwarf_Line *l = dwarf_getsrc_die(cu, addr - bias);
		if (l && dwarf_lineno(l, &line) == 0)
			file = dwarf_linesrc(l, NULL, NULL);
	}
	if (!function)
		function = dwfl_module_addrname(m, addr);
	if (!function)
		return;
	c->function = strdup(function);
	if (!file || line <= 0)
		c->where = strdup(function);
	else if (asprintf(&c->where, "%s %s:%d", function,
			  strrchr(file, '/') ? strrchr(file, '/') + 1 : file, line) < 0)
		c->where = NULL;
}

static bool used_object(struct symbolizer *sym, struct object *o)
{
	for (size_t j = 0; j < sym->ncodes; j++)
		if (object_of(sym, sym->codes[j].pc) == o)
			return true;
	return false;
}

void symbolizer_resolve_code(struct symbolizer *sym)
{
	static const Dwfl_Callbacks callbacks = {
		.find_elf = dwfl_build_id_find_elf,
		.find_debuginfo = dwfl_standard_find_debuginfo,
	};
	Dwfl *dwfl = dwfl_begin(&callbacks);
	if (!dwfl)
		return;
	dwfl_report_begin(dwfl);
	for (size_t i = 0; i < sym->nobjects; i++) {
		struct object *o = &sym->objects[i];
		if (!o->system && used_object(sym, o))   /* placed where it is loaded */
			dwfl_report_elf(dwfl, o->label, o->path, -1, o->bias, false);
	}
	dwfl_report_end(dwfl, NULL, NULL);
	for (size_t i = 0; i < sym->ncodes; i++)
		if (!sym->codes[i].function)
			resolve_one(dwfl, &sym->codes[i]);
	dwfl_end(dwfl);
}

const char *symbolizer_code(struct symbolizer *sym, uintptr_t pc)
{
	struct code *c = find_code(sym, pc);
	struct object *o;

	if (c && c->where)
		return c->where;
	o = object_of(sym, pc);
	if (o && o->system)
		return o->label;
	snprintf(sym->hex, sizeof sym->hex, "%#lx", (unsigned long)pc);
	return sym->hex;
}

const char *symbolizer_function(struct symbolizer *sym, uintptr_t pc)
{
	struct code *c = find_code(sym, pc);
	return c ? c->function : NULL;
}

void symbolizer_data(struct symbolizer *sym, uintptr_t addr, char *buf, size_t size)
{
	struct object *o = object_of(sym, addr);
	const char *name = NULL;
	uint64_t offset = 0;

	if (o && !o->symbols_tried) {
		o->symbols_tried = true;
		o->symbols = elf_symbols_load(o->path);
	}
	if (o && o->symbols)
		name = elf_symbols_find(o->symbols, addr - o->bias, &offset);
	if (!name)
		snprintf(buf, size, "%#lx", (unsigned long)addr);
	else if (offset)
		snprintf(buf, size, "%s+%lu", name, (unsigned long)offset);
	else
		snprintf(buf, size, "%s", name);
}
