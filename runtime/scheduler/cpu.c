/* cpu.c: both threads of a run share one CPU.
 *
 * Only one of them runs at a time, so a second CPU buys nothing, while handing the baton
 * to a thread on another CPU costs a cross-CPU wake-up (an inter-processor interrupt, a
 * VM exit under a hypervisor). On one CPU a handoff is a futex wake followed by the waker's
 * futex wait: the kernel switches straight to the woken thread. The prototype measured
 * 3,300 schedules/s pinned against 2,000-2,300 spread over two CPUs; bench_sched confirms
 * it. The calling thread gets its previous CPU mask back when the run ends.
 */
#include <pthread.h>
#include <sched.h>
#include "sched_internal.h"

int cpu_pin_calling_thread(int cpu, cpu_set_t *previous)
{
	cpu_set_t one;

	if (cpu < 0 || pthread_getaffinity_np(pthread_self(), sizeof *previous, previous) != 0)
		return -1;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	return pthread_setaffinity_np(pthread_self(), sizeof one, &one) == 0 ? 0 : -1;
}

void cpu_restore_calling_thread(const cpu_set_t *previous)
{
	pthread_setaffinity_np(pthread_self(), sizeof *previous, previous);
}
