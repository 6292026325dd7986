/* spin_watch.c: a spin in code without scheduling points, told from the op thread's machine
 * state.
 *
 * The blocking rule (blocking.c) sees every step of instrumented code; code without points
 * (inline asm loads such as Concurrency Kit's ck_pr_load_*, a library built without the
 * instrumentation) is invisible to it, and a spin there was left to the executor's timer and
 * its confirmation at ten times the limit. While an op runs alone under the scheduler, a
 * timer on the op thread's own CPU clock interrupts it every TICK_NS of CPU time; the
 * handler samples what the thread is: its instruction pointer, flags, general and vector
 * registers, a hash of the memory around every register value that is a readable address
 * (read with process_vm_readv, so an unmapped address never faults), the scheduling points
 * passed and the thread's voluntary context switches. In an execution child nothing but the
 * op thread can change what it waits for (the solo run checks there is no thread outside it),
 * so when SAME_STATES_TO_BLOCK samples in a row are the same state, the thread is going round
 * a loop that reads memory nobody changes and changes nothing itself: it blocks, and the
 * solo run ends as the stall rule would end it (snc_sched_solo_blocked), decided from
 * behaviour, with no confirmation. A bounded poll changes its counter (a register, or memory
 * a register points at) on every round: its samples differ and it runs on. A sample taken in
 * a system call (the instruction before the pointer is `syscall`), after a wait that gave the
 * CPU away, or at a scheduling point decides nothing: those are the timer's and the other
 * rules' cases. Not under Valgrind (the measure pass), and only on x86-64. A tick is a
 * signal to the op thread (SA_RESTART): a system call it interrupts goes on, except the few
 * Linux never restarts (poll, select, nanosleep: EINTR), which a tick can only reach as the
 * thread enters one, since a sleeping thread uses no CPU time. The same handler ends the
 * solo run when the thread waiting for the op found it asleep for good in a futex wait
 * (sleep_watch.c): a signal queued to the op thread with BLOCKED_BY_SLEEP.
 *
 * A loop that sleeps between its looks (poll(NULL, 0, 1) until a flag is set) uses almost
 * no CPU time, so no tick finds it. The thread waiting for the op, seeing it in a timed
 * sleep (sleep_watch.c), queues SAMPLE_IN_SLEEP to it: the handler runs inside the sleep
 * (which then ends early, as with any signal) and samples the thread as a tick does, less
 * the registers the system call itself writes and the context switches each sleep adds,
 * and with its whole stack above the stack pointer (a loop's counter may live in any frame).
 * SAME_SLEEPS_TO_BLOCK such samples in a row that are the same state are a loop nobody can
 * end: blocked, with no confirmation. A bounded loop counts its rounds and differs; so does
 * a loop that reads the clock into its frame. A loop whose only change is to a global it
 * holds no pointer to (a count of tries in a static variable) looks the same every round
 * and is called blocked, as a tick calls such a spin.
 *
 * The same signal, queued with WAKE_ONLY, wakes a library's poller while the state settles
 * (settle.c, spin_watch_wake): the handler sees neither a timer nor a value it acts on and
 * returns, and the poller's sleep has ended early. Queued with SAMPLE_POLLER to a
 * poller while an op waits for the threads it started (outside_idle.c), the handler samples
 * that thread inside its sleep, as a sleep of the op's is sampled, and answers the thread
 * that asked (spin_watch_sample_poller); its sleep ends early too. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include "runtime.h"
#include "snc_sched.h"
#include "state_process.h"

#define TICK_NS 1000000               /* of the op thread's CPU time */
#define SAME_STATES_TO_BLOCK 3
#define WINDOW_HALF 64                /* bytes hashed either side of a register's value */
#define PAGE 4096u
#define BLOCKED_BY_SLEEP 0x51eeb  /* the value of the signal sleep_watch.c's decision sends */
#define SAMPLE_IN_SLEEP 0x51ee9   /* the value of the signal that samples a timed sleep */
#define SAME_SLEEPS_TO_BLOCK 4
#define STACK_HASHED 65536u       /* bytes of the stack above its pointer, at most */
#define SAMPLE_POLLER 0x51ee7     /* the value of the signal that samples a library's poller */
#define WAKE_ONLY 0x51ee3         /* the value of the signal that only ends a poller's sleep */
#define POLLER_ANSWER_NS 5000000  /* how long a poller's sample is waited for */

/* One sample; all words, so that two compare with memcmp. */
struct machine_state {
	uint64_t ip, flags;
	uint64_t general[16];
	uint64_t hash;                /* memory around the registers, vector registers, points,
				       * voluntary switches */
};

/* Samples in a row that are the same state. */
struct same_run {
	struct machine_state last;
	int same;                     /* samples in a row equal to last */
};

static struct {
	volatile bool armed;
	volatile bool sampling;       /* the handler runs (SA_NODEFER: a tick may nest) */
	timer_t timer;
	const volatile uint32_t *points;
	struct same_run spin;         /* ticks while the op runs */
	struct same_run sleep;        /* samples inside its timed sleeps */
} watch;

static int watch_signal = -1;

/* The one poller sample asked for at a time (spin_watch_sample_poller): which thread, and
 * its answer (0 while none, 1 with state, -1 when it could not be sampled). */
static struct {
	volatile pid_t tid;
	volatile uint64_t state;
	volatile int answer;
} poller;

static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return h;
}

bool read_own_memory(void *buf, uintptr_t addr, size_t n)
{
	struct iovec local = { buf, n }, remote = { (void *)addr, n };
	return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)n;
}

/* The memory around a register's value, within its page, when that is readable. */
static uint64_t hash_window(uint64_t h, uint64_t value)
{
	unsigned char bytes[2 * WINDOW_HALF];
	uint64_t page = value & ~(uint64_t)(PAGE - 1);
	uint64_t from = value - WINDOW_HALF < page || value < WINDOW_HALF ? page : value - WINDOW_HALF;
	uint64_t to = value + WINDOW_HALF > page + PAGE ? page + PAGE : value + WINDOW_HALF;
	if (value < PAGE || value >> 47 != 0 || !read_own_memory(bytes, from, to - from))
		return h;               /* not an address of user memory */
	return hash_bytes(h, bytes, to - from);
}

/* The thread was interrupted in a system call: the instruction before ip is `syscall`. */
static bool in_system_call(uint64_t ip)
{
	unsigned char before[2];
	return read_own_memory(before, ip - 2, 2) && before[0] == 0x0f && before[1] == 0x05;
}

static uint64_t voluntary_switches(void)
{
	struct rusage u;
	return getrusage(RUSAGE_THREAD, &u) == 0 ? (uint64_t)u.ru_nvcsw : 0;
}

#if defined(__x86_64__)
/* The stack from sp up, a page at a time, until STACK_HASHED bytes or unmapped memory:
 * every frame of the op down to the sleep, so a loop's counter kept there is seen. */
static uint64_t hash_stack(uint64_t h, uint64_t sp)
{
	unsigned char bytes[PAGE];
	for (uint64_t at = sp, end = sp + STACK_HASHED; at < end;) {
		uint64_t next = (at & ~(uint64_t)(PAGE - 1)) + PAGE;
		if (!read_own_memory(bytes, at, next - at))
			break;
		h = hash_bytes(h, bytes, next - at);
		at = next;
	}
	return h;
}

/* The interrupted thread's state; false when it cannot be one of a spin on memory (asleep:
 * false) or of a loop of timed sleeps (asleep: true). The memory around the registers is
 * the op's only (op): around a library poller's registers lies memory that other threads
 * change all the time (the runtime's, the waiting thread's stack), and what the poller does
 * to memory outside its stack is seen, where it matters, in what the op's wait re-reads
 * (solo.c). Running, a sample in a system call
 * decides nothing, and the voluntary context switches are part of the state. Asleep, the
 * sample must be in one, and what the system call itself changes is left out (rax, its
 * result; rcx and r11, which it clobbers) as are the switches each sleep adds, while the
 * whole stack is in (a loop's counter may live in any frame). */
static bool sample(const ucontext_t *uc, struct machine_state *s, bool asleep, bool op)
{
	static const int general[16] = { REG_R8, REG_R9, REG_R10, REG_R12, REG_R13, REG_R14,
					 REG_R15, REG_RDI, REG_RSI, REG_RBP, REG_RBX, REG_RDX,
					 REG_RSP, REG_RAX, REG_RCX, REG_R11 };
	const greg_t *g = uc->uc_mcontext.gregs;
	uint64_t h = 0xcbf29ce484222325ULL;

	memset(s, 0, sizeof *s);
	s->ip = (uint64_t)g[REG_RIP];
	s->flags = (uint64_t)g[REG_EFL];
	if (in_system_call(s->ip) != asleep)
		return false;
	for (int i = 0; i < (asleep ? 13 : 16); i++) {   /* the last three: not asleep */
		s->general[i] = (uint64_t)g[general[i]];
		if (op)
			h = hash_window(h, s->general[i]);
	}
	if (uc->uc_mcontext.fpregs)
		h = hash_bytes(h, uc->uc_mcontext.fpregs->_xmm, sizeof uc->uc_mcontext.fpregs->_xmm);
	if (op)
		h = hash_bytes(h, (const void *)&(uint32_t){ *watch.points }, sizeof(uint32_t));
	s->hash = asleep ? hash_stack(h, s->general[12]) :
			   hash_bytes(h, &(uint64_t){ voluntary_switches() }, sizeof(uint64_t));
	return true;
}
#else
static bool sample(const ucontext_t *uc, struct machine_state *s, bool asleep, bool op)
{
	(void)uc;
	(void)s;
	(void)asleep;
	(void)op;
	return false;
}
#endif

/* Counts the samples in a row that are the same state (asleep: taken inside timed sleeps);
 * true once there are needed of them. A tick that cannot be a spin's sample (in a system
 * call) ends the spin's run; a sample outside a system call counts for nothing in a
 * sleep's (the thread had just woken). A bounded loop counts its rounds in a register or
 * on its stack, and its samples differ. */
static bool same_again(struct same_run *run, const ucontext_t *uc, bool asleep, int needed)
{
	struct machine_state now;
	if (!sample(uc, &now, asleep, true)) {
		if (!asleep)
			run->same = 0;
		return false;
	}
	if (run->same > 0 && memcmp(&now, &run->last, sizeof now) == 0)
		run->same++;
	else
		run->same = 1;
	run->last = now;
	return run->same >= needed;
}

/* Samples the op thread from its handler (not nested in another sample) and ends its
 * solo run as blocked once enough samples in a row agree (snc_sched_solo_blocked does not
 * return when it decides). */
static void sample_and_decide(struct same_run *run, const ucontext_t *uc, bool asleep,
			      int needed, int saved_errno)
{
	watch.sampling = true;
	bool endless = same_again(run, uc, asleep, needed);
	watch.sampling = false;
	if (endless) {
		run->same = 0;
		errno = saved_errno;
		snc_sched_solo_blocked();
	}
}

/* On a library's poller, asked by spin_watch_sample_poller: its state inside the sleep the
 * signal cut short, as a sleep's sample of the op's (less the op's points). */
static void answer_poller_sample(const ucontext_t *uc)
{
	struct machine_state s;
	bool sampled = gettid() == poller.tid && sample(uc, &s, true, false);
	poller.state = sampled ? hash_bytes(0xcbf29ce484222325ULL, &s, sizeof s) : 0;
	__atomic_store_n(&poller.answer, sampled ? 1 : -1, __ATOMIC_RELEASE);
}

static void on_tick(int sig, siginfo_t *info, void *context)
{
	int saved_errno = errno;

	(void)sig;
	if (info->si_code == SI_QUEUE && info->si_pid == getpid() &&
	    info->si_value.sival_int == SAMPLE_POLLER) {
		answer_poller_sample(context);
		errno = saved_errno;
		return;
	}
	if (info->si_code == SI_QUEUE && info->si_pid == getpid() &&
	    info->si_value.sival_int == BLOCKED_BY_SLEEP) {
		errno = saved_errno;
		snc_sched_solo_blocked();   /* sleep_watch.c decided: does not return */
		return;
	}
	bool asleep = info->si_code == SI_QUEUE && info->si_pid == getpid() &&
		      info->si_value.sival_int == SAMPLE_IN_SLEEP;
	if (!watch.armed || watch.sampling || (!asleep && info->si_code != SI_TIMER))
		return;              /* stopped, nested, or not our timer (a kill) */
	if (asleep)
		sample_and_decide(&watch.sleep, context, true, SAME_SLEEPS_TO_BLOCK, saved_errno);
	else
		sample_and_decide(&watch.spin, context, false, SAME_STATES_TO_BLOCK, saved_errno);
	errno = saved_errno;
}

static bool watch_usable(void)
{
	static int usable = -1;   /* decided once; forked children inherit the handler */
	if (usable < 0)
		usable = !sp_under_valgrind() &&
			 (watch_signal = snc_sched_watch_signal_install(on_tick)) >= 0;
	return usable;
}

void spin_watch_start(const volatile uint32_t *points)
{
	struct sigevent ev = { .sigev_notify = SIGEV_THREAD_ID };
	struct itimerspec every_tick = { .it_interval = { .tv_nsec = TICK_NS },
					 .it_value = { .tv_nsec = TICK_NS } };

	if (watch.armed || !watch_usable())
		return;
	ev.sigev_signo = watch_signal;
	ev._sigev_un._tid = gettid();   /* sigev_notify_thread_id: glibc 2.36 has no macro */
	if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &watch.timer) != 0)
		return;               /* no watch: the timer decides, as before */
	watch.points = points;
	watch.spin.same = 0;
	watch.sleep.same = 0;
	watch.armed = true;
	if (timer_settime(watch.timer, 0, &every_tick, NULL) != 0)
		spin_watch_stop();
}

bool spin_watch_end_blocked(pthread_t t)
{
	return watch_usable() &&
	       pthread_sigqueue(t, watch_signal, (union sigval){ .sival_int = BLOCKED_BY_SLEEP }) == 0;
}

bool spin_watch_sample_sleep(pthread_t t)
{
	return watch_usable() &&
	       pthread_sigqueue(t, watch_signal, (union sigval){ .sival_int = SAMPLE_IN_SLEEP }) == 0;
}

/* Queues the watch's signal with value to thread tid of this process. */
static bool queue_to_thread(pid_t tid, int value)
{
	siginfo_t info = { .si_code = SI_QUEUE };
	info.si_signo = watch_signal;
	info.si_pid = getpid();
	info.si_uid = getuid();
	info.si_value.sival_int = value;
	return syscall(SYS_rt_tgsigqueueinfo, getpid(), tid, watch_signal, &info) == 0;
}

bool spin_watch_sample_poller(pid_t tid, uint64_t *state)
{
	struct timespec from, now;

	if (!watch_usable())
		return false;
	poller.tid = tid;
	__atomic_store_n(&poller.answer, 0, __ATOMIC_RELEASE);
	if (!queue_to_thread(tid, SAMPLE_POLLER))
		return false;
	clock_gettime(CLOCK_MONOTONIC, &from);
	int answer;
	while (!(answer = __atomic_load_n(&poller.answer, __ATOMIC_ACQUIRE))) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if ((now.tv_sec - from.tv_sec) * 1000000000L + now.tv_nsec - from.tv_nsec > POLLER_ANSWER_NS)
			break;
		syscall(SYS_sched_yield);   /* the scheduler's sched_yield is a point of the op's */
	}
	poller.tid = 0;
	*state = poller.state;
	return answer > 0;
}

bool spin_watch_wake(pid_t tid)
{
	return watch_usable() && queue_to_thread(tid, WAKE_ONLY);
}

void spin_watch_stop(void)
{
	if (!watch.armed)
		return;
	watch.armed = false;
	timer_delete(watch.timer);
}
