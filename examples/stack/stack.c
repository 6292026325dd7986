/* stack.c: R. K. Treiber's lock-free stack.
 *
 * push and pop each swing the top pointer with a compare-and-swap (`lock cmpxchg`).
 * pop with pop is SNC (from a one-element stack, whichever runs first gets the element),
 * so by the theorem pop must pay a heavyweight instruction; push returns nothing, so push
 * with pop is only one-way non-commutative. Popped nodes are not freed (a real stack
 * needs hazard pointers or epochs against ABA and use-after-free; out of scope here). */
#include <stdlib.h>
#include "stack.h"

struct node {
	long value;
	struct node *next;
};

struct treiber_stack {
	struct node *top;
};

struct treiber_stack *treiber_new(void)
{
	return calloc(1, sizeof(struct treiber_stack));
}

void treiber_push(struct treiber_stack *s, long value)
{
	struct node *n = malloc(sizeof *n);
	if (!n)
		abort();
	n->value = value;
	n->next = __atomic_load_n(&s->top, __ATOMIC_RELAXED);
	while (!__atomic_compare_exchange_n(&s->top, &n->next, n, true, __ATOMIC_RELEASE,
					    __ATOMIC_RELAXED))
		;
}

long treiber_pop(struct treiber_stack *s)
{
	struct node *top = __atomic_load_n(&s->top, __ATOMIC_ACQUIRE);
	while (top && !__atomic_compare_exchange_n(&s->top, &top, top->next, true,
						   __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE))
		;
	return top ? top->value : STACK_EMPTY;
}

int treiber_snapshot(struct treiber_stack *s, long *out, int max)
{
	int n = 0;
	for (struct node *p = __atomic_load_n(&s->top, __ATOMIC_ACQUIRE); p && n < max; p = p->next)
		out[n++] = p->value;
	return n;
}
