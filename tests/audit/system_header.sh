# audit.system_header: a header of the C library, /usr/include/semaphore.h, as a new user
# would name it. Its API is what it declares, not what the system headers it includes
# declare (select and pselect, through x86_64-linux-gnu/sys/types.h); sem_t starts from
# sem_init, an initializer that returns a status, on a zeroed sem_t (sem_open, variadic,
# cannot be called: it is skipped, and is no constructor). pthread.h's functions are the C
# library's, which every program links: no library of libc6-dev is added (it linked
# libc_nonshared.a for one of them).
. "$(dirname "$0")/lib.sh"
audit /usr/include/semaphore.h
expect_match "$out" "API: 10 public names \(10 functions, 0 macros\), 9 in a verdict" \
	"the header's own functions only"
expect_eq "$(q "$DB" "SELECT count(*) FROM audit_items WHERE run_id = $run AND name IN ('select', 'pselect')")" \
	"0" "select and pselect are not its API"
expect_match "$(item family sem_t)" "^audited: a zeroed sem_t, then sem_init\(obj, ...\)" "sem_init builds the initial state"
expect_match "$(item function sem_open)" "^skipped: variadic" "sem_open is skipped, with why"
expect_eq "$(v sem_t sem_trywait sem_trywait)" "snc" "trywait with itself: one of the two takes the last unit"
expect_eq "$(oneway sem_t sem_post sem_getvalue)" "sem_post->sem_getvalue" "post changes the value"
expect_eq "$(v sem_t sem_getvalue sem_getvalue)" "commutative" "getvalue only reads"

audit /usr/include/pthread.h --family int
expect_eq "$(printf '%s\n' "$out" | grep -c 'linking with')" "0" "the C library needs no library named"
expect_match "$(item family int)" "^audited: a zeroed int, then pthread_spin_init\(obj, ...\)" \
	"pthread_spinlock_t (an int) starts from pthread_spin_init"
expect_eq "$(v int pthread_spin_trylock pthread_spin_trylock)" "snc" "spin_trylock with itself"
finish
