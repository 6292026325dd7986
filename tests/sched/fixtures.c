/* fixtures.c: the libraries under test of the scheduler tests (see fixtures.h).
 * Compiled with -fsanitize=thread only; linked without libtsan, against snc_sched. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <sys/select.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>
#include "fixtures.h"

#if defined(__clang__)
#define OPAQUE __attribute__((noinline))
#else
#define OPAQUE __attribute__((noipa))   /* no inlining, no interprocedural shortcuts */
#endif

static sem_t semaphore;
int handler_hits;

static void count_hit(int sig)
{
	(void)sig;
	handler_hits = handler_hits + 1;
}

static pthread_mutex_t checked_mutex;

void fixtures_setup(void)
{
	pthread_mutexattr_t errorcheck;

	pthread_mutexattr_init(&errorcheck);
	pthread_mutexattr_settype(&errorcheck, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&checked_mutex, &errorcheck);
	pthread_mutexattr_destroy(&errorcheck);
	sem_init(&semaphore, 0, 0);
	signal(SIGUSR1, count_hit);
}

int counter;

int racy_increment(void)
{
	int old = counter;
	counter = old + 1;
	return old;
}

unsigned char set_bits[8];

int set_add_1(void)
{
	if (set_bits[1])
		return 0;
	set_bits[1] = 1;
	return 1;
}

int atomic_counter;

int atomic_increment(void)
{
	return __atomic_fetch_add(&atomic_counter, 1, __ATOMIC_SEQ_CST);
}

static pthread_mutex_t counter_mutex = PTHREAD_MUTEX_INITIALIZER;
int locked_counter;

int locked_increment(void)
{
	pthread_mutex_lock(&counter_mutex);
	int old = locked_counter;
	locked_counter = old + 1;
	pthread_mutex_unlock(&counter_mutex);
	return old;
}

int spin_word, spin_counter;

int spin_increment(void)
{
	while (__atomic_exchange_n(&spin_word, 1, __ATOMIC_ACQUIRE))
		;
	int old = spin_counter;
	spin_counter = old + 1;
	__atomic_store_n(&spin_word, 0, __ATOMIC_RELEASE);
	return old;
}

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

int lock_a_then_b(void)
{
	pthread_mutex_lock(&lock_a);
	pthread_mutex_lock(&lock_b);
	pthread_mutex_unlock(&lock_b);
	pthread_mutex_unlock(&lock_a);
	return 0;
}

int lock_b_then_a(void)
{
	pthread_mutex_lock(&lock_b);
	pthread_mutex_lock(&lock_a);
	pthread_mutex_unlock(&lock_a);
	pthread_mutex_unlock(&lock_b);
	return 0;
}

int timed_a_then_b(void)
{
	struct timespec soon = { 0 };
	int rc;

	pthread_mutex_lock(&lock_a);
	rc = pthread_mutex_timedlock(&lock_b, &soon);
	if (rc == 0)
		pthread_mutex_unlock(&lock_b);
	pthread_mutex_unlock(&lock_a);
	return rc;
}

volatile int w0a, w0b, w0c, w1a, w1b, w1c, w1d;

int three_writes(void)
{
	w0a = 1;
	w0b = 2;
	w0c = 3;
	return 0;
}

int four_writes(void)
{
	w1a = 1;
	w1b = 2;
	w1c = 3;
	w1d = 4;
	return 0;
}

static OPAQUE void store_through(int *p, int v)
{
	*p = v;
}

static OPAQUE int load_through(const int *p)
{
	return *p;
}

int shared_word;

/* gcc and clang both instrument the accesses through the pointers; they hit this thread's
 * own stack and must not be scheduling points. Only the read of shared_word is. */
int with_stack_local(void)
{
	int local = 0;
	store_through(&local, 5);
	store_through(&local, load_through(&local) + 1);
	return local + shared_word;
}

static pthread_mutex_t cv_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready;

int wait_until_ready(void)
{
	pthread_mutex_lock(&cv_mutex);
	while (!ready)
		pthread_cond_wait(&cv, &cv_mutex);
	int r = ready;
	pthread_mutex_unlock(&cv_mutex);
	return r;
}

int wait_once(void)
{
	pthread_mutex_lock(&cv_mutex);
	pthread_cond_wait(&cv, &cv_mutex);
	int r = ready;
	pthread_mutex_unlock(&cv_mutex);
	return r;
}

int make_ready(void)
{
	pthread_mutex_lock(&cv_mutex);
	ready = 1;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&cv_mutex);
	return 0;
}

int sem_take(void)
{
	return sem_wait(&semaphore);
}

int sem_give(void)
{
	return sem_post(&semaphore);
}

static pthread_rwlock_t rwlock = PTHREAD_RWLOCK_INITIALIZER;
int rw_value;

int rw_read(void)
{
	pthread_rwlock_rdlock(&rwlock);
	int v = rw_value;
	pthread_rwlock_unlock(&rwlock);
	return v;
}

int rw_increment(void)
{
	pthread_rwlock_wrlock(&rwlock);
	rw_value = rw_value + 1;
	pthread_rwlock_unlock(&rwlock);
	return 0;
}

int *volatile null_pointer;

int crash_on_null(void)
{
	return *null_pointer;
}

int never_set;

int spin_on_never_set(void)
{
	while (!__atomic_load_n(&never_set, __ATOMIC_ACQUIRE))
		;
	return 0;
}

int block_in_pause(void)
{
	return pause();
}

int ready_flag;

int yield_until_ready(void)
{
	while (!__atomic_load_n(&ready_flag, __ATOMIC_ACQUIRE))
		sched_yield();
	return 1;
}

int spin_rounds;

int counting_spin_until_ready(void)
{
	while (!__atomic_load_n(&ready_flag, __ATOMIC_ACQUIRE))
		spin_rounds++;
	return spin_rounds;
}

int set_ready_flag(void)
{
	__atomic_store_n(&ready_flag, 1, __ATOMIC_RELEASE);
	return 0;
}

long mix64;
int mix32;
short mix16;
char mix8;

/* Exactly: 9 RMWs (exchange, 6 fetch ops on 4 sizes, strong and weak CAS, __sync op),
 * 2 seq_cst fences (__atomic_thread_fence(SEQ_CST), __sync_synchronize; apart, since clang
 * merges adjacent identical fences), 1 fence that is not seq_cst, 1 seq_cst store,
 * 1 release store, 2 loads. */
int atomics_mix(void)
{
	long expected = 0;
	int sum = 0;

	sum += (int)__atomic_exchange_n(&mix64, 5, __ATOMIC_ACQ_REL);              /* rmw 1 */
	sum += __atomic_fetch_add(&mix32, 1, __ATOMIC_RELAXED);                    /* rmw 2 */
	sum += __atomic_fetch_sub(&mix16, 1, __ATOMIC_SEQ_CST);                    /* rmw 3 */
	sum += __atomic_fetch_or(&mix8, 1, __ATOMIC_SEQ_CST);                      /* rmw 4 */
	sum += __atomic_fetch_and(&mix32, 3, __ATOMIC_SEQ_CST);                    /* rmw 5 */
	sum += __atomic_fetch_xor(&mix32, 3, __ATOMIC_SEQ_CST);                    /* rmw 6 */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	sum += __atomic_compare_exchange_n(&mix64, &expected, 7, 0, __ATOMIC_SEQ_CST,
					   __ATOMIC_RELAXED);                     /* rmw 7 */
	sum += __atomic_compare_exchange_n(&mix64, &expected, 9, 1, __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE);                     /* rmw 8 */
	sum += __sync_fetch_and_add(&mix32, 2);                                    /* rmw 9 */
	__sync_synchronize();
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	__atomic_store_n(&mix32, 1, __ATOMIC_SEQ_CST);
	__atomic_store_n(&mix16, 1, __ATOMIC_RELEASE);
	sum += __atomic_load_n(&mix64, __ATOMIC_ACQUIRE);
	sum += __atomic_load_n(&mix8, __ATOMIC_RELAXED);
	return sum;
}

/* The handler's read and write of handler_hits must not be scheduling points; only the
 * read below is. */
int raise_in_op(void)
{
	raise(SIGUSR1);
	return handler_hits;
}

unsigned __int128 wide;

/* clang needs -mcx16 to call the 16-byte hooks rather than libatomic. */
int atomics_128(void)
{
	unsigned __int128 old = __atomic_fetch_add(&wide, 1, __ATOMIC_SEQ_CST);
	unsigned __int128 expected = 5;

	__atomic_compare_exchange_n(&wide, &expected, 7, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	__atomic_store_n(&wide, old + 5, __ATOMIC_SEQ_CST);
	return (int)__atomic_load_n(&wide, __ATOMIC_ACQUIRE);
}

static pthread_mutex_t poll_mutex = PTHREAD_MUTEX_INITIALIZER;
int poll_flag;

/* A bounded loop that looks like a spin-wait: it must be let run, not called a deadlock,
 * when the other thread blocks on the mutex it holds. */
int poll_under_lock(void)
{
	int seen = 0;

	pthread_mutex_lock(&poll_mutex);
	for (volatile int i = 0; i < 3; i++)     /* volatile: one load site, not unrolled */
		seen += __atomic_load_n(&poll_flag, __ATOMIC_ACQUIRE);
	pthread_mutex_unlock(&poll_mutex);
	return seen;
}

int lock_and_unlock(void)
{
	pthread_mutex_lock(&poll_mutex);
	pthread_mutex_unlock(&poll_mutex);
	return 0;
}

static pthread_mutex_t relock_mutex = PTHREAD_MUTEX_INITIALIZER;

/* A default mutex taken twice by one thread: never returns. */
int lock_twice(void)
{
	pthread_mutex_lock(&relock_mutex);
	pthread_mutex_lock(&relock_mutex);
	return 0;
}

/* Re-reads a flag nobody sets BOUNDED_POLL_ROUNDS times, then gives up: returns the rounds. */
int bounded_poll(void)
{
	volatile int i = 0;        /* volatile: one load site, not unrolled */

	for (; i < BOUNDED_POLL_ROUNDS; i++)
		if (__atomic_load_n(&never_set, __ATOMIC_ACQUIRE))
			break;
	return i;
}

/* Sleeps until a flag nobody sets is set. */
int sleep_until_ready(void)
{
	while (!__atomic_load_n(&ready_flag, __ATOMIC_ACQUIRE))
		usleep(1000);
	return 1;
}

/* Waits 10 ms at a time with poll and no descriptor, as liburcu waits for a next pointer,
 * until a flag nobody sets is set. */
int poll_until_ready(void)
{
	while (!__atomic_load_n(&ready_flag, __ATOMIC_ACQUIRE))
		(void)poll(NULL, 0, 10);
	return 1;
}

/* The same with select and no descriptor. */
int select_until_ready(void)
{
	while (!__atomic_load_n(&ready_flag, __ATOMIC_ACQUIRE)) {
		struct timeval ten_ms = { .tv_usec = 10000 };
		(void)select(0, NULL, NULL, NULL, &ten_ms);
	}
	return 1;
}

/* A poll given a descriptor waits for the kernel, not a sleep: a pipe with a byte in it is
 * readable, so it returns 1 at once. */
int poll_readable_pipe(void)
{
	int fds[2];
	if (pipe(fds) != 0 || write(fds[1], "x", 1) != 1)
		return -2;
	struct pollfd readable = { .fd = fds[0], .events = POLLIN };
	int n = poll(&readable, 1, 1000);
	close(fds[0]);
	close(fds[1]);
	return n;
}

static pthread_mutex_t foreign_mutex = PTHREAD_MUTEX_INITIALIZER;
static int foreign_holds;

static void *hold_forever(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&foreign_mutex);
	__atomic_store_n(&foreign_holds, 1, __ATOMIC_RELEASE);
	for (;;)
		pause();
	return NULL;
}

/* Starts a thread of its own that takes a mutex, then takes it too. */
int lock_held_by_own_thread(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, hold_forever, NULL) != 0)
		return -2;
	while (!__atomic_load_n(&foreign_holds, __ATOMIC_ACQUIRE))
		sched_yield();
	pthread_mutex_lock(&foreign_mutex);
	return 0;
}

/* An error-checking mutex locked twice: the second lock fails with EDEADLK, no block. */
int errorcheck_relock(void)
{
	pthread_mutex_lock(&checked_mutex);
	return pthread_mutex_lock(&checked_mutex);
}
