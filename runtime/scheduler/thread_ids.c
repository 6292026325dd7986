/* thread_ids.c: the threads the runtime started in this process, by kernel thread id.
 *
 * A state can hold a thread's id: a pthread mutex records its owner's, and an op that
 * leaves a lock held leaves that number in the object. Every execution is a new process
 * with new threads, so the number differs from run to run and from the runs it is compared
 * with, though nothing an op can observe does. The digest (snc_hash, snc.h) counts such a
 * word as "a thread of this execution": the threads are the process's own (getpid), its
 * parent's (the state process that built the state), and those the runtime started here,
 * registered by this file (an op's own thread, the schedules' worker). A thread the
 * library under test starts itself is not known. */
#include <stdbool.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "snc_sched.h"

#define MAX_IDS 16

static int32_t ids[MAX_IDS];
static int nids;

void snc_thread_ids_add_self(void)
{
	int32_t self = (int32_t)syscall(SYS_gettid);
	for (int i = 0; i < nids; i++)
		if (ids[i] == self)
			return;
	ids[nids < MAX_IDS ? nids++ : MAX_IDS - 1] = self;
}

bool snc_thread_id_known(int32_t id)
{
	for (int i = 0; i < nids; i++)
		if (ids[i] == id)
			return true;
	return false;
}
