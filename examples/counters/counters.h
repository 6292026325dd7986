/* counters.h: four counters from the article, one global counter each.
 *
 *   atomic_inc / atomic_add_return / atomic_read   atomic instructions (quick quiz 1)
 *   split_inc / split_read                         a per-thread split counter (quick quiz 2)
 *   racy_add_return / racy_read                    a plain x += n: not linearizable
 */
#ifndef EXAMPLES_COUNTERS_H
#define EXAMPLES_COUNTERS_H

void atomic_inc(void);
long atomic_add_return(long n);
long atomic_read(void);

void split_inc(void);
long split_read(void);

long racy_add_return(long n);
long racy_read(void);

#endif
