/* cpus.c: how many CPUs this process may run on, the default of every --jobs (-j). */
#include <sched.h>
#include <unistd.h>
#include "snc_cmdline.h"

int snc_cpu_count(void)
{
	cpu_set_t allowed;
	if (sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 0)
		return CPU_COUNT(&allowed);
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (int)online : 1;
}
