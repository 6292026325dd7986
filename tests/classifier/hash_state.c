/* hash_state.c: the digest's hash (snc_hash_state) folds a thread id of the execution in as
 * one marker, but never half of a pointer: a cell holding an address whose upper (or lower)
 * 32 bits equal the process id is hashed as it is. (The addresses of a harness's cells,
 * 0x5555..., have 21845 in their upper half: the execution that got that pid saw another
 * digest than its repeat, a spurious "nondet".) */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <snc.h>

static uint64_t fnv1a(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static int failures;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	failures += !ok;
}

int main(void)
{
	uint32_t pid = (uint32_t)getpid();
	/* a page at an address whose lower half is the pid (the page holds pid's 4 KiB, the
	 * pointer points at pid inside it): far from the program, the heap and, under
	 * AddressSanitizer, its shadow memory (0x00007fff8000-0x10007fff8000) */
	uint64_t want = 0, cell[2] = { 0, 0 };
	void *page = MAP_FAILED;
	for (uint64_t high = 0x2000; high < 0x7000 && page == MAP_FAILED; high += 0x1000) {
		want = (high << 32) | (pid & ~0xfffu);
		page = mmap((void *)(uintptr_t)want, 4096, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		if (page != MAP_FAILED && (uint64_t)(uintptr_t)page != want) {
			munmap(page, 4096);
			page = MAP_FAILED;
		}
	}
	if (page == MAP_FAILED) {
		printf("FAIL: cannot map a page at an address ending in %#x\n", pid & ~0xfffu);
		return 1;
	}
	cell[0] = want | (pid & 0xfffu);
	uint32_t half[2];
	memcpy(half, cell, 8);
	check(half[0] == pid || half[1] == pid, "the cell holds the pid as half of a pointer");
	check(snc_hash(0, cell, sizeof cell) == fnv1a(cell, sizeof cell),
	      "half of a pointer to mapped memory is hashed as it is");

	/* a thread id that is no pointer (a lock's owner beside a zero word) is one marker
	 * whatever the id: the state process's and the execution's hash alike */
	uint32_t owner_self[2] = { pid, 0 }, owner_parent[2] = { (uint32_t)getppid(), 0 };
	check(snc_hash(0, owner_self, sizeof owner_self) == snc_hash(0, owner_parent, sizeof owner_parent),
	      "a thread id is folded in as one marker");
	check(snc_hash(0, owner_self, sizeof owner_self) != fnv1a(owner_self, sizeof owner_self),
	      "the marker is not the id's bytes");
	return failures != 0;
}
