/* sleep_watch.c: an op thread asleep for good in a futex wait, told from what the kernel
 * says it waits for.
 *
 * The blocking rule (blocking.c) decides locks, condition variables and semaphores that
 * go through libc's interposed functions, and the spin watch (spin_watch.c) spins in code
 * without scheduling points; an op that sleeps in the futex system call itself (liburcu's
 * futex_async waits, a lock written on raw futexes, a lock taken inside libc) uses no CPU
 * and reaches no point, so only the executor's timer could say it blocks: the op's limit,
 * then a confirmation at ten times it. While an op runs on a thread of its own
 * (op_thread.c), the thread that waits for it looks, every so often, at what the kernel
 * says the op thread is doing (/proc/self/task/TID/syscall): an untimed futex wait
 * (FUTEX_WAIT or FUTEX_WAIT_BITSET, no timeout) that is process-private (FUTEX_PRIVATE_FLAG,
 * or a word in a private mapping, which the kernel keys by this process's memory alike)
 * and whose word still holds the value it waits to change can only end when a thread of
 * this process wakes it; seen so at two looks in a row, it sleeps for good. In an
 * execution child no other thread runs (the waiting thread
 * and parked op threads are quiet: snc_sched_quiet_threads, and the solo run checks that no
 * thread is outside them), so it never ends: the waiting thread queues the watch signal to
 * the op thread, whose handler ends the solo run as blocked (snc_sched_solo_blocked), as
 * the stall rule would, with no confirmation. A timed wait, a futex in shared memory, a
 * word that changed, or any other system call decides nothing and is left to the timer. Nothing is
 * sent until a block is decided, so an op that sleeps for a while (nanosleep, poll) is
 * never interrupted. Not under Valgrind (no watch signal there).
 *
 * A loop that waits by sleeping a while between looks at memory (liburcu's
 * call_rcu_before_fork: `while (!paused) poll(NULL, 0, 1)`) is seen here too: the op thread
 * in a timed sleep that waits for nothing but time (sleep_watch_timed_sleep_ms). The thread
 * waiting for the op then has the spin watch sample the op thread's state inside that sleep
 * (spin_watch_sample_sleep: the signal cuts the sleep short, as any signal does, and the loop
 * goes round again), and the same state in several sleeps in a row is a loop that nobody
 * will end (spin_watch.c). The state letter of a thread (thread_state) is read here too, for
 * the op thread's wait and settle.c. */
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <time.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "runtime.h"

/* Whether addr is in a private mapping of this process (the `p` of /proc/self/maps): a
 * futex there, private or not, is keyed by this process's memory, so only one of its
 * threads can wake it (liburcu waits with FUTEX_WAIT, without FUTEX_PRIVATE_FLAG). Read
 * without stdio or malloc: the op thread may sleep holding a lock of malloc's. */
static bool in_private_mapping(uintptr_t addr)
{
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	char buf[8192], line[512];
	size_t used = 0;
	bool found = false, private = false;
	ssize_t n;
	while (!found && (n = read(fd, buf, sizeof buf)) > 0) {
		for (ssize_t i = 0; i < n && !found; i++) {
			if (buf[i] != '\n') {
				if (used < sizeof line - 1)
					line[used++] = buf[i];
				continue;
			}
			line[used] = '\0';
			used = 0;
			unsigned long long from, to;
			char perms[8];
			found = sscanf(line, "%llx-%llx %7s", &from, &to, perms) == 3 && addr >= from &&
				addr < to;
			private = found && perms[3] == 'p';
		}
	}
	close(fd);
	return private;
}

/* Reads /proc/self/task/TID/NAME into buf (NUL-terminated); its length, or -1. Without
 * stdio or malloc (async-signal-safe). */
static ssize_t read_task_file(pid_t tid, const char *name, char *buf, size_t size)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/%s", (int)tid, name);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t len = fd < 0 ? -1 : read(fd, buf, size - 1);
	if (fd >= 0)
		close(fd);
	if (len <= 0)
		return -1;
	buf[len] = '\0';
	return len;
}

char thread_state(pid_t tid)
{
	char buf[1024];
	if (read_task_file(tid, "stat", buf, sizeof buf) < 0)
		return '\0';
	const char *end = strrchr(buf, ')');   /* after the name, which may hold spaces */
	return end && end[1] == ' ' ? end[2] : '\0';
}

bool thread_sleeps(char state)
{
	return state == 'S' || state == 't' || state == 'T';
}

bool sleep_watch_asleep_for_good(pid_t tid, uintptr_t *word_at)
{
	char buf[256];
	if (read_task_file(tid, "syscall", buf, sizeof buf) < 0)
		return false;
	/* "NR ARG1 ... ARG6 SP PC", the arguments in hexadecimal; "running" or "-1 ..." when
	 * the thread is not in a system call */
	unsigned long long nr, uaddr, op, val, timeout;
	if (sscanf(buf, "%llu %llx %llx %llx %llx", &nr, &uaddr, &op, &val, &timeout) != 5 ||
	    nr != SYS_futex || timeout != 0)
		return false;
	unsigned long long cmd = op & FUTEX_CMD_MASK;
	uint32_t word;
	if ((cmd != FUTEX_WAIT && cmd != FUTEX_WAIT_BITSET) ||
	    !read_own_memory(&word, (uintptr_t)uaddr, sizeof word) ||
	    word != (uint32_t)val ||
	    (!(op & FUTEX_PRIVATE_FLAG) && !in_private_mapping((uintptr_t)uaddr))) {
		*word_at = 0;
		return false;
	}
	/* the same wait at two looks in a row: not a thread passing through a wait */
	bool again = *word_at == (uintptr_t)uaddr;
	*word_at = (uintptr_t)uaddr;
	return again;
}

/* The length of a timespec (or, with micro, a timeval) at addr in this process, in
 * milliseconds rounded up; LONG_MAX when it cannot be read. */
static long length_ms(uintptr_t addr, bool micro)
{
	long long t[2];
	if (!read_own_memory(t, addr, sizeof t) || t[0] < 0 || t[1] < 0)
		return LONG_MAX;
	long long sub = micro ? (t[1] + 999) / 1000 : (t[1] + 999999) / 1000000;
	return t[0] > LONG_MAX / 2000 ? LONG_MAX : (long)(t[0] * 1000 + sub);
}

/* A timed sleep that waits for nothing but time (nanosleep, clock_nanosleep to a relative
 * time, poll, ppoll, select or pselect6 without descriptors): what a loop that waits for a
 * flag by sleeping between looks (liburcu's call_rcu_before_fork polls every millisecond
 * until its workers answer) sleeps in. An absolute deadline is a single sleep, not a round
 * of a loop, and is left alone. */
long sleep_watch_timed_sleep_ms(pid_t tid, uint64_t *where)
{
	char buf[256];
	ssize_t len = read_task_file(tid, "syscall", buf, sizeof buf);
	if (len < 0)
		return -1;
	if (where) {   /* the call and its place: "NR ARG1 ... ARG6 SP PC" */
		*where = 0xcbf29ce484222325ULL;
		for (ssize_t i = 0; i < len; i++)
			*where = (*where ^ (unsigned char)buf[i]) * 0x100000001b3ULL;
	}
	unsigned long long nr, a1, a2, a3, a4, a5;
	if (sscanf(buf, "%llu %llx %llx %llx %llx %llx", &nr, &a1, &a2, &a3, &a4, &a5) != 6)
		return -1;
	switch (nr) {
	case SYS_nanosleep:
		return length_ms((uintptr_t)a1, false);
	case SYS_clock_nanosleep:
		return a2 & TIMER_ABSTIME ? -1 : length_ms((uintptr_t)a3, false);
	case SYS_poll:
		return a2 == 0 && (int)a3 > 0 ? (long)(int)a3 : -1;
	case SYS_ppoll:
		return a2 == 0 && a3 != 0 ? length_ms((uintptr_t)a3, false) : -1;
	case SYS_select:
		return a1 == 0 && a5 != 0 ? length_ms((uintptr_t)a5, true) : -1;
	case SYS_pselect6:
		return a1 == 0 && a5 != 0 ? length_ms((uintptr_t)a5, false) : -1;
	default:
		return -1;
	}
}
