/* progress.c: one status line on stderr, redrawn in place ("\r", clear to the end of the
 * line) at most ten times a second, shown only when stderr is a terminal so that pipes,
 * logs and CI output stay clean.
 *
 * A pass sets the line's phase (progress_update: "rcu: state 3/40, 1200 executions");
 * what runs inside it adds a detail while the pass waits for its children
 * (progress_detail, called from sp_wait's ticks: "...; this state: 57 executions"), so the
 * line keeps moving through a long state, a long exploration or the measurement. One line
 * is shown at a time: the newest progress_new's, until its progress_done. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "runtime.h"

struct progress {
	bool enabled, drawn;
	struct timespec last;
	char phase[256];
	char shown[448];           /* the line on the terminal: not drawn again unchanged */
};

static struct progress *current;

struct progress *progress_new(bool enabled)
{
	struct progress *p = calloc(1, sizeof *p);
	if (p)
		p->enabled = enabled && isatty(STDERR_FILENO);
	current = p;
	return p;
}

static void draw(struct progress *p, const char *detail)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	long ms = (now.tv_sec - p->last.tv_sec) * 1000 + (now.tv_nsec - p->last.tv_nsec) / 1000000;
	if (p->drawn && ms < 100)
		return;
	char line[sizeof p->shown];
	snprintf(line, sizeof line, "%s%s%s", p->phase, detail ? "; " : "", detail ? detail : "");
	if (p->drawn && strcmp(line, p->shown) == 0)
		return;
	p->last = now;
	p->drawn = true;
	memcpy(p->shown, line, sizeof line);
	fprintf(stderr, "\r\033[K%s", line);
	fflush(stderr);
}

void progress_update(struct progress *p, const char *fmt, ...)
{
	if (!p || !p->enabled)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->phase, sizeof p->phase, fmt, ap);
	va_end(ap);
	draw(p, NULL);
}

void progress_detail(const char *fmt, ...)
{
	struct progress *p = current;
	if (!p || !p->enabled)
		return;
	char detail[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	draw(p, detail);
}

void progress_done(struct progress *p)
{
	if (p && p->drawn)
		fputs("\r\033[K", stderr);
	if (current == p)
		current = NULL;
	free(p);
}
