/* hash_state.c: the digest's hash of a state's bytes (snc_hash in snc.h).
 *
 * FNV-1a over the bytes, except that a 4-byte-aligned word holding the id of a thread of
 * this execution (the process itself, the state process that forked it, a thread the
 * runtime started: thread_ids.c) is folded in as one marker. A pthread mutex that an op
 * leaves locked records its owner's thread id; every execution runs in a new process, so
 * without this every op that returns holding a lock looked non-deterministic (its repeat
 * hashed another number) and no two states with a lock held were equal. A word that is
 * half of a pointer to mapped memory is hashed as it is, whatever number it equals. */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <snc.h>
#include "snc_sched.h"

#define THREAD_MARKER 0x74687264u   /* "thrd" */

static uint64_t fold(uint64_t h, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* Is the 8-byte-aligned word of [data, data + len) that holds *word a pointer to mapped
 * memory? Then *word is half of an address, not a thread id: a token cell holding
 * 0x555555558010 has 0x5555 (21845) in its upper half, the pid of some execution. Asked
 * only when a word matches a thread id, so the system call is rare. */
static bool half_of_pointer(const unsigned char *data, size_t len, const unsigned char *word)
{
	const unsigned char *slot = word - (uintptr_t)word % 8;
	if (slot < data || slot + 8 > data + len)
		return false;
	uint64_t v;
	memcpy(&v, slot, 8);
	long page = sysconf(_SC_PAGESIZE);
	unsigned char resident;
	return v >= (uint64_t)page && v >> 47 == 0 &&
	       mincore((void *)(uintptr_t)(v & ~(uint64_t)(page - 1)), 1, &resident) == 0;
}

uint64_t snc_hash_state(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;
	int32_t self = (int32_t)getpid(), parent = (int32_t)getppid();
	h ^= 0xcbf29ce484222325ULL;
	size_t i = 0;
	while (i < len) {
		size_t misaligned = (uintptr_t)(p + i) % 4;
		if (misaligned || len - i < 4) {
			size_t n = misaligned ? 4 - misaligned : len - i;
			n = n > len - i ? len - i : n;
			h = fold(h, p + i, n);
			i += n;
			continue;
		}
		int32_t word;
		memcpy(&word, p + i, 4);
		if (word > 0 && (word == self || word == parent || snc_thread_id_known(word)) &&
		    !half_of_pointer(p, len, p + i)) {
			uint32_t marker = THREAD_MARKER;
			h = fold(h, (const unsigned char *)&marker, 4);
		} else {
			h = fold(h, p + i, 4);
		}
		i += 4;
	}
	return h;
}
