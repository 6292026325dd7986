/* fuzz_file.h: handing a fuzz input to a parser that reads a file by name. */
#ifndef SNC_FUZZ_FILE_H
#define SNC_FUZZ_FILE_H

#include <stddef.h>
#include <stdint.h>

/* Writes data into NAME inside this process's own temporary folder (made once, removed at
 * exit) and returns the file's path, or NULL when it cannot be written. */
const char *fuzz_write_file(const char *name, const uint8_t *data, size_t size);
/* The folder fuzz_write_file writes into. */
const char *fuzz_dir(void);

#endif
