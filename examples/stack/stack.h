/* stack.h: a Treiber stack of long values (lock-free, compare-and-swap). */
#ifndef EXAMPLES_STACK_H
#define EXAMPLES_STACK_H

#include <stdbool.h>

#define STACK_EMPTY (-1L)

struct treiber_stack;
struct treiber_stack *treiber_new(void);
void treiber_push(struct treiber_stack *s, long value);
/* Returns the top value, or STACK_EMPTY. */
long treiber_pop(struct treiber_stack *s);
/* Values from top to bottom into out (at most max); returns how many. */
int treiber_snapshot(struct treiber_stack *s, long *out, int max);

#endif
