/* state_process.h: the one way the runtime runs harness code in a child process.
 *
 * Classification (executor.c), schedules (schedules*.c), measurement (measure_*.c) and
 * replay (schedules_replay.c) all fork children that run operations the harness wrote, which
 * may crash, exit, loop, stop themselves, fork, disarm timers, or allocate without bound.
 * This module is the lower layer they share; it knows nothing of operations or outcomes.
 *
 * Contract:
 *   sp_fork      forks like fork(). The child is put in a process group of its own, dies
 *                with its parent (PR_SET_PDEATHSIG), gets default dispositions for SIGALRM,
 *                SIGINT, SIGTERM, SIGHUP and SIGCHLD and an empty signal mask, optionally
 *                writes stdout/stderr to /dev/null, and gets the resource limits asked for
 *                (RLIMIT_AS, RLIMIT_CPU, RLIMIT_NPROC, RLIMIT_FSIZE; never raised above what
 *                the parent has). Returns 0 in the child, the pid in the parent, -1 when
 *                fork failed.
 *   sp_wait      waits until one of the given children ends, and enforces, from the parent,
 *                what the child cannot disarm: a wall-clock deadline (extended while the
 *                child's heartbeat moves, for long-lived parents of children, and while
 *                the machine is too loaded to have let it run: see below) and no stopping
 *                (SIGSTOP, SIGTSTP, ...). Whatever ends a child, its whole process group is
 *                killed before it is reaped, so what an operation forked dies with it. Only
 *                the given pids are reaped, never another child. The end is reported as
 *                exited, killed by a signal, timed out, stopped, or over a resource limit.
 *   interrupts   sp_catch_interrupts() (the harness program's main process) turns SIGTERM,
 *                SIGINT and SIGHUP into a flag: sp_wait then kills and reaps every child it
 *                waits for and returns SP_INTERRUPTED, and the caller winds down.
 *   sp_sweep     kills and reaps every child the calling process still has, including the
 *                descendants that left their process group and were handed to it as a
 *                child subreaper (sp_become_subreaper).
 *
 * Time limits are the parent's, so an operation that raises SIGALRM itself is killed by
 * SIGALRM (a crash), not taken for a timeout. Limits and their defaults: docs/harness.md. */
#ifndef SNC_STATE_PROCESS_H
#define SNC_STATE_PROCESS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* Per-child resource limits; 0 leaves a limit as it is. */
struct sp_limits {
	uint64_t memory_bytes;     /* RLIMIT_AS */
	uint32_t cpu_seconds;      /* RLIMIT_CPU (SIGXCPU, then SIGKILL one second later) */
	uint32_t processes;        /* RLIMIT_NPROC (the user's processes and threads) */
	uint64_t file_bytes;       /* RLIMIT_FSIZE */
};

#define SP_DEFAULT_MEMORY_MIB 1024
#define SP_DEFAULT_CPU_SECONDS 60
#define SP_DEFAULT_PROCESSES 4096
#define SP_DEFAULT_FILE_MIB 1024
#define SP_STARVED_EXTENSIONS 30

struct sp_options {
	bool silence;                      /* stdout and stderr to /dev/null */
	const struct sp_limits *limits;    /* NULL: the parent's limits */
	/* A state process, which forks and waits for many children that each get the limits:
	 * its CPU time is not limited (its deadline and heartbeat bound it). */
	bool forks_children;
	/* Killed after this long; 0: never. */
	int deadline_ms;
	/* Time not given is not time used: a deadline that passes while the child, or one of
	 * its descendants, is runnable, and the child has had less than starved_cpu_ms of CPU
	 * time since the deadline was set (a loaded machine kept it waiting for a core; it
	 * was not waiting for anything of its own), is moved as far again, up to
	 * SP_STARVED_EXTENSIONS times. 0: never (the deadline is wall-clock time only). A
	 * child asleep (a system call, a futex) with nothing of its own runnable is killed
	 * at the deadline either way. */
	int starved_cpu_ms;
	/* With a heartbeat, a deadline that passes while *heartbeat changed since the last
	 * check is moved grace_ms further instead: the child is alive and working. */
	const volatile uint32_t *heartbeat;
	int grace_ms;
	/* Output the child sends through a pipe: while waiting, whenever capture_fd (made
	 * non-blocking) is readable, on_output(ctx, capture_fd) reads what is there; it returns
	 * false at the end of the output. Output counts as a heartbeat. */
	int capture_fd;                    /* read when on_output is set */
	bool (*on_output)(void *ctx, int fd);
	void *ctx;
	/* Called with ctx at least every 0.1 s while sp_wait waits for the child (e.g. to
	 * redraw a progress line); NULL: none. */
	void (*on_tick)(void *ctx);
};

/* A child in flight; filled by sp_fork, read and updated by sp_wait. */
struct sp_child {
	pid_t pid;
	int pidfd;                         /* -1: polled */
	int64_t deadline_ns;               /* CLOCK_MONOTONIC; 0: none */
	int period_ms;                     /* the time limit deadline_ns enforces, set */
	double cpu_ms_at_arm;              /* when the child had used this much CPU time */
	int starved_cpu_ms;
	uint8_t starved_extensions;
	const volatile uint32_t *heartbeat;
	uint32_t heartbeat_seen;
	int grace_ms;
	uint64_t memory_bytes;             /* its memory limit, to tell a hit from a crash */
	uint32_t cpu_seconds;
	int capture_fd;                    /* -1: none or at its end */
	bool (*on_output)(void *ctx, int fd);
	void *ctx;
	void (*on_tick)(void *ctx);
	uint8_t timed_out, stopped_by;     /* what the parent did to it */
};

enum sp_how {
	SP_EXITED,                         /* code: exit status */
	SP_KILLED,                         /* code: the signal */
	SP_TIMED_OUT,                      /* killed at its deadline */
	SP_STOPPED,                        /* stopped itself; code: the stop signal; killed */
	SP_OVER_LIMIT,                     /* code: enum sp_limit */
};

enum sp_limit { SP_LIMIT_MEMORY = 1, SP_LIMIT_CPU, SP_LIMIT_FILE_SIZE };

struct sp_end {
	enum sp_how how;
	int code;
	int status;                        /* the raw wait status */
};

#define SP_INTERRUPTED (-2)

/* The limits from the options of a run (MiB and seconds; 0: none). */
void sp_limits_set(struct sp_limits *l, long memory_mib, long cpu_seconds, long processes,
		   long file_mib);
pid_t sp_fork(struct sp_child *c, const struct sp_options *o);
/* In a child that runs harness code (sp_fork does it): signals to init, to the early
 * processes and to this child's ancestors in a fresh pid namespace fail (sp_guard.c). */
void sp_guard_install(void);
/* --private-folders (sp_folder.c): from now on every child sp_fork makes works in a folder
 * of its own under the current one, empty but for a copy of its parent's working folder,
 * taken back (emptied) when the child is reaped. Returns 0, or -1 when the current folder
 * cannot be named. */
int sp_private_folders(void);
/* --private-folders (sp_shm.c): this program, and the children it makes, get an empty
 * /dev/shm of their own, gone when it ends (a mount namespace). Call it before any thread
 * starts. False when it could not be made (nothing changed then). */
bool sp_private_shm(const char *db_path);
/* sp_fork's steps, with --private-folders: before the fork, an empty folder for the child
 * (sp_folder_hand); after it, in the parent, which child has it (sp_folder_given: pid, or
 * -1 when the fork failed); in the new child, into it (sp_folder_enter). */
void sp_folder_hand(void);
void sp_folder_given(pid_t pid);
void sp_folder_enter(void);
/* In the parent, when child pid is reaped: its folder is taken back, emptied, and the
 * folders the child kept for its own children go. */
void sp_folder_remove(pid_t pid);
/* Waits for one of kids[0..n) to end (pid 0 entries are skipped); returns its index with
 * *end filled and its pid set to 0, or SP_INTERRUPTED after killing and reaping them all. */
int sp_wait(struct sp_child *kids, int n, struct sp_end *end);
/* "out of memory limit", "cpu limit", "file size limit". */
const char *sp_limit_name(int limit);

void sp_catch_interrupts(void);
/* The signal that interrupted this process, or 0. */
int sp_interrupted(void);
void sp_become_subreaper(void);
void sp_sweep(void);
/* In a child of sp_fork: an operation that forked and whose copy returned into the runtime
 * must not go on as a second state process; this ends such a copy at once. */
void sp_leave_if_copy(void);
/* Zeroed memory of this process that no child inherits (MADV_DONTFORK): a fork copies the
 * page tables of all it inherits and marks every page copy-on-write, so the runner's large
 * tables (verdict accumulators, a state's outcomes) would cost every fork, and a fault on
 * every page the runner then writes. NULL when out of memory; free with sp_free_unshared
 * and the same size. A child must never touch it. */
void *sp_alloc_unshared(size_t size);
void sp_free_unshared(void *p, size_t size);
/* Whether this process runs under Valgrind (the measure pass). */
bool sp_under_valgrind(void);

#endif
