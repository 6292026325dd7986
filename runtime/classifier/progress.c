/* progress.c: one status line on stderr, redrawn at most ten times a second, shown only
 * when stderr is a terminal so that logs and CI output stay clean. */
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "runtime.h"

struct progress {
	bool enabled, drawn;
	struct timespec last;
};

struct progress *progress_new(bool enabled)
{
	struct progress *p = calloc(1, sizeof *p);
	if (p)
		p->enabled = enabled && isatty(STDERR_FILENO);
	return p;
}

void progress_update(struct progress *p, const char *fmt, ...)
{
	if (!p || !p->enabled)
		return;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	long ms = (now.tv_sec - p->last.tv_sec) * 1000 + (now.tv_nsec - p->last.tv_nsec) / 1000000;
	if (p->drawn && ms < 100)
		return;
	p->last = now;
	p->drawn = true;
	va_list ap;
	va_start(ap, fmt);
	fputs("\r\033[K", stderr);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
}

void progress_done(struct progress *p)
{
	if (p && p->drawn)
		fputs("\r\033[K", stderr);
	free(p);
}
