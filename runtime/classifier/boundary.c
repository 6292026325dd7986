/* boundary.c: the boundary states of bounded structures (--boundary N).
 *
 * A ring of capacity 4 is full after four enqueues; the states up to --depth never get
 * there, and a pair like enqueue with itself looks as if the ring never filled. So before
 * the states are run, each operation is *saturated*: from a fresh setup, its first
 * instance is called again and again (at most N times) until its result changes (true
 * becomes false: full; a pop that returned entries returns NULL: empty; a trylock fails:
 * locked), or until it crashes or blocks. When the k-th call (k >= 2) is the first whose
 * result differs from the first call's, the states "op x k" (at the boundary) and
 * "op x (k-1)" (one call before it) join the state space, after the enumerated ones.
 * Then the way back: from the first op's boundary ("enqueue x k", a full ring), every other
 * op is saturated the same way (a dequeue returns entries until the ring is empty again),
 * and "enqueue x k, dequeue x j" (drained) and "enqueue x k, dequeue x (j-1)" (one entry
 * left) join too. One level further, from each of the first BOUNDARY_SECOND of those
 * (the filler made a handle, "open": then "open, push x 8" is a full queue), every other op
 * is saturated again ("open, push x 8, pop x 8": drained; "... pop x 7": one item left,
 * where two pops differ: hq_open's family had no such state, and pop with itself read
 * commutative). States of length up to --depth are enumerated already and are not added
 * twice. So a pair's verdict covers both boundaries: filled, and drained from full.
 *
 * Each probe is one forked process (setup, then the calls), which writes each result to a
 * pipe; the parent waits for each with the per-operation limit (ten times it for setup and
 * the first call) and kills the probe, by its pid, when it does not answer in time. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "runtime.h"

#define BOUNDARY_MAX 8   /* calls per probe */
#define BOUNDARY_LEVELS 3   /* a state is at most this many runs of BOUNDARY_MAX calls */
#define BOUNDARY_SECOND 4   /* boundaries of the way back saturated from again */

/* What one call of the probe returned, as the probe reports it. */
struct probe_result {
	uint64_t value;
};

/* A state reached before saturating: prefix[0..len) are instances called in order. */
struct prefix {
	int inst[BOUNDARY_LEVELS * BOUNDARY_MAX];
	int len;
};

static _Noreturn void probe_process(const struct harness_model *m, const struct prefix *before,
				    int inst, int calls, int fd)
{
	int null = open("/dev/null", O_WRONLY);
	if (null >= 0) {
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	if (m->def->setup)
		m->def->setup();
	for (int k = 0; k < before->len; k++)
		call_instance(m, &m->inst[before->inst[k]]);
	for (int k = 0; k < calls; k++) {
		struct probe_result r = { call_instance(m, &m->inst[inst]) };
		if (write(fd, &r, sizeof r) != (ssize_t)sizeof r)
			_exit(1);
	}
	_exit(0);
}

/* Reads one result within timeout_ms; returns 1 when read, 0 at the end or on a timeout. */
static int read_result(int fd, int timeout_ms, struct probe_result *r)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int ready;
	while ((ready = poll(&p, 1, timeout_ms)) < 0 && errno == EINTR)
		;
	if (ready <= 0)
		return 0;
	ssize_t got;
	while ((got = read(fd, r, sizeof *r)) < 0 && errno == EINTR)
		;
	return got == (ssize_t)sizeof *r;
}

/* Calls inst repeatedly from the state before reaches; returns k, the first call (counted
 * from 0) whose result differs from call 0's or that did not return, or 0 when none did. */
static int saturate(const struct harness_model *m, const struct prefix *before, int inst,
		    int calls, int timeout_ms)
{
	int fds[2];
	if (pipe(fds) != 0)
		return 0;
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return 0;
	}
	if (pid == 0) {
		close(fds[0]);
		probe_process(m, before, inst, calls, fds[1]);
	}
	close(fds[1]);
	struct probe_result first, r;
	int k = 0;
	if (read_result(fds[0], (10 + before->len) * timeout_ms, &first))
		for (k = 1; k < calls; k++)
			if (!read_result(fds[0], timeout_ms, &r) || r.value != first.value)
				break;
	if (k == calls)
		k = 0;   /* never changed */
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	close(fds[0]);
	return k;
}

static bool has_state(const struct state_space *sp, const int *seq, int len)
{
	for (int64_t s = 0; s < sp->count; s++)
		if (sp->len[s] == len && memcmp(sp->seq + s * sp->width, seq, (size_t)len * sizeof *seq) == 0)
			return true;
	return false;
}

/* Appends the state before, then len calls of inst; returns -1 when out of memory. */
static int append(struct state_space *sp, const struct prefix *before, int inst, int len)
{
	int seq[(BOUNDARY_LEVELS + 1) * BOUNDARY_MAX];
	for (int i = 0; i < before->len; i++)
		seq[i] = before->inst[i];
	for (int i = 0; i < len; i++)
		seq[before->len + i] = inst;
	len += before->len;
	if (len <= sp->depth || has_state(sp, seq, len))
		return 0;
	int width = len > sp->width ? len : sp->width;
	int *wider = malloc((size_t)(sp->count + 1) * (size_t)width * sizeof *wider);
	int *lens = realloc(sp->len, (size_t)(sp->count + 1) * sizeof *lens);
	if (!wider || !lens) {
		free(wider);
		if (lens)
			sp->len = lens;
		return -1;
	}
	sp->len = lens;
	for (int64_t s = 0; s < sp->count; s++)
		for (int i = 0; i < width; i++)
			wider[s * width + i] = i < sp->width ? sp->seq[s * sp->width + i] : -1;
	for (int i = 0; i < width; i++)
		wider[sp->count * width + i] = i < len ? seq[i] : -1;
	free(sp->seq);
	sp->seq = wider;
	sp->width = width;
	sp->len[sp->count++] = len;
	sp->boundary++;
	return 0;
}

static int first_instance(const struct harness_model *m, int op)
{
	int inst = 0;
	while (inst < m->ninst && m->inst[inst].op != op)
		inst++;
	return inst < m->ninst ? inst : -1;
}

/* The way back from boundary `from`, reached by op `by`: every op but it and the filler
 * saturated from it,
 * its boundary and the state one call before joining the states. With `found`, the
 * boundaries reached (and the op that reached each) are kept there, at most
 * BOUNDARY_SECOND. Returns -1 when out of memory. */
static int drain(struct state_space *sp, const struct harness_model *m, const struct prefix *from,
		 int by, int filler, int calls, int timeout_ms, struct prefix *found, int *found_by,
		 int *nfound)
{
	for (int op = 0; op < m->nops; op++) {
		int inst = first_instance(m, op);
		if (inst < 0 || op == by || op == filler)
			continue;
		int j = saturate(m, from, inst, calls + 1, timeout_ms);
		if (j < 1 || from->len + j > BOUNDARY_LEVELS * BOUNDARY_MAX)
			continue;
		if (append(sp, from, inst, j) != 0 || (j >= 2 && append(sp, from, inst, j - 1) != 0))
			return -1;
		if (found && *nfound < BOUNDARY_SECOND) {
			struct prefix *next = &found[*nfound];
			*next = *from;
			for (int k = 0; k < j; k++)
				next->inst[next->len++] = inst;
			found_by[(*nfound)++] = op;
		}
	}
	return 0;
}

int boundary_states_add(struct state_space *sp, const struct harness_model *m, int calls,
			int timeout_ms)
{
	if (calls > BOUNDARY_MAX)
		calls = BOUNDARY_MAX;
	struct prefix none = { .len = 0 }, full = { .len = 0 };
	int filler = -1;
	for (int op = 0; op < m->nops && calls >= 2; op++) {
		int inst = first_instance(m, op);
		if (inst < 0)
			continue;
		int k = saturate(m, &none, inst, calls + 1, timeout_ms);
		if (k >= 1 && filler < 0) {   /* the first boundary reached: drained below */
			filler = op;
			for (full.len = 0; full.len < k; full.len++)
				full.inst[full.len] = inst;
		}
		if (k < 2)
			continue;
		if (append(sp, &none, inst, k - 1) != 0 || append(sp, &none, inst, k) != 0)
			return -1;
	}
	struct prefix second[BOUNDARY_SECOND];
	int nsecond = 0, led_by[BOUNDARY_SECOND];
	if (filler >= 0 && drain(sp, m, &full, filler, filler, calls, timeout_ms, second, led_by,
				  &nsecond) != 0)
		return -1;
	for (int b = 0; b < nsecond; b++)   /* one level further (not filling again) */
		if (drain(sp, m, &second[b], led_by[b], filler, calls, timeout_ms, NULL, NULL,
			  NULL) != 0)
			return -1;
	return 0;
}
