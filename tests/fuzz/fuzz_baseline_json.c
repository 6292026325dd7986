/* fuzz_baseline_json.c: a `--baseline OLD.json` (db/report/json_read.c) on any bytes; what
 * it accepts is then used as a baseline is: its findings computed, and compared as the
 * `regression` rule compares a run with it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_file.h"
#include "snc_db.h"
#include "snc_report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write_file("baseline.json", data, size);
	struct snc_facts facts;
	char **fingerprints, err[512];
	int nfingerprints;
	if (!path || report_read_json(path, &facts, &fingerprints, &nfingerprints, err,
				      sizeof err) != 0)
		return 0;
	struct snc_findings alone, against_itself;
	snc_findings_compute(&facts, NULL, &alone);
	snc_findings_compute(&facts, &facts, &against_itself);
	snc_findings_free(&alone);
	snc_findings_free(&against_itself);
	snc_facts_free(&facts);
	report_free_strings(fingerprints, nfingerprints);
	return 0;
}
