/* audit_headers.h: what `snc audit DIR` (or `-p compile_commands.json`) takes from a
 * project when no header is given: the headers it audits (the project's public headers),
 * and the sources it compiles (the library's, not its tests' or harnesses')
 * (audit_headers.c). */
#ifndef SNC_AUDIT_HEADERS_H
#define SNC_AUDIT_HEADERS_H

#include <stdbool.h>
#include <stddef.h>

/* The public headers of dir, sorted: those under dir/include when there is one, else every
 * .h under dir outside hidden directories and those of tests, examples, benchmarks,
 * documentation, build output and vendored code. Returns a malloc'd NULL-terminated array
 * of malloc'd paths (dir/...), with *count set; NULL when out of memory. */
char **audit_headers_of_dir(const char *dir, size_t *count);
void audit_headers_free(char **headers);

/* The public headers of a compile database's project: those of the directories its units
 * name with -I, -iquote or -isystem (relative to the unit's directory), outside /usr and
 * an out-of-tree build folder holding the database (generated headers), and only the
 * ones named include (or below one) when there are such; without any, the headers next to
 * its .c files. Sorted, no path twice; NULL with err set when the database cannot
 * be read. */
char **audit_headers_of_compdb(const char *compdb, size_t *count, char *err, size_t errlen);

/* Is file (below dir) a source of the library a directory holds: not in a directory of
 * tests, examples or build output (as above), and not a snc harness (SNC_HARNESS)? */
bool audit_library_source(const char *dir, const char *file);

#endif
