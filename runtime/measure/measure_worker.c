/* measure_worker.c: the measure worker, i.e. the harness program's measure build
 * (PROGRAM.measure: no scheduler instrumentation) run under `valgrind --tool=snc` by
 * measure_spawn.c with --measure-worker PLAN_FD,RECORDS_FD.
 *
 * It runs the plan (measure.h has the formats) the way the executor runs states, so that
 * what is measured is what was classified: for each planned state a *state process* is
 * forked that calls setup() and applies the state's instance sequence; it then forks one
 * child per planned instance, and that child calls the instance 1 + MEASURE_LOOP_CALLS
 * times, each call alone in a region of the snc tool (measure_region_call(), whose own
 * instructions are subtracted: measure_calibrate.c). The first call is the classifier's
 * solo execution from that state ("first" phase, cold: lazy initialisation, a thread
 * registering itself, an empty per-thread cache); the calls after it are what a caller
 * pays in a loop ("loop" phase). Evidence jobs run each witness call from the witness
 * state, in a region that also tracks the Laws of Order patterns (AWAR, RAW): one state
 * process per distinct witness state, one child per distinct call from it, whose record
 * serves every witness that makes that call from that state (most snc pairs share their
 * witness state, the fresh one, and their calls: ck_pr.h's `unsigned int` family has 257
 * witnesses in 3 states, 52 distinct calls). Children write their records straight to
 * RECORDS_FD (opened O_APPEND, one write per region, always outside the region), so the
 * worker itself keeps nothing.
 *
 * Lock-based code must be measured as it behaves with threads: glibc's mutexes skip their
 * atomic instructions while the process has a single thread (docs/measure.md). The worker starts
 * an idle thread before anything else; the forked state processes and children inherit
 * glibc's "multiple threads" flag, so their locks take the atomic path.
 *
 * Forking under Valgrind is cheap (the child shares the translations made so far) and
 * Valgrind's start-up, ~0.2 s, is paid once for the whole plan. Up to --jobs state
 * processes (and no more than the machine has CPUs) run at once.
 *
 * State processes and their children are forked and watched through state_process.h,
 * without a memory limit (Valgrind's address space): every call must end within the
 * worker's limit, counted by a heartbeat the state process and its child share with the
 * worker (one counter per job), and a state process must build its state within the limit
 * per op of its sequence. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "measure.h"
#include "snc_vg_client.h"
#include "state_process.h"

struct worker {
	const struct harness_model *m;
	const int64_t *overhead;   /* per op: region instructions besides the op's own */
	int records_fd;
	int limit_ms;              /* one call's time limit under the tool */
	bool verbose;
	struct sp_limits limits;
	volatile uint32_t *beats;  /* shared: one heartbeat per job in flight */
};

/* A `state` line of the plan: a cost job. */
struct job {
	int seq[MEASURE_MAX_SEQ];
	int len;
	int *insts;                /* the instances */
	signed char *repeat_blocks; /* per instance: its repeat blocks or crashes 1, returns
				       0, not known -1 (the plan's marks) */
	int ninsts;
	int copies;                /* the kept states it stands for: each record is written
				      that many times */
};

static void *idle_thread(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void emit(const struct worker *w, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(w->records_fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			_exit(3);
		buf += n;
		len -= (size_t)n;
	}
}

/* Tabs and newlines separate fields and records: never let a name contain one. */
static void clean(char *s)
{
	for (; *s; s++)
		if (*s == '\t' || *s == '\n')
			*s = ' ';
}

/* Is the code at address in this program (not in a shared library)? */
static bool in_program(uint64_t address)
{
	Dl_info site, program;
	return dladdr((void *)(uintptr_t)address, &site) &&
	       dladdr((void *)(uintptr_t)measure_worker_main, &program) &&
	       site.dli_fbase == program.dli_fbase;
}

/* Is the caller of a site the op itself: this runtime calling the op's function, or the
 * wrapper `op_NAME` that snc audit generates for the API function NAME (audit_emit.c)? */
static bool op_frame(const struct worker *w, int inst, const char *function)
{
	const char *name = w->m->def->ops[w->m->inst[inst].op].name;
	return strcmp(function, "measure_region_call") == 0 ||
	       strcmp(function, "call_instance") == 0 ||
	       (strncmp(function, "op_", 3) == 0 && strcmp(function + 3, name) == 0);
}

/* "pthread_mutex_lock@@GLIBC_2.2.5" reads "pthread_mutex_lock". */
static void tidy_function(char *function)
{
	char *at = strchr(function, '@');
	if (at)
		*at = '\0';
	clean(function);
}

/* Names as records carry them: no symbol versions, no separators; instructions as the
 * op's own (measure_calibrate.c). A site has a caller only when it is in a shared library
 * (glibc's mutex) and the library under test called it: a site in the program is the
 * library's own code (its innermost source line says where), and a site the op's own frame
 * entered is the op's. */
static void tidy_region(const struct worker *w, int inst, struct snc_vg_region *r)
{
	int64_t overhead = w->overhead[w->m->inst[inst].op];
	r->instructions = r->instructions > (uint64_t)overhead ? r->instructions - (uint64_t)overhead
							     : 0;
	for (uint32_t i = 0; i < r->n_sites && i < SNC_VG_MAX_SITES; i++) {
		struct snc_vg_site *s = &r->sites[i];
		tidy_function(s->caller);
		if (in_program(s->address) || op_frame(w, inst, s->caller)) {
			s->caller[0] = s->caller_file[0] = '\0';
			s->caller_line = 0;
		}
		tidy_function(s->function);
		clean(s->kind);
		clean(s->file);
		clean(s->caller_file);
	}
	struct snc_vg_code_location *locations[] = {
		&r->awar_example.at, &r->raw_fenced_example.store, &r->raw_fenced_example.load,
		&r->raw_fenced_example.fence, &r->raw_unfenced_example.store,
		&r->raw_unfenced_example.load,
	};
	for (size_t i = 0; i < sizeof locations / sizeof locations[0]; i++)
		tidy_function(locations[i]->function);
}

/* The records of one region (a call line, then its site lines) into buf[8192]. */
static int format_call(const struct worker *w, char *buf, int inst, const char *phase,
		       struct snc_vg_region *r)
{
	size_t size = 8192;
	tidy_region(w, inst, r);
	int n = snprintf(buf, size, "call %d %s %llu %llu %llu %llu\n", inst, phase,
			 (unsigned long long)r->instructions, (unsigned long long)r->rmw,
			 (unsigned long long)r->fences, (unsigned long long)r->light_fences);
	for (uint32_t i = 0; i < r->n_sites && i < SNC_VG_MAX_SITES; i++) {
		const struct snc_vg_site *s = &r->sites[i];
		n += snprintf(buf + n, size - (size_t)n,
			      "site %d %s %llu\t%s\t%s\t%s\t%d\t%s\t%s\t%d\n", inst, phase,
			      (unsigned long long)s->count, s->kind, s->function, s->file,
			      (int)s->line, s->caller, s->caller_file, (int)s->caller_line);
	}
	return n;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* "function (file:line)", as much of it as is known. */
static void location_text(const struct snc_vg_code_location *l, char *buf, size_t len)
{
	if (l->function[0] && l->file[0] && l->line > 0)
		snprintf(buf, len, "%s (%s:%d)", l->function, base_name(l->file), (int)l->line);
	else if (l->function[0])
		snprintf(buf, len, "%s", l->function);
	else
		snprintf(buf, len, "0x%llx", (unsigned long long)l->address);
}

/* "lock cmpxchg in pthread_mutex_lock (...), called from set_to (mutex_set.c:25)": the
 * caller comes from the heavyweight site at the same code address. */
static void awar_text(const struct snc_vg_region *r, char *buf, size_t len)
{
	char at[320];
	location_text(&r->awar_example.at, at, sizeof at);
	int n = snprintf(buf, len, "%s in %s", r->awar_example.kind, at);
	for (uint32_t i = 0; i < r->n_sites && i < SNC_VG_MAX_SITES; i++) {
		const struct snc_vg_site *s = &r->sites[i];
		if (s->address != r->awar_example.at.address || !s->caller[0] ||
		    strcmp(s->caller, r->awar_example.at.function) == 0)
			continue;
		if (s->caller_line > 0)
			snprintf(buf + n, len - (size_t)n, ", called from %s (%s:%d)", s->caller,
				 base_name(s->caller_file), (int)s->caller_line);
		else
			snprintf(buf + n, len - (size_t)n, ", called from %s", s->caller);
		break;
	}
}

static void raw_text(const struct snc_vg_raw_example *x, bool fenced, char *buf, size_t len)
{
	char store[320], load[320], fence[320];
	location_text(&x->store, store, sizeof store);
	location_text(&x->load, load, sizeof load);
	int n = snprintf(buf, len, "store in %s, load in %s", store, load);
	if (fenced) {
		location_text(&x->fence, fence, sizeof fence);
		snprintf(buf + n, len - (size_t)n, ", fence in %s", fence);
	}
}

/* The evidence record of one region, tidied already (tidy_region), into buf[4096]. */
static int format_evidence(char *buf, int64_t verdict, char role, int inst,
			   const struct snc_vg_region *r)
{
	char awar[1024] = "", fenced[1024] = "", unfenced[1024] = "";
	if (r->awar)
		awar_text(r, awar, sizeof awar);
	if (r->raw_fenced)
		raw_text(&r->raw_fenced_example, true, fenced, sizeof fenced);
	if (r->raw_unfenced)
		raw_text(&r->raw_unfenced_example, false, unfenced, sizeof unfenced);
	clean(awar);
	clean(fenced);
	clean(unfenced);
	return snprintf(buf, 4096, "evidence %lld %c %d %llu %llu %llu %llu %llu %llu\t%s\t%s\t%s\n",
			(long long)verdict, role, inst, (unsigned long long)r->instructions,
			(unsigned long long)r->rmw, (unsigned long long)r->fences,
			(unsigned long long)r->awar, (unsigned long long)r->raw_unfenced,
			(unsigned long long)r->raw_fenced, awar, fenced, unfenced);
}

/* Children inherit the translations their parent made, and lose their own when they exit.
 * Formatting records (snprintf is a lot of code) once here, in the worker, saves every
 * child from translating it again. */
static void warm_up(const struct worker *w)
{
	static struct snc_vg_region r = {
		.n_sites = 1, .awar = 1, .raw_fenced = 1, .raw_unfenced = 1,
		.sites = { { .kind = "k", .line = 1, .caller_line = 1 } },
	};
	char buf[8192];
	format_call(w, buf, 0, "first", &r);
	format_evidence(buf, 1, 'f', 0, &r);
}

/* In a state process of witnesses, before its children: the first region with patterns
 * makes the tool translate everything again with its pattern helpers (snc_main.c), and a
 * child's translations die with it. An empty pattern region here, and the evidence
 * record formatted once after it, leave translations with the helpers that every child
 * inherits: each then translates only what its own call runs. */
static void warm_up_patterns(const struct worker *w)
{
	struct snc_vg_region r = {
		.n_sites = 1, .awar = 1, .raw_fenced = 1, .raw_unfenced = 1,
		.sites = { { .kind = "k", .line = 1, .caller_line = 1 } },
	};
	struct snc_vg_region empty;
	snc_vg_region_begin(SNC_VG_PATTERNS);
	snc_vg_region_end(&empty);
	char buf[4096];
	tidy_region(w, 0, &r);
	format_evidence(buf, 1, 'f', 0, &r);
}

/* Child of a state process: the first call and the loop calls of one instance. Whether
 * the second call blocks (lock;lock: the loop would only wait for the limit) or crashes
 * (a deinit that frees again: the process would end with the loop's calls uncounted) is
 * what the classifier saw (repeat_blocks): then only the first call is measured; when it
 * is not known, a throw-away child finds out whether it blocks (blocking.c), which in this
 * build without scheduling points means the limit. */
static _Noreturn void measure_calls(const struct worker *w, volatile uint32_t *beat, int inst,
				    int repeat_blocks, int copies)
{
	const struct instance *in = &w->m->inst[inst];
	struct snc_vg_region r;
	for (int k = 0; k <= MEASURE_LOOP_CALLS; k++) {
		if (k == 1 && (repeat_blocks > 0 ||
			       (repeat_blocks < 0 && call_would_block(w->m, in, w->limit_ms))))
			break;
		(*beat)++;
		measure_region_call(w->m, in, 0, &r);
		sp_leave_if_copy();
		char buf[8192];
		size_t len = (size_t)format_call(w, buf, inst, k == 0 ? "first" : "loop", &r);
		for (int c = 0; c < copies; c++)
			emit(w, buf, len);
	}
	_exit(0);
}

/* One witness of the plan: its verdict, state and calls (an `evidence` line). */
struct witness_job {
	int64_t verdict;
	int seq[MEASURE_MAX_SEQ];
	int len;
	int f, g;
};

static bool same_state(const struct witness_job *a, const struct witness_job *b)
{
	return a->len == b->len && memcmp(a->seq, b->seq, (size_t)a->len * sizeof a->seq[0]) == 0;
}

/* Child of a state process: one call of inst, with the patterns tracked, and its record
 * for every witness of that state in which inst is f or g (the same call from the same
 * state: measured once). */
static _Noreturn void solo_patterns(const struct worker *w, const struct witness_job *wit,
				    int nwit, const struct witness_job *state, int inst)
{
	struct snc_vg_region r;
	measure_region_call(w->m, &w->m->inst[inst], SNC_VG_PATTERNS, &r);
	sp_leave_if_copy();
	tidy_region(w, inst, &r);
	char buf[4096];
	for (int k = 0; k < nwit; k++) {
		if (!same_state(&wit[k], state))
			continue;
		if (wit[k].f == inst)
			emit(w, buf, (size_t)format_evidence(buf, wit[k].verdict, 'f', inst, &r));
		if (wit[k].g == inst)
			emit(w, buf, (size_t)format_evidence(buf, wit[k].verdict, 'g', inst, &r));
	}
	_exit(0);
}

/* How a child of the worker is watched: a call may take limit_ms, and the heartbeat moves
 * before every call. */
static struct sp_options watched(const struct worker *w, volatile uint32_t *beat, int first_ms,
				 bool state_process)
{
	return (struct sp_options){
		.silence = !w->verbose, .limits = &w->limits, .forks_children = state_process,
		.deadline_ms = first_ms, .heartbeat = beat, .grace_ms = w->limit_ms,
	};
}

/* A process of the plan that exited with a status other than 0 did not end as the worker's
 * code ends it (a crash is a signal, a call past its limit is killed): Valgrind aborted it
 * (its panics, "the 'impossible' happened", exit 1: more threads than --max-threads, a
 * tool's assertion) or an op ended the process. Its counts are cut short: say so
 * (`aborted`, with the call it was measuring, or - for a state process: building its
 * state). */
static void report_abort(const struct worker *w, const struct sp_end *end, int inst)
{
	if (end->how != SP_EXITED || end->code == 0)
		return;
	char buf[64];
	int n = inst >= 0 ? snprintf(buf, sizeof buf, "aborted %d %d\n", end->code, inst)
			  : snprintf(buf, sizeof buf, "aborted %d -\n", end->code);
	emit(w, buf, (size_t)n);
}

/* A state process of cost jobs. A child that crashes or runs out of time just writes fewer
 * records; one that Valgrind aborts writes an `aborted` record too (report_abort). */
static _Noreturn void state_process(const struct worker *w, volatile uint32_t *beat,
				    const struct job *j)
{
	state_build(w->m, j->seq, j->len);
	for (int k = 0; k < j->ninsts; k++) {
		/* The last instance too runs in a child: an abort of this process is one of
		 * building the state, not of a call. */
		struct sp_options o = watched(w, beat, w->limit_ms, false);
		struct sp_child child;
		struct sp_end end;
		(*beat)++;
		pid_t pid = sp_fork(&child, &o);
		if (pid == 0)
			measure_calls(w, beat, j->insts[k], j->repeat_blocks[k], j->copies);
		if (pid > 0 && sp_wait(&child, 1, &end) >= 0)
			report_abort(w, &end, j->insts[k]);
	}
	_exit(0);
}

/* Was inst, as the role (0 f, 1 g) of witness k, measured already by this state's
 * process (an earlier witness of the same state, or f of the same one)? */
static bool measured_before(const struct witness_job *wit, int first, int k, int role, int inst)
{
	for (int i = first; i < k; i++)
		if (same_state(&wit[i], &wit[k]) && (wit[i].f == inst || wit[i].g == inst))
			return true;
	return role == 1 && wit[k].f == inst;
}

/* The state process of every witness whose state is that of wit[first] (the first one of
 * that state in the plan): one child per distinct call, each measured once for all the
 * witnesses that make it from this state. */
static _Noreturn void witness_process(const struct worker *w, volatile uint32_t *beat,
				      const struct witness_job *wit, int nwit, int first)
{
	const struct witness_job *state = &wit[first];
	state_build(w->m, state->seq, state->len);
	warm_up_patterns(w);
	for (int k = first; k < nwit; k++) {
		for (int role = 0; role < 2 && same_state(&wit[k], state); role++) {
			int inst = role == 0 ? wit[k].f : wit[k].g;
			if (measured_before(wit, first, k, role, inst))
				continue;
			struct sp_options o = watched(w, beat, w->limit_ms, false);
			struct sp_child child;
			struct sp_end end;
			(*beat)++;
			pid_t pid = sp_fork(&child, &o);
			if (pid == 0)
				solo_patterns(w, wit, nwit, state, inst);
			if (pid > 0 && sp_wait(&child, 1, &end) >= 0)
				report_abort(w, &end, inst);
		}
	}
	_exit(0);
}

/* "-" or "3,5,0": instance indices, each below ninst. Returns the length or -1. */
static int parse_seq(const char *s, int ninst, int *seq, int max)
{
	if (strcmp(s, "-") == 0)
		return 0;
	int n = 0;
	for (;;) {
		char *end;
		long v = strtol(s, &end, 10);
		if (end == s || v < 0 || v >= ninst || n == max)
			return -1;
		seq[n++] = (int)v;
		if (*end == '\0')
			return n;
		if (*end != ',')
			return -1;
		s = end + 1;
	}
}

/* "0+,2!,4": instances, each marked with what its repeat does (`+` returns, `!` blocks,
 * no mark: not known). Returns the number of instances or -1. */
static int parse_marked(char *s, int ninst, int *insts, signed char *repeat_blocks)
{
	int n = 0;
	char *save = NULL;
	for (char *item = strtok_r(s, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		size_t len = strlen(item);
		char mark = len > 0 ? item[len - 1] : '\0';
		repeat_blocks[n] = mark == '!' ? 1 : mark == '+' ? 0 : -1;
		if (repeat_blocks[n] >= 0)
			item[len - 1] = '\0';
		if (n == ninst || parse_seq(item, ninst, &insts[n], 1) != 1)
			return -1;
		n++;
	}
	return n;
}

/* Parses a `state` line into j (insts and repeat_blocks point into storage of ninst
 * entries each; the count of kept states it stands for is optional, 1 when absent). */
static int parse_state(char *save, int ninst, struct job *j, int *storage,
		       signed char *repeat_storage)
{
	char *a = strtok_r(NULL, " ", &save), *b = strtok_r(NULL, " ", &save);
	char *copies = strtok_r(NULL, " ", &save), *end = NULL;
	*j = (struct job){ .insts = storage, .repeat_blocks = repeat_storage, .copies = 1 };
	if (!a || !b)
		return -1;
	if (copies)
		j->copies = (int)strtol(copies, &end, 10);
	j->len = parse_seq(a, ninst, j->seq, MEASURE_MAX_SEQ);
	j->ninsts = parse_marked(b, ninst, storage, repeat_storage);
	return j->len < 0 || j->ninsts <= 0 || j->copies < 1 || (end && *end) ? -1 : 0;
}

/* Parses an `evidence` line into x. */
static int parse_witness(char *save, int ninst, struct witness_job *x)
{
	char *a = strtok_r(NULL, " ", &save), *b = strtok_r(NULL, " ", &save);
	char *f = strtok_r(NULL, " ", &save), *g = strtok_r(NULL, " ", &save);
	if (!a || !b || !f || !g)
		return -1;
	x->verdict = strtoll(a, NULL, 10);
	x->len = parse_seq(b, ninst, x->seq, MEASURE_MAX_SEQ);
	return x->verdict <= 0 || x->len < 0 || parse_seq(f, ninst, &x->f, 1) != 1 ||
			       parse_seq(g, ninst, &x->g, 1) != 1 ? -1 : 0;
}

/* The slot of running for the next state process: a free one, or the first to end. */
static int free_slot(const struct worker *w, struct sp_child *running, int jobs)
{
	for (int k = 0; k < jobs; k++)
		if (running[k].pid <= 0)
			return k;
	struct sp_end end;
	int k = sp_wait(running, jobs, &end);
	if (k >= 0)
		report_abort(w, &end, -1);
	return k;
}

/* Cost jobs start as their lines are read; the witnesses are gathered, then one state
 * process runs all those of one state. */
static int run_plan(const struct worker *w, char *plan, int jobs)
{
	int *storage = malloc((size_t)w->m->ninst * sizeof *storage);
	signed char *repeat_storage = malloc((size_t)w->m->ninst);
	struct witness_job *wit = NULL;
	int nwit = 0, cap = 0;
	struct sp_child running[jobs];
	struct sp_end end;
	int rc = storage && repeat_storage ? 0 : -1;
	for (int k = 0; k < jobs; k++)
		running[k].pid = 0;
	char *save = NULL;
	for (char *line = strtok_r(plan, "\n", &save); line && rc == 0;
	     line = strtok_r(NULL, "\n", &save)) {
		char *fields = NULL, *kind = strtok_r(line, " ", &fields);
		struct job j;
		int k;
		if (kind && strcmp(kind, "evidence") == 0) {
			if (nwit == cap) {
				cap = cap ? 2 * cap : 64;
				struct witness_job *more = realloc(wit, (size_t)cap * sizeof *more);
				if (!more) {
					rc = -1;
					break;
				}
				wit = more;
			}
			rc = parse_witness(fields, w->m->ninst, &wit[nwit++]);
		} else if (!kind || strcmp(kind, "state") != 0 ||
			   parse_state(fields, w->m->ninst, &j, storage, repeat_storage) != 0 ||
			   (k = free_slot(w, running, jobs)) < 0) {
			rc = -1;
		} else {
			struct sp_options o = watched(w, &w->beats[k], w->limit_ms * (j.len + 1), true);
			if (sp_fork(&running[k], &o) == 0)
				state_process(w, &w->beats[k], &j);
		}
	}
	for (int i = 0; i < nwit && rc == 0; i++) {
		bool seen = false;
		for (int k = 0; k < i && !seen; k++)
			seen = same_state(&wit[k], &wit[i]);
		int k = seen ? 0 : free_slot(w, running, jobs);
		if (k < 0) {
			rc = -1;
		} else if (!seen) {
			struct sp_options o = watched(w, &w->beats[k], w->limit_ms * (wit[i].len + 1),
						      true);
			if (sp_fork(&running[k], &o) == 0)
				witness_process(w, &w->beats[k], wit, nwit, i);
		}
	}
	while (sp_wait(running, jobs, &end) >= 0)
		report_abort(w, &end, -1);
	free(wit);
	free(storage);
	free(repeat_storage);
	return rc;
}

int measure_worker_main(const struct snc_harness *def, const struct runtime_options *opt)
{
	char err[256];
	struct harness_model m;
	if (harness_model_build(def, &m, err, sizeof err) != 0) {
		fprintf(stderr, "error: %s\n", err);
		return 2;
	}
	struct worker w = {
		.m = &m, .records_fd = opt->worker_records_fd, .verbose = opt->verbose,
		.limit_ms = MEASURE_CALL_LIMIT_MS(runtime_timeout_ms(opt, def)),
	};
	sp_limits_set(&w.limits, 0, opt->cpu_limit_s, opt->process_limit, opt->file_size_limit_mib);
	w.beats = mmap(NULL, (size_t)opt->jobs * sizeof *w.beats, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (w.beats == MAP_FAILED) {
		fprintf(stderr, "error: out of memory for the measure worker\n");
		harness_model_free(&m);
		return 2;
	}
	if (!snc_vg_present() && !measure_baseline_tool()) {
		emit(&w, "absent\n", 7);
		harness_model_free(&m);
		return 0;
	}
	int64_t *overhead = measure_region_overheads(&m);
	w.overhead = overhead;
	if (overhead)
		warm_up(&w);
	pthread_t idle;
	char *plan = measure_read_all(opt->worker_plan_fd);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int jobs = cpus > 0 && cpus < opt->jobs ? (int)cpus : opt->jobs;
	int rc = !plan || !overhead || pthread_create(&idle, NULL, idle_thread, NULL) != 0
		 ? -1 : run_plan(&w, plan, jobs);
	if (rc == 0)
		emit(&w, "done\n", 5);
	else
		fprintf(stderr, "error: the measure plan could not be run\n");
	free(plan);
	free(overhead);
	harness_model_free(&m);
	return rc == 0 ? 0 : 2;
}
