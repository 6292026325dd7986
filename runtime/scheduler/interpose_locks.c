/* interpose_locks.c: pthread mutexes, spin locks and rwlocks under the scheduler.
 *
 * Defined in the executable, these override libc's for all code of the process. Outside a
 * run they call the real function; inside, every call is a scheduling point and blocking
 * becomes a switch to the other thread (acquire.c), so a thread preempted while holding a
 * lock never deadlocks the run. The adapters below give the real functions one signature.
 */
#include <errno.h>
#include <unistd.h>
#include "real.h"
#include "sched_internal.h"

/* What this file replaces; run.c refers to it so that the file is always linked. */
const char snc_sched_interposes_locks[] =
	"pthread_mutex_{lock,timedlock,trylock,unlock} pthread_spin_{lock,trylock,unlock} "
	"pthread_rwlock_{rdlock,timedrdlock,tryrdlock,wrlock,timedwrlock,trywrlock,unlock}";

static int try_mutex(void *m) { return real.mutex_trylock(m); }

/* pthread_mutex_lock: as a try, except that an error-checking mutex the caller holds fails
 * with EDEADLK, as glibc's does, instead of blocking (glibc's kind and owner fields). */
static int lock_mutex(void *m)
{
	pthread_mutex_t *mutex = m;
	int rc = real.mutex_trylock(m);
	if (rc == EBUSY && (mutex->__data.__kind & 3) == PTHREAD_MUTEX_ERRORCHECK_NP &&
	    mutex->__data.__owner == gettid())
		return EDEADLK;
	return rc;
}
static int unlock_mutex(void *m) { return real.mutex_unlock(m); }
static int try_spin(void *s) { return real.spin_trylock(s); }
static int unlock_spin(void *s) { return real.spin_unlock(s); }
static int try_read(void *l) { return real.rwlock_tryrdlock(l); }
static int try_write(void *l) { return real.rwlock_trywrlock(l); }
static int unlock_rwlock(void *l) { return real.rwlock_unlock(l); }

int pthread_mutex_lock(pthread_mutex_t *m)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.mutex_lock(m);
	return sched_acquire(m, SNC_SYNC_MUTEX, lock_mutex, false, SNC_CALLER_PC);
}

int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abstime)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.mutex_timedlock(m, abstime);
	return sched_acquire(m, SNC_SYNC_MUTEX, lock_mutex, true, SNC_CALLER_PC);
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.mutex_trylock(m);
	return sched_try_acquire(m, SNC_SYNC_MUTEX, try_mutex, SNC_CALLER_PC);
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.mutex_unlock(m);
	return sched_release(m, SNC_SYNC_MUTEX, unlock_mutex, SNC_CALLER_PC);
}

int pthread_spin_lock(pthread_spinlock_t *s)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.spin_lock(s);
	return sched_acquire((void *)s, SNC_SYNC_SPIN, try_spin, false, SNC_CALLER_PC);
}

int pthread_spin_trylock(pthread_spinlock_t *s)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.spin_trylock(s);
	return sched_try_acquire((void *)s, SNC_SYNC_SPIN, try_spin, SNC_CALLER_PC);
}

int pthread_spin_unlock(pthread_spinlock_t *s)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.spin_unlock(s);
	return sched_release((void *)s, SNC_SYNC_SPIN, unlock_spin, SNC_CALLER_PC);
}

int pthread_rwlock_rdlock(pthread_rwlock_t *l)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.rwlock_rdlock(l);
	return sched_acquire(l, SNC_SYNC_RWLOCK_READ, try_read, false, SNC_CALLER_PC);
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *abstime)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.rwlock_timedrdlock(l, abstime);
	return sched_acquire(l, SNC_SYNC_RWLOCK_READ, try_read, true, SNC_CALLER_PC);
}

int pthread_rwlock_tryrdlock(pthread_rwlock_t *l)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.rwlock_tryrdlock(l);
	return sched_try_acquire(l, SNC_SYNC_RWLOCK_READ, try_read, SNC_CALLER_PC);
}

int pthread_rwlock_wrlock(pthread_rwlock_t *l)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.rwlock_wrlock(l);
	return sched_acquire(l, SNC_SYNC_RWLOCK_WRITE, try_write, false, SNC_CALLER_PC);
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *abstime)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.rwlock_timedwrlock(l, abstime);
	return sched_acquire(l, SNC_SYNC_RWLOCK_WRITE, try_write, true, SNC_CALLER_PC);
}

int pthread_rwlock_trywrlock(pthread_rwlock_t *l)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.rwlock_trywrlock(l);
	return sched_try_acquire(l, SNC_SYNC_RWLOCK_WRITE, try_write, SNC_CALLER_PC);
}

int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
	real_resolve();
	if (!SNC_IN_RUN())
		return real.rwlock_unlock(l);
	return sched_release(l, SNC_SYNC_RWLOCK, unlock_rwlock, SNC_CALLER_PC);
}
