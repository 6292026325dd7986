/* shard.c: `--shard K/N`, one deterministic part of a job out of N.
 *
 * Every unit of work (a scanned unit, a harness, an audited family) has a key: a path
 * relative to the current directory, a name. The work belongs to shard
 * 1 + FNV-1a-64(key) mod N, so every shard computes the same split from the same job, on
 * any machine and in any order: the shards are disjoint and together are the whole job.
 * FNV-1a is short, needs no seed and depends on nothing but the key's bytes. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "snc_cmdline.h"

int snc_shard_parse(const char *text, struct snc_shard *s, char *err, size_t errlen)
{
	char *end;
	long k = strtol(text, &end, 10), n = 0;
	if (end != text && *end == '/') {
		const char *n_text = end + 1;
		n = strtol(n_text, &end, 10);
		if (end == n_text)
			n = 0;
	}
	if (*end != '\0' || n < 1 || n > SNC_SHARD_MAX || k < 1 || k > n) {
		snprintf(err, errlen, "--shard takes K/N with 1 <= K <= N <= %d, not '%s'",
			 SNC_SHARD_MAX, text);
		return -1;
	}
	s->index = (int)k;
	s->count = (int)n;
	return 0;
}

uint64_t snc_shard_hash(const char *key)
{
	uint64_t h = 0xcbf29ce484222325ull;   /* FNV-1a 64 offset basis and prime */
	for (const unsigned char *p = (const unsigned char *)key; *p; p++) {
		h ^= *p;
		h *= 0x100000001b3ull;
	}
	return h;
}

/* The key of a path: relative to the current directory when it is below it, so that
 * checkouts in different folders split alike. */
static const char *path_key(const char *path)
{
	static char cwd[PATH_MAX];
	if (path[0] != '/' || !getcwd(cwd, sizeof cwd))
		return path;
	size_t n = strlen(cwd);
	if (strncmp(path, cwd, n) == 0 && path[n] == '/')
		return path + n + 1;
	return path;
}

bool snc_shard_owns(const struct snc_shard *s, const char *key)
{
	if (!s || s->count <= 1)
		return true;
	if (key[0] == '/')
		key = path_key(key);
	while (key[0] == '.' && key[1] == '/')
		key += 2;
	return (int)(snc_shard_hash(key) % (uint64_t)s->count) + 1 == s->index;
}
