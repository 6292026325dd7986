/* color.c: colour for severities and verdicts, as users of command-line tools expect it:
 * on when the stream is a terminal, off when it is not (a pipe, a file, a CI log), when
 * NO_COLOR is set to anything non-empty (no-color.org) or TERM is "dumb", and as the shared
 * --color=auto|always|never option says. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "snc_cmdline.h"

static enum snc_color_when color_when = SNC_COLOR_AUTO;

void snc_color_set(enum snc_color_when when)
{
	color_when = when;
}

bool snc_color_on(FILE *stream)
{
	if (color_when != SNC_COLOR_AUTO)
		return color_when == SNC_COLOR_ALWAYS;
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
	if ((no_color && *no_color) || (term && strcmp(term, "dumb") == 0))
		return false;
	return isatty(fileno(stream));
}

#define RED "\033[1;31m"
#define YELLOW "\033[33m"
#define GREEN "\033[32m"
#define CYAN "\033[36m"

/* Severities (error, warning, note), verdicts of runs and classes of scans: what must pay
 * for synchronization is red, what may is yellow, what need not is green. */
static const struct { const char *word, *sgr; } palette[] = {
	{ "error", RED }, { "warning", YELLOW }, { "note", CYAN },
	{ "snc", RED }, { "snc-split", RED }, { "snc-candidate", RED },
	{ "non-commutative", YELLOW }, { "one-way", YELLOW },
	{ "commutative", GREEN }, { "state-only", GREEN }, { "never-snc", GREEN },
	{ "read-read", GREEN },
	{ "fail", RED }, { "pass", GREEN },
};

const char *snc_color_start(FILE *stream, const char *word)
{
	if (!word || !snc_color_on(stream))
		return "";
	for (size_t i = 0; i < sizeof palette / sizeof palette[0]; i++)
		if (strcmp(palette[i].word, word) == 0)
			return palette[i].sgr;
	return "";
}

const char *snc_color_end(FILE *stream, const char *word)
{
	return *snc_color_start(stream, word) ? "\033[0m" : "";
}
