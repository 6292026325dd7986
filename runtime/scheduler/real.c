/* real.c: find the libc functions behind our interposers, once per process.
 *
 * Resolved by a constructor, before any run, so that dlsym never runs inside a scheduled
 * operation; the interposers also resolve lazily for callers that run before constructors
 * (other constructors). dlsym is thread-safe, and racing resolutions store the same values.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "real.h"
#include "sched_internal.h"

struct real_functions real;
static bool resolved;

static void *next_definition(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);
	if (!f) {
		/* Without it the interposer cannot work outside a run: nothing sensible to do. */
		fprintf(stderr, "snc_sched: no definition of %s after ours\n", name);
		abort();
	}
	return f;
}

#define RESOLVE(field, name) (*(void **)&real.field = next_definition(name))

void real_resolve(void)
{
	if (__atomic_load_n(&resolved, __ATOMIC_ACQUIRE))
		return;
	RESOLVE(mutex_lock, "pthread_mutex_lock");
	RESOLVE(mutex_trylock, "pthread_mutex_trylock");
	RESOLVE(mutex_timedlock, "pthread_mutex_timedlock");
	RESOLVE(mutex_unlock, "pthread_mutex_unlock");
	RESOLVE(spin_lock, "pthread_spin_lock");
	RESOLVE(spin_trylock, "pthread_spin_trylock");
	RESOLVE(spin_unlock, "pthread_spin_unlock");
	RESOLVE(rwlock_rdlock, "pthread_rwlock_rdlock");
	RESOLVE(rwlock_tryrdlock, "pthread_rwlock_tryrdlock");
	RESOLVE(rwlock_timedrdlock, "pthread_rwlock_timedrdlock");
	RESOLVE(rwlock_wrlock, "pthread_rwlock_wrlock");
	RESOLVE(rwlock_trywrlock, "pthread_rwlock_trywrlock");
	RESOLVE(rwlock_timedwrlock, "pthread_rwlock_timedwrlock");
	RESOLVE(rwlock_unlock, "pthread_rwlock_unlock");
	RESOLVE(sem_wait, "sem_wait");
	RESOLVE(sem_trywait, "sem_trywait");
	RESOLVE(sem_timedwait, "sem_timedwait");
	RESOLVE(sem_post, "sem_post");
	RESOLVE(cond_wait, "pthread_cond_wait");
	RESOLVE(cond_timedwait, "pthread_cond_timedwait");
	RESOLVE(cond_signal, "pthread_cond_signal");
	RESOLVE(cond_broadcast, "pthread_cond_broadcast");
	RESOLVE(sched_yield, "sched_yield");
	RESOLVE(nanosleep, "nanosleep");
	RESOLVE(clock_nanosleep, "clock_nanosleep");
	RESOLVE(usleep, "usleep");
	RESOLVE(sleep, "sleep");
	RESOLVE(poll, "poll");
	RESOLVE(ppoll, "ppoll");
	RESOLVE(select, "select");
	RESOLVE(sigaction, "sigaction");
	RESOLVE(once, "pthread_once");
	__atomic_store_n(&resolved, true, __ATOMIC_RELEASE);
}

static void __attribute__((constructor)) resolve_at_startup(void)
{
	real_resolve();
}
