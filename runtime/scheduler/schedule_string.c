/* schedule_string.c: the compact text form of a schedule, "T" or "T:b1,b2,...".
 *
 * T is the thread that starts (0 or 1); each b is a budget of preemptible points before a
 * preemption (snc_sched.h). The form is what findings store and what --schedule replays, so
 * parsing is strict: decimal numbers only, no spaces, no empty budgets.
 */
#include <stdio.h>
#include "snc_sched.h"

int snc_schedule_format(const struct snc_schedule *s, char *buf, size_t size)
{
	size_t len = 0;
	int n;

	if (s->first_thread > 1 || s->nswitches > SNC_SCHED_MAX_SWITCHES)
		return -1;
	n = snprintf(buf, size, "%u", (unsigned)s->first_thread);
	if (n < 0 || (size_t)n >= size)
		return -1;
	len = (size_t)n;
	for (unsigned i = 0; i < s->nswitches; i++) {
		n = snprintf(buf + len, size - len, "%c%lu", i == 0 ? ':' : ',',
			     (unsigned long)s->budget[i]);
		if (n < 0 || (size_t)n >= size - len)
			return -1;
		len += (size_t)n;
	}
	return (int)len;
}

static const char *parse_budget(const char *p, uint32_t *out)
{
	uint64_t v = 0;

	if (*p < '0' || *p > '9')
		return NULL;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (uint64_t)(*p - '0');
		if (v > UINT32_MAX)
			return NULL;
	}
	*out = (uint32_t)v;
	return p;
}

int snc_schedule_parse(const char *text, struct snc_schedule *out)
{
	const char *p = text;

	if ((p[0] != '0' && p[0] != '1'))
		return -1;
	out->first_thread = (uint8_t)(p[0] - '0');
	out->nswitches = 0;
	p++;
	if (*p == '\0')
		return 0;
	if (*p != ':')
		return -1;
	do {
		p++;
		if (out->nswitches == SNC_SCHED_MAX_SWITCHES)
			return -1;
		p = parse_budget(p, &out->budget[out->nswitches]);
		if (!p)
			return -1;
		out->nswitches++;
	} while (*p == ',');
	return *p == '\0' ? 0 : -1;
}
