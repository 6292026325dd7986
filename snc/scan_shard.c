/* scan_shard.c: `snc scan --shard K/N` keeps the units (and the candidate headers of a path
 * scan) whose path falls to shard K; `snc merge` builds the model over the units of every
 * shard. A header no unit of this shard includes may be included by a unit of another
 * shard: the shard scans it as a unit of its own all the same, and the merge drops such a
 * header unit when some other shard's source unit read the header (scan_shard_merge). */
#include <stdlib.h>
#include <string.h>
#include "scan.h"

static bool falls_to_shard(const char *file, void *shard)
{
	return snc_shard_owns(shard, file);
}

int scan_shard(struct sa_units *units, const struct snc_shard *shard)
{
	return scan_keep_units(units, falls_to_shard, (void *)shard);
}

static bool is_header(const char *path)
{
	size_t n = strlen(path);
	return n > 2 && strcmp(path + n - 2, ".h") == 0;
}

static int compare_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int scan_shard_merge(struct sa_units *units)
{
	int nseen = 0;
	for (int i = 0; i < units->count; i++)
		if (!is_header(units->units[i].file))
			nseen += units->units[i].nfiles;
	char **seen = malloc((size_t)(nseen + 1) * sizeof *seen);
	if (!seen)
		return -1;
	nseen = 0;
	for (int i = 0; i < units->count; i++)
		if (!is_header(units->units[i].file))
			for (int k = 0; k < units->units[i].nfiles; k++)
				seen[nseen++] = units->units[i].files[k].path;
	qsort(seen, (size_t)nseen, sizeof *seen, compare_str);
	int kept = 0;
	for (int i = 0; i < units->count; i++) {
		struct sa_unit *u = &units->units[i];
		if (is_header(u->file) &&
		    bsearch(&u->file, seen, (size_t)nseen, sizeof *seen, compare_str)) {
			sa_unit_clear(u);
			continue;
		}
		units->units[kept++] = *u;
	}
	units->count = kept;
	free(seen);
	sa_units_sort(units);
	return 0;
}
