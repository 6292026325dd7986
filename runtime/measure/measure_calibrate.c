/* measure_calibrate.c: what a region of the snc Valgrind tool counts around an operation
 * besides the operation itself, so that instructions per call are the operation's own.
 *
 * A measured call is a region around call_instance(): the region's instructions include
 * the end of the begin request, call_instance choosing the call by the op's kind and
 * converting its result, and the start of the end request, a fixed count for a given kind
 * in a given program. Tools like callgrind count the operation alone (its inclusive cost,
 * from its first instruction to its `ret`). So every measured call goes through one
 * function, measure_region_call(), and once per worker each op's region is measured
 * around an operation of exactly one instruction (a bare `ret`) called through the same
 * kind; that count less one is what every region of the op carries besides the op.
 * Heavyweight instructions need no correction: the path has none. */
#include <stdlib.h>
#include "measure.h"
#include "snc_vg_client.h"

void measure_region_call(const struct harness_model *m, const struct instance *in,
			 unsigned flags, struct snc_vg_region *r)
{
	snc_vg_region_begin(flags);
	call_instance(m, in);
	snc_vg_region_end(r);
}

/* An operation of one instruction, whatever the kind it is called through (amd64, like
 * the tool: the caller's argument registers are ignored, the result registers unread). */
__asm__(".pushsection .text\n"
	".globl snc_measure_empty_op\n"
	".hidden snc_measure_empty_op\n"
	".type snc_measure_empty_op, @function\n"
	"snc_measure_empty_op:\n"
	"\tret\n"
	".size snc_measure_empty_op, .-snc_measure_empty_op\n"
	".popsection\n");
void snc_measure_empty_op(void);

int64_t *measure_region_overheads(const struct harness_model *m)
{
	int64_t *overhead = calloc((size_t)m->nops + 1, sizeof *overhead);
	struct snc_op *ops = calloc((size_t)m->nops + 1, sizeof *ops);
	if (!overhead || !ops) {
		free(ops);
		free(overhead);
		return NULL;
	}
	for (int op = 0; op < m->nops; op++)
		ops[op] = (struct snc_op){ .name = m->def->ops[op].name, .fn = snc_measure_empty_op,
					   .kind = m->def->ops[op].kind };
	struct snc_harness empty_def = { .name = m->def->name, .ops = ops };
	struct harness_model empty = { .def = &empty_def, .nops = m->nops };
	for (int op = 0; op < m->nops; op++) {
		struct instance in = { .op = op };
		struct snc_vg_region r;
		measure_region_call(&empty, &in, 0, &r);
		overhead[op] = r.instructions > 1 ? (int64_t)r.instructions - 1 : 0;
	}
	free(ops);
	return overhead;
}
