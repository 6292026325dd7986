/* state_process.c: forking, limiting, watching and reaping the children that run harness
 * code (the contract is in state_process.h).
 *
 * Waiting uses a pidfd per child (readable when the child ends) in one ppoll with the
 * nearest deadline, so no wake-up is lost whatever threads or signal dispositions the
 * harness gave the waiting process. A stopped child makes no pidfd readable, so the wait
 * also wakes every STOP_CHECK_MS to look for stops with waitid(WSTOPPED); where pidfd_open
 * is missing (an old kernel, or Valgrind), every child is polled that way at a short period.
 * Under Valgrind (the measure worker) pidfd_open is not even tried: Valgrind 3.19 does not
 * know the call and prints a five-line warning into the run's output for every child.
 * Every end is first seen with WNOWAIT: the child's process group is killed while its pid
 * (which names the group) cannot be reused, and only then is the child reaped, with its
 * resource usage, by pid. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "state_process.h"
#if defined(__has_include) && __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define UNDER_VALGRIND() (RUNNING_ON_VALGRIND != 0)
#else
#define UNDER_VALGRIND() 0
#endif

bool sp_under_valgrind(void)
{
	return UNDER_VALGRIND();
}

#define STOP_CHECK_MS 100
#define POLL_FALLBACK_MS 2
#define MIB (1024ULL * 1024)

/* A sanitizer's shadow memory is address space already mapped: RLIMIT_AS would fail it. */
extern void __asan_init(void) __attribute__((weak));
extern void __msan_init(void) __attribute__((weak));

static volatile sig_atomic_t interrupt_signal;
static pid_t owner_pid;

#define UNKILLABLE_MS 2000    /* how long a killed child may take to be gone */

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void sp_limits_set(struct sp_limits *l, long memory_mib, long cpu_seconds, long processes,
		   long file_mib)
{
	*l = (struct sp_limits){
		.memory_bytes = (uint64_t)memory_mib * MIB, .cpu_seconds = (uint32_t)cpu_seconds,
		.processes = (uint32_t)processes, .file_bytes = (uint64_t)file_mib * MIB,
	};
}

const char *sp_limit_name(int limit)
{
	switch (limit) {
	case SP_LIMIT_MEMORY: return "out of memory limit";
	case SP_LIMIT_CPU: return "cpu limit";
	case SP_LIMIT_FILE_SIZE: return "file size limit";
	default: return "resource limit";
	}
}

/* Lowers a limit to `want` (never above the hard limit the child already has). */
static void lower_limit(int resource, uint64_t want, uint64_t hard_extra)
{
	struct rlimit r;
	if (want == 0 || getrlimit(resource, &r) != 0)
		return;
	rlim_t soft = (rlim_t)want, hard = (rlim_t)(want + hard_extra);
	if (r.rlim_max != RLIM_INFINITY && hard > r.rlim_max)
		hard = r.rlim_max;
	if (soft > hard)
		soft = hard;
	r.rlim_cur = soft;
	r.rlim_max = hard;
	setrlimit(resource, &r);
}

static void apply_limits(const struct sp_limits *l, bool cpu)
{
	if (!__asan_init && !__msan_init)
		lower_limit(RLIMIT_AS, l->memory_bytes, 0);
	if (cpu)
		lower_limit(RLIMIT_CPU, l->cpu_seconds, 1);   /* SIGXCPU, then SIGKILL a second on */
	lower_limit(RLIMIT_NPROC, l->processes, 0);
	lower_limit(RLIMIT_FSIZE, l->file_bytes, 0);
}

/* Descriptors from first to last (standard ones) become /dev/null, opened with flags. */
static void to_dev_null(int flags, int first, int last)
{
	int fd = open("/dev/null", flags | O_CLOEXEC);
	if (fd < 0)
		return;
	for (int target = first; target <= last; target++)
		dup2(fd, target);
	close(fd);
}

static void child_setup(pid_t parent, const struct sp_options *o)
{
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(3);   /* the parent is already gone */
	owner_pid = getpid();
	interrupt_signal = 0;
	static const int reset[] = { SIGALRM, SIGINT, SIGTERM, SIGHUP, SIGCHLD };
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++)
		sigaction(reset[i], &dfl, NULL);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* An execution never reads the user's terminal: a call that reads descriptor 0 (a
	 * constructor given the descriptor 0) finds the end of a file, not a wait for keys. */
	to_dev_null(O_RDONLY, STDIN_FILENO, STDIN_FILENO);
	if (o->silence)
		to_dev_null(O_WRONLY, STDOUT_FILENO, STDERR_FILENO);
	if (o->limits)
		apply_limits(o->limits, !o->forks_children);
	/* A crash is an outcome here, not a bug to debug: no core file in the user's folder
	 * (ulimit -c unlimited, core_pattern "core"), nor one handed to a core handler. */
	setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });
	sp_folder_enter();    /* with --private-folders, a folder of its own (sp_folder.c) */
	sp_guard_install();   /* no signal to init, the tool or the shell (sp_guard.c) */
}

void *sp_alloc_unshared(size_t size)
{
	void *p = mmap(NULL, size ? size : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	madvise(p, size ? size : 1, MADV_DONTFORK);
	return p;
}

void sp_free_unshared(void *p, size_t size)
{
	if (p)
		munmap(p, size ? size : 1);
}

pid_t sp_fork(struct sp_child *c, const struct sp_options *o)
{
	pid_t parent = getpid();
	fflush(stdout);
	fflush(stderr);
	sp_folder_hand();
	pid_t pid = fork();
	if (pid == 0) {
		child_setup(parent, o);
		return 0;
	}
	sp_folder_given(pid);
	if (pid < 0)
		return -1;
	setpgid(pid, pid);   /* as the child does: whichever runs first, the group exists */
	*c = (struct sp_child){
		.pid = pid,
		.pidfd = UNDER_VALGRIND() ? -1 : (int)syscall(SYS_pidfd_open, pid, 0),
		.deadline_ns = o->deadline_ms > 0 ? now_ns() + (int64_t)o->deadline_ms * 1000000 : 0,
		.period_ms = o->deadline_ms,
		.starved_cpu_ms = o->starved_cpu_ms,
		.heartbeat = o->heartbeat,
		.heartbeat_seen = o->heartbeat ? *o->heartbeat : 0,
		.grace_ms = o->grace_ms,
		.memory_bytes = o->limits ? o->limits->memory_bytes : 0,
		.cpu_seconds = o->limits && !o->forks_children ? o->limits->cpu_seconds : 0,
		.capture_fd = o->on_output ? o->capture_fd : -1,
		.on_output = o->on_output,
		.ctx = o->ctx,
		.on_tick = o->on_tick,
	};
	if (c->capture_fd >= 0)
		fcntl(c->capture_fd, F_SETFL, fcntl(c->capture_fd, F_GETFL) | O_NONBLOCK);
	return pid;
}

static void kill_group(pid_t pid)
{
	if (pid > 0 && pid != getpgrp())
		kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
}

static double cpu_seconds_of(const struct rusage *ru)
{
	return (double)(ru->ru_utime.tv_sec + ru->ru_stime.tv_sec) +
	       (double)(ru->ru_utime.tv_usec + ru->ru_stime.tv_usec) / 1e6;
}

/* How the reaped child ended, from what the parent did and what the kernel says. */
static void judge_end(const struct sp_child *c, int status, const struct rusage *ru,
		      struct sp_end *end)
{
	/* ru_maxrss is in KiB; an abnormal end with half the limit resident is the limit */
	bool memory_hit = c->memory_bytes &&
			  (uint64_t)ru->ru_maxrss * 1024 >= c->memory_bytes / 2;
	*end = (struct sp_end){ .status = status };
	if (WIFEXITED(status)) {
		end->how = WEXITSTATUS(status) != 0 && memory_hit ? SP_OVER_LIMIT : SP_EXITED;
		end->code = end->how == SP_OVER_LIMIT ? SP_LIMIT_MEMORY : WEXITSTATUS(status);
		return;
	}
	int sig = WTERMSIG(status);
	end->how = SP_OVER_LIMIT;
	if (sig == SIGKILL && c->stopped_by) {
		end->how = SP_STOPPED;
		end->code = c->stopped_by;
	} else if (sig == SIGKILL && c->timed_out) {
		end->how = SP_TIMED_OUT;
		end->code = SIGKILL;
	} else if (sig == SIGXCPU ||
		   (sig == SIGKILL && c->cpu_seconds && cpu_seconds_of(ru) >= c->cpu_seconds)) {
		end->code = SP_LIMIT_CPU;
	} else if (sig == SIGXFSZ) {
		end->code = SP_LIMIT_FILE_SIZE;
	} else if (memory_hit) {
		end->code = SP_LIMIT_MEMORY;
	} else {
		end->how = SP_KILLED;
		end->code = sig;
	}
}

static void drain_output(struct sp_child *c)
{
	if (c->capture_fd >= 0 && !c->on_output(c->ctx, c->capture_fd))
		c->capture_fd = -1;
}

/* Is child c gone within ms after it was killed? A thread stuck in the kernel can outlive
 * SIGKILL: liburing's io_uring_wait_cqe, on Linux 6.18, spun in io_cqring_wait with the
 * kill pending, its process a zombie whose wait4 never returned, and the harness waited
 * for good. */
static bool gone_within(const struct sp_child *c, int ms)
{
	if (c->pidfd >= 0) {
		struct pollfd p = { .fd = c->pidfd, .events = POLLIN };
		int64_t until = now_ns() + (int64_t)ms * 1000000;
		int left = ms;
		while (poll(&p, 1, left) < 0 && errno == EINTR &&
		       (left = (int)((until - now_ns()) / 1000000)) > 0)
			;
		return p.revents != 0;
	}
	for (int waited = 0; waited <= ms; waited++) {   /* no pidfd (under Valgrind) */
		siginfo_t si = { 0 };
		if (waitid(P_PID, (id_t)c->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid)
			return true;
		usleep(1000);
	}
	return false;
}

/* Reaps child c, which has ended (or must end now), with its process group. A child that
 * does not die is left unreaped, as killed. */
static void reap(struct sp_child *c, struct sp_end *end)
{
	int status = 0;
	struct rusage ru = { 0 };
	kill_group(c->pid);
	if (!gone_within(c, UNKILLABLE_MS))
		status = SIGKILL;   /* as the kill ended it, for judge_end */
	else
		while (wait4(c->pid, &status, 0, &ru) < 0 && errno == EINTR)
			;
	drain_output(c);
	if (c->pidfd >= 0)
		close(c->pidfd);
	judge_end(c, status, &ru, end);
	sp_folder_remove(c->pid);
	c->pid = 0;
	c->pidfd = -1;
}

/* Has c ended? Kills it when it stopped itself. */
static bool ended(struct sp_child *c)
{
	siginfo_t si = { 0 };
	if (waitid(P_PID, (id_t)c->pid, &si, WEXITED | WSTOPPED | WNOHANG | WNOWAIT) != 0)
		return errno != EINTR;   /* not our child any more: nothing left to wait for */
	if (si.si_pid == 0)
		return false;
	if (si.si_code != CLD_STOPPED)
		return true;
	c->stopped_by = (uint8_t)si.si_status;
	kill_group(c->pid);
	return false;
}

/* The fields of /proc/PATH/stat after the command name (which may hold spaces and
 * parentheses), from the state on, into buf; NULL when it cannot be read. */
static const char *stat_fields(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	ssize_t n = read(fd, buf, size - 1);
	close(fd);
	if (n <= 0)
		return NULL;
	buf[n] = 0;
	char *p = strrchr(buf, ')');
	return p ? p + 1 : NULL;
}

/* The CPU time of a process, all its threads (utime and stime, the 14th and 15th fields of
 * /proc/PID/stat), in milliseconds; -1 when it cannot be read. */
static double cpu_ms_of(pid_t pid)
{
	char path[64], buf[1024];
	unsigned long long utime, stime;
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	const char *f = stat_fields(path, buf, sizeof buf);
	if (!f || sscanf(f, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
			 &utime, &stime) != 2)
		return -1;
	long ticks = sysconf(_SC_CLK_TCK);
	return (double)(utime + stime) * 1000.0 / (double)(ticks > 0 ? ticks : 100);
}

/* Has the process, or one of its descendants down to `generations` more, a runnable thread
 * (state R: running, or waiting for a core)? An operation may run on a thread of its own
 * while the main thread waits for it; a state process waits for its executions. */
static bool runnable_within(pid_t pid, int generations)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	DIR *d = opendir(path);
	if (!d)
		return false;
	bool runnable = false;
	struct dirent *e;
	while (!runnable && (e = readdir(d))) {
		char file[320], buf[1024];
		if (e->d_name[0] == '.')
			continue;
		snprintf(file, sizeof file, "/proc/%d/task/%s/stat", (int)pid, e->d_name);
		const char *f = stat_fields(file, buf, sizeof buf);
		runnable = f && f[0] == ' ' && f[1] == 'R';
		if (runnable || generations == 0)
			continue;
		snprintf(file, sizeof file, "/proc/%d/task/%s/children", (int)pid, e->d_name);
		int fd = open(file, O_RDONLY | O_CLOEXEC);
		ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
		if (fd >= 0)
			close(fd);
		buf[n > 0 ? n : 0] = 0;
		for (char *p = buf, *end; !runnable && *p; p = end) {
			long child = strtol(p, &end, 10);
			if (end == p)
				break;
			runnable = child > 0 && runnable_within((pid_t)child, generations - 1);
		}
	}
	closedir(d);
	return runnable;
}

/* Was the child kept from running: since its deadline was set, less than starved_cpu_ms of
 * CPU time, while it or one of its descendants is runnable? */
static bool starved(const struct sp_child *c)
{
	if (c->starved_cpu_ms <= 0)
		return false;
	double cpu = cpu_ms_of(c->pid);
	return cpu >= 0 && cpu - c->cpu_ms_at_arm < (double)c->starved_cpu_ms &&
	       runnable_within(c->pid, 3);
}

/* A deadline passed: extend it if the heartbeat moved or the machine has not let the child
 * run, else kill the child. */
static void deadline_passed(struct sp_child *c, int64_t now)
{
	if (c->heartbeat && *c->heartbeat != c->heartbeat_seen) {
		c->heartbeat_seen = *c->heartbeat;
		/* it made progress: a new limit, whose CPU time is counted from now */
		c->starved_extensions = 0;
		c->period_ms = c->grace_ms;
		c->cpu_ms_at_arm = cpu_ms_of(c->pid);
		c->deadline_ns = now + (int64_t)c->grace_ms * 1000000;
		return;
	}
	if (c->starved_extensions < SP_STARVED_EXTENSIONS && starved(c)) {
		c->starved_extensions++;
		c->deadline_ns = now + (int64_t)c->period_ms * 1000000;
		return;
	}
	c->timed_out = 1;
	kill_group(c->pid);
}

static void kill_all(struct sp_child *kids, int n)
{
	struct sp_end ignored;
	for (int i = 0; i < n; i++)
		if (kids[i].pid > 0)
			reap(&kids[i], &ignored);
}

int sp_wait(struct sp_child *kids, int n, struct sp_end *end)
{
	struct pollfd fds[2 * n + 1];
	for (;;) {
		if (interrupt_signal) {
			kill_all(kids, n);
			return SP_INTERRUPTED;
		}
		int64_t now = now_ns(), wake = now + (int64_t)STOP_CHECK_MS * 1000000;
		int nfds = 0, live = 0;
		for (int i = 0; i < n; i++) {
			struct sp_child *c = &kids[i];
			if (c->pid <= 0)
				continue;
			drain_output(c);
			if (ended(c)) {
				reap(c, end);
				return i;
			}
			live++;
			if (c->on_tick)
				c->on_tick(c->ctx);
			if (c->deadline_ns && !c->timed_out && now >= c->deadline_ns)
				deadline_passed(c, now);
			if (c->deadline_ns && !c->timed_out && c->deadline_ns < wake)
				wake = c->deadline_ns;
			if (c->pidfd < 0 && now + POLL_FALLBACK_MS * 1000000 < wake)
				wake = now + POLL_FALLBACK_MS * 1000000;
			if (c->pidfd >= 0)
				fds[nfds++] = (struct pollfd){ .fd = c->pidfd, .events = POLLIN };
			if (c->capture_fd >= 0)
				fds[nfds++] = (struct pollfd){ .fd = c->capture_fd, .events = POLLIN };
		}
		if (live == 0)
			return -1;
		int64_t left = wake > now ? wake - now : 0;
		struct timespec ts = { left / 1000000000, left % 1000000000 };
		ppoll(fds, (nfds_t)nfds, &ts, NULL);
	}
}

static void on_interrupt(int sig)
{
	interrupt_signal = sig;
}

void sp_catch_interrupts(void)
{
	struct sigaction sa = { .sa_handler = on_interrupt };   /* no SA_RESTART: waits wake */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

int sp_interrupted(void)
{
	return interrupt_signal;
}

void sp_become_subreaper(void)
{
	prctl(PR_SET_CHILD_SUBREAPER, 1);
}

/* Kills and reaps the children listed in one /proc/self/task/TID/children file. */
static int sweep_task(const char *tid)
{
	char path[320];
	snprintf(path, sizeof path, "/proc/self/task/%s/children", tid);
	FILE *f = fopen(path, "re");
	int found = 0;
	long pid;
	while (f && fscanf(f, "%ld", &pid) == 1) {
		if (getpgid((pid_t)pid) == (pid_t)pid)
			kill_group((pid_t)pid);
		else
			kill((pid_t)pid, SIGKILL);
		while (waitpid((pid_t)pid, NULL, 0) < 0 && errno == EINTR)
			;
		found++;
	}
	if (f)
		fclose(f);
	return found;
}

void sp_sweep(void)
{
	for (int round = 0; round < 64; round++) {
		DIR *d = opendir("/proc/self/task");
		int found = 0;
		for (struct dirent *e; d && (e = readdir(d));)
			if (e->d_name[0] != '.')
				found += sweep_task(e->d_name);
		if (d)
			closedir(d);
		while (waitpid(-1, NULL, WNOHANG) > 0)   /* zombies handed to us, already dead */
			found++;
		if (found == 0)
			return;
	}
}

void sp_leave_if_copy(void)
{
	if (owner_pid && getpid() != owner_pid)
		_exit(0);
}
