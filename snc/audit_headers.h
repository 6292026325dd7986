/* audit_headers.h: what `snc audit DIR` takes from a directory: the headers it audits when
 * no header is given (a project's public headers), and the sources it compiles (the
 * library's, not its tests' or harnesses') (audit_headers.c). */
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

/* Is file (below dir) a source of the library a directory holds: not in a directory of
 * tests, examples or build output (as above), and not a snc harness (SNC_HARNESS)? */
bool audit_library_source(const char *dir, const char *file);

#endif
