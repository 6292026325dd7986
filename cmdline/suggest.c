/* suggest.c: "did you mean": the closest name by edit distance, for unknown options and
 * commands. */
#include <string.h>
#include "snc_cmdline.h"

/* Levenshtein distance, with a transposition counting as one edit; words are short. */
static int distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);
	if (n > 63 || m > 63)
		return 64;
	int d[64][64];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			int cost = a[i - 1] != b[j - 1];
			int best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < best)
				best = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[n][m];
}

const char *snc_closest(const char *word, const char *const *candidates, int n)
{
	const char *best = NULL;
	int best_distance = 0;
	size_t len = strlen(word);
	int allowed = len <= 4 ? 1 : len <= 8 ? 2 : 3;
	for (int i = 0; i < n; i++) {
		int dist = distance(word, candidates[i]);
		/* A prefix of a longer name (--sched for --schedules) is a good guess too. */
		if (len >= 3 && strncmp(candidates[i], word, len) == 0)
			dist = 1;
		if (dist <= allowed && (!best || dist < best_distance)) {
			best = candidates[i];
			best_distance = dist;
		}
	}
	return best;
}
