/* symbolize.c: map trace addresses to objects, source lines and variable names.
 *
 * The loaded objects come from dl_iterate_phdr; an address belongs to the object whose
 * PT_LOAD segment contains it, and its file address is the address minus the object's load
 * bias (0 for a non-PIE executable). Code addresses of one object go to one addr2line
 * process ("-f -s": function, then basename:line), started as an argv vector; return addresses point after the call,
 * so address-1 is looked up. System objects (libc, the loader, sanitizer runtimes) are
 * named, not resolved: their frames are not what a reader of a trace is after.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE       /* dl_iterate_phdr, asprintf */
#endif
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
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
	/* addr2line runs in another process: /proc/self/exe would be its own executable */
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

static void chomp(char *line)
{
	char *cut = strstr(line, " (discriminator");
	if (cut)
		*cut = '\0';
	line[strcspn(line, "\n")] = '\0';
}

/* Starts argv with its stdout on a pipe (stderr to /dev/null): no shell ever sees the
 * object's path. Returns the read end, or NULL. */
static FILE *spawn_reader(char **argv, pid_t *pid)
{
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) != 0)
		return NULL;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	int rc = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	FILE *f = rc == 0 ? fdopen(fds[0], "r") : NULL;
	if (!f) {
		close(fds[0]);
		if (rc == 0)
			waitpid(*pid, NULL, 0);
	}
	return f;
}

/* One addr2line for all code addresses of `o`; its output is two lines per address. */
static void resolve_object(struct symbolizer *sym, struct object *o)
{
	char function[512], where[512];
	size_t n = 0;
	char **argv = calloc(sym->ncodes + 6, sizeof *argv);
	char (*addrs)[24] = calloc(sym->ncodes + 1, sizeof *addrs);
	if (!argv || !addrs)
		goto out;
	argv[n++] = "addr2line";
	argv[n++] = "-f";
	argv[n++] = "-s";
	argv[n++] = "-e";
	argv[n++] = o->path;
	for (size_t i = 0; i < sym->ncodes; i++)
		if (object_of(sym, sym->codes[i].pc) == o) {
			snprintf(addrs[i], sizeof addrs[i], "%#lx",
				 (unsigned long)(sym->codes[i].pc - 1 - o->bias));
			argv[n++] = addrs[i];
		}
	argv[n] = NULL;
	fflush(NULL);
	pid_t pid;
	FILE *pipe = spawn_reader(argv, &pid);
	if (!pipe)
		goto out;
	for (size_t i = 0; i < sym->ncodes; i++) {
		struct code *c = &sym->codes[i];
		if (object_of(sym, c->pc) != o)
			continue;
		if (!fgets(function, sizeof function, pipe) || !fgets(where, sizeof where, pipe))
			break;
		chomp(function);
		chomp(where);
		if (strcmp(function, "??") == 0)
			continue;
		c->function = strdup(function);
		if (strncmp(where, "??", 2) == 0)
			c->where = strdup(function);
		else if (asprintf(&c->where, "%s %s", function, where) < 0)
			c->where = NULL;
	}
	fclose(pipe);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
out:
	free(argv);
	free(addrs);
}

void symbolizer_resolve_code(struct symbolizer *sym)
{
	for (size_t i = 0; i < sym->nobjects; i++) {
		struct object *o = &sym->objects[i];
		bool used = false;
		for (size_t j = 0; j < sym->ncodes && !used; j++)
			used = object_of(sym, sym->codes[j].pc) == o;
		if (used && !o->system)
			resolve_object(sym, o);
	}
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
