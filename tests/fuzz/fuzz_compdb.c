/* fuzz_compdb.c: `snc scan --compdb` (analyzer/compdb.c) on any bytes as a
 * compile_commands.json: libclang parses the JSON, snc turns each command into a unit. */
#include <stdint.h>
#include "fuzz_file.h"
#include "snc_analyzer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!fuzz_write_file("compile_commands.json", data, size))
		return 0;
	struct sa_units units = { 0 };
	char err[512];
	if (sa_units_from_compdb(fuzz_dir(), &units, err, sizeof err) == 0)
		sa_units_free(&units);
	return 0;
}
