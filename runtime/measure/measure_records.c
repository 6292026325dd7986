/* measure_records.c: reading back what the measure worker wrote (formats in measure.h)
 * and adding it up per operation: calls and counts per phase, each heavyweight site once
 * per op and phase with its executions summed (a site is its kind, code location and
 * caller), and the evidence records as they are. A record that does not parse means the
 * worker and this parent disagree, which is a bug: the whole read fails. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "measure.h"

char *measure_read_all(int fd)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);
	while (buf) {
		if (cap - len < 2) {
			char *bigger = realloc(buf, cap *= 2);
			if (!bigger)
				break;
			buf = bigger;
		}
		ssize_t n = read(fd, buf + len, cap - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (n == 0) {
			buf[len] = '\0';
			return buf;
		}
		len += (size_t)n;
	}
	free(buf);
	return NULL;
}

static int phase_of(const char *s)
{
	return strcmp(s, "first") == 0 ? 0 : strcmp(s, "loop") == 0 ? 1 : -1;
}

static bool same(const char *a, const char *b)
{
	return strcmp(a, b) == 0;
}

/* The next tab-separated field of *rest ("" when there are no more). */
static char *field(char **rest)
{
	char *f = strsep(rest, "\t");
	return f ? f : "";
}

static int add_call(const struct harness_model *m, struct measure_totals *t, const char *line)
{
	int inst;
	char phase[16];
	long long in, rmw, fences, light;
	if (sscanf(line, "call %d %15s %lld %lld %lld %lld", &inst, phase, &in, &rmw, &fences,
		   &light) != 6 || inst < 0 || inst >= m->ninst || phase_of(phase) < 0)
		return -1;
	int op = m->inst[inst].op;
	struct snc_db_measured_counts *c = phase_of(phase) == 0 ? &t->first[op] : &t->loop[op];
	c->calls++;
	c->instructions += in;
	c->rmw += rmw;
	c->fences += fences;
	c->light_fences += light;
	c->heavyweight_calls += rmw + fences > 0;
	return 0;
}

static int add_abort(const struct harness_model *m, struct measure_totals *t, const char *line)
{
	int code, inst = -1;
	char what[16];
	if (sscanf(line, "aborted %d %15s", &code, what) != 2)
		return -1;
	if (strcmp(what, "-") != 0 && (sscanf(what, "%d", &inst) != 1 || inst < 0 || inst >= m->ninst))
		return -1;
	if (t->aborted++ == 0 || (t->aborted_inst < 0 && inst >= 0)) {   /* a call says more */
		t->aborted_code = code;
		t->aborted_inst = inst;
	}
	return 0;
}

static int add_site(const struct harness_model *m, struct measure_totals *t, char *line)
{
	char *rest = strchr(line, '\t');
	int inst;
	char phase[16];
	long long count;
	if (!rest || sscanf(line, "site %d %15s %lld", &inst, phase, &count) != 3 || inst < 0 ||
	    inst >= m->ninst || phase_of(phase) < 0)
		return -1;
	rest++;
	struct measure_site s = { .op = m->inst[inst].op, .phase = phase_of(phase), .count = count };
	s.kind = field(&rest);
	s.function = field(&rest);
	s.file = field(&rest);
	s.line = atoi(field(&rest));
	s.caller = field(&rest);
	s.caller_file = field(&rest);
	s.caller_line = atoi(field(&rest));
	for (int i = 0; i < t->nsites; i++) {
		struct measure_site *o = &t->sites[i];
		if (o->op == s.op && o->phase == s.phase && o->line == s.line &&
		    o->caller_line == s.caller_line && same(o->kind, s.kind) &&
		    same(o->function, s.function) && same(o->file, s.file) &&
		    same(o->caller, s.caller) && same(o->caller_file, s.caller_file)) {
			o->count += s.count;
			return 0;
		}
	}
	if (t->nsites == t->sites_cap) {
		int cap = t->sites_cap ? t->sites_cap * 2 : 16;
		struct measure_site *more = realloc(t->sites, (size_t)cap * sizeof *more);
		if (!more)
			return -1;
		t->sites = more;
		t->sites_cap = cap;
	}
	s.kind = strdup(s.kind);
	s.function = strdup(s.function);
	s.file = strdup(s.file);
	s.caller = strdup(s.caller);
	s.caller_file = strdup(s.caller_file);
	t->sites[t->nsites++] = s;
	return s.kind && s.function && s.file && s.caller && s.caller_file ? 0 : -1;
}

static char *strdup_or_null(const char *s)
{
	return s[0] ? strdup(s) : NULL;
}

static int add_evidence(const struct harness_model *m, struct measure_totals *t, char *line)
{
	char *rest = strchr(line, '\t');
	struct measure_evidence e = { 0 };
	long long verdict, v[6];
	if (!rest || sscanf(line, "evidence %lld %c %d %lld %lld %lld %lld %lld %lld", &verdict,
			    &e.role, &e.inst, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 9 ||
	    e.inst < 0 || e.inst >= m->ninst || (e.role != 'f' && e.role != 'g'))
		return -1;
	rest++;
	e.verdict_id = verdict;
	e.instructions = v[0];
	e.rmw = v[1];
	e.fences = v[2];
	e.awar = v[3];
	e.raw_unfenced = v[4];
	e.raw_fenced = v[5];
	e.awar_example = strdup_or_null(field(&rest));
	e.raw_fenced_example = strdup_or_null(field(&rest));
	e.raw_unfenced_example = strdup_or_null(field(&rest));
	if (t->nevidence == t->evidence_cap) {
		int cap = t->evidence_cap ? t->evidence_cap * 2 : 8;
		struct measure_evidence *more = realloc(t->evidence, (size_t)cap * sizeof *more);
		if (!more)
			return -1;
		t->evidence = more;
		t->evidence_cap = cap;
	}
	t->evidence[t->nevidence++] = e;
	return 0;
}

int measure_records_read(const struct harness_model *m, int fd, struct measure_totals *t)
{
	memset(t, 0, sizeof *t);
	t->nops = m->nops;
	t->first = calloc((size_t)m->nops, sizeof *t->first);
	t->loop = calloc((size_t)m->nops, sizeof *t->loop);
	char *text = lseek(fd, 0, SEEK_SET) == 0 ? measure_read_all(fd) : NULL;
	if (!t->first || !t->loop || !text) {
		free(text);
		return -1;
	}
	int rc = 0;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line && rc == 0;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "call ", 5) == 0)
			rc = add_call(m, t, line);
		else if (strncmp(line, "site ", 5) == 0)
			rc = add_site(m, t, line);
		else if (strncmp(line, "evidence ", 9) == 0)
			rc = add_evidence(m, t, line);
		else if (strncmp(line, "aborted ", 8) == 0)
			rc = add_abort(m, t, line);
		else if (strcmp(line, "absent") == 0)
			t->absent = true;
		else if (strcmp(line, "done") == 0)
			t->done = true;
		else
			rc = -1;
	}
	free(text);
	return rc;
}

void measure_totals_free(struct measure_totals *t)
{
	for (int i = 0; i < t->nsites; i++) {
		struct measure_site *s = &t->sites[i];
		free(s->kind);
		free(s->function);
		free(s->file);
		free(s->caller);
		free(s->caller_file);
	}
	for (int i = 0; i < t->nevidence; i++) {
		free(t->evidence[i].awar_example);
		free(t->evidence[i].raw_fenced_example);
		free(t->evidence[i].raw_unfenced_example);
	}
	free(t->sites);
	free(t->evidence);
	free(t->first);
	free(t->loop);
	memset(t, 0, sizeof *t);
}
