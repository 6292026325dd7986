/* measure_log.c: what Valgrind logged during the measure pass, told in a few lines.
 *
 * Valgrind runs quietly (-q) and logs only real problems. The commonest is a measured
 * call that crashed: Valgrind reports it with its whole stack, a dozen lines for every
 * child that makes the call, though the classifier has already said which ops crash from
 * which states. So each distinct crash becomes one line, its signal and the function it
 * hit, with the number of children; the calls those children had not yet made are simply
 * not counted (measure_worker.c). So does each system call Valgrind does not handle (five
 * lines of warning and advice each time a call makes it: libnuma's migrate_pages). Everything
 * else Valgrind said is copied as it is, and
 * --verbose copies the whole log. A panic of Valgrind's own ("the 'impossible'
 * happened") aborts the pass: its reason is returned for the one-line failure instead. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "measure.h"

#define MAX_CRASHES 8

/* One kind of crash: the signal and the function of the innermost frame. */
struct crash {
	char signal[16];
	char function[96];
	int children;
};

/* The process id of a Valgrind line ("==PID== ..."), or -1 when it is not one; *text is
 * what follows the prefix. */
static long line_pid(const char *line, const char **text)
{
	long pid;
	int used = 0;
	if (sscanf(line, "==%ld==%n", &pid, &used) != 1 || used == 0)
		return -1;
	*text = line + used;
	return pid;
}

/* Did pid crash ("Process terminating with default action of signal N (SIGX)")? Then
 * the kind of crash (signal, first frame's function after that line) goes into c. */
static bool crashed(char *const *lines, int n, long pid, struct crash *c)
{
	bool found = false;
	for (int i = 0; i < n; i++) {
		const char *text;
		if (line_pid(lines[i], &text) != pid)
			continue;
		const char *term = strstr(text, "Process terminating with default action of signal");
		const char *open = term ? strchr(term, '(') : NULL;
		if (open && !found) {
			found = true;
			snprintf(c->signal, sizeof c->signal, "%.*s", (int)strcspn(open + 1, ")"), open + 1);
			snprintf(c->function, sizeof c->function, "an unknown function");
			continue;
		}
		const char *at = found ? strstr(text, " at 0x") : NULL;
		const char *name = at ? strstr(at, ": ") : NULL;
		if (name) {
			name += 2;
			snprintf(c->function, sizeof c->function, "%.*s", (int)strcspn(name, " ("), name);
			break;
		}
	}
	return found;
}

/* Adds c to the kinds seen; false when there are too many kinds to tell apart. */
static bool count_crash(struct crash *kinds, int *nkinds, const struct crash *c)
{
	for (int k = 0; k < *nkinds; k++)
		if (strcmp(kinds[k].signal, c->signal) == 0 && strcmp(kinds[k].function, c->function) == 0) {
			kinds[k].children++;
			return true;
		}
	if (*nkinds == MAX_CRASHES)
		return false;
	kinds[*nkinds] = *c;
	kinds[(*nkinds)++].children = 1;
	return true;
}

/* A system call Valgrind does not handle, and how often a measured call made it. */
struct unhandled {
	char syscall[64];
	int times;
};

/* Is line part of Valgrind's warning about a system call it does not handle ("--PID--
 * WARNING: unhandled amd64-linux syscall: 256", then four lines of advice)? The warning
 * itself is counted into kinds. */
static bool unhandled_syscall(const char *line, struct unhandled *kinds, int *nkinds)
{
	long pid;
	int used = 0;
	if (sscanf(line, "--%ld--%n", &pid, &used) != 1 || used == 0)
		return false;
	const char *text = line + used, *what = strstr(text, "WARNING: unhandled ");
	if (!what)
		return strstr(text, "write your own handler") || strstr(text, "README_MISSING_SYSCALL") ||
		       strstr(text, "we consider this a bug") || strstr(text, "bug_reports");
	what += strlen("WARNING: unhandled ");
	char syscall[64];
	snprintf(syscall, sizeof syscall, "%s", what);
	for (int k = 0; k < *nkinds; k++)
		if (strcmp(kinds[k].syscall, syscall) == 0) {
			kinds[k].times++;
			return true;
		}
	if (*nkinds < MAX_CRASHES) {
		snprintf(kinds[*nkinds].syscall, sizeof kinds[*nkinds].syscall, "%s", syscall);
		kinds[(*nkinds)++].times = 1;
	}
	return true;
}

/* Prints the log of a pass that was not aborted: each crash in one line, each system call
 * Valgrind does not handle in one line, the rest as it is. */
static void tell(const char *harness, char *text)
{
	int n = 0, cap = 64;
	char **lines = malloc((size_t)cap * sizeof *lines);
	for (char *line = strtok(text, "\n"); lines && line; line = strtok(NULL, "\n")) {
		if (n == cap) {
			char **more = realloc(lines, (size_t)(cap *= 2) * sizeof *lines);
			if (!more)
				break;
			lines = more;
		}
		lines[n++] = line;
	}
	if (!lines)
		return;
	struct crash kinds[MAX_CRASHES];
	int nkinds = 0, others = 0;
	long *crashed_pids = calloc((size_t)n + 1, sizeof *crashed_pids);
	long *checked = calloc((size_t)n + 1, sizeof *checked);   /* each pid's lines read once */
	int ncrashed = 0, nchecked = 0;
	for (int i = 0; crashed_pids && checked && i < n; i++) {
		const char *text_after;
		long pid = line_pid(lines[i], &text_after);
		bool seen = false;
		for (int k = 0; k < nchecked && !seen; k++)
			seen = checked[k] == pid;
		if (pid < 0 || seen)
			continue;
		checked[nchecked++] = pid;
		struct crash c;
		if (!crashed(lines, n, pid, &c))
			continue;
		crashed_pids[ncrashed++] = pid;
		if (!count_crash(kinds, &nkinds, &c))
			others++;
	}
	free(checked);
	struct unhandled unknown[MAX_CRASHES];
	int nunknown = 0;
	for (int i = 0; i < n; i++) {
		const char *text_after;
		long pid = line_pid(lines[i], &text_after);
		bool of_crash = false;
		for (int k = 0; k < ncrashed && pid >= 0 && !of_crash; k++)
			of_crash = crashed_pids[k] == pid;
		if (unhandled_syscall(lines[i], unknown, &nunknown))
			continue;
		if (!of_crash && (pid < 0 || text_after[strspn(text_after, " ")] != '\0'))
			fprintf(stderr, "%s\n", lines[i]);
	}
	for (int k = 0; k < nunknown; k++)
		fprintf(stderr, "%s: %d measured call%s made a system call Valgrind does not handle "
			"(%s), which fails there with ENOSYS: what such a call executes under Valgrind "
			"may not be what it executes alone\n", harness, unknown[k].times,
			unknown[k].times == 1 ? "" : "s", unknown[k].syscall);
	for (int k = 0; k < nkinds; k++)
		fprintf(stderr, "%s: %d measured process%s crashed under valgrind (%s in %s); the calls "
			"%s had not made are not counted (--verbose shows Valgrind's report)\n", harness,
			kinds[k].children, kinds[k].children == 1 ? "" : "es", kinds[k].signal,
			kinds[k].function, kinds[k].children == 1 ? "it" : "they");
	if (others)
		fprintf(stderr, "%s: %d more measured processes crashed under valgrind in other ways "
			"(--verbose shows Valgrind's report)\n", harness, others);
	free(crashed_pids);
	free(lines);
}

void measure_log_report(const char *harness, int log_fd, bool aborted, bool verbose,
			char *panic, size_t len)
{
	panic[0] = '\0';
	char *text = log_fd >= 0 && lseek(log_fd, 0, SEEK_SET) == 0 ? measure_read_all(log_fd) : NULL;
	if (!text)
		return;
	const char *mark = "the 'impossible' happened:\n";
	const char *at = strstr(text, mark);
	if (aborted && at) {
		at += strlen(mark);
		at += strspn(at, " ");
		snprintf(panic, len, "%.*s", (int)strcspn(at, "\n"), at);
	} else if (verbose) {
		fputs(text, stderr);
	} else if (!aborted) {
		tell(harness, text);
	}
	free(text);
}
