/* real.h: the libc functions that the interposers in this directory replace.
 *
 * Our definitions of pthread_mutex_lock and friends win over libc's for every caller in the
 * process (the executable comes first in symbol lookup), so outside a run they must call the
 * next definition, found with dlsym(RTLD_NEXT) (libc's, or a sanitizer's interceptor).
 */
#ifndef SNC_SCHED_REAL_H
#define SNC_SCHED_REAL_H

#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <sys/select.h>
#include <unistd.h>
#include <time.h>

struct real_functions {
	int (*mutex_lock)(pthread_mutex_t *);
	int (*mutex_trylock)(pthread_mutex_t *);
	int (*mutex_timedlock)(pthread_mutex_t *, const struct timespec *);
	int (*mutex_unlock)(pthread_mutex_t *);
	int (*spin_lock)(pthread_spinlock_t *);
	int (*spin_trylock)(pthread_spinlock_t *);
	int (*spin_unlock)(pthread_spinlock_t *);
	int (*rwlock_rdlock)(pthread_rwlock_t *);
	int (*rwlock_tryrdlock)(pthread_rwlock_t *);
	int (*rwlock_timedrdlock)(pthread_rwlock_t *, const struct timespec *);
	int (*rwlock_wrlock)(pthread_rwlock_t *);
	int (*rwlock_trywrlock)(pthread_rwlock_t *);
	int (*rwlock_timedwrlock)(pthread_rwlock_t *, const struct timespec *);
	int (*rwlock_unlock)(pthread_rwlock_t *);
	int (*sem_wait)(sem_t *);
	int (*sem_trywait)(sem_t *);
	int (*sem_timedwait)(sem_t *, const struct timespec *);
	int (*sem_post)(sem_t *);
	int (*cond_wait)(pthread_cond_t *, pthread_mutex_t *);
	int (*cond_timedwait)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
	int (*cond_signal)(pthread_cond_t *);
	int (*cond_broadcast)(pthread_cond_t *);
	int (*sched_yield)(void);
	int (*nanosleep)(const struct timespec *, struct timespec *);
	int (*clock_nanosleep)(clockid_t, int, const struct timespec *, struct timespec *);
	int (*usleep)(useconds_t);
	unsigned (*sleep)(unsigned);
	int (*poll)(struct pollfd *, nfds_t, int);
	int (*ppoll)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
	int (*select)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
	int (*sigaction)(int, const struct sigaction *, struct sigaction *);
	int (*once)(pthread_once_t *, void (*)(void));
};

extern struct real_functions real;

/* Resolves `real` if not done yet; every interposer calls it before using `real`. */
void real_resolve(void);

#endif
