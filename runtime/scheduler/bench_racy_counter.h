/* bench_racy_counter.h: the instrumented operation of bench_sched. */
#ifndef SNC_SCHED_BENCH_RACY_COUNTER_H
#define SNC_SCHED_BENCH_RACY_COUNTER_H

int bench_racy_increment(void);

#endif
