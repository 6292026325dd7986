/* fixtures.h: small libraries under test for the scheduler tests.
 *
 * fixtures.c is compiled with -fsanitize=thread, once by gcc and once by clang (the two
 * emit different hooks); each test driver links one of the two builds. Every function is
 * an operation `int f(void)`; the state is global, fresh in every forked child.
 */
#ifndef SNC_SCHED_TEST_FIXTURES_H
#define SNC_SCHED_TEST_FIXTURES_H

/* Prepares what static initializers cannot (semaphores); call once before forking. */
void fixtures_setup(void);

int racy_increment(void);       /* old = counter; counter = old + 1; return old */
int set_add_1(void);            /* byte-array set: 1 if 1 was not in the set yet */
int atomic_increment(void);     /* __atomic_fetch_add */
int locked_increment(void);     /* the racy increment inside a pthread mutex */
int spin_increment(void);       /* the racy increment inside an exchange spin lock */
int lock_a_then_b(void);        /* two mutexes, in opposite orders: can deadlock */
int lock_b_then_a(void);
int timed_a_then_b(void);       /* lock_a_then_b with a timed lock on b: ETIMEDOUT or 0 */
int three_writes(void);         /* exactly 3 scheduling points */
int four_writes(void);          /* exactly 4 scheduling points */
int with_stack_local(void);     /* address-taken local + one shared read: 1 point */
int wait_until_ready(void);     /* condition variable, with a predicate loop */
int wait_once(void);            /* condition variable without a predicate: lost wake-up */
int make_ready(void);
int sem_take(void);
int sem_give(void);
int rw_read(void);
int rw_increment(void);
int crash_on_null(void);
int spin_on_never_set(void);    /* waits for a flag nobody sets */
int block_in_pause(void);       /* a real blocking system call we do not interpose */
int yield_until_ready(void);    /* spin-wait with sched_yield on `ready` */
int counting_spin_until_ready(void);   /* spin-wait that counts its rounds in memory */
int set_ready_flag(void);
int atomics_mix(void);          /* one of each atomic hook kind, see its comment */
int raise_in_op(void);          /* a signal handler (instrumented) runs inside the op */
int atomics_128(void);
int poll_under_lock(void);      /* holds a mutex while re-reading a flag 3 times */
int lock_and_unlock(void);      /* the same mutex */          /* 16-byte atomics: fetch_add, failing CAS, store, load */
int lock_twice(void);           /* a default mutex locked twice: blocks */
enum { BOUNDED_POLL_ROUNDS = 2000 };
int bounded_poll(void);         /* re-reads never_set BOUNDED_POLL_ROUNDS times, returns */
int sleep_until_ready(void);    /* usleep loop on `ready` */
int poll_until_ready(void);     /* poll(NULL, 0, 10) loop on `ready` */
int select_until_ready(void);   /* select(0, ..., 10 ms) loop on `ready` */
int poll_readable_pipe(void);   /* poll on a readable pipe: 1 */
int lock_held_by_own_thread(void);
int errorcheck_relock(void);    /* returns the second lock's EDEADLK */   /* a thread it started holds the mutex it takes */

#endif
