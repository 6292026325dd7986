/* fuzz_schedule.c: a schedule string as stored in the database ('0:1,1', what `snc replay`
 * parses: runtime/scheduler/schedule_string.c) on any bytes. What parses must format back to
 * text that parses to the same schedule. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "snc_sched.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	struct snc_schedule s, again;
	if (snc_schedule_parse(text, &s) == 0) {
		char buf[1024];
		if (snc_schedule_format(&s, buf, sizeof buf) < 0 ||
		    snc_schedule_parse(buf, &again) != 0 || again.first_thread != s.first_thread ||
		    again.nswitches != s.nswitches ||
		    memcmp(again.budget, s.budget, sizeof s.budget[0] * s.nswitches) != 0)
			abort();
	}
	free(text);
	return 0;
}
