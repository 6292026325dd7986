/* sp_guard.c: what harness code may not do to processes outside its own tree.
 *
 * A zero-config audit calls every function of a library with small arguments, and some
 * of them signal a process: libuv's uv_kill(1, 1) sent SIGHUP to init (run as root, it
 * succeeded). Every child that runs harness code gets a seccomp filter: a signal (kill,
 * tkill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo) or a pidfd_open aimed at -1 (every
 * process) or at a process (or group) numbered below both the child's own number and 300
 * fails with EPERM, as reboot does. Those are init, the kernel's early processes and,
 * in a fresh pid namespace (a container), this child's ancestors: the tool itself and the
 * shell that started it. The tool's own children are never among them: a child's number
 * is above its parent's, and the kernel hands out numbers below 300 only at boot (after
 * wrapping it starts again at 300). Signals to the child's own group (pid 0), itself and
 * its own children pass. Not installed under Valgrind (the measure worker), which runs
 * the calls itself, nor off x86-64. A filter stays for good and is inherited: a child of a
 * child that has one (a schedule's run, forked from its state process) installs none
 * unless its own would deny more, so every system call it makes runs one filter, not one
 * per generation, and the fork pays no filter compilation. */
#include <errno.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "state_process.h"
#if defined(__x86_64__) && defined(__has_include) && __has_include(<linux/seccomp.h>)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#define GUARD_AVAILABLE 1
#endif

/* Numbers the kernel gives only at boot (RESERVED_PIDS). */
#define BOOT_PIDS 300

/* The `below` of the filter this process (or the ancestor whose memory it copied) has. */
static unsigned installed_below;

#ifdef GUARD_AVAILABLE
#define LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, field))
#define DENY BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
#define ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

void sp_guard_install(void)
{
	pid_t self = getpid();
	unsigned below = (unsigned)(self < BOOT_PIDS ? self : BOOT_PIDS);
	struct sock_filter code[] = {
		LOAD(arch),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		ALLOW,
		LOAD(nr),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_reboot, 0, 1),
		DENY,
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_kill, 6, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_tkill, 5, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_tgkill, 4, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_rt_sigqueueinfo, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_rt_tgsigqueueinfo, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_pidfd_open, 1, 0),
		ALLOW,
		/* the target: the low 32 bits of the first argument, a pid_t */
		LOAD(args[0]),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1),   /* 0: the caller's own group */
		ALLOW,
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, below, 0, 1),   /* 1 .. below-1: deny */
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0u - below + 1u, 0, 1),   /* -(below-1) .. -1 */
		DENY,
		ALLOW,
	};
	struct sock_fprog prog = { .len = sizeof code / sizeof code[0], .filter = code };
	if (sp_under_valgrind() || below <= 1 || installed_below >= below)
		return;
	/* without the filter the child runs as before: the guard is a safety net, and a
	 * kernel without seccomp should not stop the run */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0)
		installed_below = below;
}
#else
void sp_guard_install(void)
{
}
#endif
