/* corpus_main.c: the main() of a fuzz target built without libFuzzer (gcc builds): it feeds
 * every file of the folders (or files) on its command line to LLVMFuzzerTestOneInput once,
 * so the suite replays each seed corpus under whatever sanitizers the build uses. */
#include <dirent.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return perror(path), -1;
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;
	do {
		if (size == cap) {
			cap = cap ? cap * 2 : 4096;
			uint8_t *more = realloc(data, cap);
			if (!more)
				return fclose(f), free(data), -1;
			data = more;
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
	} while (n > 0);
	fclose(f);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return 0;
}

int main(int argc, char **argv)
{
	int inputs = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0)
			return perror(argv[i]), 2;
		if (!S_ISDIR(st.st_mode)) {
			if (run_file(argv[i]) != 0)
				return 2;
			inputs++;
			continue;
		}
		DIR *d = opendir(argv[i]);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			char path[PATH_MAX];
			snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
			if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
				continue;
			if (run_file(path) != 0)
				return closedir(d), 2;
			inputs++;
		}
		if (d)
			closedir(d);
	}
	printf("%d inputs run\n", inputs);
	return inputs > 0 ? 0 : 2;
}
