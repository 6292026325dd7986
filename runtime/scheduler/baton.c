/* baton.c: hand the right to run from one thread to the other.
 *
 * Each thread waits on its own futex word `go` until it holds the run's epoch, then clears
 * it. A per-thread word (not one shared "turn") keeps a helper abandoned by an earlier run
 * from ever being woken again: nobody writes its word any more. The waiter does not spin:
 * both threads share one CPU (cpu.c), where spinning would only keep the other thread from
 * running; the waker makes the futex call only if the waiter is (about to be) asleep.
 */
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "sched_internal.h"

static void futex_wait(uint32_t *word, uint32_t expected)
{
	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static void futex_wake(uint32_t *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

void baton_pass(struct sched_thread *to, uint32_t epoch)
{
	__atomic_store_n(&to->go, epoch, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&to->sleeping, __ATOMIC_SEQ_CST))
		futex_wake(&to->go);
}

/* Waits until `go` is the epoch (any epoch when `any`), then clears it. */
static void wait_until(struct sched_thread *self, uint32_t epoch, bool any)
{
	for (;;) {
		uint32_t seen = __atomic_load_n(&self->go, __ATOMIC_ACQUIRE);
		if (seen != 0 && (any || seen == epoch)) {
			__atomic_store_n(&self->go, 0, __ATOMIC_RELAXED);
			return;
		}
		/* Dekker with baton_pass: one of us sees the other's store. */
		__atomic_store_n(&self->sleeping, 1, __ATOMIC_SEQ_CST);
		seen = __atomic_load_n(&self->go, __ATOMIC_SEQ_CST);
		if (seen == 0 || !(any || seen == epoch))
			futex_wait(&self->go, seen);
		__atomic_store_n(&self->sleeping, 0, __ATOMIC_RELAXED);
	}
}

void baton_wait(struct sched_thread *self, uint32_t epoch)
{
	wait_until(self, epoch, false);
}

void baton_wait_any(struct sched_thread *self)
{
	wait_until(self, 0, true);
}
