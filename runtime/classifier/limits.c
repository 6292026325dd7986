/* limits.c: the time and resource limits of the children that run harness code, as the
 * options (or the harness) set them: one place that every pass asks. */
#include "runtime.h"
#include "state_process.h"

void runtime_limits(const struct runtime_options *opt, struct sp_limits *limits)
{
	sp_limits_set(limits, opt->memory_limit_mib, opt->cpu_limit_s, opt->process_limit,
		      opt->file_size_limit_mib);
}

int runtime_timeout_ms(const struct runtime_options *opt, const struct snc_harness *def)
{
	return opt->timeout_ms ? opt->timeout_ms : def->timeout_ms ? def->timeout_ms : 1000;
}
