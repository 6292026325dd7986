/* atomics.c: which calls and builtins are synchronization, and how heavy each one is.
 *
 * clang lowers every atomic spelling to a few builtin families, so the tables below name
 * builtins, not the macros users write: C11 <stdatomic.h> expands to __c11_atomic_*
 * (atomic_store with no order passes seq_cst), GCC's __atomic_* and the legacy __sync_*
 * (which clang spells with a size suffix, __sync_fetch_and_add_4, hence prefix matching).
 * Kernel-style macros (smp_mb, atomic_add_return) and Concurrency Kit's ck_pr_* end in one
 * of these or in inline asm (asm.c), so following macros to their expansion is enough.
 *
 * The weight of an operation, as the Laws of Order count it (and x86 with gcc pays it):
 * every atomic read-modify-write is heavyweight whatever its memory order (a relaxed
 * fetch_add is still a `lock xadd`); a fence is heavyweight only when seq_cst (acquire and
 * release fences emit nothing on x86); a store is heavyweight when seq_cst (`xchg`); loads
 * are always light. An order that does not fold to a constant (fold.c) is taken as
 * seq_cst, the conservative reading. Lock acquisitions are heavyweight through the lock's own RMW. */
#include <string.h>
#include "analyzer.h"

struct role_entry {
	const char *name;
	enum sa_atomic_role role;
	bool prefix;   /* name is a prefix (size-suffixed or family names) */
};

static const struct role_entry roles[] = {
	/* C11 and GCC atomics (AtomicExpr and builtin calls) */
	{ "__c11_atomic_init", SA_ATOMIC_NONE, false },
	{ "__c11_atomic_load", SA_ATOMIC_LOAD, false },
	{ "__c11_atomic_store", SA_ATOMIC_STORE, false },
	{ "__c11_atomic_thread_fence", SA_ATOMIC_FENCE, false },
	{ "__c11_atomic_signal_fence", SA_ATOMIC_NONE, false },
	{ "__c11_atomic_is_lock_free", SA_ATOMIC_NONE, false },
	{ "__c11_atomic_", SA_ATOMIC_RMW, true },      /* exchange, compare_exchange_*, fetch_* */
	{ "__atomic_load", SA_ATOMIC_LOAD, true },     /* __atomic_load, __atomic_load_n */
	{ "__atomic_store", SA_ATOMIC_STORE, true },
	{ "__atomic_clear", SA_ATOMIC_STORE, false },
	{ "__atomic_thread_fence", SA_ATOMIC_FENCE, false },
	{ "__atomic_signal_fence", SA_ATOMIC_NONE, false },
	{ "__atomic_always_lock_free", SA_ATOMIC_NONE, false },
	{ "__atomic_is_lock_free", SA_ATOMIC_NONE, false },
	{ "__atomic_", SA_ATOMIC_RMW, true },          /* exchange, compare_exchange, fetch_*, *_fetch, test_and_set */
	{ "__sync_synchronize", SA_ATOMIC_FENCE, false },
	{ "__sync_lock_release", SA_ATOMIC_STORE, true },
	{ "__sync_", SA_ATOMIC_RMW, true },
	/* the function forms of <stdatomic.h> fences, when a program bypasses the macros */
	{ "atomic_thread_fence", SA_ATOMIC_FENCE, false },
	/* lock acquisitions: POSIX threads, semaphores, C11 threads, stdio locks */
	{ "pthread_mutex_lock", SA_ATOMIC_LOCK, false },
	{ "pthread_mutex_trylock", SA_ATOMIC_LOCK, false },
	{ "pthread_mutex_timedlock", SA_ATOMIC_LOCK, false },
	{ "pthread_mutex_clocklock", SA_ATOMIC_LOCK, false },
	{ "pthread_spin_lock", SA_ATOMIC_LOCK, false },
	{ "pthread_spin_trylock", SA_ATOMIC_LOCK, false },
	{ "pthread_rwlock_rdlock", SA_ATOMIC_LOCK, false },
	{ "pthread_rwlock_wrlock", SA_ATOMIC_LOCK, false },
	{ "pthread_rwlock_tryrdlock", SA_ATOMIC_LOCK, false },
	{ "pthread_rwlock_trywrlock", SA_ATOMIC_LOCK, false },
	{ "pthread_rwlock_timedrdlock", SA_ATOMIC_LOCK, false },
	{ "pthread_rwlock_timedwrlock", SA_ATOMIC_LOCK, false },
	{ "pthread_rwlock_clockrdlock", SA_ATOMIC_LOCK, false },
	{ "pthread_rwlock_clockwrlock", SA_ATOMIC_LOCK, false },
	{ "pthread_cond_wait", SA_ATOMIC_LOCK, false },        /* re-acquires the mutex */
	{ "pthread_cond_timedwait", SA_ATOMIC_LOCK, false },
	{ "pthread_cond_clockwait", SA_ATOMIC_LOCK, false },
	{ "sem_wait", SA_ATOMIC_LOCK, false },
	{ "sem_trywait", SA_ATOMIC_LOCK, false },
	{ "sem_timedwait", SA_ATOMIC_LOCK, false },
	{ "sem_clockwait", SA_ATOMIC_LOCK, false },
	{ "mtx_lock", SA_ATOMIC_LOCK, false },
	{ "mtx_trylock", SA_ATOMIC_LOCK, false },
	{ "mtx_timedlock", SA_ATOMIC_LOCK, false },
	{ "cnd_wait", SA_ATOMIC_LOCK, false },
	{ "cnd_timedwait", SA_ATOMIC_LOCK, false },
	{ "flockfile", SA_ATOMIC_LOCK, false },
	{ "ftrylockfile", SA_ATOMIC_LOCK, false },
};

enum sa_atomic_role sa_atomic_role(const char *name)
{
	if (!name || (name[0] != '_' && name[0] != 'p' && name[0] != 's' && name[0] != 'm' &&
		      name[0] != 'c' && name[0] != 'f' && name[0] != 'a'))
		return SA_ATOMIC_NONE;
	for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++) {
		const struct role_entry *e = &roles[i];
		if (e->prefix ? strncmp(name, e->name, strlen(e->name)) == 0 : strcmp(name, e->name) == 0)
			return e->role;
	}
	return SA_ATOMIC_NONE;
}

const char *sa_order_name(long long v)
{
	static const char *const names[] = { "relaxed", "consume", "acquire", "release",
					     "acq_rel", "seq_cst" };
	/* the low bits: clang's HLE flags (__ATOMIC_HLE_ACQUIRE) sit above them */
	v &= 0xffff;
	return v >= 0 && v <= 5 ? names[v] : NULL;
}

enum sa_kind sa_atomic_kind(enum sa_atomic_role role, const char *order)
{
	bool seq_cst = !order || strcmp(order, "seq_cst") == 0;
	switch (role) {
	case SA_ATOMIC_RMW: return SA_RMW;
	case SA_ATOMIC_FENCE: return seq_cst ? SA_FENCE : SA_LIGHT;
	case SA_ATOMIC_STORE: return seq_cst ? SA_SEQ_CST_STORE : SA_LIGHT;
	case SA_ATOMIC_LOCK: return SA_LOCK;
	default: return SA_LIGHT;
	}
}
