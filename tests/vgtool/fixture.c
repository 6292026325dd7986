/*
** fixture.c: calibration scenarios for the snc Valgrind tool.
**
** `vgtool_fixture SCENARIO` runs one scenario: it opens a region, executes a
** known sequence of instructions, closes the region and prints it as
** "key value" lines (region_text.c), preceded by "present 0|1".  The tests
** (CMakeLists.txt, check_region.sh) run it under `valgrind --tool=snc`,
** under `--tool=none` or natively and compare the lines with exact counts.
**
** The instructions under test are written in inline assembly where the count
** must not depend on the compiler (lock xadd, mfence, lfence, sfence, cpuid,
** the RAW stores and loads), and in C where what the compiler or glibc emits
** is the point (acquire loads, __atomic_thread_fence, __sync CAS, mutexes).
** Inside a region nothing else touches memory outside the stack, so pattern
** counts are exact too.
*/
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "region_text.h"
#include "snc_vg_client.h"

enum { REPEAT = 1000 };

/* Shared words the scenarios store to, load from and update atomically. */
static long shared_counter, word_a, word_b;
static int go, done;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;

/* Source line of the lock xadd below; the site test expects exactly it. */
static int xadd_line;

__attribute__((noipa)) static void lock_xadd_loop(int n)
{
    for (int i = 0; i < n; i++) {
        asm volatile("lock xaddq %1, %0" : "+m"(shared_counter) : "r"(1L)); xadd_line = __LINE__;
    }
}

static void scenario_lock_xadd(struct snc_vg_region *r)
{
    snc_vg_region_begin(0);
    lock_xadd_loop(REPEAT);
    snc_vg_region_end(r);
}

/* A function inlined where it is called, as a library header's static inline functions
** are: its lock xadd belongs to it, and the function it was inlined into is the caller. */
static inline __attribute__((always_inline)) void inlined_xadd(void)
{
    asm volatile("lock xaddq %1, %0" : "+m"(shared_counter) : "r"(1L));
}

static void scenario_inlined_xadd(struct snc_vg_region *r)
{
    snc_vg_region_begin(0);
    inlined_xadd();
    snc_vg_region_end(r);
}

static void scenario_mfence(struct snc_vg_region *r)
{
    snc_vg_region_begin(0);
    for (int i = 0; i < REPEAT; i++)
        asm volatile("mfence" ::: "memory");
    snc_vg_region_end(r);
}

static void scenario_lfence_sfence(struct snc_vg_region *r)
{
    snc_vg_region_begin(0);
    for (int i = 0; i < REPEAT / 2; i++)
        asm volatile("lfence\n\tsfence" ::: "memory");
    snc_vg_region_end(r);
}

static void scenario_cpuid(struct snc_vg_region *r)
{
    snc_vg_region_begin(0);
    for (int i = 0; i < 10; i++) {
        unsigned eax = 0, ebx, ecx = 0, edx;
        asm volatile("cpuid" : "+a"(eax), "=b"(ebx), "+c"(ecx), "=d"(edx));
    }
    snc_vg_region_end(r);
}

/* Acquire loads and release stores are plain movs on x86: nothing heavy. */
static void scenario_acquire_loads(struct snc_vg_region *r)
{
    long sum = 0;
    snc_vg_region_begin(0);
    for (int i = 0; i < REPEAT; i++) {
        sum += __atomic_load_n(&shared_counter, __ATOMIC_ACQUIRE);
        __atomic_store_n(&word_a, sum, __ATOMIC_RELEASE);
    }
    snc_vg_region_end(r);
}

static void *idle_thread(void *arg) { return arg; }

/* glibc's mutex skips atomics until the process has had a second thread:
** start one first.  Lock and unlock once beforehand so that lazy binding
** runs outside the region. */
static void scenario_mutex_pair(struct snc_vg_region *r)
{
    pthread_t thread;
    pthread_create(&thread, NULL, idle_thread, NULL);
    pthread_join(thread, NULL);
    pthread_mutex_lock(&mutex);
    pthread_mutex_unlock(&mutex);

    snc_vg_region_begin(0);
    pthread_mutex_lock(&mutex);
    pthread_mutex_unlock(&mutex);
    snc_vg_region_end(r);
}

/* Another thread runs REPEAT lock xadds inside this thread's region, which
** itself runs 10: only the 10 are this region's. */
static void *xadd_worker(void *arg)
{
    while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
        sched_yield();
    lock_xadd_loop(REPEAT);
    __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    return arg;
}

static void scenario_other_thread(struct snc_vg_region *r)
{
    pthread_t worker;
    pthread_create(&worker, NULL, xadd_worker, NULL);

    snc_vg_region_begin(0);
    __atomic_store_n(&go, 1, __ATOMIC_RELEASE);
    while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
        sched_yield();
    lock_xadd_loop(10);
    snc_vg_region_end(r);
    pthread_join(worker, NULL);
}

/* The RAW scenarios keep what they load in a stack variable: VEX deletes a
** load whose value is never used before any tool sees it, and stack stores
** are not shared memory. */

/* Store to A, load B: a RAW, and nothing orders the two. */
static void scenario_raw_unfenced(struct snc_vg_region *r)
{
    volatile long loaded;
    snc_vg_region_begin(SNC_VG_PATTERNS);
    asm volatile("movq $1, %0\n\t"
                 "movq %2, %1"
                 : "=m"(word_a), "=r"(loaded) : "m"(word_b));
    snc_vg_region_end(r);
}

static void scenario_raw_mfence(struct snc_vg_region *r)
{
    volatile long loaded;
    snc_vg_region_begin(SNC_VG_PATTERNS);
    asm volatile("movq $1, %0\n\t"
                 "mfence\n\t"
                 "movq %2, %1"
                 : "=m"(word_a), "=r"(loaded) : "m"(word_b));
    snc_vg_region_end(r);
}

/* gcc 12 emits `lock orq $0,(%rsp)` for this fence: an RMW on the stack,
** which fences the RAW but is no AWAR. */
static void scenario_raw_seq_cst_fence(struct snc_vg_region *r)
{
    volatile long loaded;
    snc_vg_region_begin(SNC_VG_PATTERNS);
    asm volatile("movq $1, %0" : "=m"(word_a));
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    asm volatile("movq %1, %0" : "=r"(loaded) : "m"(word_b));
    snc_vg_region_end(r);
}

/* A lock xadd in a stripped library, in code with no symbol (stripped.c). */
void stripped_add(long *word, long add);
void *stripped_code_address(void);

static void scenario_stripped_xadd(struct snc_vg_region *r)
{
    snc_vg_region_begin(0);
    stripped_add(&shared_counter, 1);
    snc_vg_region_end(r);
}

/* How the tool names the stripped library's lock xadd: the object's file name and
** the instruction's address in that file (its load address less the object's base). */
static void print_stripped_site(void)
{
    Dl_info info;
    char *code = stripped_code_address();

    if (dladdr(code, &info) != 0 && info.dli_fname != NULL) {
        const char *base = strrchr(info.dli_fname, '/');
        printf("expect.stripped_site %s+0x%lx\n", base != NULL ? base + 1 : info.dli_fname,
               (unsigned long)(code - (char *)info.dli_fbase));
    }
}

static void scenario_cas_global(struct snc_vg_region *r)
{
    snc_vg_region_begin(SNC_VG_PATTERNS);
    __sync_bool_compare_and_swap(&shared_counter, 0L, 1L);
    snc_vg_region_end(r);
}

static const struct {
    const char *name;
    void (*run)(struct snc_vg_region *);
} scenarios[] = {
    {"lock_xadd", scenario_lock_xadd},
    {"inlined_xadd", scenario_inlined_xadd},
    {"mfence", scenario_mfence},
    {"lfence_sfence", scenario_lfence_sfence},
    {"cpuid", scenario_cpuid},
    {"acquire_loads", scenario_acquire_loads},
    {"mutex_pair", scenario_mutex_pair},
    {"other_thread", scenario_other_thread},
    {"raw_unfenced", scenario_raw_unfenced},
    {"raw_mfence", scenario_raw_mfence},
    {"raw_seq_cst_fence", scenario_raw_seq_cst_fence},
    {"cas_global", scenario_cas_global},
    {"stripped_xadd", scenario_stripped_xadd},
};

int main(int argc, char **argv)
{
    struct snc_vg_region region;

    for (size_t i = 0; argc == 2 && i < sizeof scenarios / sizeof scenarios[0]; i++) {
        if (strcmp(argv[1], scenarios[i].name) != 0)
            continue;
        printf("present %d\n", snc_vg_present());
        scenarios[i].run(&region);
        region_text_print(stdout, &region);
        printf("expect.xadd_line %d\n", xadd_line);
        print_stripped_site();
        return 0;
    }
    fprintf(stderr, "usage: %s SCENARIO\nscenarios:", argv[0]);
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        fprintf(stderr, " %s", scenarios[i].name);
    fputc('\n', stderr);
    return 2;
}
